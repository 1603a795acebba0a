// Matrix transpose through a shared-memory tile (static __shared__).
#include "common.h"
#include <vector>
constexpr int Tile = 32;
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[Tile][Tile + 1];
  int x = blockIdx.x * Tile + threadIdx.x, y = blockIdx.y * Tile + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * Tile + threadIdx.x;
  y = blockIdx.x * Tile + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
int main() {
  const int n = 1024;
  std::vector<float> h(n * n), r(n * n);
  for (int i = 0; i < n * n; ++i) h[i] = static_cast<float>(i);
  float *in, *out;
  HIP_CHECK(hipMalloc(&in, n * n * sizeof(float)));
  HIP_CHECK(hipMalloc(&out, n * n * sizeof(float)));
  HIP_CHECK(hipMemcpy(in, h.data(), n * n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(transpose, dim3(n / Tile, n / Tile), dim3(Tile, Tile), 0, 0, out, in, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(r.data(), out, n * n * sizeof(float), hipMemcpyDeviceToHost));
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) CHECK(r[y * n + x] == h[x * n + y]);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  std::printf("PASS\n");
  return 0;
}
