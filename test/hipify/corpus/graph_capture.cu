// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A short pipeline of kernels recorded once with stream capture, instantiated
// into an executable graph and replayed many times; timed against plain
// stream launches. (CUDA 12 gave cudaGraphInstantiate a flags parameter in
// place of the error-node and log arguments, which HIP keeps.)
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

__global__ void shift(float *x, float d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += d;
}

// CHECK: static void pipeline(float *d, int n, hipStream_t stream) {
static void pipeline(float *d, int n, cudaStream_t stream) {
  int blocks = (n + 255) / 256;
  for (int k = 0; k < 10; ++k) {
    scale<<<blocks, 256, 0, stream>>>(d, 1.0001f, n);
    shift<<<blocks, 256, 0, stream>>>(d, -0.0001f, n);
  }
}

int main() {
  const int n = 1 << 16, iterations = 200;
  float *d;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(float)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  // CHECK: hipGraph_t graph;
  // CHECK-NEXT: hipGraphExec_t graphExec;
  // CHECK-NEXT: CUDA_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  cudaGraph_t graph;
  cudaGraphExec_t graphExec;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  // CHECK: hipStreamCaptureStatus status;
  // CHECK-NEXT: CUDA_CHECK(hipStreamIsCapturing(stream, &status));
  // CHECK-NEXT: if (status != hipStreamCaptureStatusActive)
  cudaStreamCaptureStatus status;
  CUDA_CHECK(cudaStreamIsCapturing(stream, &status));
  if (status != cudaStreamCaptureStatusActive)
    return 1;
  pipeline(d, n, stream);
  // CHECK: CUDA_CHECK(hipStreamEndCapture(stream, &graph));
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));

  size_t numNodes = 0;
  // CHECK: CUDA_CHECK(hipGraphGetNodes(graph, nullptr, &numNodes));
  CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  printf("captured %zu nodes\n", numNodes);
  // CHECK: CUDA_CHECK(hipGraphInstantiate{{WithFlags\(&graphExec, graph, 0\)|\(&graphExec, graph, nullptr, nullptr, 0\)}});
  CUDA_CHECK(cudaGraphInstantiate(&graphExec, graph, 0));

  cudaEvent_t t0, t1;
  CUDA_CHECK(cudaEventCreate(&t0));
  CUDA_CHECK(cudaEventCreate(&t1));

  CUDA_CHECK(cudaEventRecord(t0, stream));
  for (int i = 0; i < iterations; ++i)
    pipeline(d, n, stream);
  CUDA_CHECK(cudaEventRecord(t1, stream));
  CUDA_CHECK(cudaEventSynchronize(t1));
  float streamMs;
  CUDA_CHECK(cudaEventElapsedTime(&streamMs, t0, t1));

  CUDA_CHECK(cudaEventRecord(t0, stream));
  for (int i = 0; i < iterations; ++i)
    // CHECK: CUDA_CHECK(hipGraphLaunch(graphExec, stream));
    CUDA_CHECK(cudaGraphLaunch(graphExec, stream));
  CUDA_CHECK(cudaEventRecord(t1, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  float graphMs;
  CUDA_CHECK(cudaEventElapsedTime(&graphMs, t0, t1));
  printf("stream launches: %.3f ms, graph launches: %.3f ms\n", streamMs, graphMs);

  float h[16];
  CUDA_CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = h[0] < 0.0f;
  // CHECK: CUDA_CHECK(hipGraphExecDestroy(graphExec));
  // CHECK-NEXT: CUDA_CHECK(hipGraphDestroy(graph));
  CUDA_CHECK(cudaGraphExecDestroy(graphExec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaEventDestroy(t0));
  CUDA_CHECK(cudaEventDestroy(t1));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
