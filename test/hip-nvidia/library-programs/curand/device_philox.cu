// cuRAND device API with Philox: curand_uniform4, curand_normal4,
// curand_normal2_double, skipahead; per-thread sums printed.
#include <curand_kernel.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
// ROUNDTRIP-TOLERANCE: 1e-5

__global__ void draw(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, id, 0, &st);
  skipahead(16ULL, &st);
  float4 u = curand_uniform4(&st);
  float4 g = curand_normal4(&st);
  double2 dg = curand_normal2_double(&st);
  out[id] = u.x + u.y + u.z + u.w + g.x + g.y + g.z + g.w + (float)(dg.x + dg.y);
}

int main() {
  const int n = 1024;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  draw<<<n / 128, 128>>>(d, 1234ULL);
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  double s = 0;
  for (float x : h) s += x;
  for (int i = 0; i < n; i += 200) printf("thread %d: %.5f\n", i, h[i]);
  printf("mean %.5f\n", s / n);
  return 0;
}
