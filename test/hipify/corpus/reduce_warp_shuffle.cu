// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Sum reduction: warp-level shuffles, one partial per warp in shared memory,
// one atomicAdd per block. HIP 5.2 has no *_sync warp functions; with the
// full mask they are the classic __shfl_down, so the mask argument goes.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define CUDA_CHECK(x)                                                          \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(e));           \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#define FULL_MASK 0xffffffffu

__inline__ __device__ int warpReduceSum(int val) {
  // CHECK: for (int offset = warpSize / 2; offset > 0; offset /= 2)
  // CHECK-NEXT: val += __shfl_down(val, offset);
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0)
    val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceWarpAtomic(const int *in, int *out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = warpReduceSum(sum);
  // CHECK: if ((threadIdx.x & (warpSize - 1)) == 0)
  // CHECK-NEXT: atomicAdd(out, sum);
  if ((threadIdx.x & (warpSize - 1)) == 0)
    atomicAdd(out, sum);
}

__global__ void deviceReduceBlockAtomic(const int *in, int *out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0)
    atomicAdd(out, sum);
}

int main() {
  const int n = 1 << 22;
  std::vector<int> host(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = i % 13 - 6;
    expected += host[i];
  }
  int *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(int),
                        cudaMemcpyHostToDevice));

  int threads = 512;
  int blocks = 0;
  // CHECK: CUDA_CHECK(hipDeviceGetAttribute(&blocks, hipDeviceAttributeMultiprocessorCount, 0));
  CUDA_CHECK(cudaDeviceGetAttribute(&blocks, cudaDevAttrMultiProcessorCount, 0));
  blocks *= 4;

  int result = 0;
  // CHECK: CUDA_CHECK(hipMemset(d_out, 0, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(int)));
  deviceReduceWarpAtomic<<<blocks, threads>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("warp atomic: %d (expected %lld)\n", result, expected);
  bool ok = result == expected;

  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(int)));
  deviceReduceBlockAtomic<<<blocks, threads>>>(d_in, d_out, n);
  // CHECK: CUDA_CHECK(hipPeekAtLastError());
  // CHECK-NEXT: CUDA_CHECK(hipDeviceSynchronize());
  CUDA_CHECK(cudaPeekAtLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("block atomic: %d (expected %lld)\n", result, expected);
  ok = ok && result == expected;

  cudaFree(d_in);
  cudaFree(d_out);
  return ok ? 0 : 1;
}
