// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusolver|CUSOLVER|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// --roc: rocsolver_sgesvd takes rocblas_svect jobs (and E, fast_alg), not signed char
// job letters: the SVD and its workspace query are reported with that reason.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN --implicit-check-not=warning:
// ROCWARN: gesvd.cu:[[@LINE+60]]:16: warning: 'cusolverDnSgesvd_bufferSize' has no rocSOLVER equivalent: rocSOLVER has no workspace-size queries, and rocsolver_sgesvd takes rocSOLVER's job enums (rocblas_svect), not cuSOLVER's signed char job letters; left untranslated
// ROCWARN: gesvd.cu:[[@LINE+62]]:16: warning: 'cusolverDnSgesvd' has no rocSOLVER equivalent: rocsolver_sgesvd takes rocSOLVER's job enums (rocblas_svect), not cuSOLVER's signed char job letters; left untranslated

// cuSOLVER dense (link with -lcusolver): singular value decomposition A = U * S * V^T
// of a 40 x 30 matrix in single precision (all of U and V^T, workspace query, devInfo);
// checked on the host: the singular values are non-negative and descending, and
// U * diag(S) * V^T reproduces A.
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
  const int m = 40, n = 30; // cuSOLVER's gesvd needs m >= n.
  std::vector<float> A((size_t)m * n);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < m; ++r)
      A[r + (size_t)c * m] = std::sin(0.5f * r * (c + 1) + 0.2f) + (r == c ? 1.0f : 0.0f);

  float *dA, *dS, *dU, *dVT, *dWork;
  int *dInfo;
  CHECK_RT(cudaMalloc(&dA, A.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dS, n * sizeof(float)));
  CHECK_RT(cudaMalloc(&dU, (size_t)m * m * sizeof(float)));
  CHECK_RT(cudaMalloc(&dVT, (size_t)n * n * sizeof(float)));
  CHECK_RT(cudaMalloc(&dInfo, sizeof(int)));
  CHECK_RT(cudaMemcpy(dA, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipsolverDnHandle_t handle;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnCreate(&handle));
  // HIP-NEXT: int lwork = 0;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnSgesvd_bufferSize(handle, m, n, &lwork));
  // HIP: CHECK_SOLVER(hipsolverDnSgesvd(handle, 'A', 'A', m, n, dA, m, dS, dU, m, dVT, n,
  // HIP-NEXT: dWork, lwork, nullptr, dInfo));
  cusolverDnHandle_t handle;
  CHECK_SOLVER(cusolverDnCreate(&handle));
  int lwork = 0;
  CHECK_SOLVER(cusolverDnSgesvd_bufferSize(handle, m, n, &lwork));
  CHECK_RT(cudaMalloc(&dWork, lwork * sizeof(float)));
  // rwork (the unconverged superdiagonal) is not needed: nullptr.
  CHECK_SOLVER(cusolverDnSgesvd(handle, 'A', 'A', m, n, dA, m, dS, dU, m, dVT, n,
                                dWork, lwork, nullptr, dInfo));
  int info = -1;
  CHECK_RT(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<float> S(n), U((size_t)m * m), VT((size_t)n * n);
  CHECK_RT(cudaMemcpy(S.data(), dS, S.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_RT(cudaMemcpy(U.data(), dU, U.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_RT(cudaMemcpy(VT.data(), dVT, VT.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = info != 0;
  for (int k = 0; k < n; ++k)
    if (S[k] < 0 || (k > 0 && S[k] > S[k - 1] * (1 + 1e-6f)))
      ++bad;
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < m; ++r) {
      double sum = 0;
      for (int k = 0; k < n; ++k)
        sum += (double)U[r + (size_t)k * m] * S[k] * VT[k + (size_t)c * n];
      if (std::fabs(sum - A[r + (size_t)c * m]) > 1e-4 * (1 + S[0]))
        ++bad;
    }
  // HIP: CHECK_SOLVER(hipsolverDnDestroy(handle));
  CHECK_SOLVER(cusolverDnDestroy(handle));
  CHECK_RT(cudaFree(dWork));
  CHECK_RT(cudaFree(dInfo));
  CHECK_RT(cudaFree(dVT));
  CHECK_RT(cudaFree(dU));
  CHECK_RT(cudaFree(dS));
  CHECK_RT(cudaFree(dA));
  printf("gesvd %dx%d info=%d: %s (%d mismatches)\n", m, n, info, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
