// Device code: built-ins and functions HIP spells the same stay as written;
// CUDA-only spellings are translated.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s

#include <cuda_runtime.h>

__global__ void sum(const float *in, float *out, int n) {
  __shared__ float partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  // CHECK: __syncthreads();
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int k = 0; k < 256; ++k)
      s += partial[k];
    // CHECK: atomicAdd(out, sqrtf(s * s));
    atomicAdd(out, sqrtf(s * s));
  }
}
