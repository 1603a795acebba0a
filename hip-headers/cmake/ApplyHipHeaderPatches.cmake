# Copies a HIP include directory and applies hip-headers/patches/*.patch to it,
# in name order, with patch -p1 and no fuzz: a hunk that does not apply exactly
# is an error. The result appears as OUTPUT_DIR/hip only when every patch
# applied; a failure leaves no half-patched tree behind.
#
#   cmake -DSOURCE_DIR=/usr/include/hip -DOUTPUT_DIR=<dir> -DPATCH_DIR=<dir>
#         -DPATCH_EXECUTABLE=patch [-DNVIDIA_DIR=<dir>] -P ApplyHipHeaderPatches.cmake
#
# NVIDIA_DIR (hip-headers/nvidia/nvidia_detail): hipkit's own headers for the
# NVIDIA platform, copied over HIP 5.2's nvidia_detail (which fails with
# CUDA 13) after the patches.
cmake_minimum_required(VERSION 3.25)

# Errors are one unwrapped line on stderr (message(FATAL_ERROR) reflows its
# text), then a short FATAL_ERROR for the non-zero exit.
function(hip_headers_error)
  string(JOIN "" text ${ARGV})
  message(NOTICE "hipkit-hip-headers: error: ${text}")
  message(FATAL_ERROR "patching the HIP headers failed")
endfunction()

foreach(var SOURCE_DIR OUTPUT_DIR PATCH_DIR PATCH_EXECUTABLE)
  if(NOT DEFINED ${var})
    hip_headers_error("${var} is not set; run this script with -D${var}=... (see its header)")
  endif()
endforeach()
if(NOT EXISTS "${SOURCE_DIR}/hip_runtime.h")
  hip_headers_error("${SOURCE_DIR} is not a HIP include directory (no hip_runtime.h). "
    "Install libamdhip64-dev or set HIPKIT_SYSTEM_HIP_INCLUDE_DIR to the HIP 5.2 headers")
endif()

set(staging_dir "${OUTPUT_DIR}.partial")
file(REMOVE_RECURSE "${staging_dir}")
file(MAKE_DIRECTORY "${staging_dir}")
# The patches name their files hip/...; the copy keeps hcc_detail and
# nvcc_detail as the links they are.
file(COPY "${SOURCE_DIR}/" DESTINATION "${staging_dir}/hip")

file(GLOB patches "${PATCH_DIR}/*.patch")
list(SORT patches)
foreach(patch_file ${patches})
  execute_process(
    COMMAND "${PATCH_EXECUTABLE}" -p1 --forward --batch --fuzz=0
            --no-backup-if-mismatch --reject-file=- -i "${patch_file}"
    WORKING_DIRECTORY "${staging_dir}"
    RESULT_VARIABLE patch_result
    OUTPUT_VARIABLE patch_output
    ERROR_VARIABLE patch_output)
  if(NOT patch_result EQUAL 0)
    file(REMOVE_RECURSE "${staging_dir}")
    get_filename_component(patch_name "${patch_file}" NAME)
    string(STRIP "${patch_output}" patch_output)
    string(REPLACE "\n" ", " patch_output "${patch_output}")
    hip_headers_error("${patch_name} does not apply to ${SOURCE_DIR} (${patch_output}). "
      "The patches are for Debian's HIP 5.2 headers: point HIPKIT_SYSTEM_HIP_INCLUDE_DIR "
      "at them or update hip-headers/patches")
  endif()
endforeach()

if(DEFINED NVIDIA_DIR AND NOT NVIDIA_DIR STREQUAL "")
  file(GLOB nvidia_headers "${NVIDIA_DIR}/*.h")
  file(COPY ${nvidia_headers} DESTINATION "${staging_dir}/hip/nvidia_detail")
endif()

file(REMOVE_RECURSE "${OUTPUT_DIR}/hip")
file(MAKE_DIRECTORY "${OUTPUT_DIR}")
file(RENAME "${staging_dir}/hip" "${OUTPUT_DIR}/hip")
file(REMOVE_RECURSE "${staging_dir}")
