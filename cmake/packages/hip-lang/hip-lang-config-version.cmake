# The version of hipkit's hip-lang package is the HIP version of the headers and runtime it uses
# (share/hip/version); a request is met by the same major version, at least as new.
include("${CMAKE_CURRENT_LIST_DIR}/../hipkit/hipkit-version-check.cmake")
