// Patch 0001, second effect: threadIdx.x & co. are unsigned int values, so
// they deduce template arguments and pick overloads like any unsigned int
// (min(threadIdx.x, 5u) is ambiguous with HIP 5.2's conversion-operator
// objects, and a template deduces the struct type).
//
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip %t/system/include %t/system/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: ln -s %system_hip_include_dir %t/system/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: cp %system_hip_version_file %t/system/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   -Werror %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   --rocm-path=%t/system -isystem %t/system/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s 2>&1 | FileCheck --check-prefix=SYSTEM %s

#include <hip/hip_runtime.h>

template <typename T> __device__ T twice(T value) { return value + value; }

__global__ void coordinates(unsigned *out) {
  static_assert(sizeof(threadIdx.x) == sizeof(unsigned), "threadIdx.x is an unsigned int");
  out[0] = min(threadIdx.x, 5u) + max(blockIdx.x, 1u);
  out[1] = twice(threadIdx.x);
}

// SYSTEM: error: static assertion failed due to requirement 'sizeof (threadIdx.x) == sizeof(unsigned int)'
// SYSTEM: error: call to 'min' is ambiguous
// SYSTEM: error: call to 'max' is ambiguous
// SYSTEM: error: no viable conversion from returned value of type 'R' (aka 'unsigned int') to function return type '__HIP_Coordinates<__HIP_ThreadIdx>::__X'
