// hip/hip_bf16.h (HIP 5.7's API, which hipkit adds to its HIP 5.2 headers) on
// NVIDIA: CUDA's bf16 types under HIP's names, CUDA's functions, no warning.
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s
// CHECK: .nv_fatbin
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

__global__ void scaleBf16(__hip_bfloat16 *v, float s) {
  __hip_bfloat162 pair = __halves2bfloat162(v[0], v[1]);
  v[hipThreadIdx_x] = __hmul(v[hipThreadIdx_x], __float2bfloat16(s));
  if (__hgt(v[0], __float2bfloat16(0.0f)))
    v[2] = __low2bfloat16(pair);
}

int main() {
  __hip_bfloat16 *v = nullptr;
  if (hipMalloc(&v, 64 * sizeof(__hip_bfloat16)) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(scaleBf16, dim3(1), dim3(64), 0, 0, v, 2.0f);
  return hipFree(v) == hipSuccess ? 0 : 1;
}
