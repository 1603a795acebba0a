// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusparse|CUSPARSE}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// rocSPARSE's generic API is not cuSPARSE's (descriptors take a rocsparse_datatype,
// rocsparse_spmv a stage argument): --roc translates the handle and enumerators and
// reports the generic calls instead of writing calls that would not compile.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN
// ROCWARN: warning: 'cusparseCreateCsr' has no rocSPARSE equivalent; left untranslated
// ROCWARN: warning: 'cusparseSpMV_bufferSize' has no rocSPARSE equivalent; left untranslated
// ROCWARN: warning: 'cusparseSpMV' has no rocSPARSE equivalent; left untranslated
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC
// ROC: #include <rocsparse/rocsparse.h>
// ROC: rocsparse_handle handle;
// ROC: rocsparse_create_handle(&handle)
// ROC: rocsparse_destroy_spmat_descr(matA)
// ROC: rocsparse_destroy_dnvec_descr(vecX)

// cuSPARSE generic API (link with -lcusparse): y = alpha * A * x + beta * y for a
// CSR matrix A (a 1D Laplacian-like band, 1000 x 1000, 2998 non-zeros) in single
// precision, with the SpMV buffer-size query; checked against a host CSR loop.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipsparse/hipsparse.h>
#include <cuda_runtime.h>
#include <cusparse.h>
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
// HIP: #define CHECK_SPARSE(call)
// HIP-NEXT: do {
// HIP-NEXT: hipsparseStatus_t s = (call);
// HIP-NEXT: if (s != HIPSPARSE_STATUS_SUCCESS) {
#define CHECK_SPARSE(call)                                                     \
  do {                                                                         \
    cusparseStatus_t s = (call);                                               \
    if (s != CUSPARSE_STATUS_SUCCESS) {                                        \
      fprintf(stderr, "cuSPARSE error %d at %s:%d\n", (int)s, __FILE__,        \
              __LINE__);                                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 1000;
  std::vector<int> rowPtr(n + 1), colInd;
  std::vector<float> values, x(n), y(n);
  for (int i = 0; i < n; ++i) {
    rowPtr[i] = (int)colInd.size();
    for (int j = i - 1; j <= i + 1; ++j)
      if (j >= 0 && j < n) {
        colInd.push_back(j);
        values.push_back(j == i ? 2.0f + 0.001f * i : -1.0f + 0.0005f * j);
      }
    x[i] = std::sin(0.01f * i);
    y[i] = 0.5f * std::cos(0.02f * i);
  }
  rowPtr[n] = (int)colInd.size();
  const int nnz = rowPtr[n];
  const float alpha = 1.5f, beta = -0.5f;

  int *dRowPtr, *dColInd;
  float *dValues, *dX, *dY;
  CHECK_RT(cudaMalloc(&dRowPtr, (n + 1) * sizeof(int)));
  CHECK_RT(cudaMalloc(&dColInd, nnz * sizeof(int)));
  CHECK_RT(cudaMalloc(&dValues, nnz * sizeof(float)));
  CHECK_RT(cudaMalloc(&dX, n * sizeof(float)));
  CHECK_RT(cudaMalloc(&dY, n * sizeof(float)));
  CHECK_RT(cudaMemcpy(dRowPtr, rowPtr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dColInd, colInd.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dValues, values.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dX, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dY, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipsparseHandle_t handle;
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreate(&handle));
  // HIP-NEXT: hipsparseSpMatDescr_t matA;
  // HIP-NEXT: hipsparseDnVecDescr_t vecX, vecY;
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateCsr(&matA, n, n, nnz, dRowPtr, dColInd, dValues,
  // HIP-NEXT: HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
  // HIP-NEXT: HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateDnVec(&vecX, n, dX, HIP_R_32F));
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateDnVec(&vecY, n, dY, HIP_R_32F));
  cusparseHandle_t handle;
  CHECK_SPARSE(cusparseCreate(&handle));
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  CHECK_SPARSE(cusparseCreateCsr(&matA, n, n, nnz, dRowPtr, dColInd, dValues,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_SPARSE(cusparseCreateDnVec(&vecX, n, dX, CUDA_R_32F));
  CHECK_SPARSE(cusparseCreateDnVec(&vecY, n, dY, CUDA_R_32F));

  // HIP: CHECK_SPARSE(hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE,
  // HIP-NEXT: &alpha, matA, vecX, &beta, vecY, HIP_R_32F,
  // HIP-NEXT: HIPSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  size_t bufferSize = 0;
  CHECK_SPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                       &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
                                       CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  void *dBuffer = nullptr;
  CHECK_RT(cudaMalloc(&dBuffer, bufferSize));
  // HIP: CHECK_SPARSE(hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA,
  // HIP-NEXT: vecX, &beta, vecY, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT,
  // HIP-NEXT: dBuffer));
  CHECK_SPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA,
                            vecX, &beta, vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                            dBuffer));
  std::vector<float> result(n);
  CHECK_RT(cudaMemcpy(result.data(), dY, n * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int k = rowPtr[i]; k < rowPtr[i + 1]; ++k)
      sum += (double)values[k] * x[colInd[k]];
    double expected = alpha * sum + beta * y[i];
    if (std::fabs(result[i] - expected) > 1e-4 * (1 + std::fabs(expected)))
      ++bad;
  }
  // HIP: CHECK_SPARSE(hipsparseDestroySpMat(matA));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroyDnVec(vecX));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroyDnVec(vecY));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroy(handle));
  CHECK_SPARSE(cusparseDestroySpMat(matA));
  CHECK_SPARSE(cusparseDestroyDnVec(vecX));
  CHECK_SPARSE(cusparseDestroyDnVec(vecY));
  CHECK_SPARSE(cusparseDestroy(handle));
  CHECK_RT(cudaFree(dBuffer));
  CHECK_RT(cudaFree(dRowPtr));
  CHECK_RT(cudaFree(dColInd));
  CHECK_RT(cudaFree(dValues));
  CHECK_RT(cudaFree(dX));
  CHECK_RT(cudaFree(dY));
  printf("CSR SpMV n=%d nnz=%d: %s (%d mismatches)\n", n, nnz, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
