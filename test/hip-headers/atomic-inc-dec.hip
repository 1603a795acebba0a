// Patch 0002: atomicInc/atomicDec become atomicrmw uinc_wrap/udec_wrap at
// device ("agent") scope, and the gfx942 code object links and holds
// global_atomic_inc/dec. With HIP 5.2's own headers the device link fails on
// the intrinsic LLVM 17 removed.
//
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip %t/system/include %t/system/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: ln -s %system_hip_include_dir %t/system/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: cp %system_hip_version_file %t/system/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -O3 -emit-llvm -S \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s -o - | FileCheck --check-prefix=IR %s
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only --no-gpu-bundle-output -O3 -c \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s -o %t/counters-gfx942.co
// RUN: llvm-objdump -d %t/counters-gfx942.co | FileCheck --check-prefix=ASM %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 --cuda-device-only --no-gpu-bundle-output -O3 -c \
// RUN:   --rocm-path=%t/system -isystem %t/system/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s -o %t/system.co 2>&1 | FileCheck --check-prefix=SYSTEM %s

#include <hip/hip_runtime.h>

__global__ void counters(unsigned *counter, unsigned limit) {
  atomicInc(counter, limit);
  atomicDec(counter + 1, limit);
}

// IR-LABEL: define protected amdgpu_kernel void @_Z8countersPjj(
// IR: atomicrmw uinc_wrap ptr addrspace(1) %{{.*}} syncscope("agent") monotonic
// IR: atomicrmw udec_wrap ptr addrspace(1) %{{.*}} syncscope("agent") monotonic
// IR-NOT: llvm.amdgcn.atomic

// ASM-LABEL: <_Z8countersPjj>:
// ASM: global_atomic_inc v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] //
// ASM: global_atomic_dec v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:4 //

// SYSTEM: lld: error: undefined hidden symbol: llvm.amdgcn.atomic.inc.i32.p0i32
// SYSTEM: lld: error: undefined hidden symbol: llvm.amdgcn.atomic.dec.i32.p0i32
