// cuRAND host-side generator (CPU numbers) and a Poisson distribution object;
// MRG32k3a and MTGP32 on the device with a stream.
#include <curand.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#define CK(x) do { if ((x) != CURAND_STATUS_SUCCESS) { printf("error line %d\n", __LINE__); return 1; } } while (0)

int main() {
  const size_t n = 1000;
  std::vector<float> host(n);
  curandGenerator_t hg;
  CK(curandCreateGeneratorHost(&hg, CURAND_RNG_PSEUDO_XORWOW));
  CK(curandSetPseudoRandomGeneratorSeed(hg, 7ULL));
  CK(curandGenerateUniform(hg, host.data(), n));
  printf("host[0] %.7f host[999] %.7f\n", host[0], host[999]);
  CK(curandDestroyGenerator(hg));

  cudaStream_t s;
  cudaStreamCreate(&s);
  float *d;
  unsigned int *p;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&p, n * sizeof(unsigned int));
  for (curandRngType_t type : {CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_MTGP32}) {
    curandGenerator_t g;
    CK(curandCreateGenerator(&g, type));
    CK(curandSetStream(g, s));
    CK(curandSetPseudoRandomGeneratorSeed(g, 99ULL));
    CK(curandGenerateNormal(g, d, n, 10.0f, 3.0f));
    CK(curandGeneratePoisson(g, p, n, 2.5));
    std::vector<float> h(n);
    std::vector<unsigned int> hp(n);
    cudaMemcpyAsync(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaMemcpyAsync(hp.data(), p, n * sizeof(unsigned int), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    printf("type %d: normal[1] %.5f poisson[1..3] %u %u %u\n", (int)type, h[1], hp[1], hp[2], hp[3]);
    CK(curandDestroyGenerator(g));
  }
  curandDiscreteDistribution_t dist;
  CK(curandCreatePoissonDistribution(4.0, &dist));
  CK(curandDestroyDistribution(dist));
  printf("distribution made\n");
  cudaStreamDestroy(s);
  return 0;
}
