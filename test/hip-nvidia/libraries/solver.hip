// hipSOLVER's dense API on NVIDIA (cuSOLVER under HIP's names): LU
// factorization and solve (getrf/getrs with their workspace query) and a
// Cholesky factorization (potrf) on a stream; checked on the host.
// ROUNDTRIP-LIBS: -lhipsolver
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhipsolver
#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>
#include <cmath>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define SOLVER(call) CHECK(call, HIPSOLVER_STATUS_SUCCESS)

int main() {
  // A = 4 on the diagonal, 1 elsewhere (symmetric positive definite); b = A * [1..n].
  const int n = 6;
  std::vector<double> a(n * n), b(n, 0.0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a[i + j * n] = i == j ? 4.0 : 1.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) b[i] += a[i + j * n] * (j + 1);
  double *dA, *dB, *work;
  int *ipiv, *info, lwork = 0;
  RT(hipMalloc(&dA, n * n * sizeof(double)));
  RT(hipMalloc(&dB, n * sizeof(double)));
  RT(hipMalloc(&ipiv, n * sizeof(int)));
  RT(hipMalloc(&info, sizeof(int)));
  RT(hipMemcpy(dA, a.data(), n * n * sizeof(double), hipMemcpyHostToDevice));
  RT(hipMemcpy(dB, b.data(), n * sizeof(double), hipMemcpyHostToDevice));
  hipsolverDnHandle_t handle;
  hipStream_t stream;
  SOLVER(hipsolverDnCreate(&handle));
  RT(hipStreamCreate(&stream));
  SOLVER(hipsolverDnSetStream(handle, stream));
  SOLVER(hipsolverDnDgetrf_bufferSize(handle, n, n, dA, n, &lwork));
  RT(hipMalloc(&work, (lwork + 1) * sizeof(double)));
  SOLVER(hipsolverDnDgetrf(handle, n, n, dA, n, work, ipiv, info));
  SOLVER(hipsolverDnDgetrs(handle, HIPSOLVER_OP_N, n, 1, dA, n, ipiv, dB, n, info));
  std::vector<double> x(n);
  int h_info = -1;
  RT(hipMemcpy(x.data(), dB, n * sizeof(double), hipMemcpyDeviceToHost));
  RT(hipMemcpy(&h_info, info, sizeof(int), hipMemcpyDeviceToHost));
  int bad = h_info != 0;
  for (int i = 0; i < n; ++i) bad += std::fabs(x[i] - (i + 1)) > 1e-10;

  // Cholesky: L(0,0) = 2.
  RT(hipMemcpy(dA, a.data(), n * n * sizeof(double), hipMemcpyHostToDevice));
  int plwork = 0;
  SOLVER(hipsolverDnDpotrf_bufferSize(handle, HIPSOLVER_FILL_MODE_LOWER, n, dA, n, &plwork));
  double *pwork;
  RT(hipMalloc(&pwork, (plwork + 1) * sizeof(double)));
  SOLVER(hipsolverDnDpotrf(handle, HIPSOLVER_FILL_MODE_LOWER, n, dA, n, pwork, plwork, info));
  std::vector<double> l(n * n);
  RT(hipMemcpy(l.data(), dA, n * n * sizeof(double), hipMemcpyDeviceToHost));
  RT(hipMemcpy(&h_info, info, sizeof(int), hipMemcpyDeviceToHost));
  bad += h_info != 0 || std::fabs(l[0] - 2.0) > 1e-12 || std::fabs(l[1] - 0.5) > 1e-12;
  SOLVER(hipsolverDnDestroy(handle));
  RT(hipStreamDestroy(stream));
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
