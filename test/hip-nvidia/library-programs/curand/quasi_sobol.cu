// cuRAND quasi-random numbers: Sobol in 3 dimensions (uniform and normal),
// scrambled Sobol with doubles; deterministic without a seed.
#include <curand.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CURAND_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const size_t n = 3 * 512;
  float *d;
  double *dd;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&dd, n * sizeof(double));
  curandGenerator_t g;
  CK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32));
  CK(curandSetQuasiRandomGeneratorDimensions(g, 3));
  CK(curandGenerateUniform(g, d, n));
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; i += 211) printf("sobol[%zu] = %.7f\n", i, h[i]);
  CK(curandGenerateNormal(g, d, n, 0.0f, 1.0f));
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("normal[7] = %.6f\n", h[7]);
  CK(curandDestroyGenerator(g));
  CK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64));
  CK(curandGenerateUniformDouble(g, dd, n));
  std::vector<double> hd(n);
  cudaMemcpy(hd.data(), dd, n * sizeof(double), cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; i += 307) printf("scrambled[%zu] = %.12f\n", i, hd[i]);
  CK(curandDestroyGenerator(g));
  return 0;
}
