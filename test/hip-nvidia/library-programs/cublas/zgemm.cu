// cuBLAS complex double GEMM and ZAXPY with cuDoubleComplex scalars.
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 10;
  std::vector<cuDoubleComplex> a(n * n), b(n * n), c(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = make_cuDoubleComplex((i % 7) * 0.5, (i % 3) * -0.25);
    b[i] = make_cuDoubleComplex((i % 5) * 0.2, 1.0 / (1 + i % 4));
  }
  cuDoubleComplex *dA, *dB, *dC;
  size_t bytes = n * n * sizeof(cuDoubleComplex);
  cudaMalloc(&dA, bytes); cudaMalloc(&dB, bytes); cudaMalloc(&dC, bytes);
  cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice);
  cublasHandle_t h;
  CK(cublasCreate(&h));
  cuDoubleComplex alpha = make_cuDoubleComplex(1.0, 0.5), beta = make_cuDoubleComplex(0.0, 0.0);
  CK(cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, n, n, n, &alpha, dA, n, dB, n, &beta, dC, n));
  CK(cublasZaxpy(h, n * n, &alpha, dA, 1, dC, 1));
  cuDoubleComplex dot;
  CK(cublasZdotc(h, n * n, dA, 1, dC, 1, &dot));
  cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n * n; i += 13) printf("C[%d] = %.10f %+.10fi\n", i, cuCreal(c[i]), cuCimag(c[i]));
  printf("dotc = %.8f %+.8fi\n", cuCreal(dot), cuCimag(dot));
  CK(cublasDestroy(h));
  return 0;
}
