// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Exclusive prefix sum (Blelloch work-efficient scan) over a large array:
// each block scans its chunk in shared memory, block sums are scanned
// recursively and added back.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_SIZE 512
#define ELEMS_PER_BLOCK (2 * BLOCK_SIZE)

static void check(cudaError_t result, const char *what) {
  // CHECK: static void check(hipError_t result, const char *what) {
  // CHECK-NEXT: if (result != hipSuccess) {
  if (result != cudaSuccess) {
    fprintf(stderr, "%s: %s (%s)\n", what, cudaGetErrorString(result),
            cudaGetErrorName(result));
    exit(1);
  }
}

__global__ void blockScan(const unsigned *in, unsigned *out, unsigned *sums,
                          int n) {
  __shared__ unsigned temp[ELEMS_PER_BLOCK];
  int tid = threadIdx.x;
  int base = blockIdx.x * ELEMS_PER_BLOCK;
  temp[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0;
  temp[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0;

  int offset = 1;
  for (int d = ELEMS_PER_BLOCK >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0) {
    if (sums)
      sums[blockIdx.x] = temp[ELEMS_PER_BLOCK - 1];
    temp[ELEMS_PER_BLOCK - 1] = 0;
  }
  for (int d = 1; d < ELEMS_PER_BLOCK; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      unsigned t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  if (base + 2 * tid < n)
    out[base + 2 * tid] = temp[2 * tid];
  if (base + 2 * tid + 1 < n)
    out[base + 2 * tid + 1] = temp[2 * tid + 1];
}

__global__ void addBlockSums(unsigned *data, const unsigned *sums, int n) {
  int i = blockIdx.x * ELEMS_PER_BLOCK + threadIdx.x;
  unsigned add = sums[blockIdx.x];
  if (i < n)
    data[i] += add;
  if (i + BLOCK_SIZE < n)
    data[i + BLOCK_SIZE] += add;
}

static void scanDevice(const unsigned *d_in, unsigned *d_out, int n) {
  int blocks = (n + ELEMS_PER_BLOCK - 1) / ELEMS_PER_BLOCK;
  if (blocks == 1) {
    blockScan<<<1, BLOCK_SIZE>>>(d_in, d_out, nullptr, n);
    check(cudaGetLastError(), "blockScan");
    return;
  }
  unsigned *d_sums, *d_sumsScanned;
  check(cudaMalloc(&d_sums, blocks * sizeof(unsigned)), "malloc sums");
  check(cudaMalloc(&d_sumsScanned, blocks * sizeof(unsigned)), "malloc scanned");
  // CHECK: blockScan<<<blocks, BLOCK_SIZE>>>(d_in, d_out, d_sums, n);
  blockScan<<<blocks, BLOCK_SIZE>>>(d_in, d_out, d_sums, n);
  check(cudaGetLastError(), "blockScan");
  scanDevice(d_sums, d_sumsScanned, blocks);
  addBlockSums<<<blocks, BLOCK_SIZE>>>(d_out, d_sumsScanned, n);
  check(cudaGetLastError(), "addBlockSums");
  // CHECK: check(hipFree(d_sums), "free");
  check(cudaFree(d_sums), "free");
  check(cudaFree(d_sumsScanned), "free");
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000000;
  std::vector<unsigned> h(n), result(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7u) % 10u;
  unsigned *d_in, *d_out;
  check(cudaMalloc(&d_in, n * sizeof(unsigned)), "malloc in");
  check(cudaMalloc(&d_out, n * sizeof(unsigned)), "malloc out");
  check(cudaMemcpy(d_in, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice),
        "copy in");
  scanDevice(d_in, d_out, n);
  // CHECK: check(hipDeviceSynchronize(), "sync");
  check(cudaDeviceSynchronize(), "sync");
  check(cudaMemcpy(result.data(), d_out, n * sizeof(unsigned),
                   cudaMemcpyDeviceToHost),
        "copy out");
  unsigned running = 0;
  for (int i = 0; i < n; ++i) {
    if (result[i] != running) {
      printf("mismatch at %d: %u != %u\n", i, result[i], running);
      return 1;
    }
    running += h[i];
  }
  printf("scan of %d elements: PASSED\n", n);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
