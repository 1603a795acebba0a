// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|cublas|CUBLAS|hipblas|HIPBLAS}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// Single-precision GEMM, C = alpha * A * B + beta * C, in column-major order,
// checked against a host loop; the handle bound to a stream; status checks.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipblas/hipblas.h>
// ROC: #include <hip/hip_runtime.h>
// ROC: #include <rocblas/rocblas.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "runtime error at %s:%d\n", __FILE__, __LINE__);         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
// HIP: #define CHECK_BLAS(call)
// HIP-NEXT: do {
// HIP-NEXT: hipblasStatus_t s = (call);
// HIP-NEXT: if (s != HIPBLAS_STATUS_SUCCESS) {
// ROC: rocblas_status s = (call);
// ROC-NEXT: if (s != rocblas_status_success) {
#define CHECK_BLAS(call)                                                       \
  do {                                                                         \
    cublasStatus_t s = (call);                                                 \
    if (s != CUBLAS_STATUS_SUCCESS) {                                          \
      fprintf(stderr, "BLAS error %d at %s:%d\n", (int)s, __FILE__, __LINE__); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int m = 96, n = 80, k = 64;
  const float alpha = 1.5f, beta = -0.5f;
  std::vector<float> a(m * k), b(k * n), c(m * n), expected(m * n);
  for (int i = 0; i < m * k; ++i) a[i] = (float)((i * 7) % 13) / 13.0f;
  for (int i = 0; i < k * n; ++i) b[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
  for (int i = 0; i < m * n; ++i) c[i] = (float)(i % 3);
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < m; ++row) {
      double sum = 0;
      for (int p = 0; p < k; ++p) sum += a[row + p * m] * b[p + col * k];
      expected[row + col * m] = (float)(alpha * sum + beta * c[row + col * m]);
    }

  float *dA, *dB, *dC;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dB, b.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dC, c.size() * sizeof(float)));
  CHECK_RT(cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dC, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipblasHandle_t handle;
  // HIP-NEXT: hipStream_t stream;
  // HIP-NEXT: CHECK_BLAS(hipblasCreate(&handle));
  // HIP-NEXT: CHECK_RT(hipStreamCreate(&stream));
  // HIP-NEXT: CHECK_BLAS(hipblasSetStream(handle, stream));
  // HIP-NEXT: CHECK_BLAS(hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST));
  // HIP-NEXT: CHECK_BLAS(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k,
  // ROC: rocblas_handle handle;
  // ROC-NEXT: hipStream_t stream;
  // ROC-NEXT: CHECK_BLAS(rocblas_create_handle(&handle));
  // ROC-NEXT: CHECK_RT(hipStreamCreate(&stream));
  // ROC-NEXT: CHECK_BLAS(rocblas_set_stream(handle, stream));
  // ROC-NEXT: CHECK_BLAS(rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host));
  // ROC-NEXT: CHECK_BLAS(rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_none, m, n, k, &alpha, dA, m, dB, k,
  cublasHandle_t handle;
  cudaStream_t stream;
  CHECK_BLAS(cublasCreate(&handle));
  CHECK_RT(cudaStreamCreate(&stream));
  CHECK_BLAS(cublasSetStream(handle, stream));
  CHECK_BLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  CHECK_BLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k,
                         &beta, dC, m));
  CHECK_RT(cudaStreamSynchronize(stream));
  CHECK_RT(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int i = 0; i < m * n; ++i)
    if (std::fabs(c[i] - expected[i]) > 1e-3f * (1.0f + std::fabs(expected[i]))) ++bad;
  // HIP: CHECK_BLAS(hipblasDestroy(handle));
  // ROC: CHECK_BLAS(rocblas_destroy_handle(handle));
  CHECK_BLAS(cublasDestroy(handle));
  CHECK_RT(cudaStreamDestroy(stream));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  printf("sgemm %dx%dx%d: %s (%d mismatches)\n", m, n, k, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
