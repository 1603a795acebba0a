// hipSPARSE on NVIDIA (cuSPARSE under HIP's names): the generic API (CSR
// matrix and dense vector descriptors, SpMV with its buffer) and the legacy
// one (matrix descriptor, COO to CSR); checked on the host.
// ROUNDTRIP-LIBS: -lhipsparse
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhipsparse
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define SP(call) CHECK(call, HIPSPARSE_STATUS_SUCCESS)

int main() {
  // A 4x4 tridiagonal matrix (2 on the diagonal, -1 beside it), in COO.
  const int n = 4, nnz = 10;
  std::vector<int> rows = {0, 0, 1, 1, 1, 2, 2, 2, 3, 3};
  std::vector<int> cols = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
  std::vector<float> vals = {2, -1, -1, 2, -1, -1, 2, -1, -1, 2};
  std::vector<float> x = {1, 2, 3, 4}, y(n, 0.0f);
  int *dRows, *dCols, *dOffsets;
  float *dVals, *dX, *dY;
  RT(hipMalloc(&dRows, nnz * sizeof(int)));
  RT(hipMalloc(&dCols, nnz * sizeof(int)));
  RT(hipMalloc(&dOffsets, (n + 1) * sizeof(int)));
  RT(hipMalloc(&dVals, nnz * sizeof(float)));
  RT(hipMalloc(&dX, n * sizeof(float)));
  RT(hipMalloc(&dY, n * sizeof(float)));
  RT(hipMemcpy(dRows, rows.data(), nnz * sizeof(int), hipMemcpyHostToDevice));
  RT(hipMemcpy(dCols, cols.data(), nnz * sizeof(int), hipMemcpyHostToDevice));
  RT(hipMemcpy(dVals, vals.data(), nnz * sizeof(float), hipMemcpyHostToDevice));
  RT(hipMemcpy(dX, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  RT(hipMemset(dY, 0, n * sizeof(float)));

  hipsparseHandle_t handle;
  SP(hipsparseCreate(&handle));
  hipsparseMatDescr_t descr;
  SP(hipsparseCreateMatDescr(&descr));
  SP(hipsparseSetMatType(descr, HIPSPARSE_MATRIX_TYPE_GENERAL));
  SP(hipsparseSetMatIndexBase(descr, HIPSPARSE_INDEX_BASE_ZERO));
  SP(hipsparseXcoo2csr(handle, dRows, nnz, n, dOffsets, HIPSPARSE_INDEX_BASE_ZERO));

  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t vx, vy;
  SP(hipsparseCreateCsr(&A, n, n, nnz, dOffsets, dCols, dVals, HIPSPARSE_INDEX_32I,
                        HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  SP(hipsparseCreateDnVec(&vx, n, dX, HIP_R_32F));
  SP(hipsparseCreateDnVec(&vy, n, dY, HIP_R_32F));
  const float one = 1.0f, zero = 0.0f;
  size_t size = 0;
  SP(hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy,
                              HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &size));
  void *buffer;
  RT(hipMalloc(&buffer, size + 1));
  SP(hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, HIP_R_32F,
                   HIPSPARSE_SPMV_ALG_DEFAULT, buffer));
  RT(hipMemcpy(y.data(), dY, n * sizeof(float), hipMemcpyDeviceToHost));
  std::vector<int> offsets(n + 1);
  RT(hipMemcpy(offsets.data(), dOffsets, (n + 1) * sizeof(int), hipMemcpyDeviceToHost));
  const float expected[] = {0, 0, 0, 5};
  const int expectedOffsets[] = {0, 2, 5, 8, 10};
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += y[i] != expected[i];
  for (int i = 0; i <= n; ++i) bad += offsets[i] != expectedOffsets[i];
  SP(hipsparseDestroySpMat(A));
  SP(hipsparseDestroyDnVec(vx));
  SP(hipsparseDestroyDnVec(vy));
  SP(hipsparseDestroyMatDescr(descr));
  SP(hipsparseDestroy(handle));
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
