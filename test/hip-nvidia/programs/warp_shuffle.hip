// Warp reduction with HIP's mask-free __shfl_down, __shfl_xor and __ballot,
// sized by warpSize (32 on NVIDIA, 64 on most AMD GPUs).
#include "common.h"
__global__ void reduce(int *sums, unsigned long long *ballots, int *xors) {
  int lane = threadIdx.x % warpSize;
  int v = threadIdx.x + 1;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  int x = lane;
  for (int mask = warpSize / 2; mask > 0; mask /= 2) x += __shfl_xor(x, mask);
  unsigned long long b = __ballot(lane % 2 == 0);
  if (lane == 0) {
    sums[threadIdx.x / warpSize] = v;
    ballots[threadIdx.x / warpSize] = b;
    xors[threadIdx.x / warpSize] = x;
  }
}
int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int w = prop.warpSize, warps = 4, threads = w * warps;
  int *sums, *xors;
  unsigned long long *ballots;
  HIP_CHECK(hipMallocManaged(&sums, warps * sizeof(int)));
  HIP_CHECK(hipMallocManaged(&xors, warps * sizeof(int)));
  HIP_CHECK(hipMallocManaged(&ballots, warps * sizeof(unsigned long long)));
  hipLaunchKernelGGL(reduce, dim3(1), dim3(threads), 0, 0, sums, ballots, xors);
  HIP_CHECK(hipDeviceSynchronize());
  unsigned long long even = 0;
  for (int i = 0; i < w; i += 2) even |= 1ull << i;
  for (int k = 0; k < warps; ++k) {
    int first = k * w + 1, last = (k + 1) * w;
    CHECK(sums[k] == (first + last) * w / 2);
    CHECK(xors[k] == w * (w - 1) / 2);
    CHECK(ballots[k] == even);
  }
  std::printf("PASS\n");
  return 0;
}
