# Facts about the hipkit prefix this file was installed into, shared by the `hip` and `hip-lang`
# packages. Everything is found relative to this file, so a moved (or dpkg -x unpacked) prefix
# works unchanged. The file must be cheap and side-effect free: CMake loads hip-lang in every
# try_compile project it makes while checking the HIP compiler, so nothing here may search the
# system, write the cache or require another package.
#
# Sets, in the caller's scope:
#   HIPKIT_PREFIX              the prefix (<prefix>/lib/cmake/hipkit/..)
#   HIPKIT_HIP_VERSION         the HIP API version of the headers and runtime, from share/hip/version
#   HIPKIT_HIP_VERSION_MAJOR/_MINOR/_PATCH
#   HIPKIT_AMDHIP64_LIBRARY    the HIP runtime library (libamdhip64.so) to link, or "" when missing
#   HIPKIT_AMDHIP64_ADVICE     the error line when it is missing
# No include_guard: the packages may be loaded from different directory or function scopes, and
# each needs these variables in its own.

get_filename_component(HIPKIT_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

# The HIP version is the one of the HIP headers and runtime hipkit uses (Debian's libamdhip64),
# recorded in the ROCm-style version file, so find_package(hip 5.2) asks the right question.
set(HIPKIT_HIP_VERSION_MAJOR 0)
set(HIPKIT_HIP_VERSION_MINOR 0)
set(HIPKIT_HIP_VERSION_PATCH 0)
if(EXISTS "${HIPKIT_PREFIX}/share/hip/version")
  file(STRINGS "${HIPKIT_PREFIX}/share/hip/version" _hipkit_version_lines REGEX "^HIP_VERSION_(MAJOR|MINOR|PATCH)=")
  foreach(_hipkit_line IN LISTS _hipkit_version_lines)
    if(_hipkit_line MATCHES "^HIP_VERSION_(MAJOR|MINOR|PATCH)=([0-9]+)")
      set(HIPKIT_HIP_VERSION_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  unset(_hipkit_line)
  unset(_hipkit_version_lines)
endif()
set(HIPKIT_HIP_VERSION "${HIPKIT_HIP_VERSION_MAJOR}.${HIPKIT_HIP_VERSION_MINOR}.${HIPKIT_HIP_VERSION_PATCH}")

# The runtime is Debian's libamdhip64 (package libamdhip64-dev, a dependency of hipkit's package);
# the prefix links it into lib/ as a ROCm root has it, and that link is the one place looked at,
# so the packages link exactly what the driver's --hip-link would. A dangling link (the -dev
# package removed) is reported with what to install.
set(HIPKIT_AMDHIP64_LIBRARY "")
if(EXISTS "${HIPKIT_PREFIX}/lib/libamdhip64.so")
  set(HIPKIT_AMDHIP64_LIBRARY "${HIPKIT_PREFIX}/lib/libamdhip64.so")
endif()
# One line, indented so CMake prints it as is rather than re-wrapping it.
string(CONCAT HIPKIT_AMDHIP64_ADVICE
  " hipkit: the HIP runtime library ${HIPKIT_PREFIX}/lib/libamdhip64.so is missing or a dangling"
  " link; install Debian's libamdhip64-dev (apt-get install libamdhip64-dev), which provides"
  " /usr/lib/x86_64-linux-gnu/libamdhip64.so")
