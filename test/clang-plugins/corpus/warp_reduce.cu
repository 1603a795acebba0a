#include <cuda_runtime.h>
#define WARP_SIZE 32
#define FULL_MASK 0xffffffff
#define BLOCK 256

__inline__ __device__ float warpReduceSum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) // HAZARD: hipkit-warp-size
    v += __shfl_down_sync(FULL_MASK, v, offset); // HAZARD-CUDA: hipkit-lane-mask
  return v;
}

__inline__ __device__ float warpReduceSumPortable(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) // SAFE
    v += __shfl_down(v, offset);
  return v;
}

__global__ void blockReduceSum(const float *in, float *out, int n) {
  __shared__ float partial[32]; // HAZARD: hipkit-warp-size
  __shared__ float scratch[BLOCK]; // SAFE
  int tid = threadIdx.x;
  int lane = tid % WARP_SIZE; // HAZARD: hipkit-warp-size
  int wid = tid / WARP_SIZE; // HAZARD: hipkit-warp-size
  int i = blockIdx.x * blockDim.x + tid;
  int chunk = blockIdx.x / 32; // SAFE
  float v = i < n ? in[i] : 0.0f;
  scratch[tid] = v;
  v = warpReduceSum(v);
  if (lane == 0)
    partial[wid] = v;
  __syncthreads();
  v = tid < blockDim.x / WARP_SIZE ? partial[lane] : 0.0f; // MISSED: hipkit-warp-size (blockDim, not threadIdx)
  if (wid == 0)
    v = warpReduceSum(v);
  if (tid == 0)
    atomicAdd(out + chunk * 0, v + warpReduceSumPortable(scratch[0]));
}
