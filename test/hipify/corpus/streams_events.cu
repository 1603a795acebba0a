// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Overlapping transfers and compute: the array is split into chunks, each
// chunk's copy-in, kernel and copy-out go to one of several streams; pinned
// host memory makes the copies asynchronous; events time the whole run.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cmath>
#include <cstring>

#define CHECK(call)                                                            \
  do {                                                                         \
    const cudaError_t error = call;                                            \
    if (error != cudaSuccess) {                                                \
      printf("Error: %s:%d, code:%d, reason: %s\n", __FILE__, __LINE__,        \
             error, cudaGetErrorString(error));                                \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void kernel(float *a, int offset) {
  int i = offset + threadIdx.x + blockIdx.x * blockDim.x;
  float x = (float)i;
  float s = sinf(x), c = cosf(x);
  a[i] = a[i] + sqrtf(s * s + c * c);
}

int main() {
  const int blockSize = 256, nStreams = 4;
  const int n = 4 * 1024 * blockSize * nStreams;
  const int streamSize = n / nStreams;
  const int streamBytes = streamSize * sizeof(float);
  const int bytes = n * sizeof(float);

  float *a, *d_a;
  // CHECK: CHECK(hipHostMalloc((void **)&a, bytes));
  CHECK(cudaMallocHost((void **)&a, bytes));
  CHECK(cudaMalloc((void **)&d_a, bytes));

  float ms;
  // CHECK: hipEvent_t startEvent, stopEvent, dummyEvent;
  // CHECK-NEXT: hipStream_t stream[nStreams];
  // CHECK-NEXT: CHECK(hipEventCreate(&startEvent));
  // CHECK-NEXT: CHECK(hipEventCreate(&stopEvent));
  // CHECK-NEXT: CHECK(hipEventCreateWithFlags(&dummyEvent, hipEventDisableTiming));
  // CHECK-NEXT: for (int i = 0; i < nStreams; ++i)
  // CHECK-NEXT: CHECK(hipStreamCreateWithFlags(&stream[i], hipStreamDefault));
  cudaEvent_t startEvent, stopEvent, dummyEvent;
  cudaStream_t stream[nStreams];
  CHECK(cudaEventCreate(&startEvent));
  CHECK(cudaEventCreate(&stopEvent));
  CHECK(cudaEventCreateWithFlags(&dummyEvent, cudaEventDisableTiming));
  for (int i = 0; i < nStreams; ++i)
    CHECK(cudaStreamCreateWithFlags(&stream[i], cudaStreamDefault));

  memset(a, 0, bytes);
  CHECK(cudaEventRecord(startEvent, 0));
  for (int i = 0; i < nStreams; ++i) {
    int offset = i * streamSize;
    // CHECK: CHECK(hipMemcpyAsync(&d_a[offset], &a[offset], streamBytes,
    // CHECK-NEXT: hipMemcpyHostToDevice, stream[i]));
    // CHECK-NEXT: kernel<<<streamSize / blockSize, blockSize, 0, stream[i]>>>(d_a, offset);
    CHECK(cudaMemcpyAsync(&d_a[offset], &a[offset], streamBytes,
                          cudaMemcpyHostToDevice, stream[i]));
    kernel<<<streamSize / blockSize, blockSize, 0, stream[i]>>>(d_a, offset);
    CHECK(cudaMemcpyAsync(&a[offset], &d_a[offset], streamBytes,
                          cudaMemcpyDeviceToHost, stream[i]));
  }
  // CHECK: CHECK(hipEventRecord(stopEvent, 0));
  // CHECK-NEXT: CHECK(hipEventSynchronize(stopEvent));
  // CHECK-NEXT: CHECK(hipEventElapsedTime(&ms, startEvent, stopEvent));
  CHECK(cudaEventRecord(stopEvent, 0));
  CHECK(cudaEventSynchronize(stopEvent));
  CHECK(cudaEventElapsedTime(&ms, startEvent, stopEvent));
  printf("Time for asynchronous transfer and execute (ms): %f\n", ms);

  float maxError = 0;
  for (int i = 0; i < n; ++i)
    maxError = fmaxf(maxError, fabsf(a[i] - 1.0f));
  printf("  max error: %e\n", maxError);

  // CHECK: if (hipStreamQuery(stream[0]) == hipSuccess)
  if (cudaStreamQuery(stream[0]) == cudaSuccess)
    printf("stream 0 idle\n");

  // CHECK: CHECK(hipEventDestroy(startEvent));
  CHECK(cudaEventDestroy(startEvent));
  CHECK(cudaEventDestroy(stopEvent));
  CHECK(cudaEventDestroy(dummyEvent));
  for (int i = 0; i < nStreams; ++i)
    // CHECK: CHECK(hipStreamDestroy(stream[i]));
    CHECK(cudaStreamDestroy(stream[i]));
  CHECK(cudaFree(d_a));
  // CHECK: CHECK(hipHostFree(a));
  CHECK(cudaFreeHost(a));
  return maxError < 1e-5f ? 0 : 1;
}
