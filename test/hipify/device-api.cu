// Device code: built-ins and functions HIP spells the same stay as written;
// CUDA-only spellings are translated.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not='{{cuda|_sync}}'

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: __global__ void sum(const float *in, float *out, int n) {
__global__ void sum(const float *in, float *out, int n) {
  // CHECK-NEXT: __shared__ float partial[256];
  __shared__ float partial[256];
  // CHECK-NEXT: int i = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: partial[threadIdx.x] = i < n ? __ldg(&in[i]) : 0.0f;
  partial[threadIdx.x] = i < n ? __ldg(&in[i]) : 0.0f;
  // CHECK-NEXT: __syncthreads();
  __syncthreads();
  if (threadIdx.x < 32) {
    float s = partial[threadIdx.x];
    // HIP 5.2 has only the mask-less warp shuffles.
    // CHECK: s += __shfl_down(s, 16);
    s += __shfl_down_sync(0xffffffffu, s, 16);
    // CHECK-NEXT: if (threadIdx.x == 0)
    if (threadIdx.x == 0)
      // CHECK-NEXT: atomicAdd(out, sqrtf(s * s));
      atomicAdd(out, sqrtf(s * s));
  }
}
