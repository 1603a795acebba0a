// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusolver|CUSOLVER|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// --roc: rocsolver_dsyevd needs an array E of n elements where cuSOLVER has a workspace
// (and no size query): the eigensolver and its query are reported with that reason;
// the handle, the eigenvector mode and the fill mode are rocSOLVER's.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN --implicit-check-not=warning:
// ROCWARN: syevd.cu:[[@LINE+66]]:16: warning: 'cusolverDnDsyevd_bufferSize' has no rocSOLVER equivalent: rocSOLVER has no workspace-size queries, and rocsolver_dsyevd(handle, evect, uplo, n, A, lda, D, E, info) takes other arguments than cusolverDnDsyevd without its workspace; left untranslated
// ROCWARN: syevd.cu:[[@LINE+67]]:16: warning: 'cusolverDnDsyevd' has no rocSOLVER equivalent: rocsolver_dsyevd(handle, evect, uplo, n, A, lda, D, E, info) takes other arguments than cusolverDnDsyevd without its workspace; left untranslated
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC
// ROC: rocblas_handle handle;
// ROC: const rocblas_evect jobz = rocblas_evect_original;
// ROC-NEXT: const rocblas_fill uplo = rocblas_fill_lower;

// cuSOLVER dense (link with -lcusolver): eigenvalues and eigenvectors of a symmetric
// 48 x 48 matrix in double precision by divide and conquer (syevd, workspace query,
// devInfo); checked on the host: the eigenvalues ascend and A * v = lambda * v holds for
// every pair.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipsolver/hipsolver.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
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
// HIP: hipsolverStatus_t s = (call);
// HIP-NEXT: if (s != HIPSOLVER_STATUS_SUCCESS) {
#define CHECK_SOLVER(call)                                                     \
  do {                                                                         \
    cusolverStatus_t s = (call);                                               \
    if (s != CUSOLVER_STATUS_SUCCESS) {                                        \
      fprintf(stderr, "cuSOLVER error %d at %s:%d\n", (int)s, __FILE__,        \
              __LINE__);                                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 48;
  std::vector<double> A((size_t)n * n);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r <= c; ++r)
      A[r + (size_t)c * n] = A[c + (size_t)r * n] =
          std::cos(0.11 * (r + 1) * (c + 2)) + (r == c ? 0.05 * r : 0.0);

  double *dA, *dW, *dWork;
  int *dInfo;
  CHECK_RT(cudaMalloc(&dA, A.size() * sizeof(double)));
  CHECK_RT(cudaMalloc(&dW, n * sizeof(double)));
  CHECK_RT(cudaMalloc(&dInfo, sizeof(int)));
  CHECK_RT(cudaMemcpy(dA, A.data(), A.size() * sizeof(double), cudaMemcpyHostToDevice));

  // HIP: hipsolverDnHandle_t handle;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnCreate(&handle));
  // HIP-NEXT: const hipsolverEigMode_t jobz = HIPSOLVER_EIG_MODE_VECTOR;
  // HIP-NEXT: const hipblasFillMode_t uplo = HIPBLAS_FILL_MODE_LOWER;
  // HIP-NEXT: int lwork = 0;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnDsyevd_bufferSize(handle, jobz, uplo, n, dA, n, dW, &lwork));
  // HIP: CHECK_SOLVER(hipsolverDnDsyevd(handle, jobz, uplo, n, dA, n, dW, dWork, lwork, dInfo));
  cusolverDnHandle_t handle;
  CHECK_SOLVER(cusolverDnCreate(&handle));
  const cusolverEigMode_t jobz = CUSOLVER_EIG_MODE_VECTOR;
  const cublasFillMode_t uplo = CUBLAS_FILL_MODE_LOWER;
  int lwork = 0;
  CHECK_SOLVER(cusolverDnDsyevd_bufferSize(handle, jobz, uplo, n, dA, n, dW, &lwork));
  CHECK_RT(cudaMalloc(&dWork, lwork * sizeof(double)));
  CHECK_SOLVER(cusolverDnDsyevd(handle, jobz, uplo, n, dA, n, dW, dWork, lwork, dInfo));
  int info = -1;
  CHECK_RT(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<double> W(n), V(A.size());
  CHECK_RT(cudaMemcpy(W.data(), dW, W.size() * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK_RT(cudaMemcpy(V.data(), dA, V.size() * sizeof(double), cudaMemcpyDeviceToHost));

  int bad = info != 0;
  for (int k = 0; k < n; ++k) {
    if (k > 0 && W[k] < W[k - 1])
      ++bad;
    for (int r = 0; r < n; ++r) {
      double av = 0;
      for (int c = 0; c < n; ++c)
        av += A[r + (size_t)c * n] * V[c + (size_t)k * n];
      if (std::fabs(av - W[k] * V[r + (size_t)k * n]) > 1e-9 * (1 + std::fabs(W[n - 1])))
        ++bad;
    }
  }
  // HIP: CHECK_SOLVER(hipsolverDnDestroy(handle));
  CHECK_SOLVER(cusolverDnDestroy(handle));
  CHECK_RT(cudaFree(dWork));
  CHECK_RT(cudaFree(dInfo));
  CHECK_RT(cudaFree(dW));
  CHECK_RT(cudaFree(dA));
  printf("syevd n=%d info=%d: %s (%d mismatches)\n", n, info, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
