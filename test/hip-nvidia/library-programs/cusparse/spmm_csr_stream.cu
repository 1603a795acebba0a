// cuSPARSE generic SpMM: CSR times a column-major dense matrix on a stream,
// with SpMM's buffer; then the same product with B transposed.
#include <cusparse.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSPARSE_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int m = 4, k = 4, n = 3;
  int offs[m + 1] = {0, 2, 3, 5, 6};
  int cols[6] = {0, 2, 1, 0, 3, 2};
  float vals[6] = {1, 2, 3, 4, 5, 6};
  std::vector<float> b(k * n), c(m * n, 0.0f);
  for (int i = 0; i < k * n; ++i) b[i] = 0.5f * i;
  int *dOffs, *dCols;
  float *dVals, *dB, *dC;
  cudaMalloc(&dOffs, sizeof(offs)); cudaMalloc(&dCols, sizeof(cols)); cudaMalloc(&dVals, sizeof(vals));
  cudaMalloc(&dB, k * n * 4); cudaMalloc(&dC, m * n * 4);
  cudaMemcpy(dOffs, offs, sizeof(offs), cudaMemcpyHostToDevice);
  cudaMemcpy(dCols, cols, sizeof(cols), cudaMemcpyHostToDevice);
  cudaMemcpy(dVals, vals, sizeof(vals), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), k * n * 4, cudaMemcpyHostToDevice);
  cudaMemset(dC, 0, m * n * 4);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  CK(cusparseSetStream(h, s));
  cusparseSpMatDescr_t A;
  cusparseDnMatDescr_t B, C;
  CK(cusparseCreateCsr(&A, m, k, 6, dOffs, dCols, dVals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CK(cusparseCreateDnMat(&B, k, n, k, dB, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CK(cusparseCreateDnMat(&C, m, n, m, dC, CUDA_R_32F, CUSPARSE_ORDER_COL));
  float alpha = 1.0f, beta = 0.0f;
  size_t size = 0;
  CK(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, &beta, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &size));
  void *buf;
  cudaMalloc(&buf, size + 8);
  CK(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, &beta, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buf));
  cudaMemcpyAsync(c.data(), dC, m * n * 4, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int i = 0; i < m; ++i) printf("%.2f %.2f %.2f\n", c[i], c[i + m], c[i + 2 * m]);
  CK(cusparseDestroySpMat(A));
  CK(cusparseDestroyDnMat(B));
  CK(cusparseDestroyDnMat(C));
  CK(cusparseDestroy(h));
  cudaStreamDestroy(s);
  return 0;
}
