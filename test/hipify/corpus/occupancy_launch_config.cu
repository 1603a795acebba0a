// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Choosing a launch configuration with the occupancy API, as in the
// simpleOccupancy sample: the block size that maximises occupancy, the
// resulting grid, and the theoretical occupancy reported back from the
// active-blocks query and the device limits.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void square(int *array, int arrayCount) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < arrayCount)
    array[idx] *= array[idx];
}

static double reportOccupancy(int blockSize, size_t dynSmem) {
  int device, numBlocks, warpSize, maxThreadsPerSm;
  CUDA_CHECK(cudaGetDevice(&device));
  // CHECK: CUDA_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, square, blockSize, dynSmem));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, square, blockSize, dynSmem));
  // CHECK: CUDA_CHECK(hipDeviceGetAttribute(&warpSize, hipDeviceAttributeWarpSize, device));
  // CHECK-NEXT: CUDA_CHECK(hipDeviceGetAttribute(&maxThreadsPerSm, hipDeviceAttributeMaxThreadsPerMultiProcessor, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&maxThreadsPerSm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
  int activeWarps = numBlocks * blockSize / warpSize;
  int maxWarps = maxThreadsPerSm / warpSize;
  return (double)activeWarps / maxWarps;
}

int main() {
  const int count = 1000000;
  int *h = (int *)malloc(count * sizeof(int));
  for (int i = 0; i < count; ++i)
    h[i] = i % 1000;
  int *d;
  CUDA_CHECK(cudaMalloc(&d, count * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d, h, count * sizeof(int), cudaMemcpyHostToDevice));

  // CHECK: CUDA_CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferL1));
  CUDA_CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));

  int minGridSize = 0, blockSize = 0;
  // CHECK: CUDA_CHECK(hipOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, square, 0, count));
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, square, 0, count));
  int gridSize = (count + blockSize - 1) / blockSize;
  printf("suggested block size %d, minimum grid %d, grid %d\n", blockSize, minGridSize, gridSize);

  cudaEvent_t start, end;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&end));
  CUDA_CHECK(cudaEventRecord(start));
  square<<<gridSize, blockSize>>>(d, count);
  CUDA_CHECK(cudaEventRecord(end));
  CUDA_CHECK(cudaEventSynchronize(end));
  float ms;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, end));
  printf("theoretical occupancy %.0f%%, kernel %.3f ms\n",
         100.0 * reportOccupancy(blockSize, 0), ms);

  CUDA_CHECK(cudaMemcpy(h, d, count * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < count; ++i)
    if (h[i] != (i % 1000) * (i % 1000))
      ok = false;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(end));
  CUDA_CHECK(cudaFree(d));
  free(h);
  return ok ? 0 : 1;
}
