// cuSOLVER generalized symmetric eigenproblem A x = lambda B x (sygvd, type 1,
// eigenvectors) and the tridiagonal reduction sytrd of A.
#include <cusolverDn.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSOLVER_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-9

int main() {
  const int n = 4;
  std::vector<double> a(n * n), b(n * n, 0.0), w(n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a[i + j * n] = 1.0 + (i == j ? 3.0 * (i + 1) : 0.5 / (1 + i + j));
  for (int i = 0; i < n; ++i) b[i + i * n] = 1.0 + 0.5 * i;
  double *dA, *dB, *dW, *work, *dD, *dE, *dTau;
  int *info, lwork = 0, hinfo = -1;
  cudaMalloc(&dA, n * n * 8); cudaMalloc(&dB, n * n * 8); cudaMalloc(&dW, n * 8); cudaMalloc(&info, 4);
  cudaMalloc(&dD, n * 8); cudaMalloc(&dE, n * 8); cudaMalloc(&dTau, n * 8);
  cudaMemcpy(dA, a.data(), n * n * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), n * n * 8, cudaMemcpyHostToDevice);
  cusolverDnHandle_t h;
  CK(cusolverDnCreate(&h));
  CK(cusolverDnDsygvd_bufferSize(h, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dB, n, dW, &lwork));
  cudaMalloc(&work, lwork * 8);
  CK(cusolverDnDsygvd(h, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dB, n, dW, work, lwork, info));
  cudaMemcpy(w.data(), dW, n * 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hinfo, info, 4, cudaMemcpyDeviceToHost);
  printf("sygvd info %d\n", hinfo);
  for (int i = 0; i < n; ++i) printf("lambda[%d] = %.12f\n", i, w[i]);

  cudaMemcpy(dA, a.data(), n * n * 8, cudaMemcpyHostToDevice);
  int l2 = 0;
  CK(cusolverDnDsytrd_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, dA, n, dD, dE, dTau, &l2));
  double *work2;
  cudaMalloc(&work2, l2 * 8);
  CK(cusolverDnDsytrd(h, CUBLAS_FILL_MODE_LOWER, n, dA, n, dD, dE, dTau, work2, l2, info));
  std::vector<double> d(n);
  cudaMemcpy(d.data(), dD, n * 8, cudaMemcpyDeviceToHost);
  double trace = 0;
  for (double x : d) trace += x;
  printf("trace kept: %.10f\n", trace);
  CK(cusolverDnDestroy(h));
  return 0;
}
