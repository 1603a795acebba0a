// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Single-pass reduction after the threadFenceReduction sample: every block
// writes its partial sum, makes it visible with __threadfence, and takes a
// ticket with atomicInc; the block that draws the last ticket sums the
// partials and resets the counter for the next launch.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s(%d): %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__device__ void reduceBlock(volatile float *sdata, float mySum, unsigned int tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
}

template <unsigned int blockSize>
__global__ void reduceSinglePass(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[blockSize];
  __shared__ bool amLast;
  unsigned int tid = threadIdx.x;
  float mySum = 0.0f;
  for (unsigned int i = blockIdx.x * blockSize + tid; i < n; i += blockSize * gridDim.x)
    mySum += g_idata[i];
  reduceBlock<blockSize>(sdata, mySum, tid);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];

  if (gridDim.x > 1) {
    if (tid == 0) {
      // CHECK: __threadfence();
      // CHECK-NEXT: unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      __threadfence();
      unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
      float total = 0.0f;
      for (unsigned int i = tid; i < gridDim.x; i += blockSize)
        total += g_odata[i];
      reduceBlock<blockSize>(sdata, total, tid);
      if (tid == 0) {
        g_odata[0] = sdata[0];
        retirementCount = 0;
      }
    }
  }
}

int main() {
  const unsigned int n = 1 << 20, threads = 256, blocks = 64;
  float *h = (float *)malloc(n * sizeof(float));
  double expected = 0;
  for (unsigned int i = 0; i < n; ++i) {
    h[i] = (float)(rand() & 0xff) / 256.0f;
    expected += h[i];
  }
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, blocks * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));

  bool ok = true;
  for (int launch = 0; launch < 3; ++launch) {
    // CHECK: reduceSinglePass<threads><<<blocks, threads>>>(d_in, d_out, n);
    reduceSinglePass<threads><<<blocks, threads>>>(d_in, d_out, n);
    checkCudaErrors(cudaGetLastError());
    float result;
    checkCudaErrors(cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost));
    printf("launch %d: %f (expected %f)\n", launch, result, expected);
    if (result < expected * 0.9999 || result > expected * 1.0001)
      ok = false;
  }
  unsigned int count = 1;
  // CHECK: checkCudaErrors(hipMemcpyFromSymbol(&count, {{HIP_SYMBOL\(retirementCount\)|retirementCount}}, sizeof(count)));
  checkCudaErrors(cudaMemcpyFromSymbol(&count, retirementCount, sizeof(count)));
  ok = ok && count == 0;
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  free(h);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
