// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Dynamically sized shared memory: an array reversal with extern __shared__
// sized at launch, a kernel using several arrays carved from one dynamic
// allocation, and the opt-in for more than the default 48 KB per block.
// The runtime's function-attribute calls take the kernel as a const void *
// in HIP, so the kernel argument needs a cast.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(err__));           \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void dynamicReverse(int *d, int n) {
  // CHECK: extern __shared__ int s[];
  extern __shared__ int s[];
  int t = threadIdx.x;
  int tr = n - t - 1;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[tr];
}

// Two arrays of different types in one dynamic allocation.
__global__ void pairSums(const float *vals, const int *keys, float *out, int n) {
  extern __shared__ unsigned char smem[];
  float *sVals = reinterpret_cast<float *>(smem);
  int *sKeys = reinterpret_cast<int *>(sVals + blockDim.x);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sVals[threadIdx.x] = i < n ? vals[i] : 0.0f;
  sKeys[threadIdx.x] = i < n ? keys[i] : -1;
  __syncthreads();
  if (i < n) {
    int partner = threadIdx.x ^ 1;
    out[i] = sKeys[partner] == sKeys[threadIdx.x] ? sVals[threadIdx.x] + sVals[partner]
                                                  : sVals[threadIdx.x];
  }
}

__global__ void bigShared(float *out) {
  extern __shared__ float big[];
  const int count = 64 * 1024 / sizeof(float);
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    big[i] = (float)i;
  __syncthreads();
  out[threadIdx.x] = big[count - 1 - threadIdx.x];
}

int main() {
  const int n = 64;
  int a[n], r[n], d[n];
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    r[i] = n - i - 1;
    d[i] = 0;
  }
  int *d_d;
  CUDA_CHECK(cudaMalloc(&d_d, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_d, a, n * sizeof(int), cudaMemcpyHostToDevice));
  // CHECK: dynamicReverse<<<1, n, n * sizeof(int)>>>(d_d, n);
  dynamicReverse<<<1, n, n * sizeof(int)>>>(d_d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(d, d_d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (d[i] != r[i]) {
      printf("reverse error d[%d]=%d\n", i, d[i]);
      return 1;
    }

  const int m = 4096, threads = 128;
  float *h_vals = (float *)malloc(m * sizeof(float));
  int *h_keys = (int *)malloc(m * sizeof(int));
  for (int i = 0; i < m; ++i) {
    h_vals[i] = 1.0f;
    h_keys[i] = i / 2;
  }
  float *d_vals, *d_out;
  int *d_keys;
  CUDA_CHECK(cudaMalloc(&d_vals, m * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_keys, m * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, m * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_vals, h_vals, m * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_keys, h_keys, m * sizeof(int), cudaMemcpyHostToDevice));
  size_t smemBytes = threads * (sizeof(float) + sizeof(int));
  pairSums<<<m / threads, threads, smemBytes>>>(d_vals, d_keys, d_out, m);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h_vals, d_out, m * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m; ++i)
    if (h_vals[i] != 2.0f) {
      printf("pair error at %d\n", i);
      return 1;
    }

  // CHECK: hipFuncAttributes attr;
  // CHECK-NEXT: CUDA_CHECK(hipFuncGetAttributes(&attr, {{reinterpret_cast<const void ?\*>\(bigShared\)|\(const void ?\*\)bigShared|\(const void ?\*\)\(bigShared\)}}));
  cudaFuncAttributes attr;
  CUDA_CHECK(cudaFuncGetAttributes(&attr, bigShared));
  printf("bigShared: %d registers, %zu bytes static shared, max %d threads\n",
         attr.numRegs, attr.sharedSizeBytes, attr.maxThreadsPerBlock);
  const int bigBytes = 64 * 1024;
  // CHECK: CUDA_CHECK(hipFuncSetAttribute({{reinterpret_cast<const void ?\*>\(bigShared\)|\(const void ?\*\)bigShared|\(const void ?\*\)\(bigShared\)}}, hipFuncAttributeMaxDynamicSharedMemorySize, bigBytes));
  CUDA_CHECK(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, bigBytes));
  CUDA_CHECK(cudaMemset(d_out, 0, 256 * sizeof(float)));
  bigShared<<<1, 256, bigBytes>>>(d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h_vals, d_out, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = h_vals[0] == (float)(bigBytes / 4 - 1);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_d));
  CUDA_CHECK(cudaFree(d_vals));
  CUDA_CHECK(cudaFree(d_keys));
  CUDA_CHECK(cudaFree(d_out));
  free(h_vals);
  free(h_keys);
  return ok ? 0 : 1;
}
