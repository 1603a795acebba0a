// cuBLAS level 3: trsm, syrk, symm, geam, dgmm on floats, checked by printing.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-5

int main() {
  const int n = 16;
  std::vector<float> a(n * n), b(n * n), c(n * n, 0.0f), d(n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      a[i + j * n] = i == j ? 4.0f : (i > j ? 0.1f * ((i + j) % 5) : 0.0f);
      b[i + j * n] = 0.05f * ((i * 3 + j * 7) % 11);
    }
  for (int i = 0; i < n; ++i) d[i] = 1.0f + i;
  float *dA, *dB, *dC, *dd;
  cudaMalloc(&dA, n * n * 4); cudaMalloc(&dB, n * n * 4); cudaMalloc(&dC, n * n * 4); cudaMalloc(&dd, n * 4);
  cudaMemcpy(dA, a.data(), n * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), n * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dC, c.data(), n * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d.data(), n * 4, cudaMemcpyHostToDevice);
  cublasHandle_t h;
  CK(cublasCreate(&h));
  const float one = 1.0f, zero = 0.0f, two = 2.0f;
  CK(cublasStrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, dA, n, dB, n));
  CK(cublasSsyrk(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, n, n, &one, dB, n, &zero, dC, n));
  CK(cublasSsymm(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, n, n, &two, dC, n, dB, n, &zero, dA, n));
  CK(cublasSgeam(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, &one, dA, n, &two, dB, n, dC, n));
  CK(cublasSdgmm(h, CUBLAS_SIDE_LEFT, n, n, dC, n, dd, 1, dA, n));
  cudaMemcpy(a.data(), dA, n * n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n * n; i += 23) printf("r[%d] = %.6f\n", i, a[i]);
  CK(cublasDestroy(h));
  return 0;
}
