# The imported targets of hipkit's hip package (written by hand: they describe files hipkit does
# not build). Included by hip-config.cmake with HIPKIT_PREFIX, HIPKIT_AMDHIP64_LIBRARY and
# HIP_GPU_TARGETS set. A second find_package(hip) in the same directory keeps the first set.
if(TARGET hip::device)
  return()
endif()

add_library(hip::amdhip64 SHARED IMPORTED)
set_target_properties(hip::amdhip64 PROPERTIES
  IMPORTED_LOCATION "${HIPKIT_AMDHIP64_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${HIPKIT_PREFIX}/include"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${HIPKIT_PREFIX}/include")

# __HIP_PLATFORM_AMD__ selects the AMD half of the HIP headers for a compiler that is not compiling
# HIP (in HIP sources the headers define it). ROCm also defines __HIP_PLATFORM_HCC__, which the
# HIP 5.2 headers answer with a deprecation warning in every file; hipkit does not.
add_library(hip::host INTERFACE IMPORTED)
set_target_properties(hip::host PROPERTIES
  INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_AMD__=1"
  INTERFACE_LINK_LIBRARIES "hip::amdhip64")

# C++ sources of a target linking hip::device are HIP sources. "-x hip" stays one shell-quoted
# option so CMake's de-duplication cannot drop a lone "-x". Link flags are link items (as in
# ROCm's package) so they also reach executables through a static library that links hip::device;
# --hip-link lets clang link device code and the runtime although every input is an object.
add_library(hip::device INTERFACE IMPORTED)
set(_hip_rdc "$<BOOL:$<TARGET_PROPERTY:CUDA_SEPARABLE_COMPILATION>>")
set(_hip_compile_options "SHELL:-x hip" "$<${_hip_rdc}:-fgpu-rdc>")
set(_hip_link_flags "--hip-link" "$<${_hip_rdc}:-fgpu-rdc>")
foreach(_hip_target IN LISTS HIP_GPU_TARGETS)
  list(APPEND _hip_compile_options "--offload-arch=${_hip_target}")
  list(APPEND _hip_link_flags "--offload-arch=${_hip_target}")
endforeach()
list(TRANSFORM _hip_compile_options PREPEND "$<$<COMPILE_LANGUAGE:CXX>:")
list(TRANSFORM _hip_compile_options APPEND ">")
list(TRANSFORM _hip_link_flags PREPEND "$<$<LINK_LANGUAGE:CXX>:")
list(TRANSFORM _hip_link_flags APPEND ">")
set_target_properties(hip::device PROPERTIES
  INTERFACE_COMPILE_OPTIONS "${_hip_compile_options}"
  INTERFACE_LINK_LIBRARIES "hip::host;${_hip_link_flags}")
unset(_hip_rdc)
unset(_hip_target)
unset(_hip_compile_options)
unset(_hip_link_flags)
