# The imported targets of hipkit's hip-lang package (written by hand: they describe files that
# hipkit does not build). Included by hip-lang-config.cmake after hipkit-prefix.cmake has set
# HIPKIT_PREFIX and HIPKIT_AMDHIP64_LIBRARY. Loading the package twice in one project (CMake loads it
# for the HIP language, and a project may also call find_package(hip-lang)) keeps the first set.
if(TARGET hip-lang::device)
  return()
endif()

# The HIP runtime library, linked by path so the link does not depend on the linker's search path.
add_library(hip-lang::amdhip64 SHARED IMPORTED)
set_target_properties(hip-lang::amdhip64 PROPERTIES
  IMPORTED_LOCATION "${HIPKIT_AMDHIP64_LIBRARY}"
  # For C and C++ sources of a target that uses the runtime API; the HIP driver finds
  # <prefix>/include by itself and the HIP headers define the platform macro in HIP sources.
  INTERFACE_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:C,CXX>:${HIPKIT_PREFIX}/include>"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:C,CXX>:${HIPKIT_PREFIX}/include>"
  INTERFACE_COMPILE_DEFINITIONS "$<$<COMPILE_LANGUAGE:C,CXX>:__HIP_PLATFORM_AMD__=1>")

# Host code calling the HIP runtime API.
add_library(hip-lang::host INTERFACE IMPORTED)
set_target_properties(hip-lang::host PROPERTIES
  INTERFACE_LINK_LIBRARIES "hip-lang::amdhip64")

# What CMake links into every target with HIP sources (_CMAKE_HIP_DEVICE_RUNTIME_TARGET), and,
# through a static library's link interface, into the targets linking that library.
# CMake 3.25 applies CUDA_SEPARABLE_COMPILATION to CUDA only, so relocatable device code for HIP
# is provided here: a target with the property compiles its HIP sources with -fgpu-rdc, and a
# target with the property that is linked by the HIP driver links the device code of all its
# objects for its HIP_ARCHITECTURES (which CMake passes to the link as --offload-arch); --hip-link
# makes clang do that device link although every input is an object. The link flags are link
# items, not INTERFACE_LINK_OPTIONS, because only link items reach an executable through the
# static library that needs them.
add_library(hip-lang::device INTERFACE IMPORTED)
set(_hipkit_rdc "$<BOOL:$<TARGET_PROPERTY:CUDA_SEPARABLE_COMPILATION>>")
set_target_properties(hip-lang::device PROPERTIES
  INTERFACE_LINK_LIBRARIES "hip-lang::host;$<$<AND:$<LINK_LANGUAGE:HIP>,${_hipkit_rdc}>:-fgpu-rdc;--hip-link>"
  INTERFACE_COMPILE_OPTIONS "$<$<AND:$<COMPILE_LANGUAGE:HIP>,${_hipkit_rdc}>:-fgpu-rdc>")
unset(_hipkit_rdc)
