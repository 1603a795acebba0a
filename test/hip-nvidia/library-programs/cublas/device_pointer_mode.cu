// cuBLAS with scalars and results in device memory (CUBLAS_POINTER_MODE_DEVICE),
// on a stream, with the math mode and version queried.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 256;
  std::vector<double> x(n);
  for (int i = 0; i < n; ++i) x[i] = (i % 9) - 4.0;
  double *dx, *dres, *dalpha;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dres, 2 * sizeof(double));
  cudaMalloc(&dalpha, sizeof(double));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cublasHandle_t h;
  CK(cublasCreate(&h));
  CK(cublasSetStream(h, s));
  cublasPointerMode_t mode;
  CK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  CK(cublasGetPointerMode(h, &mode));
  printf("device mode: %d\n", mode == CUBLAS_POINTER_MODE_DEVICE);
  CK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  cudaMemcpyAsync(dx, x.data(), n * sizeof(double), cudaMemcpyHostToDevice, s);
  double alpha = 0.5;
  cudaMemcpyAsync(dalpha, &alpha, sizeof(double), cudaMemcpyHostToDevice, s);
  CK(cublasDscal(h, n, dalpha, dx, 1));
  CK(cublasDdot(h, n, dx, 1, dx, 1, dres));
  CK(cublasDasum(h, n, dx, 1, dres + 1));
  double res[2];
  cudaMemcpyAsync(res, dres, sizeof(res), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf("dot %.6f asum %.6f\n", res[0], res[1]);
  int version = 0;
  CK(cublasGetVersion(h, &version));
  printf("version known: %d\n", version > 0);
  CK(cublasDestroy(h));
  cudaStreamDestroy(s);
  return 0;
}
