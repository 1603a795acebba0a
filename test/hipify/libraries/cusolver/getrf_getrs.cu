// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusolver|CUSOLVER|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// --roc: the factorization becomes rocsolver_sgetrf without its workspace, but
// rocsolver_sgetrs has no devInfo argument, so the solve is reported with that reason.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN --implicit-check-not=warning:
// ROCWARN: getrf_getrs.cu:[[@LINE+71]]:16: warning: 'cusolverDnSgetrs' has no rocSOLVER equivalent: rocsolver_sgetrs(handle, trans, n, nrhs, A, lda, ipiv, B, ldb) takes other arguments than cusolverDnSgetrs; left untranslated
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC
// ROC: CHECK_SOLVER((*(&lwork) = 0, rocblas_status_success));
// ROC: CHECK_SOLVER(rocsolver_sgetrf(handle, n, n, dA, n, dIpiv, dInfo));

// cuSOLVER dense (link with -lcusolver): solves A * X = B for a general 50 x 50 matrix
// and two right-hand sides in single precision, LU factorization with partial pivoting
// (getrf, with its workspace query) then the solve (getrs), checking devInfo after each;
// the solution is checked by the residual A * X - B on the host.
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
  const int n = 50, nrhs = 2;
  std::vector<float> A((size_t)n * n), B((size_t)n * nrhs);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r)
      A[r + (size_t)c * n] = std::cos(0.3f * r + 0.7f * c) + (r == c ? 4.0f : 0.0f);
  for (int i = 0; i < n * nrhs; ++i)
    B[i] = std::sin(0.1f * i);

  float *dA, *dB;
  int *dIpiv, *dInfo;
  CHECK_RT(cudaMalloc(&dA, A.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dB, B.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dIpiv, n * sizeof(int)));
  CHECK_RT(cudaMalloc(&dInfo, sizeof(int)));
  CHECK_RT(cudaMemcpy(dA, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipsolverDnHandle_t handle;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnCreate(&handle));
  // HIP-NEXT: int lwork = 0;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnSgetrf_bufferSize(handle, n, n, dA, n, &lwork));
  // HIP: CHECK_SOLVER(hipsolverDnSgetrf(handle, n, n, dA, n, dWork, dIpiv, dInfo));
  cusolverDnHandle_t handle;
  CHECK_SOLVER(cusolverDnCreate(&handle));
  int lwork = 0;
  CHECK_SOLVER(cusolverDnSgetrf_bufferSize(handle, n, n, dA, n, &lwork));
  float *dWork;
  CHECK_RT(cudaMalloc(&dWork, lwork * sizeof(float)));
  CHECK_SOLVER(cusolverDnSgetrf(handle, n, n, dA, n, dWork, dIpiv, dInfo));
  int info = -1;
  CHECK_RT(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = info != 0;
  // HIP: CHECK_SOLVER(hipsolverDnSgetrs(handle, HIPBLAS_OP_N, n, nrhs, dA, n, dIpiv, dB, n, dInfo));
  CHECK_SOLVER(cusolverDnSgetrs(handle, CUBLAS_OP_N, n, nrhs, dA, n, dIpiv, dB, n, dInfo));
  CHECK_RT(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
  bad += info != 0;
  std::vector<float> X(B.size());
  CHECK_RT(cudaMemcpy(X.data(), dB, X.size() * sizeof(float), cudaMemcpyDeviceToHost));

  for (int j = 0; j < nrhs; ++j)
    for (int r = 0; r < n; ++r) {
      double sum = 0;
      for (int c = 0; c < n; ++c)
        sum += (double)A[r + (size_t)c * n] * X[c + (size_t)j * n];
      if (std::fabs(sum - B[r + (size_t)j * n]) > 1e-4)
        ++bad;
    }
  // HIP: CHECK_SOLVER(hipsolverDnDestroy(handle));
  CHECK_SOLVER(cusolverDnDestroy(handle));
  CHECK_RT(cudaFree(dWork));
  CHECK_RT(cudaFree(dInfo));
  CHECK_RT(cudaFree(dIpiv));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dA));
  printf("getrf + getrs n=%d nrhs=%d: %s (%d mismatches)\n", n, nrhs, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
