// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Fast-math device intrinsics next to their accurate counterparts: a softmax
// with __expf and __fdividef, an N-body style inverse-distance with rsqrtf,
// rounding-mode intrinsics and integer intrinsics, each compared with the
// accurate result on the host. HIP spells these the same, so the
// translation must leave them alone.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
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

__global__ void softmaxRow(const float *x, float *y, int n) {
  float maxV = -INFINITY;
  for (int i = 0; i < n; ++i)
    maxV = fmaxf(maxV, x[i]);
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    // CHECK: sum += __expf(x[i] - maxV);
    sum += __expf(x[i] - maxV);
  int i = threadIdx.x;
  if (i < n)
    // CHECK: y[i] = __fdividef(__expf(x[i] - maxV), sum);
    y[i] = __fdividef(__expf(x[i] - maxV), sum);
}

__global__ void gravity(const float4 *pos, float3 *acc, int n, float soft2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 pi = pos[i];
  float3 a = make_float3(0.0f, 0.0f, 0.0f);
  for (int j = 0; j < n; ++j) {
    float4 pj = pos[j];
    float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
    float dist2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, soft2)));
    // CHECK: float inv = rsqrtf(dist2);
    float inv = rsqrtf(dist2);
    float s = pj.w * inv * inv * inv;
    a.x += dx * s;
    a.y += dy * s;
    a.z += dz * s;
  }
  acc[i] = a;
}

__global__ void intrinsics(const float *x, float *f, int *k, unsigned *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  float s, c;
  // CHECK: __sincosf(v, &s, &c);
  // CHECK-NEXT: f[4 * i + 0] = __saturatef(s * s + c * c - 0.5f);
  // CHECK-NEXT: f[4 * i + 1] = __logf(1.0f + v * v) + __log2f(2.0f) + __powf(2.0f, 0.0f);
  // CHECK-NEXT: f[4 * i + 2] = __fmul_rn(v, 3.0f) + __fadd_rn(v, 1.0f) + __frcp_rn(4.0f);
  // CHECK-NEXT: f[4 * i + 3] = __fsqrt_rn(fabsf(v)) + __sinf(0.0f) + __cosf(0.0f) + __tanf(0.0f);
  __sincosf(v, &s, &c);
  f[4 * i + 0] = __saturatef(s * s + c * c - 0.5f);
  f[4 * i + 1] = __logf(1.0f + v * v) + __log2f(2.0f) + __powf(2.0f, 0.0f);
  f[4 * i + 2] = __fmul_rn(v, 3.0f) + __fadd_rn(v, 1.0f) + __frcp_rn(4.0f);
  f[4 * i + 3] = __fsqrt_rn(fabsf(v)) + __sinf(0.0f) + __cosf(0.0f) + __tanf(0.0f);
  // CHECK: k[i] = __float2int_rn(v) + __mul24(i, 2) + __ffs(i) + __clz(i + 1);
  // CHECK-NEXT: u[i] = __popc((unsigned)i) + __brev(1u) + __umulhi(0x80000000u, 4u) + __byte_perm(0x12345678u, 0u, 0x0123);
  k[i] = __float2int_rn(v) + __mul24(i, 2) + __ffs(i) + __clz(i + 1);
  u[i] = __popc((unsigned)i) + __brev(1u) + __umulhi(0x80000000u, 4u) + __byte_perm(0x12345678u, 0u, 0x0123);
}

int main() {
  const int n = 256;
  float h_x[n];
  for (int i = 0; i < n; ++i)
    h_x[i] = (i - 128) / 32.0f;
  float *d_x, *d_y, *d_f;
  int *d_k;
  unsigned *d_u;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_f, 4 * n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_k, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_u, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  softmaxRow<<<1, n>>>(d_x, d_y, n);
  intrinsics<<<1, n>>>(d_x, d_f, d_k, d_u, n);
  CUDA_CHECK(cudaGetLastError());

  float h_y[n];
  CUDA_CHECK(cudaMemcpy(h_y, d_y, sizeof(h_y), cudaMemcpyDeviceToHost));
  double total = 0, maxErr = 0, denom = 0;
  for (int i = 0; i < n; ++i)
    denom += exp(h_x[i] - h_x[n - 1]);
  for (int i = 0; i < n; ++i) {
    total += h_y[i];
    maxErr = fmax(maxErr, fabs(h_y[i] - exp(h_x[i] - h_x[n - 1]) / denom));
  }
  printf("softmax sum %.6f, max error vs libm %.2e\n", total, maxErr);

  const int bodies = 1024;
  float4 *h_pos = (float4 *)malloc(bodies * sizeof(float4));
  for (int i = 0; i < bodies; ++i)
    h_pos[i] = make_float4(cosf(i * 0.1f), sinf(i * 0.1f), i * 0.001f, 1.0f);
  float4 *d_pos;
  float3 *d_acc;
  CUDA_CHECK(cudaMalloc(&d_pos, bodies * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&d_acc, bodies * sizeof(float3)));
  CUDA_CHECK(cudaMemcpy(d_pos, h_pos, bodies * sizeof(float4), cudaMemcpyHostToDevice));
  gravity<<<bodies / 128, 128>>>(d_pos, d_acc, bodies, 0.01f);
  CUDA_CHECK(cudaGetLastError());
  float3 a0;
  CUDA_CHECK(cudaMemcpy(&a0, d_acc, sizeof(float3), cudaMemcpyDeviceToHost));
  printf("acceleration of body 0: (%f, %f, %f)\n", a0.x, a0.y, a0.z);

  bool ok = fabs(total - 1.0) < 1e-4 && maxErr < 1e-5 && std::isfinite(a0.x);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_f));
  CUDA_CHECK(cudaFree(d_k));
  CUDA_CHECK(cudaFree(d_u));
  CUDA_CHECK(cudaFree(d_pos));
  CUDA_CHECK(cudaFree(d_acc));
  free(h_pos);
  return ok ? 0 : 1;
}
