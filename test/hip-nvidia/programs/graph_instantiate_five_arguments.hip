// HIP's five-parameter hipGraphInstantiate (graph, error node, log buffer and
// its size): what hipify-clang writes for CUDA 11's five-argument
// cudaGraphInstantiate, and what code written for HIP calls. CUDA 12 and later
// take flags instead; on NVIDIA the HIP call must still build and run.
#include "common.h"
__global__ void addOne(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] += 1;
}
int main() {
  const int n = 1000;
  int *values;
  HIP_CHECK(hipMallocManaged(&values, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    values[i] = i;
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  hipGraph_t graph;
  HIP_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  for (int k = 0; k < 3; ++k)
    hipLaunchKernelGGL(addOne, dim3((n + 255) / 256), dim3(256), 0, stream, values, n);
  HIP_CHECK(hipStreamEndCapture(stream, &graph));
  hipGraphExec_t exec;
  hipGraphNode_t errorNode;
  char log[256] = "untouched";
  HIP_CHECK(hipGraphInstantiate(&exec, graph, &errorNode, log, sizeof(log)));
  CHECK(log[0] == '\0');
  HIP_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  for (int run = 0; run < 2; ++run)
    HIP_CHECK(hipGraphLaunch(exec, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int i = 0; i < n; ++i)
    CHECK(values[i] == i + 6);
  HIP_CHECK(hipGraphExecDestroy(exec));
  HIP_CHECK(hipGraphDestroy(graph));
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(values));
  std::printf("PASS\n");
  return 0;
}
