// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusolver|CUSOLVER|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|cusolver|CUSOLVER|cublas|CUBLAS|hipsolver|HIPSOLVER}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cuSOLVER dense (link with -lcusolver): Cholesky factorization A = L * L^T of a
// symmetric positive definite 64 x 64 matrix in double precision, with the workspace
// query and devInfo; L is checked against a host Cholesky. rocSOLVER (--roc) takes its
// workspace from the rocBLAS handle: the query answers 0 and the call loses its
// workspace arguments.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipsolver/hipsolver.h>
// ROC: #include <hip/hip_runtime.h>
// ROC: #include <rocsolver/rocsolver.h>
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
// ROC: rocblas_status s = (call);
// ROC-NEXT: if (s != rocblas_status_success) {
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
  const int n = 64;
  // A = B * B^T + n * I, column-major.
  std::vector<double> B((size_t)n * n), A((size_t)n * n);
  for (int i = 0; i < n * n; ++i)
    B[i] = std::sin(0.37 * i) + 0.1 * (i % 5);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r) {
      double sum = r == c ? n : 0.0;
      for (int k = 0; k < n; ++k)
        sum += B[r + (size_t)k * n] * B[c + (size_t)k * n];
      A[r + (size_t)c * n] = sum;
    }

  double *dA;
  int *dInfo;
  CHECK_RT(cudaMalloc(&dA, A.size() * sizeof(double)));
  CHECK_RT(cudaMalloc(&dInfo, sizeof(int)));
  CHECK_RT(cudaMemcpy(dA, A.data(), A.size() * sizeof(double), cudaMemcpyHostToDevice));

  // HIP: hipsolverDnHandle_t handle;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnCreate(&handle));
  // HIP-NEXT: int lwork = 0;
  // HIP-NEXT: CHECK_SOLVER(hipsolverDnDpotrf_bufferSize(handle, HIPBLAS_FILL_MODE_LOWER, n, dA, n, &lwork));
  // HIP: CHECK_SOLVER(hipsolverDnDpotrf(handle, HIPBLAS_FILL_MODE_LOWER, n, dA, n, dWork, lwork, dInfo));
  // ROC: rocblas_handle handle;
  // ROC-NEXT: CHECK_SOLVER(rocblas_create_handle(&handle));
  // ROC-NEXT: int lwork = 0;
  // ROC-NEXT: CHECK_SOLVER((*(&lwork) = 0, rocblas_status_success));
  // ROC: CHECK_SOLVER(rocsolver_dpotrf(handle, rocblas_fill_lower, n, dA, n, dInfo));
  cusolverDnHandle_t handle;
  CHECK_SOLVER(cusolverDnCreate(&handle));
  int lwork = 0;
  CHECK_SOLVER(cusolverDnDpotrf_bufferSize(handle, CUBLAS_FILL_MODE_LOWER, n, dA, n, &lwork));
  double *dWork;
  CHECK_RT(cudaMalloc(&dWork, lwork * sizeof(double)));
  CHECK_SOLVER(cusolverDnDpotrf(handle, CUBLAS_FILL_MODE_LOWER, n, dA, n, dWork, lwork, dInfo));
  int info = -1;
  CHECK_RT(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<double> L(A.size());
  CHECK_RT(cudaMemcpy(L.data(), dA, L.size() * sizeof(double), cudaMemcpyDeviceToHost));

  // Host Cholesky of A's lower triangle.
  std::vector<double> H(A);
  for (int j = 0; j < n; ++j) {
    double d = H[j + (size_t)j * n];
    for (int k = 0; k < j; ++k)
      d -= H[j + (size_t)k * n] * H[j + (size_t)k * n];
    d = std::sqrt(d);
    H[j + (size_t)j * n] = d;
    for (int i = j + 1; i < n; ++i) {
      double v = H[i + (size_t)j * n];
      for (int k = 0; k < j; ++k)
        v -= H[i + (size_t)k * n] * H[j + (size_t)k * n];
      H[i + (size_t)j * n] = v / d;
    }
  }
  int bad = info != 0;
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i)
      if (std::fabs(L[i + (size_t)j * n] - H[i + (size_t)j * n]) >
          1e-9 * (1 + std::fabs(H[i + (size_t)j * n])))
        ++bad;
  // HIP: CHECK_SOLVER(hipsolverDnDestroy(handle));
  // ROC: CHECK_SOLVER(rocblas_destroy_handle(handle));
  CHECK_SOLVER(cusolverDnDestroy(handle));
  CHECK_RT(cudaFree(dWork));
  CHECK_RT(cudaFree(dInfo));
  CHECK_RT(cudaFree(dA));
  printf("potrf n=%d info=%d: %s (%d mismatches)\n", n, info, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
