// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Block-wide predicates and in-kernel timing, after the clock sample: each
// block counts, ORs and ANDs a predicate with __syncthreads_count/_or/_and,
// publishes a flag through a block-scope fence, and times its own work with
// clock64(); the host turns cycles into time with the clock-rate attribute.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

struct BlockReport {
  int count;
  int any;
  int all;
  int flagSeen;
  long long cycles;
};

__global__ void predicates(const int *data, int threshold, BlockReport *reports) {
  __shared__ volatile int flag;
  // CHECK: long long start = clock64();
  long long start = clock64();
  int v = data[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  // CHECK: int count = __syncthreads_count(v > threshold);
  // CHECK-NEXT: int any = __syncthreads_or(v < 0);
  // CHECK-NEXT: int all = __syncthreads_and(v >= 0);
  int count = __syncthreads_count(v > threshold);
  int any = __syncthreads_or(v < 0);
  int all = __syncthreads_and(v >= 0);
  if (threadIdx.x == blockDim.x - 1) {
    flag = 1;
    // CHECK: __threadfence_block();
    __threadfence_block();
  }
  __syncthreads();
  int seen = flag;
  long long stop = clock64();
  if (threadIdx.x == 0) {
    BlockReport r = {count, any, all, seen, stop - start};
    reports[blockIdx.x] = r;
  }
}

int main() {
  const int blocks = 64, threads = 256, n = blocks * threads, threshold = 100;
  int *h = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    h[i] = (i / threads) % 8 == 0 ? -1 : i % 200;
  int *d_data;
  BlockReport *d_reports;
  CUDA_CHECK(cudaMalloc(&d_data, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_reports, blocks * sizeof(BlockReport)));
  CUDA_CHECK(cudaMemcpy(d_data, h, n * sizeof(int), cudaMemcpyHostToDevice));
  predicates<<<blocks, threads>>>(d_data, threshold, d_reports);
  CUDA_CHECK(cudaGetLastError());
  BlockReport reports[blocks];
  CUDA_CHECK(cudaMemcpy(reports, d_reports, sizeof(reports), cudaMemcpyDeviceToHost));

  int clockKHz = 0;
  // CHECK: CUDA_CHECK(hipDeviceGetAttribute(&clockKHz, hipDeviceAttributeClockRate, 0));
  CUDA_CHECK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
  bool ok = true;
  long long maxCycles = 0;
  for (int b = 0; b < blocks; ++b) {
    int count = 0, any = 0, all = 1;
    for (int t = 0; t < threads; ++t) {
      int v = h[b * threads + t];
      count += v > threshold;
      any |= v < 0;
      all &= v >= 0;
    }
    const BlockReport &r = reports[b];
    if (r.count != count || (r.any != 0) != (any != 0) || (r.all != 0) != (all != 0) || r.flagSeen != 1)
      ok = false;
    if (r.cycles > maxCycles)
      maxCycles = r.cycles;
  }
  printf("slowest block: %lld cycles (%.2f us at %d kHz)\n", maxCycles,
         clockKHz ? maxCycles * 1000.0 / clockKHz : 0.0, clockKHz);
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_reports));
  free(h);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
