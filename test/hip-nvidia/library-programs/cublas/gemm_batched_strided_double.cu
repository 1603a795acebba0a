// cuBLAS strided-batched DGEMM and batched SGEMM with arrays of pointers.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const int n = 8, batch = 4;
  std::vector<double> a(n * n * batch), b(n * n * batch), c(n * n * batch);
  for (size_t i = 0; i < a.size(); ++i) a[i] = (i % 11) * 0.1, b[i] = ((i * 7) % 13) * 0.05;
  double *dA, *dB, *dC;
  size_t bytes = a.size() * sizeof(double);
  cudaMalloc(&dA, bytes); cudaMalloc(&dB, bytes); cudaMalloc(&dC, bytes);
  cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice);
  cublasHandle_t h;
  CK(cublasCreate(&h));
  const double one = 1, zero = 0;
  CK(cublasDgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, dA, n, n * n, dB, n, n * n, &zero, dC, n, n * n, batch));
  cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost);
  for (int k = 0; k < batch; ++k) printf("C%d(1,2) = %.10f\n", k, c[k * n * n + 1 + 2 * n]);

  std::vector<float> fa(n * n * batch);
  for (size_t i = 0; i < fa.size(); ++i) fa[i] = (float)a[i];
  float *fA, *fC;
  cudaMalloc(&fA, fa.size() * 4); cudaMalloc(&fC, fa.size() * 4);
  cudaMemcpy(fA, fa.data(), fa.size() * 4, cudaMemcpyHostToDevice);
  std::vector<const float *> pa(batch);
  std::vector<float *> pc(batch);
  for (int k = 0; k < batch; ++k) pa[k] = fA + k * n * n, pc[k] = fC + k * n * n;
  const float **dpa;
  float **dpc;
  cudaMalloc(&dpa, batch * sizeof(float *)); cudaMalloc(&dpc, batch * sizeof(float *));
  cudaMemcpy(dpa, pa.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
  cudaMemcpy(dpc, pc.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
  const float fone = 1, fzero = 0;
  CK(cublasSgemmBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &fone, dpa, n, dpa, n, &fzero, dpc, n, batch));
  std::vector<float> fc(fa.size());
  cudaMemcpy(fc.data(), fC, fc.size() * 4, cudaMemcpyDeviceToHost);
  for (int k = 0; k < batch; ++k) printf("AtA%d(3,3) = %.5f\n", k, fc[k * n * n + 3 + 3 * n]);
  CK(cublasDestroy(h));
  return 0;
}
