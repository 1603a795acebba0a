// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cuda[A-Za-z]*[(,);]|cuda_runtime}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Debugging aids in device code: printf from a kernel (format strings and
// all), device-side malloc/free on the device heap (whose size the host
// reads back), and assert. Format strings are program text and must come through unchanged,
// even where they mention a CUDA API name.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cassert>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void hello(int value) {
  // CHECK: printf("Hello from block %d, thread %d: value=%d, float=%.2f, ptr=%p\n",
  // CHECK-NEXT: blockIdx.x, threadIdx.x, value, 1.5f * threadIdx.x, (void *)&value);
  printf("Hello from block %d, thread %d: value=%d, float=%.2f, ptr=%p\n",
         blockIdx.x, threadIdx.x, value, 1.5f * threadIdx.x, (void *)&value);
  // CHECK: printf("gridDim=(%u,%u,%u) blockDim=(%u,%u,%u) cudaMalloc-free zone\n",
  if (threadIdx.x == 0 && blockIdx.x == 0)
    printf("gridDim=(%u,%u,%u) blockDim=(%u,%u,%u) cudaMalloc-free zone\n",
           gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z);
}

__global__ void perThreadScratch(int *out, int len) {
  // CHECK: int *scratch = (int *)malloc(len * sizeof(int));
  int *scratch = (int *)malloc(len * sizeof(int));
  assert(scratch != nullptr);
  int sum = 0;
  for (int i = 0; i < len; ++i) {
    scratch[i] = i * (int)threadIdx.x;
    sum += scratch[i];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  free(scratch);
}

int main() {
  size_t heap = 0;
  // CHECK: CUDA_CHECK(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
  CUDA_CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  printf("device heap: %zu bytes\n", heap);

  hello<<<2, 4>>>(42);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  const int blocks = 8, threads = 64, len = 100;
  int *d_out;
  CUDA_CHECK(cudaMalloc(&d_out, blocks * threads * sizeof(int)));
  perThreadScratch<<<blocks, threads>>>(d_out, len);
  CUDA_CHECK(cudaGetLastError());
  int h_out[blocks * threads];
  CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < blocks * threads; ++i)
    if (h_out[i] != (i % threads) * len * (len - 1) / 2)
      ok = false;
  CUDA_CHECK(cudaFree(d_out));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
