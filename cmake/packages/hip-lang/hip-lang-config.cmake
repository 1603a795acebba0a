# hipkit's hip-lang package: the HIP runtime for CMake's HIP language.
#
# CMake (3.21+) loads this file from <CMAKE_HIP_COMPILER_ROCM_ROOT>/lib/cmake/hip-lang once it
# has identified the HIP compiler (hipkit's <prefix>/llvm/bin/clang++, which reports <prefix> as
# its "HIP installation"), in the project and again in each try_compile project it makes to check
# the compiler. So this file needs nothing but the prefix it lives in: it loads no other package
# and searches for nothing, except, once in the project itself, for the machine's GPUs when it
# chooses the default processors (see below). (Debian's ROCm 5.2 hip-lang fails exactly there: in a try_compile project only
# HIP is enabled, the multiarch directory is unknown and its find_dependency(amd_comgr) fails; it
# also requires clang's compiler-rt builtins, which Debian's clang-19 does not install.) The
# one cache entry it may write is CMAKE_HIP_ARCHITECTURES, when the project did not choose.
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

# The processors when the project names none. CMake 3.25 has just chosen (its cache entry still
# has CMake's help string): the GPUs rocm_agent_enumerator reports, else the compiler's default,
# which for clang 19 is the old gfx906. hipkit chooses as hipcc does instead, and says what it
# chose; a value the user gave (-D, or a variable set before project()) is never touched, and
# neither are try_compile projects, which inherit the project's choice.
if(NOT PROJECT_NAME STREQUAL "CMAKE_TRY_COMPILE")
  get_property(_hipkit_help CACHE CMAKE_HIP_ARCHITECTURES PROPERTY HELPSTRING)
  if(_hipkit_help STREQUAL "HIP architectures")
    include("${CMAKE_CURRENT_LIST_DIR}/../hipkit/hipkit-gpu-targets.cmake")
    hipkit_default_gpu_targets(_hipkit_targets _hipkit_reason)
    set(CMAKE_HIP_ARCHITECTURES "${_hipkit_targets}" CACHE STRING
      "HIP architectures (chosen by hipkit: ${_hipkit_reason})" FORCE)
    message(STATUS "hipkit: CMAKE_HIP_ARCHITECTURES=${_hipkit_targets} (${_hipkit_reason}); "
      "choose with -DCMAKE_HIP_ARCHITECTURES=<gfx...;...>")
    unset(_hipkit_targets)
    unset(_hipkit_reason)
  endif()
  unset(_hipkit_help)
endif()

cmake_policy(POP)
