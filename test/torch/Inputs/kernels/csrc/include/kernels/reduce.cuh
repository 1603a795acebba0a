// Warp and block sums with shuffles, as vLLM's reduction_utils.cuh.
#pragma once

#include <cuda_runtime.h>

namespace kernels {

template <typename T> __device__ __forceinline__ T warpReduceSum(T val) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1)
    val += __shfl_xor_sync(0xffffffffu, val, mask, 32);
  return val;
}

// The sum of val over the block (blockDim.x a multiple of 32, at most 1024), in every thread.
template <typename T> __device__ __forceinline__ T blockReduceSum(T val) {
  __shared__ T shared[32];
  const int lane = threadIdx.x & 31;
  const int wid = threadIdx.x >> 5;
  val = warpReduceSum<T>(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < (blockDim.x >> 5)) ? shared[lane] : T(0);
  val = warpReduceSum<T>(val);
  __syncthreads();
  if (threadIdx.x == 0)
    shared[0] = val;
  __syncthreads();
  val = shared[0];
  __syncthreads();
  return val;
}

} // namespace kernels
