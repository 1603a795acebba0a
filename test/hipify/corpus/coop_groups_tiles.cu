// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Cooperative groups inside a block: the block as a thread_block, static
// 32-thread tiles for shuffle reductions, and a dynamic 16-thread partition
// as a generic thread_group.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_cooperative_groups.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define CUDA_CHECK(expr)                                                       \
  do {                                                                         \
    cudaError_t rc = (expr);                                                   \
    if (rc != cudaSuccess) {                                                   \
      printf("%s -> %s\n", #expr, cudaGetErrorString(rc));                     \
      return 1;                                                                \
    }                                                                          \
  } while (0)

// CHECK: __device__ int reduceTile(cg::thread_block_tile<32> tile, int val) {
// CHECK-NEXT: for (int offset = tile.size() / 2; offset > 0; offset /= 2)
// CHECK-NEXT: val += tile.shfl_down(val, offset);
__device__ int reduceTile(cg::thread_block_tile<32> tile, int val) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    val += tile.shfl_down(val, offset);
  return val;
}

// Generic version over any group, using shared memory.
__device__ int reduceGroup(cg::thread_group g, int *scratch, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    scratch[lane] = val;
    g.sync();
    if (lane < i)
      val += scratch[lane + i];
    g.sync();
  }
  return val;
}

__global__ void sumKernel(const int *in, int *tileSums, int *groupSums, int n) {
  __shared__ int scratch[256];
  // CHECK: cg::thread_block block = cg::this_thread_block();
  // CHECK-NEXT: cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int idx = block.group_index().x * block.size() + block.thread_rank();
  int v = idx < n ? in[idx] : 0;

  int tileSum = reduceTile(tile32, v);
  if (tile32.thread_rank() == 0)
    atomicAdd(&tileSums[blockIdx.x], tileSum);

  block.sync();
  // CHECK: cg::thread_group tile16 = cg::tiled_partition(block, 16);
  cg::thread_group tile16 = cg::tiled_partition(block, 16);
  int *myScratch = scratch + (block.thread_rank() / 16) * 16;
  int groupSum = reduceGroup(tile16, myScratch, v);
  if (tile16.thread_rank() == 0)
    atomicAdd(&groupSums[blockIdx.x], groupSum);
  cg::sync(block);
}

int main() {
  const int threads = 256, blocks = 64, n = threads * blocks - 100;
  int *h_in = new int[n];
  for (int i = 0; i < n; ++i)
    h_in[i] = i % 9;
  int *d_in, *d_tile, *d_group;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_tile, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_group, blocks * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_tile, 0, blocks * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_group, 0, blocks * sizeof(int)));
  sumKernel<<<blocks, threads>>>(d_in, d_tile, d_group, n);
  CUDA_CHECK(cudaGetLastError());
  int h_tile[blocks], h_group[blocks];
  CUDA_CHECK(cudaMemcpy(h_tile, d_tile, sizeof(h_tile), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_group, d_group, sizeof(h_group), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int i = b * threads; i < (b + 1) * threads && i < n; ++i)
      expected += h_in[i];
    if (h_tile[b] != expected || h_group[b] != expected) {
      printf("block %d: %d / %d, expected %d\n", b, h_tile[b], h_group[b], expected);
      return 1;
    }
  }
  printf("cooperative groups reduction: PASSED\n");
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_tile));
  CUDA_CHECK(cudaFree(d_group));
  delete[] h_in;
  return 0;
}
