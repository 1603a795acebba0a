#pragma once
#include <cuda_runtime.h>

// out = in * factor; kIsEven: n is a multiple of the block size, so no thread
// is past the end.
template <typename scalar_t, bool kIsEven>
__global__ void scale_kernel(scalar_t *out, const scalar_t *in,
                             scalar_t factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (kIsEven || i < n)
    out[i] = in[i] * factor;
}

template <typename scalar_t>
__global__ void fill_kernel(scalar_t *out, scalar_t value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}
