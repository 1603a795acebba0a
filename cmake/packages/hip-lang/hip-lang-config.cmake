# hipkit's hip-lang package: the HIP runtime for CMake's HIP language.
#
# CMake (3.21+) loads this file from <CMAKE_HIP_COMPILER_ROCM_ROOT>/lib/cmake/hip-lang once it
# has identified the HIP compiler (hipkit's <prefix>/llvm/bin/clang++, which reports <prefix> as
# its "HIP installation"), in the project and again in each try_compile project it makes to check
# the compiler. So this file needs nothing but the prefix it lives in: it loads no other package,
# searches nothing, and writes no cache entries (Debian's ROCm 5.2 hip-lang fails exactly there:
# it requires the AMDDeviceLibs and amd_comgr packages and clang's compiler-rt builtins).
#
# Targets: hip-lang::amdhip64 (the runtime library), hip-lang::host (host code using the runtime
# API), hip-lang::device (linked by CMake into every target with HIP sources).
cmake_policy(PUSH)
cmake_policy(VERSION 3.21...3.28)

include("${CMAKE_CURRENT_LIST_DIR}/../hipkit/hipkit-prefix.cmake")

if(NOT HIPKIT_AMDHIP64_LIBRARY)
  set(hip-lang_FOUND FALSE)
  set(hip-lang_NOT_FOUND_MESSAGE "${HIPKIT_AMDHIP64_ADVICE}")
  cmake_policy(POP)
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/hip-lang-targets.cmake")

set(HIP_COMPILER "clang")
set(HIP_RUNTIME "rocclr")
# The name CMake agreed with ROCm: CMakeHIPInformation.cmake links this target into HIP targets.
set(_CMAKE_HIP_DEVICE_RUNTIME_TARGET "hip-lang::device")

cmake_policy(POP)
