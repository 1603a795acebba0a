// cuSPARSE generic conversions: dense to CSR (analysis, then convert) and
// CSR back to dense, with dense-matrix descriptors.
#include <cusparse.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSPARSE_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int m = 5, n = 4;
  std::vector<float> dense(m * n, 0.0f);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if ((i * j) % 3 == 1) dense[i * n + j] = 1.0f + i + 0.1f * j;
  float *dD, *dBack;
  cudaMalloc(&dD, m * n * sizeof(float)); cudaMalloc(&dBack, m * n * sizeof(float));
  cudaMemcpy(dD, dense.data(), m * n * sizeof(float), cudaMemcpyHostToDevice);
  int *offsets;
  cudaMalloc(&offsets, (m + 1) * sizeof(int));
  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  cusparseDnMatDescr_t D, B;
  cusparseSpMatDescr_t S;
  CK(cusparseCreateDnMat(&D, m, n, n, dD, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  CK(cusparseCreateCsr(&S, m, n, 0, offsets, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  size_t size = 0;
  CK(cusparseDenseToSparse_bufferSize(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size));
  void *buf;
  cudaMalloc(&buf, size + 8);
  CK(cusparseDenseToSparse_analysis(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
  int64_t rows, cols, nnz;
  CK(cusparseSpMatGetSize(S, &rows, &cols, &nnz));
  int *cols_idx;
  float *vals;
  cudaMalloc(&cols_idx, nnz * sizeof(int)); cudaMalloc(&vals, nnz * sizeof(float));
  CK(cusparseCsrSetPointers(S, offsets, cols_idx, vals));
  CK(cusparseDenseToSparse_convert(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
  std::vector<int> ho(m + 1), hc(nnz);
  std::vector<float> hv(nnz);
  cudaMemcpy(ho.data(), offsets, (m + 1) * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(hc.data(), cols_idx, nnz * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(hv.data(), vals, nnz * sizeof(float), cudaMemcpyDeviceToHost);
  printf("nnz %lld\noffsets:", (long long)nnz);
  for (int x : ho) printf(" %d", x);
  printf("\n");
  for (int i = 0; i < nnz; ++i) printf("(%d, %.2f)\n", hc[i], hv[i]);
  CK(cusparseCreateDnMat(&B, m, n, n, dBack, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  size_t size2 = 0;
  CK(cusparseSparseToDense_bufferSize(h, S, B, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &size2));
  void *buf2;
  cudaMalloc(&buf2, size2 + 8);
  CK(cusparseSparseToDense(h, S, B, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, buf2));
  std::vector<float> back(m * n);
  cudaMemcpy(back.data(), dBack, m * n * sizeof(float), cudaMemcpyDeviceToHost);
  int same = back == dense;
  printf("round trip same: %d\n", same);
  CK(cusparseDestroyDnMat(D));
  CK(cusparseDestroyDnMat(B));
  CK(cusparseDestroySpMat(S));
  CK(cusparseDestroy(h));
  return 0;
}
