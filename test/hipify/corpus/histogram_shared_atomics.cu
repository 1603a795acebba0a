// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// 256-bin byte histogram: per-block private histograms in shared memory
// (shared-memory atomics), merged into the global one with global atomics.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define NUM_BINS 256

#define CUDA_SAFE_CALL(call)                                                   \
  do {                                                                         \
    cudaError_t err = call;                                                    \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Error in file '%s' in line %i : %s.\n", __FILE__,       \
              __LINE__, cudaGetErrorString(err));                              \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__global__ void histogramShared(const unsigned char *data, size_t n,
                                unsigned int *bins) {
  __shared__ unsigned int local[NUM_BINS];
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x)
    local[i] = 0;
  __syncthreads();

  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += stride)
    // CHECK: atomicAdd(&local[data[i]], 1u);
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();

  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) {
    unsigned int count = local[i];
    if (count)
      atomicAdd(&bins[i], count);
  }
}

int main() {
  const size_t n = 64 << 20;
  unsigned char *h_data = (unsigned char *)malloc(n);
  srand(2024);
  for (size_t i = 0; i < n; ++i)
    h_data[i] = (unsigned char)(rand() & 0xff);

  unsigned char *d_data;
  unsigned int *d_bins;
  // CHECK: CUDA_SAFE_CALL(hipMalloc((void **)&d_data, n));
  // CHECK-NEXT: CUDA_SAFE_CALL(hipMalloc((void **)&d_bins, NUM_BINS * sizeof(unsigned int)));
  // CHECK-NEXT: CUDA_SAFE_CALL(hipMemcpy(d_data, h_data, n, hipMemcpyHostToDevice));
  // CHECK-NEXT: CUDA_SAFE_CALL(hipMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int)));
  CUDA_SAFE_CALL(cudaMalloc((void **)&d_data, n));
  CUDA_SAFE_CALL(cudaMalloc((void **)&d_bins, NUM_BINS * sizeof(unsigned int)));
  CUDA_SAFE_CALL(cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice));
  CUDA_SAFE_CALL(cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int)));

  // CHECK: hipDeviceProp_t prop;
  // CHECK-NEXT: CUDA_SAFE_CALL(hipGetDeviceProperties(&prop, 0));
  cudaDeviceProp prop;
  CUDA_SAFE_CALL(cudaGetDeviceProperties(&prop, 0));
  int blocks = prop.multiProcessorCount * 2;
  histogramShared<<<blocks, 256>>>(d_data, n, d_bins);
  CUDA_SAFE_CALL(cudaGetLastError());

  unsigned int h_bins[NUM_BINS];
  CUDA_SAFE_CALL(cudaMemcpy(h_bins, d_bins, sizeof(h_bins),
                            cudaMemcpyDeviceToHost));

  unsigned int ref[NUM_BINS];
  memset(ref, 0, sizeof(ref));
  for (size_t i = 0; i < n; ++i)
    ref[h_data[i]]++;
  for (int i = 0; i < NUM_BINS; ++i)
    if (ref[i] != h_bins[i]) {
      printf("bin %d: %u != %u\n", i, h_bins[i], ref[i]);
      return 1;
    }
  printf("histogram of %zu bytes on %s: PASSED\n", n, prop.name);
  CUDA_SAFE_CALL(cudaFree(d_data));
  CUDA_SAFE_CALL(cudaFree(d_bins));
  free(h_data);
  return 0;
}
