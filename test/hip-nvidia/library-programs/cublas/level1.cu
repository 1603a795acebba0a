// cuBLAS level 1: axpy, scal, copy, dot, nrm2, asum, iamax, iamin, swap, rot.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 100;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = 0.01f * ((i * 37) % 101) - 0.5f, y[i] = 0.02f * (i % 7);
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cublasHandle_t h;
  CK(cublasCreate(&h));
  CK(cublasSetVector(n, sizeof(float), x.data(), 1, dx, 1));
  CK(cublasSetVector(n, sizeof(float), y.data(), 1, dy, 1));
  float a = 2.5f, r = 0;
  int idx = 0;
  CK(cublasSaxpy(h, n, &a, dx, 1, dy, 1));
  CK(cublasSdot(h, n, dx, 1, dy, 1, &r));
  printf("dot %.5f\n", r);
  CK(cublasSnrm2(h, n, dy, 1, &r));
  printf("nrm2 %.5f\n", r);
  CK(cublasSasum(h, n, dx, 1, &r));
  printf("asum %.5f\n", r);
  CK(cublasIsamax(h, n, dx, 1, &idx));
  printf("iamax %d\n", idx);
  CK(cublasIsamin(h, n, dx, 1, &idx));
  printf("iamin %d\n", idx);
  a = -0.5f;
  CK(cublasSscal(h, n, &a, dx, 1));
  CK(cublasSswap(h, n, dx, 1, dy, 1));
  float c = 0.6f, s = 0.8f;
  CK(cublasSrot(h, n, dx, 1, dy, 1, &c, &s));
  CK(cublasScopy(h, n / 2, dx, 2, dy, 1));
  CK(cublasGetVector(n, sizeof(float), dy, 1, y.data(), 1));
  for (int i = 0; i < n; i += 9) printf("y[%d] = %.5f\n", i, y[i]);
  CK(cublasDestroy(h));
  return 0;
}
