// REQUIRES: cuda, rocm-6.4-libraries
// The program's warps are logical ones of 32 threads (WarpReduce<int, 32>), so its
// 'threadIdx.x / 32' is right on wave-64 GPUs too; the warp-size check, which
// cannot see the template argument, is turned off for it.
// RUN: %hipify --checks=-hipkit-warp-size %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|(^|[^p])cub::|(^|[^P])CUB|Cub|<cub}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// A kernel with cub::BlockReduce (the sum of each 256-thread block) and
// cub::WarpReduce over logical warps of 32 threads (the maximum of each 32
// consecutive elements): hipcub::WarpReduce<int, 32> is a 32-thread logical
// warp on 64-wide AMD wavefronts too, so the per-32 results stay the same.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipcub/block/block_reduce.hpp>
// HIP: #include <hipcub/warp/warp_reduce.hpp>
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 256;
constexpr int kLogicalWarp = 32;

struct MaxOp {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

__global__ void reduce(const int *in, int *block_sums, int *warp_maxima) {
  using BlockReduce = cub::BlockReduce<int, kBlock>;
  // HIP: using BlockReduce = hipcub::BlockReduce<int, kBlock>;
  using WarpReduce = cub::WarpReduce<int, kLogicalWarp>;
  // HIP: using WarpReduce = hipcub::WarpReduce<int, kLogicalWarp>;
  __shared__ typename BlockReduce::TempStorage block_storage;
  __shared__ typename WarpReduce::TempStorage warp_storage[kBlock / kLogicalWarp];
  int i = blockIdx.x * kBlock + threadIdx.x;
  int value = in[i];
  int sum = BlockReduce(block_storage).Sum(value);
  if (threadIdx.x == 0)
    block_sums[blockIdx.x] = sum;
  int warp = threadIdx.x / kLogicalWarp;
  int max = WarpReduce(warp_storage[warp]).Reduce(value, MaxOp());
  if (threadIdx.x % kLogicalWarp == 0)
    warp_maxima[i / kLogicalWarp] = max;
}

int main() {
  const int blocks = 64, n = blocks * kBlock;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 7907) % 2003 - 1000;
  int *in, *block_sums, *warp_maxima;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&block_sums, blocks * sizeof(int)));
  CHECK(cudaMalloc(&warp_maxima, n / kLogicalWarp * sizeof(int)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  reduce<<<blocks, kBlock>>>(in, block_sums, warp_maxima);
  CHECK(cudaGetLastError());
  std::vector<int> got_sums(blocks), got_maxima(n / kLogicalWarp);
  CHECK(cudaMemcpy(got_sums.data(), block_sums, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_maxima.data(), warp_maxima, n / kLogicalWarp * sizeof(int),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int sum = 0;
    for (int t = 0; t < kBlock; ++t)
      sum += host[b * kBlock + t];
    bad += got_sums[b] != sum;
  }
  for (int w = 0; w < n / kLogicalWarp; ++w) {
    int max = host[w * kLogicalWarp];
    for (int t = 1; t < kLogicalWarp; ++t)
      max = host[w * kLogicalWarp + t] > max ? host[w * kLogicalWarp + t] : max;
    bad += got_maxima[w] != max;
  }
  printf("%d mismatches in %d block sums and %d warp maxima\n", bad, blocks, n / kLogicalWarp);
  CHECK(cudaFree(in));
  CHECK(cudaFree(block_sums));
  CHECK(cudaFree(warp_maxima));
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
