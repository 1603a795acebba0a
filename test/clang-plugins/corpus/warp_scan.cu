#include <cuda_runtime.h>
#define TILE_DIM 32

__device__ int inclusiveWarpScan(int v) {
  int lane = threadIdx.x & 31; // HAZARD: hipkit-warp-size
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffff, v, d, 32); // HAZARD: hipkit-warp-size // HAZARD-CUDA: hipkit-lane-mask
    if (lane >= d)
      v += up;
  }
  return v;
}

__device__ int inclusiveWarpScanPortable(int v) {
  int lane = threadIdx.x % warpSize; // SAFE
  for (int d = 1; d < warpSize; d *= 2) {
    int up = __shfl_up(v, d, warpSize); // SAFE
    if (lane >= d)
      v += up;
  }
  return v;
}

__global__ void scanTiles(const int *in, int *out) {
  __shared__ int tile[TILE_DIM][TILE_DIM + 1];
  int col = threadIdx.x % TILE_DIM; // SAFE
  int row = threadIdx.y;
  tile[row][col] = in[row * TILE_DIM + col];
  __syncthreads();
  int v = inclusiveWarpScan(tile[row][col]);
  int w = threadIdx.x >> 5; // HAZARD: hipkit-warp-size
  int half = threadIdx.x % 16; // SAFE
  out[row * TILE_DIM + col] = v + w * 0 + half * 0 + inclusiveWarpScanPortable(v);
}
