// cuSPARSE generic API: SpMV on a COO matrix (double) with the transposed
// operation too, alpha and beta on the host.
#include <cusparse.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSPARSE_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 6;
  std::vector<int> r, c;
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if ((i + 2 * j) % 3 == 0) r.push_back(i), c.push_back(j), v.push_back(1.0 + i - 0.5 * j);
  int nnz = (int)v.size();
  std::vector<double> x(n), y(n, 1.0);
  for (int i = 0; i < n; ++i) x[i] = 0.5 * i - 1;
  int *dr, *dc;
  double *dv, *dx, *dy;
  cudaMalloc(&dr, nnz * sizeof(int)); cudaMalloc(&dc, nnz * sizeof(int)); cudaMalloc(&dv, nnz * sizeof(double));
  cudaMalloc(&dx, n * sizeof(double)); cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dr, r.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dv, v.data(), nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  CK(cusparseCreateCoo(&A, n, n, nnz, dr, dc, dv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CK(cusparseCreateDnVec(&vx, n, dx, CUDA_R_64F));
  CK(cusparseCreateDnVec(&vy, n, dy, CUDA_R_64F));
  double alpha = 2.0, beta = 0.5;
  for (cusparseOperation_t op : {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE}) {
    size_t size = 0;
    CK(cusparseSpMV_bufferSize(h, op, &alpha, A, vx, &beta, vy, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &size));
    void *buf;
    cudaMalloc(&buf, size + 8);
    CK(cusparseSpMV(h, op, &alpha, A, vx, &beta, vy, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
    cudaMemcpy(y.data(), dy, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("%.6f ", y[i]);
    printf("\n");
    cudaFree(buf);
  }
  int64_t rows, cols, nz;
  CK(cusparseSpMatGetSize(A, &rows, &cols, &nz));
  printf("%lld x %lld, %lld non-zeros\n", (long long)rows, (long long)cols, (long long)nz);
  CK(cusparseDestroySpMat(A));
  CK(cusparseDestroyDnVec(vx));
  CK(cusparseDestroyDnVec(vy));
  CK(cusparseDestroy(h));
  return 0;
}
