// hipSOLVER's sparse API on NVIDIA (cuSOLVER's cusolverSp.h under HIP's
// names), shaped like CUDA's cuSolverSp_LinearSolver sample once translated: a
// CSR matrix with hipSPARSE's matrix descriptor, solved by QR and by Cholesky
// on the device (hipsolverSpDcsrlsvqr, hipsolverSpDcsrlsvchol) and by
// Cholesky on the host (hipsolverSpDcsrlsvcholHost) on a stream; checked on
// the host. CUDA 13 still declares cusolverSp.h's functions (deprecated in
// favour of cuDSS): the wrappers call them without a warning.
// ROUNDTRIP-LIBS: -lhipsolver
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t -lhipsolver
#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>
#include <cmath>
#include <cstdio>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define SOLVER(call) CHECK(call, HIPSOLVER_STATUS_SUCCESS)
#define SP(call) CHECK(call, HIPSPARSE_STATUS_SUCCESS)

int main() {
  // A 5x5 tridiagonal matrix (4 on the diagonal, -1 beside it: symmetric
  // positive definite) in CSR; b = A * (1, 2, 3, 4, 5).
  const int n = 5;
  std::vector<int> offsets = {0}, columns;
  std::vector<double> values, b(n, 0.0);
  for (int i = 0; i < n; ++i) {
    for (int j = i - 1; j <= i + 1; ++j) {
      if (j < 0 || j >= n) continue;
      columns.push_back(j);
      values.push_back(i == j ? 4.0 : -1.0);
      b[i] += values.back() * (j + 1);
    }
    offsets.push_back(static_cast<int>(columns.size()));
  }
  const int nnz = static_cast<int>(values.size());
  int *dOffsets, *dColumns;
  double *dValues, *dB, *dX;
  RT(hipMalloc(&dOffsets, (n + 1) * sizeof(int)));
  RT(hipMalloc(&dColumns, nnz * sizeof(int)));
  RT(hipMalloc(&dValues, nnz * sizeof(double)));
  RT(hipMalloc(&dB, n * sizeof(double)));
  RT(hipMalloc(&dX, n * sizeof(double)));
  RT(hipMemcpy(dOffsets, offsets.data(), (n + 1) * sizeof(int), hipMemcpyHostToDevice));
  RT(hipMemcpy(dColumns, columns.data(), nnz * sizeof(int), hipMemcpyHostToDevice));
  RT(hipMemcpy(dValues, values.data(), nnz * sizeof(double), hipMemcpyHostToDevice));
  RT(hipMemcpy(dB, b.data(), n * sizeof(double), hipMemcpyHostToDevice));

  hipStream_t stream;
  RT(hipStreamCreate(&stream));
  hipsolverSpHandle_t handle;
  SOLVER(hipsolverSpCreate(&handle));
  SOLVER(hipsolverSpSetStream(handle, stream));
  hipsparseMatDescr_t descr;
  SP(hipsparseCreateMatDescr(&descr));
  SP(hipsparseSetMatType(descr, HIPSPARSE_MATRIX_TYPE_GENERAL));
  SP(hipsparseSetMatIndexBase(descr, HIPSPARSE_INDEX_BASE_ZERO));

  bool ok = true;
  auto check = [&](const char *what, const std::vector<double> &x, int singularity) {
    printf("%s: singularity %d, x =", what, singularity);
    for (int i = 0; i < n; ++i) {
      printf(" %.6f", x[i]);
      ok = ok && std::fabs(x[i] - (i + 1)) < 1e-9;
    }
    printf("\n");
    ok = ok && singularity == -1;
  };
  std::vector<double> x(n);
  int singularity = 0;
  SOLVER(hipsolverSpDcsrlsvqr(handle, n, nnz, descr, dValues, dOffsets, dColumns, dB, 1e-12, 0,
                              dX, &singularity));
  RT(hipStreamSynchronize(stream));
  RT(hipMemcpy(x.data(), dX, n * sizeof(double), hipMemcpyDeviceToHost));
  check("csrlsvqr", x, singularity);

  RT(hipMemset(dX, 0, n * sizeof(double)));
  SOLVER(hipsolverSpDcsrlsvchol(handle, n, nnz, descr, dValues, dOffsets, dColumns, dB, 1e-12,
                                0, dX, &singularity));
  RT(hipStreamSynchronize(stream));
  RT(hipMemcpy(x.data(), dX, n * sizeof(double), hipMemcpyDeviceToHost));
  check("csrlsvchol", x, singularity);

  std::fill(x.begin(), x.end(), 0.0);
  SOLVER(hipsolverSpDcsrlsvcholHost(handle, n, nnz, descr, values.data(), offsets.data(),
                                    columns.data(), b.data(), 1e-12, 0, x.data(),
                                    &singularity));
  check("csrlsvcholHost", x, singularity);

  SP(hipsparseDestroyMatDescr(descr));
  SOLVER(hipsolverSpDestroy(handle));
  RT(hipStreamDestroy(stream));
  RT(hipFree(dOffsets));
  RT(hipFree(dColumns));
  RT(hipFree(dValues));
  RT(hipFree(dB));
  RT(hipFree(dX));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
