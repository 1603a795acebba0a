// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda --implicit-check-not='{{cuC[a-z]|cuFloat|cuDouble|make_cu}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Complex arithmetic with cuComplex.h: a naive DFT in single precision, a
// Mandelbrot escape-time count using complex multiply-add, and a
// double-precision check of the DFT through the conversion helpers.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_complex.h>
#include <cuda_runtime.h>
#include <cuComplex.h>
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

// CHECK: __global__ void dft(const hipFloatComplex *in, hipFloatComplex *out, int n) {
__global__ void dft(const cuFloatComplex *in, cuFloatComplex *out, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  // CHECK: hipFloatComplex sum = make_hipFloatComplex(0.0f, 0.0f);
  cuFloatComplex sum = make_cuFloatComplex(0.0f, 0.0f);
  for (int t = 0; t < n; ++t) {
    float angle = -2.0f * 3.14159265f * k * t / n;
    cuFloatComplex w = make_cuFloatComplex(cosf(angle), sinf(angle));
    // CHECK: sum = hipCaddf(sum, hipCmulf(in[t], w));
    sum = cuCaddf(sum, cuCmulf(in[t], w));
  }
  out[k] = sum;
}

__global__ void mandelbrot(int *iters, int width, int height, int maxIter) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  // CHECK: hipDoubleComplex c = make_hipDoubleComplex(-2.0 + 3.0 * x / width, -1.5 + 3.0 * y / height);
  // CHECK-NEXT: hipDoubleComplex z = make_hipDoubleComplex(0.0, 0.0);
  cuDoubleComplex c = make_cuDoubleComplex(-2.0 + 3.0 * x / width, -1.5 + 3.0 * y / height);
  cuDoubleComplex z = make_cuDoubleComplex(0.0, 0.0);
  int i = 0;
  // CHECK: while (i < maxIter && hipCabs(z) <= 2.0) {
  // CHECK-NEXT: z = hipCadd(hipCmul(z, z), c);
  while (i < maxIter && cuCabs(z) <= 2.0) {
    z = cuCadd(cuCmul(z, z), c);
    ++i;
  }
  iters[y * width + x] = i;
}

int main() {
  const int n = 1024;
  cuFloatComplex *h_in = (cuFloatComplex *)malloc(n * sizeof(cuFloatComplex));
  cuFloatComplex *h_out = (cuFloatComplex *)malloc(n * sizeof(cuFloatComplex));
  for (int t = 0; t < n; ++t)
    h_in[t] = make_cuFloatComplex(cosf(2.0f * 3.14159265f * 5 * t / n), 0.0f);
  cuFloatComplex *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(cuFloatComplex)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(cuFloatComplex)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(cuFloatComplex), cudaMemcpyHostToDevice));
  dft<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h_out, d_out, n * sizeof(cuFloatComplex), cudaMemcpyDeviceToHost));

  // A cosine of frequency 5 has its energy in bins 5 and n - 5.
  bool ok = true;
  for (int k = 0; k < n; ++k) {
    // CHECK: hipDoubleComplex bin = hipComplexFloatToDouble(h_out[k]);
    // CHECK-NEXT: double magnitude = hipCabs(bin);
    cuDoubleComplex bin = cuComplexFloatToDouble(h_out[k]);
    double magnitude = cuCabs(bin);
    double expected = (k == 5 || k == n - 5) ? n / 2.0 : 0.0;
    if (fabs(magnitude - expected) > 0.5)
      ok = false;
  }
  // CHECK: printf("bin 5: %.2f%+.2fi\n", hipCrealf(h_out[5]), hipCimagf(h_out[5]));
  printf("bin 5: %.2f%+.2fi\n", cuCrealf(h_out[5]), cuCimagf(h_out[5]));

  const int w = 256, h = 256;
  int *d_iters, *h_iters = (int *)malloc(w * h * sizeof(int));
  CUDA_CHECK(cudaMalloc(&d_iters, w * h * sizeof(int)));
  mandelbrot<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(d_iters, w, h, 256);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h_iters, d_iters, w * h * sizeof(int), cudaMemcpyDeviceToHost));
  // The origin (pixel 170, 128) is inside the set.
  ok = ok && h_iters[128 * w + 170] == 256 && h_iters[0] < 5;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_iters));
  free(h_in);
  free(h_out);
  free(h_iters);
  return ok ? 0 : 1;
}
