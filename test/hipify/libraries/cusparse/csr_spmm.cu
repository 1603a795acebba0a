// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cusparse|CUSPARSE}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// rocSPARSE's generic API is not cuSPARSE's (rocsparse_spmm has a stage argument and its
// descriptors a rocsparse_datatype): --roc reports those calls.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN
// ROCWARN: warning: 'cusparseCreateDnMat' has no rocSPARSE equivalent; left untranslated
// ROCWARN: warning: 'cusparseSpMM_bufferSize' has no rocSPARSE equivalent; left untranslated
// ROCWARN: warning: 'cusparseSpMM' has no rocSPARSE equivalent; left untranslated

// cuSPARSE generic API (link with -lcusparse): C = alpha * A * B + beta * C for a CSR
// matrix A (300 x 200, about 10% non-zeros) and dense column-major B (200 x 16) and
// C (300 x 16), single precision, with the SpMM buffer-size query; checked against a
// host loop.
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
// HIP: hipsparseStatus_t s = (call);
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
  const int m = 300, k = 200, n = 16;
  std::vector<int> rowPtr(m + 1), colInd;
  std::vector<float> values, B((size_t)k * n), C((size_t)m * n);
  unsigned seed = 12345;
  auto next = [&seed]() { seed = seed * 1103515245u + 12345u; return (seed >> 8) & 0xffff; };
  for (int i = 0; i < m; ++i) {
    rowPtr[i] = (int)colInd.size();
    for (int j = 0; j < k; ++j)
      if (next() % 10 == 0) {
        colInd.push_back(j);
        values.push_back((float)(next() % 200) / 100.0f - 1.0f);
      }
  }
  rowPtr[m] = (int)colInd.size();
  for (float &b : B) b = (float)(next() % 200) / 100.0f - 1.0f;
  for (float &c : C) c = (float)(next() % 200) / 100.0f - 1.0f;
  const int nnz = rowPtr[m];
  const float alpha = 0.75f, beta = 2.0f;

  int *dRowPtr, *dColInd;
  float *dValues, *dB, *dC;
  CHECK_RT(cudaMalloc(&dRowPtr, (m + 1) * sizeof(int)));
  CHECK_RT(cudaMalloc(&dColInd, nnz * sizeof(int)));
  CHECK_RT(cudaMalloc(&dValues, nnz * sizeof(float)));
  CHECK_RT(cudaMalloc(&dB, B.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dC, C.size() * sizeof(float)));
  CHECK_RT(cudaMemcpy(dRowPtr, rowPtr.data(), (m + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dColInd, colInd.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dValues, values.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dC, C.data(), C.size() * sizeof(float), cudaMemcpyHostToDevice));

  // HIP: hipsparseHandle_t handle;
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreate(&handle));
  // HIP-NEXT: hipsparseSpMatDescr_t matA;
  // HIP-NEXT: hipsparseDnMatDescr_t matB, matC;
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateCsr(&matA, m, k, nnz, dRowPtr, dColInd, dValues,
  // HIP-NEXT: HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
  // HIP-NEXT: HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateDnMat(&matB, k, n, k, dB, HIP_R_32F, HIPSPARSE_ORDER_COL));
  // HIP-NEXT: CHECK_SPARSE(hipsparseCreateDnMat(&matC, m, n, m, dC, HIP_R_32F, HIPSPARSE_ORDER_COL));
  cusparseHandle_t handle;
  CHECK_SPARSE(cusparseCreate(&handle));
  cusparseSpMatDescr_t matA;
  cusparseDnMatDescr_t matB, matC;
  CHECK_SPARSE(cusparseCreateCsr(&matA, m, k, nnz, dRowPtr, dColInd, dValues,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_SPARSE(cusparseCreateDnMat(&matB, k, n, k, dB, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_SPARSE(cusparseCreateDnMat(&matC, m, n, m, dC, CUDA_R_32F, CUSPARSE_ORDER_COL));

  // HIP: CHECK_SPARSE(hipsparseSpMM_bufferSize(
  // HIP-NEXT: handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,
  // HIP-NEXT: &alpha, matA, matB, &beta, matC, HIP_R_32F, HIPSPARSE_SPMM_ALG_DEFAULT, &bufferSize));
  size_t bufferSize = 0;
  CHECK_SPARSE(cusparseSpMM_bufferSize(
      handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
      &alpha, matA, matB, &beta, matC, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bufferSize));
  void *dBuffer = nullptr;
  CHECK_RT(cudaMalloc(&dBuffer, bufferSize));
  // HIP: CHECK_SPARSE(hipsparseSpMM(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE,
  // HIP-NEXT: HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, matB, &beta,
  // HIP-NEXT: matC, HIP_R_32F, HIPSPARSE_SPMM_ALG_DEFAULT, dBuffer));
  CHECK_SPARSE(cusparseSpMM(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                            CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, matB, &beta,
                            matC, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, dBuffer));
  std::vector<float> result(C.size());
  CHECK_RT(cudaMemcpy(result.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int col = 0; col < n; ++col)
    for (int i = 0; i < m; ++i) {
      double sum = 0;
      for (int p = rowPtr[i]; p < rowPtr[i + 1]; ++p)
        sum += (double)values[p] * B[(size_t)col * k + colInd[p]];
      double expected = alpha * sum + beta * C[(size_t)col * m + i];
      if (std::fabs(result[(size_t)col * m + i] - expected) > 1e-4 * (1 + std::fabs(expected)))
        ++bad;
    }
  // HIP: CHECK_SPARSE(hipsparseDestroySpMat(matA));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroyDnMat(matB));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroyDnMat(matC));
  // HIP-NEXT: CHECK_SPARSE(hipsparseDestroy(handle));
  CHECK_SPARSE(cusparseDestroySpMat(matA));
  CHECK_SPARSE(cusparseDestroyDnMat(matB));
  CHECK_SPARSE(cusparseDestroyDnMat(matC));
  CHECK_SPARSE(cusparseDestroy(handle));
  CHECK_RT(cudaFree(dBuffer));
  CHECK_RT(cudaFree(dRowPtr));
  CHECK_RT(cudaFree(dColInd));
  CHECK_RT(cudaFree(dValues));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  printf("CSR SpMM %dx%d * %dx%d nnz=%d: %s (%d mismatches)\n", m, k, k, n, nnz,
         bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
