// Patch 0001: device printf of threadIdx.x & co. compiles, and printf gets
// each coordinate as an i32 (widened to the i64 of a hostcall printf argument).
// With HIP 5.2's own headers clang 19 rejects the same kernel.
//
// clang searches --rocm-path's include after /usr/include (-idirafter), so
// Debian's /usr/include/hip would win: -isystem puts the chosen root first.
//
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip %t/system/include %t/system/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: ln -s %system_hip_include_dir %t/system/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: cp %system_hip_version_file %t/system/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -O0 -emit-llvm -S \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   -Werror %s -o - | FileCheck %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -O0 -emit-llvm -S \
// RUN:   --rocm-path=%t/system -isystem %t/system/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s -o /dev/null 2>&1 | FileCheck --check-prefix=SYSTEM %s

#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void hello() {
  printf("thread %u block %u of %u x %u\n", threadIdx.x, blockIdx.x, blockDim.x, gridDim.x);
}

// CHECK-LABEL: define protected amdgpu_kernel void @_Z5hellov()
// CHECK: %[[TID:[0-9]+]] = call noundef i32 @_ZNK15__HIP_ThreadIdxclEj(ptr {{.*}}, i32 noundef 0)
// CHECK: %[[BID:[0-9]+]] = call noundef i32 @_ZNK14__HIP_BlockIdxclEj(ptr {{.*}}, i32 noundef 0)
// CHECK: %[[BDIM:[0-9]+]] = call noundef i32 @_ZNK14__HIP_BlockDimclEj(ptr {{.*}}, i32 noundef 0)
// CHECK: %[[GDIM:[0-9]+]] = call noundef i32 @_ZNK13__HIP_GridDimclEj(ptr {{.*}}, i32 noundef 0)
// CHECK: call i64 @__ockl_printf_begin(i64 0)
// CHECK: %[[TID64:[0-9]+]] = zext i32 %[[TID]] to i64
// CHECK-NEXT: call i64 @__ockl_printf_append_args(i64 %{{[0-9]+}}, i32 1, i64 %[[TID64]],
// CHECK-NEXT: %[[BID64:[0-9]+]] = zext i32 %[[BID]] to i64
// CHECK-NEXT: call i64 @__ockl_printf_append_args(i64 %{{[0-9]+}}, i32 1, i64 %[[BID64]],
// CHECK-NEXT: %[[BDIM64:[0-9]+]] = zext i32 %[[BDIM]] to i64
// CHECK-NEXT: call i64 @__ockl_printf_append_args(i64 %{{[0-9]+}}, i32 1, i64 %[[BDIM64]],
// CHECK-NEXT: %[[GDIM64:[0-9]+]] = zext i32 %[[GDIM]] to i64
// CHECK-NEXT: call i64 @__ockl_printf_append_args(i64 %{{[0-9]+}}, i32 1, i64 %[[GDIM64]],{{.*}} i32 1)

// SYSTEM: warning: format specifies type 'unsigned int' but the argument has type 'const __X'
// SYSTEM: error: cannot compile this non-scalar arg to printf yet
