// cuBLAS level 2: gemv (both transposes), ger, symv, trmv on doubles.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int m = 12, n = 9;
  std::vector<double> a(m * m), x(m), y(m);
  for (int i = 0; i < m * m; ++i) a[i] = ((i * 13) % 17) / 17.0 - 0.3;
  for (int i = 0; i < m; ++i) x[i] = 1.0 / (i + 1), y[i] = i * 0.25;
  double *dA, *dx, *dy;
  cudaMalloc(&dA, m * m * sizeof(double));
  cudaMalloc(&dx, m * sizeof(double));
  cudaMalloc(&dy, m * sizeof(double));
  cublasHandle_t h;
  CK(cublasCreate(&h));
  CK(cublasSetMatrix(m, m, sizeof(double), a.data(), m, dA, m));
  cudaMemcpy(dx, x.data(), m * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), m * sizeof(double), cudaMemcpyHostToDevice);
  const double one = 1.0, half = 0.5;
  CK(cublasDgemv(h, CUBLAS_OP_N, m, n, &one, dA, m, dx, 1, &half, dy, 1));
  CK(cublasDgemv(h, CUBLAS_OP_T, m, n, &half, dA, m, dy, 1, &one, dx, 1));
  CK(cublasDger(h, m, n, &half, dx, 1, dy, 1, dA, m));
  CK(cublasDsymv(h, CUBLAS_FILL_MODE_UPPER, m, &one, dA, m, dx, 1, &half, dy, 1));
  CK(cublasDtrmv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, m, dA, m, dy, 1));
  cudaMemcpy(y.data(), dy, m * sizeof(double), cudaMemcpyDeviceToHost);
  CK(cublasGetMatrix(m, m, sizeof(double), dA, m, a.data(), m));
  for (int i = 0; i < m; ++i) printf("y[%d] = %.10f\n", i, y[i]);
  printf("A(3,4) = %.10f\n", a[3 + 4 * m]);
  CK(cublasDestroy(h));
  return 0;
}
