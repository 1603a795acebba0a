# hipkit's hip package: find_package(hip) for projects that compile HIP as C++ (CMAKE_CXX_COMPILER
# set to hipkit's <prefix>/bin/hipcc or <prefix>/llvm/bin/clang++) or only call the runtime API.
#
# Targets:
#   hip::amdhip64  the HIP runtime library (Debian's libamdhip64, through <prefix>/lib)
#   hip::host      host code using the runtime API, any C or C++ compiler
#   hip::device    C++ sources compiled as HIP (-x hip) for the GPU targets, linked with --hip-link
# GPU targets (HIP_GPU_TARGETS), frozen when the package is loaded: GPU_TARGETS, else
# AMDGPU_TARGETS (both cache entries, as in ROCm), else the machine's GPUs or gfx942, as hipcc.
# A target with CUDA_SEPARABLE_COMPILATION compiles and links with -fgpu-rdc.
# Variables: hip_FOUND, hip_VERSION, hip_INCLUDE_DIRS, hip_LIBRARIES, hip_HIPCC_EXECUTABLE,
# hip_HIPCONFIG_EXECUTABLE, hip_BIN_INSTALL_DIR, hip_LIB_INSTALL_DIR, HIP_PLATFORM, HIP_COMPILER,
# HIP_RUNTIME, HIP_ROOT_DIR and the HIP_* spellings ROCm also sets.
cmake_policy(PUSH)
cmake_policy(VERSION 3.21...3.28)

include("${CMAKE_CURRENT_LIST_DIR}/../hipkit/hipkit-prefix.cmake")

if(NOT HIPKIT_AMDHIP64_LIBRARY)
  set(hip_FOUND FALSE)
  set(hip_NOT_FOUND_MESSAGE "${HIPKIT_AMDHIP64_ADVICE}")
  cmake_policy(POP)
  return()
endif()

set(AMDGPU_TARGETS "" CACHE STRING "AMD GPU processors to compile HIP device code for (hip::device); see GPU_TARGETS")
set(GPU_TARGETS "${AMDGPU_TARGETS}" CACHE STRING "GPU processors to compile HIP device code for (hip::device), e.g. gfx942;gfx90a; empty: this machine's GPUs, else gfx942")
if(GPU_TARGETS)
  set(HIP_GPU_TARGETS "${GPU_TARGETS}")
elseif(AMDGPU_TARGETS)
  set(HIP_GPU_TARGETS "${AMDGPU_TARGETS}")
else()
  # The same choice as hipcc and hipkit's HIP language, whichever C++ compiler is used.
  include("${CMAKE_CURRENT_LIST_DIR}/../hipkit/hipkit-gpu-targets.cmake")
  hipkit_default_gpu_targets(HIP_GPU_TARGETS _hip_reason)
  if(NOT hip_FIND_QUIETLY)
    message(STATUS "hip: hip::device compiles for ${HIP_GPU_TARGETS} (${_hip_reason}); "
      "choose with -DGPU_TARGETS=<gfx...;...>")
  endif()
  unset(_hip_reason)
endif()

include("${CMAKE_CURRENT_LIST_DIR}/hip-targets.cmake")

# hip::device needs a C++ compiler that compiles HIP; say so now rather than at the first
# "-x hip" the GNU compiler rejects. hip::host works with any compiler.
get_property(_hip_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if("CXX" IN_LIST _hip_languages AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang"
    AND NOT hip_FIND_QUIETLY)
  message(STATUS "hip: hip::device needs CMAKE_CXX_COMPILER=${HIPKIT_PREFIX}/bin/hipcc or "
    "${HIPKIT_PREFIX}/llvm/bin/clang++ (the C++ compiler is ${CMAKE_CXX_COMPILER_ID}); "
    "hip::host works with any C++ compiler")
endif()
unset(_hip_languages)

set(HIP_ROOT_DIR "${HIPKIT_PREFIX}")
set(HIP_PLATFORM "amd")
set(HIP_COMPILER "clang")
set(HIP_RUNTIME "rocclr")
set(hip_INCLUDE_DIR "${HIPKIT_PREFIX}/include")
set(hip_INCLUDE_DIRS "${hip_INCLUDE_DIR}")
set(hip_LIB_INSTALL_DIR "${HIPKIT_PREFIX}/lib")
set(hip_BIN_INSTALL_DIR "${HIPKIT_PREFIX}/bin")
set(hip_HIPCC_EXECUTABLE "${HIPKIT_PREFIX}/bin/hipcc")
set(hip_HIPCONFIG_EXECUTABLE "${HIPKIT_PREFIX}/bin/hipconfig")
set(hip_LIBRARIES hip::host hip::device)
set(hip_LIBRARY ${hip_LIBRARIES})
foreach(_hip_var INCLUDE_DIR INCLUDE_DIRS LIB_INSTALL_DIR BIN_INSTALL_DIR HIPCC_EXECUTABLE
    HIPCONFIG_EXECUTABLE LIBRARIES LIBRARY)
  set(HIP_${_hip_var} "${hip_${_hip_var}}")
endforeach()
unset(_hip_var)

cmake_policy(POP)
