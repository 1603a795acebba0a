// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda --implicit-check-not=_sync
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Warp-level primitives: vote (__ballot_sync, __any_sync, __all_sync) to
// count and classify lanes, __popc on the ballot, and the shuffle family
// for a butterfly all-reduce, an inclusive scan and a broadcast. HIP 5.2
// offers these without the member mask (__ballot, __any, __all, __shfl*);
// the programs pass the full mask, so dropping it keeps their meaning.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define FULL_MASK 0xffffffff

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void classify(const int *data, int *positives, int *warpAny,
                         int *warpAll, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? data[i] : 0;
  int lane = threadIdx.x % warpSize;
  // CHECK: unsigned int ballot = __ballot(v > 0);
  // CHECK-NEXT: int any = __any(v < 0);
  // CHECK-NEXT: int all = __all(v != 0);
  unsigned int ballot = __ballot_sync(FULL_MASK, v > 0);
  int any = __any_sync(FULL_MASK, v < 0);
  int all = __all_sync(FULL_MASK, v != 0);
  if (lane == 0) {
    // CHECK: atomicAdd(positives, __popc(ballot));
    atomicAdd(positives, __popc(ballot));
    atomicAdd(warpAny, any ? 1 : 0);
    atomicAdd(warpAll, all ? 1 : 0);
  }
}

__global__ void warpOps(const int *in, int *allReduce, int *scan, int *bcast) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int v = in[i];

  int sum = v;
  for (int mask = warpSize / 2; mask > 0; mask >>= 1)
    // CHECK: sum += __shfl_xor(sum, mask);
    sum += __shfl_xor_sync(FULL_MASK, sum, mask);
  allReduce[i] = sum;

  int inclusive = v;
  for (int offset = 1; offset < warpSize; offset <<= 1) {
    // CHECK: int up = __shfl_up(inclusive, offset);
    int up = __shfl_up_sync(FULL_MASK, inclusive, offset);
    if (lane >= offset)
      inclusive += up;
  }
  scan[i] = inclusive;

  // CHECK: bcast[i] = __shfl(v, 3) + __shfl_xor(v, 1, 16);
  bcast[i] = __shfl_sync(FULL_MASK, v, 3) + __shfl_xor_sync(FULL_MASK, v, 1, 16);
}

int main() {
  int warp = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0));
  const int threads = 256, blocks = 32, n = threads * blocks;
  int *h = (int *)malloc(n * sizeof(int));
  int expectedPositives = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (i % 7) - 2;
    expectedPositives += h[i] > 0;
  }
  int *d_in, *d_counts, *d_reduce, *d_scan, *d_bcast;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_counts, 3 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_reduce, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_scan, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_bcast, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_counts, 0, 3 * sizeof(int)));
  classify<<<blocks, threads>>>(d_in, d_counts, d_counts + 1, d_counts + 2, n);
  warpOps<<<blocks, threads>>>(d_in, d_reduce, d_scan, d_bcast);
  CUDA_CHECK(cudaGetLastError());

  int counts[3];
  CUDA_CHECK(cudaMemcpy(counts, d_counts, sizeof(counts), cudaMemcpyDeviceToHost));
  int *r = (int *)malloc(n * sizeof(int)), *s = (int *)malloc(n * sizeof(int));
  CUDA_CHECK(cudaMemcpy(r, d_reduce, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(s, d_scan, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = counts[0] == expectedPositives;
  for (int w = 0; w < n / warp; ++w) {
    int total = 0;
    for (int l = 0; l < warp; ++l) {
      total += h[w * warp + l];
      ok = ok && s[w * warp + l] == total;
    }
    for (int l = 0; l < warp; ++l)
      ok = ok && r[w * warp + l] == total;
  }
  printf("warp size %d: positives %d, warps with negatives %d, all-nonzero %d: %s\n",
         warp, counts[0], counts[1], counts[2], ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_counts));
  CUDA_CHECK(cudaFree(d_reduce));
  CUDA_CHECK(cudaFree(d_scan));
  CUDA_CHECK(cudaFree(d_bcast));
  free(h);
  free(r);
  free(s);
  return ok ? 0 : 1;
}
