// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|cublas|CUBLAS|hipblas|HIPBLAS}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// Strided-batched SGEMM: one allocation per operand, matrices a fixed stride
// apart; beta = 1 accumulates into C.
// HIP: #include <hipblas/hipblas.h>
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
#define CHECK_BLAS(call)                                                       \
  do {                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS) {                                     \
      fprintf(stderr, "BLAS error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int m = 32, n = 24, k = 40, batch = 10;
  const long long strideA = (long long)m * k, strideB = (long long)k * n, strideC = (long long)m * n;
  const float alpha = 0.5f, beta = 1.0f;
  std::vector<float> a(strideA * batch), b(strideB * batch), c(strideC * batch), want(strideC * batch);
  for (size_t i = 0; i < a.size(); ++i) a[i] = (float)((i * 7) % 9) - 4.0f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = (float)((i * 3) % 5) * 0.25f;
  for (size_t i = 0; i < c.size(); ++i) c[i] = (float)(i % 4);
  for (int s = 0; s < batch; ++s)
    for (int col = 0; col < n; ++col)
      for (int row = 0; row < m; ++row) {
        double sum = 0;
        for (int p = 0; p < k; ++p)
          sum += a[s * strideA + row + p * m] * b[s * strideB + p + col * k];
        want[s * strideC + row + col * m] = (float)(alpha * sum) + beta * c[s * strideC + row + col * m];
      }

  float *dA, *dB, *dC;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dB, b.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dC, c.size() * sizeof(float)));
  CHECK_RT(cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dC, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipblasHandle_t handle;
  // HIP-NEXT: CHECK_BLAS(hipblasCreate(&handle));
  // HIP-NEXT: CHECK_BLAS(hipblasSgemmStridedBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, m, strideA,
  // ROC: rocblas_handle handle;
  // ROC-NEXT: CHECK_BLAS(rocblas_create_handle(&handle));
  // ROC-NEXT: CHECK_BLAS(rocblas_sgemm_strided_batched(handle, rocblas_operation_none, rocblas_operation_none, m, n, k, &alpha, dA, m, strideA,
  cublasHandle_t handle;
  CHECK_BLAS(cublasCreate(&handle));
  CHECK_BLAS(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, strideA,
                                       dB, k, strideB, &beta, dC, m, strideC, batch));
  CHECK_RT(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (size_t i = 0; i < c.size(); ++i)
    if (std::fabs(c[i] - want[i]) > 1e-3f * (1.0f + std::fabs(want[i]))) ++bad;
  CHECK_BLAS(cublasDestroy(handle));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  printf("sgemm strided batched: %s (%d mismatches)\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
