// hipcc against a newer ROCm: the ROCm 6.4 tree of scripts/fetch-rocm-libraries.sh completed by
// scripts/fetch-rocm-root.sh (HIP 6.4.3's headers, version file and runtime from Debian sid,
// ROCm 6.0's device libraries from Debian 13). --rocm-path, ROCM_PATH and HIP_PATH each make
// hipcc compile for gfx942 with that tree's HIP headers (the static_assert fails on hipkit's
// HIP 5.2) and link that tree's bitcode. Compile only: Debian 12 cannot load the 6.4 runtime.
// REQUIRES: rocm-6.4-root
// RUN: rm -rf %t && mkdir %t
// RUN: %hipcc --rocm-path=%rocm_libraries -c %s -o %t/a.o --offload-arch=gfx942 -v 2>&1 \
// RUN:   | FileCheck %s -DROOT=%rocm_libraries --check-prefixes=CHECK,ARG
// RUN: env ROCM_PATH=%rocm_libraries %hipcc -c %s -o %t/b.o --offload-arch=gfx942 -v 2>&1 \
// RUN:   | FileCheck %s -DROOT=%rocm_libraries --check-prefixes=CHECK,ENV
// RUN: env HIP_PATH=%rocm_libraries ROCM_PATH=%rocm_libraries %hipcc -c %s -o %t/c.o --offload-arch=gfx942
// RUN: %llvm_bin/llvm-objcopy --dump-section=.hip_fatbin=%t/a.hipfb %t/a.o %t/a.copy.o
// RUN: %llvm_bin/clang-offload-bundler --list --type=o --input=%t/a.hipfb | FileCheck %s --check-prefix=BUNDLE
// Without it, hipkit's own HIP 5.2 is used and the 6.4-only check fails.
// RUN: not %hipcc -c %s -o %t/d.o --offload-arch=gfx942 2>&1 | FileCheck %s --check-prefix=OLD
//
// ARG: hipcc: note: ROCm root [[ROOT]] (found via --rocm-path); device libraries [[ROOT]]/amdgcn/bitcode; HIP 6.4.{{[0-9]+}}- in [[ROOT]]
// ENV: hipcc: note: ROCm root [[ROOT]] (found via ROCM_PATH); device libraries [[ROOT]]/amdgcn/bitcode; HIP 6.4.{{[0-9]+}}- in [[ROOT]]
// CHECK: -mlink-builtin-bitcode [[ROOT]]/amdgcn/bitcode/ocml.bc
// CHECK-SAME: -mlink-builtin-bitcode [[ROOT]]/amdgcn/bitcode/oclc_isa_version_942.bc
// CHECK-SAME: -target-cpu gfx942
// CHECK: -isystem [[ROOT]]/include
// BUNDLE: hipv4-amdgcn-amd-amdhsa--gfx942
// OLD: error: static assertion failed{{.*}}HIP 6.4's headers

#include <hip/hip_runtime.h>
static_assert(HIP_VERSION_MAJOR == 6 && HIP_VERSION_MINOR == 4, "HIP 6.4's headers");
__global__ void scale(float *x, float f) { x[threadIdx.x] = f * sqrtf(x[threadIdx.x]); }
void launch(float *x, hipStream_t s) { scale<<<1, 64, 0, s>>>(x, 2.0f); }
