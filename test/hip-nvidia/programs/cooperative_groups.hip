// Cooperative groups: a grid-wide sync between two phases, launched with
// hipLaunchCooperativeKernel; tiled_partition inside a block.
#include "common.h"
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void twoPhase(int *data, int *sum, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] = 1;
  grid.sync();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int local = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) local += data[(i + 1) % n];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) local += tile.shfl_down(local, offset);
  if (tile.thread_rank() == 0) atomicAdd(sum, local);
}
int main() {
  int supported = 0;
  HIP_CHECK(hipDeviceGetAttribute(&supported, hipDeviceAttributeCooperativeLaunch, 0));
  CHECK(supported);
  const int n = 1 << 16;
  int *data, *sum;
  HIP_CHECK(hipMalloc(&data, n * sizeof(int)));
  HIP_CHECK(hipMallocManaged(&sum, sizeof(int)));
  *sum = 0;
  int blocksPerSm = 0, sms = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, twoPhase, 256, 0));
  HIP_CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, 0));
  int nn = n;
  void *args[] = {&data, &sum, &nn};
  HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(twoPhase), dim3(blocksPerSm * sms), dim3(256), args, 0, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK(*sum == n);
  HIP_CHECK(hipFree(data));
  HIP_CHECK(hipFree(sum));
  std::printf("PASS\n");
  return 0;
}
