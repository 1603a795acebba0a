// cuSOLVER Cholesky in single precision: potrf, potrs (two right-hand
// sides) and potri (the inverse), on a stream.
#include <cusolverDn.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUSOLVER_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-5

int main() {
  const int n = 5, nrhs = 2;
  std::vector<float> a(n * n), b(n * nrhs);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a[i + j * n] = i == j ? 5.0f : 1.0f / (1 + (i > j ? i - j : j - i));
  for (int i = 0; i < n * nrhs; ++i) b[i] = 1.0f + i % n;
  float *dA, *dB, *work;
  int *info, lwork = 0, hinfo = -1;
  cudaMalloc(&dA, n * n * 4); cudaMalloc(&dB, n * nrhs * 4); cudaMalloc(&info, 4);
  cudaMemcpy(dA, a.data(), n * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), n * nrhs * 4, cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cusolverDnHandle_t h;
  CK(cusolverDnCreate(&h));
  CK(cusolverDnSetStream(h, s));
  CK(cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_UPPER, n, dA, n, &lwork));
  int l2 = 0;
  CK(cusolverDnSpotri_bufferSize(h, CUBLAS_FILL_MODE_UPPER, n, dA, n, &l2));
  if (l2 > lwork) lwork = l2;
  cudaMalloc(&work, lwork * 4);
  CK(cusolverDnSpotrf(h, CUBLAS_FILL_MODE_UPPER, n, dA, n, work, lwork, info));
  CK(cusolverDnSpotrs(h, CUBLAS_FILL_MODE_UPPER, n, nrhs, dA, n, dB, n, info));
  cudaMemcpyAsync(b.data(), dB, n * nrhs * 4, cudaMemcpyDeviceToHost, s);
  cudaMemcpyAsync(&hinfo, info, 4, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf("potrs info %d\n", hinfo);
  for (int i = 0; i < n; ++i) printf("x[%d] = %.6f %.6f\n", i, b[i], b[i + n]);
  CK(cusolverDnSpotri(h, CUBLAS_FILL_MODE_UPPER, n, dA, n, work, lwork, info));
  cudaMemcpy(a.data(), dA, n * n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("inv(%d,%d) = %.6f\n", i, i, a[i + i * n]);
  CK(cusolverDnDestroy(h));
  cudaStreamDestroy(s);
  return 0;
}
