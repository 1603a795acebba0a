// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// The first program of every tutorial: c = a + b over a million floats,
// with the error-check macro most public code carries.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// CHECK: hipError_t err = (call);
// CHECK: if (err != hipSuccess) {
// CHECK: hipGetErrorString(err));
#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "error at %s:%d: %s\n", __FILE__, __LINE__,              \
              cudaGetErrorString(err));                                        \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(void) {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  printf("[Vector addition of %d elements]\n", n);

  std::vector<float> h_a(n), h_b(n), h_c(n);
  for (int i = 0; i < n; ++i) {
    h_a[i] = rand() / (float)RAND_MAX;
    h_b[i] = rand() / (float)RAND_MAX;
  }

  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  // CHECK: CUDA_CHECK(hipMalloc(&d_a, bytes));
  // CHECK: CUDA_CHECK(hipMalloc(&d_b, bytes));
  // CHECK: CUDA_CHECK(hipMalloc(&d_c, bytes));
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_c, bytes));

  // CHECK: CUDA_CHECK(hipMemcpy(d_a, h_a.data(), bytes, hipMemcpyHostToDevice));
  // CHECK: CUDA_CHECK(hipMemcpy(d_b, h_b.data(), bytes, hipMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_a, h_a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b.data(), bytes, cudaMemcpyHostToDevice));

  int threadsPerBlock = 256;
  int blocksPerGrid = (n + threadsPerBlock - 1) / threadsPerBlock;
  printf("launch with %d blocks of %d threads\n", blocksPerGrid,
         threadsPerBlock);
  // CHECK: vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_a, d_b, d_c, n);
  // CHECK-NEXT: CUDA_CHECK(hipGetLastError());
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_a, d_b, d_c, n);
  CUDA_CHECK(cudaGetLastError());

  // CHECK: CUDA_CHECK(hipMemcpy(h_c.data(), d_c, bytes, hipMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_c.data(), d_c, bytes, cudaMemcpyDeviceToHost));

  for (int i = 0; i < n; ++i) {
    if (std::fabs(h_a[i] + h_b[i] - h_c[i]) > 1e-5f) {
      fprintf(stderr, "result verification failed at element %d\n", i);
      return EXIT_FAILURE;
    }
  }

  // CHECK: CUDA_CHECK(hipFree(d_a));
  // CHECK: CUDA_CHECK(hipFree(d_b));
  // CHECK: CUDA_CHECK(hipFree(d_c));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));
  // CHECK: CUDA_CHECK(hipDeviceReset());
  CUDA_CHECK(cudaDeviceReset());
  printf("Test PASSED\n");
  return 0;
}
