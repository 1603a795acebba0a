// cuRAND device API with MRG32k3a and XORWOW: curand_log_normal,
// curand_uniform_double, curand_poisson, curand (32-bit); counts printed.
#include <curand_kernel.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
// ROUNDTRIP-TOLERANCE: 1e-5

__global__ void setup(curandStateMRG32k3a *mrg, curandState *xw, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &mrg[id]);
  curand_init(seed + 1, id, 0, &xw[id]);
}

__global__ void draw(curandStateMRG32k3a *mrg, curandState *xw, float *ln, double *ud, unsigned int *po, unsigned int *bits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateMRG32k3a m = mrg[id];
  curandState x = xw[id];
  ln[id] = curand_log_normal(&m, 0.0f, 0.25f);
  ud[id] = curand_uniform_double(&m);
  po[id] = curand_poisson(&x, 3.0);
  bits[id] = curand(&x);
  mrg[id] = m;
  xw[id] = x;
}

int main() {
  const int n = 512;
  curandStateMRG32k3a *mrg;
  curandState *xw;
  float *ln;
  double *ud;
  unsigned int *po, *bits;
  cudaMalloc(&mrg, n * sizeof(*mrg));
  cudaMalloc(&xw, n * sizeof(*xw));
  cudaMalloc(&ln, n * sizeof(float));
  cudaMalloc(&ud, n * sizeof(double));
  cudaMalloc(&po, n * sizeof(unsigned int));
  cudaMalloc(&bits, n * sizeof(unsigned int));
  setup<<<n / 64, 64>>>(mrg, xw, 77ULL);
  draw<<<n / 64, 64>>>(mrg, xw, ln, ud, po, bits);
  std::vector<float> hl(n);
  std::vector<double> hu(n);
  std::vector<unsigned int> hp(n), hb(n);
  cudaMemcpy(hl.data(), ln, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hu.data(), ud, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(hp.data(), po, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
  cudaMemcpy(hb.data(), bits, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i += 101) printf("%d: lognormal %.5f uniform %.9f poisson %u bits %u\n", i, hl[i], hu[i], hp[i], hb[i]);
  return 0;
}
