// cuSOLVER QR: geqrf, then Q^T b with ormqr and the explicit Q with orgqr
// (workspace queries, devInfo checked); |R(i,i)| printed.
#include <cusolverDn.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSOLVER_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-9

int main() {
  const int m = 6, n = 4;
  std::vector<double> a(m * n), b(m);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) a[i + j * m] = 1.0 / (1 + i + j) + (i == j);
  for (int i = 0; i < m; ++i) b[i] = i + 1.0;
  double *dA, *dB, *dTau, *work;
  int *info, lwork = 0, l2 = 0, l3 = 0, hinfo = -1;
  cudaMalloc(&dA, m * n * 8); cudaMalloc(&dB, m * 8); cudaMalloc(&dTau, n * 8); cudaMalloc(&info, 4);
  cudaMemcpy(dA, a.data(), m * n * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), m * 8, cudaMemcpyHostToDevice);
  cusolverDnHandle_t h;
  CK(cusolverDnCreate(&h));
  CK(cusolverDnDgeqrf_bufferSize(h, m, n, dA, m, &lwork));
  CK(cusolverDnDormqr_bufferSize(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, dA, m, dTau, dB, m, &l2));
  CK(cusolverDnDorgqr_bufferSize(h, m, n, n, dA, m, dTau, &l3));
  int lmax = lwork > l2 ? lwork : l2;
  lmax = lmax > l3 ? lmax : l3;
  cudaMalloc(&work, lmax * 8);
  CK(cusolverDnDgeqrf(h, m, n, dA, m, dTau, work, lmax, info));
  cudaMemcpy(&hinfo, info, 4, cudaMemcpyDeviceToHost);
  printf("geqrf info %d\n", hinfo);
  cudaMemcpy(a.data(), dA, m * n * 8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("|R(%d,%d)| = %.12f\n", i, i, std::fabs(a[i + i * m]));
  CK(cusolverDnDormqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, dA, m, dTau, dB, m, work, lmax, info));
  cudaMemcpy(b.data(), dB, m * 8, cudaMemcpyDeviceToHost);
  double tail = 0;
  for (int i = n; i < m; ++i) tail += b[i] * b[i];
  printf("residual norm %.10f\n", std::sqrt(tail));
  CK(cusolverDnDorgqr(h, m, n, n, dA, m, dTau, work, lmax, info));
  cudaMemcpy(a.data(), dA, m * n * 8, cudaMemcpyDeviceToHost);
  double qtq = 0;
  for (int i = 0; i < m; ++i) qtq += a[i] * a[i];
  printf("column 0 of Q has norm %.10f\n", std::sqrt(qtq));
  CK(cusolverDnDestroy(h));
  return 0;
}
