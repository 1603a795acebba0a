// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// 1D convolution with the filter taps in __constant__ memory, uploaded with
// cudaMemcpyToSymbol and read back with cudaMemcpyFromSymbol; the signal
// length lives in a scalar __constant__ too.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define RADIUS 4
#define FILTER_SIZE (2 * RADIUS + 1)

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const *const func, const char *const file,
           int const line) {
  if (result) {
    fprintf(stderr, "error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), cudaGetErrorName(result), func);
    exit(EXIT_FAILURE);
  }
}

__constant__ float c_filter[FILTER_SIZE];
__constant__ int c_length;

__global__ void convolve1D(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c_length)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    int j = min(max(i + k, 0), c_length - 1);
    acc += c_filter[k + RADIUS] * in[j];
  }
  out[i] = acc;
}

int main() {
  const int n = 1 << 18;
  float h_filter[FILTER_SIZE];
  float sum = 0;
  for (int k = 0; k < FILTER_SIZE; ++k) {
    h_filter[k] = expf(-(k - RADIUS) * (k - RADIUS) / 8.0f);
    sum += h_filter[k];
  }
  for (int k = 0; k < FILTER_SIZE; ++k)
    h_filter[k] /= sum;

  // CHECK: checkCudaErrors(hipMemcpyToSymbol({{HIP_SYMBOL\(c_filter\)|c_filter}}, h_filter, sizeof(h_filter)));
  // CHECK-NEXT: checkCudaErrors(hipMemcpyToSymbol({{.*}}c_length{{.*}}, &n, sizeof(int), 0, hipMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpyToSymbol(c_filter, h_filter, sizeof(h_filter)));
  checkCudaErrors(cudaMemcpyToSymbol(c_length, &n, sizeof(int), 0, cudaMemcpyHostToDevice));

  float readBack[FILTER_SIZE];
  // CHECK: checkCudaErrors(hipMemcpyFromSymbol(readBack, {{HIP_SYMBOL\(c_filter\)|c_filter}}, sizeof(readBack)));
  checkCudaErrors(cudaMemcpyFromSymbol(readBack, c_filter, sizeof(readBack)));
  for (int k = 0; k < FILTER_SIZE; ++k)
    if (readBack[k] != h_filter[k]) {
      printf("constant readback mismatch\n");
      return 1;
    }

  float *h_in = (float *)malloc(n * sizeof(float));
  float *h_out = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i)
    h_in[i] = (float)(i % 17);
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  convolve1D<<<(n + 127) / 128, 128>>>(d_in, d_out);
  // CHECK: checkCudaErrors(hipGetLastError());
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float acc = 0;
    for (int k = -RADIUS; k <= RADIUS; ++k) {
      int j = i + k < 0 ? 0 : (i + k >= n ? n - 1 : i + k);
      acc += h_filter[k + RADIUS] * h_in[j];
    }
    if (fabsf(acc - h_out[i]) > 1e-4f)
      ++bad;
  }
  printf("convolution: %s\n", bad ? "FAILED" : "PASSED");
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  free(h_in);
  free(h_out);
  return bad != 0;
}
