#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
// Every thread adds 1 to each half of out2[i % 4] and 0.5 to out1[i % 6]:
// counts small enough for fp16 to hold exactly.
__global__ void add(__half2 *out2, __half *out1, int n, __half2 *old2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 before = atomicAdd(&out2[i % 4], __halves2half2(__float2half(1.0f), __float2half(2.0f)));
  atomicAdd(&out1[i % 6], __float2half(0.5f));
  if (i == 0) old2[0] = before;
}
int main() {
  const int n = 1024;
  __half2 *out2, *old2; __half *out1;
  cudaMalloc(&out2, 4 * sizeof(__half2)); cudaMalloc(&old2, sizeof(__half2));
  cudaMalloc(&out1, 6 * sizeof(__half));
  cudaMemset(out2, 0, 4 * sizeof(__half2)); cudaMemset(out1, 0, 6 * sizeof(__half));
  add<<<n / 128, 128>>>(out2, out1, n, old2);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL launch\n"); return 1; }
  __half2 h2[4]; __half h1[6];
  cudaMemcpy(h2, out2, sizeof h2, cudaMemcpyDeviceToHost);
  cudaMemcpy(h1, out1, sizeof h1, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int k = 0; k < 4; ++k) {
    float lo = __low2float(h2[k]), hi = __high2float(h2[k]);
    printf("out2[%d] = %g %g\n", k, lo, hi);
    bad += lo != 256.0f || hi != 512.0f;
  }
  for (int k = 0; k < 6; ++k) {
    float v = __half2float(h1[k]);
    float want = 0.5f * (n / 6 + (k < n % 6));
    printf("out1[%d] = %g (want %g)\n", k, v, want);
    bad += v != want;
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
