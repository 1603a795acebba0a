// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|cublas|CUBLAS|hipblas|HIPBLAS}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// A batch of small double-precision GEMMs through an array of device pointers
// (the pointer arrays themselves live in device memory).
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
  const int n = 16, batch = 12;
  const double alpha = 1.0, beta = 0.0;
  std::vector<double> a(n * n * batch), b(n * n * batch), c(n * n * batch, -1.0);
  for (size_t i = 0; i < a.size(); ++i) a[i] = (double)((i * 11) % 7) - 3.0;
  for (size_t i = 0; i < b.size(); ++i) b[i] = (double)((i * 13) % 5) * 0.5;

  double *dA, *dB, *dC;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(double)));
  CHECK_RT(cudaMalloc(&dB, b.size() * sizeof(double)));
  CHECK_RT(cudaMalloc(&dC, c.size() * sizeof(double)));
  CHECK_RT(cudaMemcpy(dA, a.data(), a.size() * sizeof(double), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, b.data(), b.size() * sizeof(double), cudaMemcpyHostToDevice));
  std::vector<const double *> ptrA(batch), ptrB(batch);
  std::vector<double *> ptrC(batch);
  for (int i = 0; i < batch; ++i) {
    ptrA[i] = dA + i * n * n;
    ptrB[i] = dB + i * n * n;
    ptrC[i] = dC + i * n * n;
  }
  const double **dPtrA;
  const double **dPtrB;
  double **dPtrC;
  CHECK_RT(cudaMalloc(&dPtrA, batch * sizeof(double *)));
  CHECK_RT(cudaMalloc(&dPtrB, batch * sizeof(double *)));
  CHECK_RT(cudaMalloc(&dPtrC, batch * sizeof(double *)));
  CHECK_RT(cudaMemcpy(dPtrA, ptrA.data(), batch * sizeof(double *), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dPtrB, ptrB.data(), batch * sizeof(double *), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dPtrC, ptrC.data(), batch * sizeof(double *), cudaMemcpyHostToDevice));

  // HIP: hipblasHandle_t handle;
  // HIP-NEXT: CHECK_BLAS(hipblasCreate(&handle));
  // HIP-NEXT: CHECK_BLAS(hipblasDgemmBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &alpha, dPtrA, n, dPtrB, n,
  // ROC: rocblas_handle handle;
  // ROC-NEXT: CHECK_BLAS(rocblas_create_handle(&handle));
  // ROC-NEXT: CHECK_BLAS(rocblas_dgemm_batched(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &alpha, dPtrA, n, dPtrB, n,
  cublasHandle_t handle;
  CHECK_BLAS(cublasCreate(&handle));
  CHECK_BLAS(cublasDgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, dPtrA, n, dPtrB, n,
                                &beta, dPtrC, n, batch));
  CHECK_RT(cudaDeviceSynchronize());
  CHECK_RT(cudaMemcpy(c.data(), dC, c.size() * sizeof(double), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int m = 0; m < batch; ++m) {
    const double *A = &a[m * n * n], *B = &b[m * n * n], *C = &c[m * n * n];
    for (int col = 0; col < n; ++col)
      for (int row = 0; row < n; ++row) {
        double sum = 0;
        for (int p = 0; p < n; ++p) sum += A[row + p * n] * B[col + p * n];
        if (std::fabs(C[row + col * n] - sum) > 1e-9 * (1.0 + std::fabs(sum))) ++bad;
      }
  }
  CHECK_BLAS(cublasDestroy(handle));
  CHECK_RT(cudaFree(dPtrA));
  CHECK_RT(cudaFree(dPtrB));
  CHECK_RT(cudaFree(dPtrC));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  printf("dgemm batched: %s (%d mismatches)\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
