// cuSOLVER: Bunch-Kaufman factorization (sytrf) of a symmetric indefinite
// matrix and the bidiagonal reduction (gebrd) of a rectangular one.
#include <cusolverDn.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSOLVER_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-9

int main() {
  const int n = 5;
  std::vector<double> a(n * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a[i + j * n] = (i == j) ? (i % 2 ? -2.0 : 3.0) : 0.25 * (i + j);
  double *dA, *work;
  int *ipiv, *info, lwork = 0, hinfo = -1;
  cudaMalloc(&dA, n * n * 8); cudaMalloc(&ipiv, n * 4); cudaMalloc(&info, 4);
  cudaMemcpy(dA, a.data(), n * n * 8, cudaMemcpyHostToDevice);
  cusolverDnHandle_t h;
  CK(cusolverDnCreate(&h));
  CK(cusolverDnDsytrf_bufferSize(h, n, dA, n, &lwork));
  cudaMalloc(&work, lwork * 8);
  CK(cusolverDnDsytrf(h, CUBLAS_FILL_MODE_LOWER, n, dA, n, ipiv, work, lwork, info));
  std::vector<int> piv(n);
  cudaMemcpy(piv.data(), ipiv, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hinfo, info, 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(a.data(), dA, n * n * 8, cudaMemcpyDeviceToHost);
  printf("sytrf info %d, pivots", hinfo);
  for (int p : piv) printf(" %d", p);
  printf("\nD(0,0) = %.12f\n", a[0]);

  const int m = 6, k = 4;
  std::vector<double> g(m * k);
  for (int i = 0; i < m * k; ++i) g[i] = std::sin(0.3 * i) + 0.1 * i;
  double *dG, *dD, *dE, *dTq, *dTp, *w2;
  cudaMalloc(&dG, m * k * 8); cudaMalloc(&dD, k * 8); cudaMalloc(&dE, k * 8); cudaMalloc(&dTq, k * 8); cudaMalloc(&dTp, k * 8);
  cudaMemcpy(dG, g.data(), m * k * 8, cudaMemcpyHostToDevice);
  int l2 = 0;
  CK(cusolverDnDgebrd_bufferSize(h, m, k, &l2));
  cudaMalloc(&w2, l2 * 8);
  CK(cusolverDnDgebrd(h, m, k, dG, m, dD, dE, dTq, dTp, w2, l2, info));
  std::vector<double> d(k);
  cudaMemcpy(d.data(), dD, k * 8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < k; ++i) printf("|d[%d]| = %.10f\n", i, std::fabs(d[i]));
  CK(cusolverDnDestroy(h));
  return 0;
}
