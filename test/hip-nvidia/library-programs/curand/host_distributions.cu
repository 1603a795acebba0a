// cuRAND host API: log-normal, double uniform and normal, 32-bit integers,
// with generator offset and ordering; the same seed gives the same numbers.
#include <curand.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CURAND_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const size_t n = 4096;
  float *df;
  double *dd;
  unsigned int *du;
  cudaMalloc(&df, n * sizeof(float));
  cudaMalloc(&dd, n * sizeof(double));
  cudaMalloc(&du, n * sizeof(unsigned int));
  curandGenerator_t g;
  CK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CK(curandSetPseudoRandomGeneratorSeed(g, 2024ULL));
  CK(curandSetGeneratorOffset(g, 100ULL));
  CK(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT));
  CK(curandGenerateLogNormal(g, df, n, 0.0f, 0.5f));
  CK(curandGenerateUniformDouble(g, dd, n));
  CK(curandGenerate(g, du, n));
  std::vector<float> f(n);
  std::vector<double> d(n);
  std::vector<unsigned int> u(n);
  cudaMemcpy(f.data(), df, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(d.data(), dd, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(u.data(), du, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; i += 1021) printf("lognormal %.6f uniform %.10f bits %u\n", f[i], d[i], u[i]);
  CK(curandGenerateNormalDouble(g, dd, n, -1.0, 0.25));
  cudaMemcpy(d.data(), dd, n * sizeof(double), cudaMemcpyDeviceToHost);
  double s = 0;
  for (double x : d) s += x;
  printf("normal mean %.6f\n", s / n);
  CK(curandDestroyGenerator(g));
  return 0;
}
