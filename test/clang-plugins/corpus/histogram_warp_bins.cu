#include <cuda_runtime.h>
#define BINS 64
#define WARPS_PER_BLOCK 8
#define LANES 32

// Each warp keeps its own copy of the histogram in shared memory.
__global__ void histogram(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned warpBins[WARPS_PER_BLOCK][BINS]; // SAFE
  __shared__ unsigned warpTotals[32]; // HAZARD: hipkit-warp-size
  int warp = threadIdx.x / LANES; // HAZARD: hipkit-warp-size
  int lane = threadIdx.x % LANES; // HAZARD: hipkit-warp-size
  for (int b = lane; b < BINS; b += LANES)
    warpBins[warp][b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&warpBins[warp][in[i] % BINS], 1u);
  __syncthreads();
  if (warpSize == 32) // HAZARD: hipkit-warp-size
    warpTotals[warp] = warpBins[warp][0];
  if (warpSize >= 32) // SAFE
    __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int w = 0; w < WARPS_PER_BLOCK; ++w)
      sum += warpBins[w][b];
    atomicAdd(&bins[b], sum + warpTotals[0] * 0);
  }
}
