// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Half-precision arithmetic: a scalar __half axpy with fused multiply-add, a
// vectorised __half2 dot product accumulating in float, and conversions on
// host and device.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void haxpy(int n, __half a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    // CHECK: y[i] = __hfma(a, x[i], y[i]);
    y[i] = __hfma(a, x[i], y[i]);
}

__global__ void hdot(int n2, const __half2 *x, const __half2 *y, float *result) {
  __shared__ float partial[256];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2;
       i += blockDim.x * gridDim.x) {
    // CHECK: __half2 prod = __hmul2(x[i], y[i]);
    // CHECK-NEXT: acc += __low2float(prod) + __high2float(prod);
    __half2 prod = __hmul2(x[i], y[i]);
    acc += __low2float(prod) + __high2float(prod);
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, partial[0]);
}

__global__ void halfOps(const __half *in, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half v = in[i];
  __half one = __float2half(1.0f);
  // CHECK: __half r = __hge(v, one) ? hsqrt(v) : __hadd(__hsub(one, v), __hdiv(v, __float2half(2.0f)));
  __half r = __hge(v, one) ? hsqrt(v) : __hadd(__hsub(one, v), __hdiv(v, __float2half(2.0f)));
  out[i] = __hisnan(r) ? __float2half(0.0f) : r;
}

int main() {
  const int n = 1 << 16;
  __half *h_x = (__half *)malloc(n * sizeof(__half));
  __half *h_y = (__half *)malloc(n * sizeof(__half));
  for (int i = 0; i < n; ++i) {
    // CHECK: h_x[i] = __float2half(0.5f);
    h_x[i] = __float2half(0.5f);
    h_y[i] = __float2half((float)(i % 4));
  }
  __half *d_x, *d_y, *d_out;
  float *d_dot;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_dot, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_x, h_x, n * sizeof(__half), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y, n * sizeof(__half), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_dot, 0, sizeof(float)));

  hdot<<<64, 256>>>(n / 2, (const __half2 *)d_x, (const __half2 *)d_y, d_dot);
  CUDA_CHECK(cudaGetLastError());
  haxpy<<<(n + 255) / 256, 256>>>(n, __float2half(2.0f), d_x, d_y);
  CUDA_CHECK(cudaGetLastError());
  halfOps<<<(n + 255) / 256, 256>>>(d_y, d_out, n);
  CUDA_CHECK(cudaGetLastError());

  float dot;
  CUDA_CHECK(cudaMemcpy(&dot, d_dot, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_y, d_y, n * sizeof(__half), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_x, d_out, n * sizeof(__half), cudaMemcpyDeviceToHost));
  float expectedDot = 0.5f * (0 + 1 + 2 + 3) * (n / 4);
  bool ok = fabsf(dot - expectedDot) < 1e-3f * expectedDot;
  for (int i = 0; i < n; ++i) {
    // CHECK: float y = __half2float(h_y[i]);
    float y = __half2float(h_y[i]);
    float expected = 1.0f + (float)(i % 4);
    if (y != expected)
      ok = false;
    float o = __half2float(h_x[i]);
    float ref = sqrtf(expected);
    if (fabsf(o - ref) > 1e-2f)
      ok = false;
  }
  printf("dot %.1f (expected %.1f): %s\n", dot, expectedDot, ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_dot));
  free(h_x);
  free(h_y);
  return ok ? 0 : 1;
}
