// cuBLAS GemmEx on __half inputs with float output and 32-bit compute
// (CUDA_R_16F, CUBLAS_COMPUTE_32F), and HGEMM with __half scalars.
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)
// ROUNDTRIP-TOLERANCE: 1e-3

int main() {
  const int n = 32;
  std::vector<__half> a(n * n), b(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = __float2half(0.125f * (i % 9) - 0.5f);
    b[i] = __float2half(0.0625f * ((i * 5) % 17));
  }
  __half *dA, *dB, *dH;
  float *dC;
  cudaMalloc(&dA, n * n * sizeof(__half)); cudaMalloc(&dB, n * n * sizeof(__half));
  cudaMalloc(&dH, n * n * sizeof(__half)); cudaMalloc(&dC, n * n * sizeof(float));
  cudaMemcpy(dA, a.data(), n * n * sizeof(__half), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), n * n * sizeof(__half), cudaMemcpyHostToDevice);
  cublasHandle_t h;
  CK(cublasCreate(&h));
  const float one = 1.0f, zero = 0.0f;
  CK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, dA, CUDA_R_16F, n, dB, CUDA_R_16F, n, &zero, dC, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  std::vector<float> c(n * n);
  cudaMemcpy(c.data(), dC, n * n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n * n; i += 111) printf("C[%d] = %.4f\n", i, c[i]);
  __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
  CK(cublasHgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &hone, dA, n, dB, n, &hzero, dH, n));
  std::vector<__half> hc(n * n);
  cudaMemcpy(hc.data(), dH, n * n * sizeof(__half), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n * n; i += 111) printf("H[%d] = %.3f\n", i, __half2float(hc[i]));
  CK(cublasDestroy(h));
  return 0;
}
