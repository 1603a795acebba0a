// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Tiled single-precision matrix multiply C = A * B with shared-memory tiles,
// timed with events, checked against a host reference.
// CHECK: #include "hip/hip_runtime.h"
#include "cuda_runtime.h"
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define TILE_WIDTH 16

#define checkCuda(expr)                                                        \
  {                                                                            \
    cudaError_t status = (expr);                                               \
    if (status != cudaSuccess) {                                               \
      printf("Error: %s at line %d\n", cudaGetErrorString(status), __LINE__);  \
      exit(1);                                                                 \
    }                                                                          \
  }

__global__ void matMulTiled(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  __shared__ float tileA[TILE_WIDTH][TILE_WIDTH];
  __shared__ float tileB[TILE_WIDTH][TILE_WIDTH];

  int row = blockIdx.y * TILE_WIDTH + threadIdx.y;
  int col = blockIdx.x * TILE_WIDTH + threadIdx.x;
  float acc = 0.0f;

  for (int t = 0; t < (K + TILE_WIDTH - 1) / TILE_WIDTH; ++t) {
    int aCol = t * TILE_WIDTH + threadIdx.x;
    int bRow = t * TILE_WIDTH + threadIdx.y;
    tileA[threadIdx.y][threadIdx.x] =
        (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
    tileB[threadIdx.y][threadIdx.x] =
        (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;
    // CHECK: __syncthreads();
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE_WIDTH; ++k)
      acc += tileA[threadIdx.y][k] * tileB[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

static void matMulHost(const float *A, const float *B, float *C, int M, int N,
                       int K) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0;
      for (int k = 0; k < K; ++k)
        sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] = (float)sum;
    }
}

int main() {
  const int M = 256, N = 192, K = 320;
  size_t sizeA = M * K * sizeof(float), sizeB = K * N * sizeof(float),
         sizeC = M * N * sizeof(float);
  float *hA = (float *)malloc(sizeA), *hB = (float *)malloc(sizeB);
  float *hC = (float *)malloc(sizeC), *ref = (float *)malloc(sizeC);
  for (int i = 0; i < M * K; ++i)
    hA[i] = (i % 7) * 0.25f;
  for (int i = 0; i < K * N; ++i)
    hB[i] = (i % 5) * 0.5f - 1.0f;

  float *dA, *dB, *dC;
  // CHECK: checkCuda(hipMalloc((void **)&dA, sizeA));
  checkCuda(cudaMalloc((void **)&dA, sizeA));
  checkCuda(cudaMalloc((void **)&dB, sizeB));
  checkCuda(cudaMalloc((void **)&dC, sizeC));
  checkCuda(cudaMemcpy(dA, hA, sizeA, cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dB, hB, sizeB, cudaMemcpyHostToDevice));

  dim3 block(TILE_WIDTH, TILE_WIDTH);
  dim3 grid((N + TILE_WIDTH - 1) / TILE_WIDTH, (M + TILE_WIDTH - 1) / TILE_WIDTH);

  // CHECK: hipEvent_t start, stop;
  // CHECK-NEXT: checkCuda(hipEventCreate(&start));
  // CHECK-NEXT: checkCuda(hipEventCreate(&stop));
  // CHECK-NEXT: checkCuda(hipEventRecord(start));
  // CHECK-NEXT: matMulTiled<<<grid, block>>>(dA, dB, dC, M, N, K);
  // CHECK-NEXT: checkCuda(hipEventRecord(stop));
  // CHECK-NEXT: checkCuda(hipEventSynchronize(stop));
  cudaEvent_t start, stop;
  checkCuda(cudaEventCreate(&start));
  checkCuda(cudaEventCreate(&stop));
  checkCuda(cudaEventRecord(start));
  matMulTiled<<<grid, block>>>(dA, dB, dC, M, N, K);
  checkCuda(cudaEventRecord(stop));
  checkCuda(cudaEventSynchronize(stop));
  float ms = 0;
  // CHECK: checkCuda(hipEventElapsedTime(&ms, start, stop));
  checkCuda(cudaEventElapsedTime(&ms, start, stop));
  double gflops = 2.0 * M * N * K / (ms * 1e6);
  printf("matMulTiled: %.3f ms, %.2f GFLOP/s\n", ms, gflops);

  // CHECK: checkCuda(hipMemcpy(hC, dC, sizeC, hipMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(hC, dC, sizeC, cudaMemcpyDeviceToHost));
  matMulHost(hA, hB, ref, M, N, K);
  int errors = 0;
  for (int i = 0; i < M * N; ++i)
    if (fabsf(hC[i] - ref[i]) > 1e-3f * fabsf(ref[i]) + 1e-3f)
      ++errors;
  printf("%s (%d mismatches)\n", errors ? "FAILED" : "PASSED", errors);

  // CHECK: checkCuda(hipEventDestroy(start));
  checkCuda(cudaEventDestroy(start));
  checkCuda(cudaEventDestroy(stop));
  checkCuda(cudaFree(dA));
  checkCuda(cudaFree(dB));
  checkCuda(cudaFree(dC));
  free(hA);
  free(hB);
  free(hC);
  free(ref);
  return errors ? 1 : 0;
}
