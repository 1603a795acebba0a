# Runs the configure-time lookup of the ROCm device libraries on its own:
#   cmake -DHIPKIT_SRC=<hipkit source> -DDIR=<candidate directory> -P locate-rocm-device-libs.cmake
include("${HIPKIT_SRC}/device-libs/cmake/HipkitRocmDeviceLibs.cmake")
hipkit_locate_rocm_device_libs(found "${DIR}")
message(STATUS "ROCm device libraries: ${found}")
