// Occupancy API: the suggested block size must launch and be consistent.
#include "common.h"
__global__ void square(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = i * i;
}
int main() {
  int grid = 0, block = 0, active = 0;
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, square, 0, 0));
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&active, square, block, 0));
  std::printf("block %d, min grid %d, active blocks per SM %d\n", block, grid, active);
  CHECK(block > 0 && block <= 1024 && grid > 0 && active > 0);
  const int n = 1 << 20;
  int *x;
  HIP_CHECK(hipMallocManaged(&x, n * sizeof(int)));
  hipLaunchKernelGGL(square, dim3((n + block - 1) / block), dim3(block), 0, 0, x, n);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; i += 997) CHECK(x[i] == i * i);
  HIP_CHECK(hipFree(x));
  std::printf("PASS\n");
  return 0;
}
