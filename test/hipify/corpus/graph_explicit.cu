// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A graph built node by node: memset, kernel and copy nodes with explicit
// dependencies, then the kernel node's arguments updated in the
// instantiated graph between launches.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e));        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void iota(int *out, int start, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += start + i;
}

int main() {
  const int n = 1000;
  int *d_buf, *h_buf;
  CUDA_CHECK(cudaMalloc(&d_buf, n * sizeof(int)));
  CUDA_CHECK(cudaMallocHost(&h_buf, n * sizeof(int)));

  // CHECK: hipGraph_t graph;
  // CHECK-NEXT: CUDA_CHECK(hipGraphCreate(&graph, 0));
  cudaGraph_t graph;
  CUDA_CHECK(cudaGraphCreate(&graph, 0));

  // CHECK: hipMemsetParams memsetParams;
  cudaMemsetParams memsetParams;
  memset(&memsetParams, 0, sizeof(memsetParams));
  memsetParams.dst = d_buf;
  memsetParams.value = 0;
  memsetParams.elementSize = sizeof(int);
  memsetParams.width = n;
  memsetParams.height = 1;
  // CHECK: hipGraphNode_t memsetNode, kernelNode, copyNode;
  // CHECK-NEXT: CUDA_CHECK(hipGraphAddMemsetNode(&memsetNode, graph, nullptr, 0, &memsetParams));
  cudaGraphNode_t memsetNode, kernelNode, copyNode;
  CUDA_CHECK(cudaGraphAddMemsetNode(&memsetNode, graph, nullptr, 0, &memsetParams));

  int start = 100, count = n;
  void *kernelArgs[] = {&d_buf, &start, &count};
  // CHECK: hipKernelNodeParams kernelParams = {};
  cudaKernelNodeParams kernelParams = {};
  kernelParams.func = (void *)iota;
  kernelParams.gridDim = dim3((n + 127) / 128);
  kernelParams.blockDim = dim3(128);
  kernelParams.sharedMemBytes = 0;
  kernelParams.kernelParams = kernelArgs;
  kernelParams.extra = nullptr;
  // CHECK: CUDA_CHECK(hipGraphAddKernelNode(&kernelNode, graph, &memsetNode, 1, &kernelParams));
  CUDA_CHECK(cudaGraphAddKernelNode(&kernelNode, graph, &memsetNode, 1, &kernelParams));
  // CHECK: CUDA_CHECK(hipGraphAddMemcpyNode1D(&copyNode, graph, &kernelNode, 1, h_buf, d_buf, n * sizeof(int), hipMemcpyDeviceToHost));
  CUDA_CHECK(cudaGraphAddMemcpyNode1D(&copyNode, graph, &kernelNode, 1, h_buf, d_buf, n * sizeof(int), cudaMemcpyDeviceToHost));

  // CHECK: hipGraphExec_t exec;
  cudaGraphExec_t exec;
  // CHECK-NEXT: CUDA_CHECK(hipGraphInstantiate{{WithFlags\(&exec, graph, 0\)|\(&exec, graph, nullptr, nullptr, 0\)}});
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  bool ok = true;
  for (int round = 0; round < 3; ++round) {
    start = 100 * (round + 1);
    // CHECK: CUDA_CHECK(hipGraphExecKernelNodeSetParams(exec, kernelNode, &kernelParams));
    CUDA_CHECK(cudaGraphExecKernelNodeSetParams(exec, kernelNode, &kernelParams));
    CUDA_CHECK(cudaGraphLaunch(exec, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < n; ++i)
      if (h_buf[i] != start + i) {
        printf("round %d: h_buf[%d] = %d\n", round, i, h_buf[i]);
        ok = false;
        break;
      }
  }
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFreeHost(h_buf));
  CUDA_CHECK(cudaFree(d_buf));
  return ok ? 0 : 1;
}
