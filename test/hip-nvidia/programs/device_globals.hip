// __device__ and __constant__ variables through the symbol API (HIP_SYMBOL).
#include "common.h"
#include <cmath>
__constant__ float coefficients[4];
__device__ int counter;
__global__ void poly(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = ((coefficients[3] * v + coefficients[2]) * v + coefficients[1]) * v + coefficients[0];
    atomicAdd(&counter, 1);
  }
}
int main() {
  const float c[4] = {1.0f, -2.0f, 0.5f, 0.25f};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coefficients), c, sizeof(c)));
  int zero = 0;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(counter), &zero, sizeof(zero)));
  const int n = 4096;
  float *x, *y;
  HIP_CHECK(hipMallocManaged(&x, n * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = i * 0.001f;
  hipLaunchKernelGGL(poly, dim3(n / 128), dim3(128), 0, 0, y, x, n);
  HIP_CHECK(hipDeviceSynchronize());
  int count = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(counter), sizeof(count)));
  CHECK(count == n);
  void *address = nullptr;
  size_t size = 0;
  HIP_CHECK(hipGetSymbolAddress(&address, HIP_SYMBOL(counter)));
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(counter)));
  CHECK(address != nullptr && size == sizeof(int));
  for (int i = 0; i < n; ++i) {
    float v = x[i], want = ((c[3] * v + c[2]) * v + c[1]) * v + c[0];
    CHECK(std::abs(y[i] - want) <= 1e-5f * (1.0f + std::abs(want)));
  }
  std::printf("PASS\n");
  return 0;
}
