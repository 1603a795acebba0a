// cuSPARSE generic sparse-vector API: axpby, gather, scatter, SpVV (dot).
#include <cusparse.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSPARSE_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 16, nnz = 5;
  int idx[nnz] = {0, 3, 7, 8, 15};
  float val[nnz] = {1.5f, -2.0f, 0.25f, 4.0f, 3.0f};
  std::vector<float> y(n);
  for (int i = 0; i < n; ++i) y[i] = 0.5f * i;
  int *di;
  float *dv, *dy;
  cudaMalloc(&di, sizeof(idx)); cudaMalloc(&dv, sizeof(val)); cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(di, idx, sizeof(idx), cudaMemcpyHostToDevice);
  cudaMemcpy(dv, val, sizeof(val), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  cusparseSpVecDescr_t vx;
  cusparseDnVecDescr_t vy;
  CK(cusparseCreateSpVec(&vx, n, nnz, di, dv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CK(cusparseCreateDnVec(&vy, n, dy, CUDA_R_32F));
  float alpha = 2.0f, beta = -1.0f, dot = 0;
  CK(cusparseAxpby(h, &alpha, vx, &beta, vy));
  size_t size = 0;
  CK(cusparseSpVV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, vx, vy, &dot, CUDA_R_32F, &size));
  void *buf;
  cudaMalloc(&buf, size + 8);
  CK(cusparseSpVV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, vx, vy, &dot, CUDA_R_32F, buf));
  printf("dot %.4f\n", dot);
  CK(cusparseGather(h, vy, vx));
  cudaMemcpy(val, dv, sizeof(val), cudaMemcpyDeviceToHost);
  for (int i = 0; i < nnz; ++i) printf("gathered %.4f\n", val[i]);
  cudaMemset(dy, 0, n * sizeof(float));
  CK(cusparseScatter(h, vx, vy));
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("%.2f ", y[i]);
  printf("\n");
  CK(cusparseDestroySpVec(vx));
  CK(cusparseDestroyDnVec(vy));
  CK(cusparseDestroy(h));
  return 0;
}
