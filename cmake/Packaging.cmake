# Packaging.cmake: `cpack -G DEB` (in the build directory, after `ninja`) makes a Debian package of
# the install tree, installed under /opt/hipkit: a ROCm-like root of its own, beside Debian's HIP
# files in /usr (users put /opt/hipkit/bin on PATH).
#
# Depends: what the installed tools need at run time. Library dependencies of the binaries
# (libc6, libstdc++6, libllvm19, libclang-cpp19, ...) are computed by dpkg-shlibdeps
# (CPACK_DEBIAN_PACKAGE_SHLIBDEPS); the programs and files the tools use are listed here:
#   clang-19        hipcc and llvm/bin/clang++ run /usr/lib/llvm-19/bin/clang(++), which brings
#                   clang's resource headers (HIP wrappers) and the host C++ toolchain
#   lld-19          clang links AMDGPU code objects with ld.lld; llvm/bin/ld.lld and lld link to it
#   llvm-19         llvm/bin/llvm-mc, llvm-as, llvm-dis, llvm-link, llvm-objdump, ... link to its
#                   tools (clang-19 does not depend on it)
#   clang-tools-19  clang-offload-bundler, which clang runs to bundle host and device code in
#                   every `-c` of a HIP source; amdgpu-arch, which picks the default processors
#                   (both also linked from llvm/bin, with clang-offload-packager)
#   libamdhip64-dev include/hip and lib/libamdhip64.so are links into it, and share/hip/version is
#                   a copy of its version file, so it must be the HIP version hipkit was built with
#   libllvm19       hipify-clang and the clang plugin need libLLVM.so.19.1; dpkg-shlibdeps finds it
#                   through their runpath /usr/lib/llvm-19/lib, where it is a link owned by
#                   llvm-19-dev with no shlibs entry, and CPack drops what it cannot resolve
set(HIPKIT_PACKAGE_PREFIX "/opt/hipkit" CACHE PATH "Where the Debian package installs hipkit")
set(HIPKIT_PACKAGE_MAINTAINER "hipkit maintainers" CACHE STRING
  "Maintainer field of the Debian package (name <email>)")

# The HIP runtime package hipkit's share/hip/version was copied from: same upstream major.minor.
set(hipkit_hip_dependency "libamdhip64-dev")
execute_process(COMMAND dpkg-query -W -f=\${Version} libamdhip64-dev
  RESULT_VARIABLE hipkit_dpkg_result OUTPUT_VARIABLE hipkit_hip_deb_version ERROR_QUIET)
if(hipkit_dpkg_result EQUAL 0 AND hipkit_hip_deb_version MATCHES "^([0-9]+:)?([0-9]+)\\.([0-9]+)")
  set(hipkit_hip_epoch "${CMAKE_MATCH_1}")
  set(hipkit_hip_major "${CMAKE_MATCH_2}")
  set(hipkit_hip_minor "${CMAKE_MATCH_3}")
  math(EXPR hipkit_hip_next_minor "${hipkit_hip_minor} + 1")
  set(hipkit_hip_dependency
    "libamdhip64-dev (>= ${hipkit_hip_epoch}${hipkit_hip_major}.${hipkit_hip_minor}~), libamdhip64-dev (<< ${hipkit_hip_epoch}${hipkit_hip_major}.${hipkit_hip_next_minor}~)")
endif()

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "hipkit")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "hipkit")
set(CPACK_PACKAGE_CONTACT "${HIPKIT_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "HIP toolchain on LLVM/Clang 19: hipcc, hipconfig, hipify-clang, device libraries, CMake packages")
set(CPACK_PACKAGE_DESCRIPTION
  "hipkit compiles HIP for AMD GPUs with Debian's clang 19 and ROCm 5.2 runtime: the hipcc and\nhipconfig drivers, the hipify-clang CUDA-to-HIP translator, device-library bitcode for every\nAMDGPU processor clang 19 supports, and the hip and hip-lang CMake packages, laid out as a\nROCm root under ${HIPKIT_PACKAGE_PREFIX}.")
set(CPACK_PACKAGING_INSTALL_PREFIX "${HIPKIT_PACKAGE_PREFIX}")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19, lld-19, llvm-19, clang-tools-19, libllvm19, ${hipkit_hip_dependency}")
include(CPack)
