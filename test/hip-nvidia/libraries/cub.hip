// hipCUB on NVIDIA (CUB 3 under hipCUB's names): hipcub::DeviceReduce::Sum and
// ::Reduce with hipcub::Max, hipcub::DeviceRadixSort::SortPairs, a kernel
// with hipcub::BlockReduce, each device-wide call checked as hipError_t (CUB's
// return cudaError_t); checked on the host. A hipCUB name CUB 3 dropped stops
// the build with one line naming it, only where used.
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t
// RUN: not env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -DUSE_DROPPED -c %s -o %t.dropped.o 2>&1 | FileCheck %s
// CHECK: error: static assertion failed with "hipcub::CountingInputIterator is hipCUB's (ROCm 6.4); CUB 3 (CCCL 3) dropped or never had cub::CountingInputIterator, so HIP_PLATFORM=nvidia does not offer it"
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)

constexpr int kBlock = 128;

__global__ void block_sums(const int *in, int *out) {
  using BlockReduce = hipcub::BlockReduce<int, kBlock>;
  __shared__ typename BlockReduce::TempStorage temp;
  int value = in[blockIdx.x * kBlock + threadIdx.x];
  int sum = BlockReduce(temp).Sum(value);
  int largest = BlockReduce(temp).Reduce(value, hipcub::Max());
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = sum;
    out[2 * blockIdx.x + 1] = largest;
  }
}

int main() {
#ifdef USE_DROPPED
  hipcub::CountingInputIterator<int> counting(0);
  (void)counting;
#endif
  const int blocks = 4, n = blocks * kBlock;
  std::vector<int> keys(n), values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (i * 7919) % 1000;
    values[i] = i;
  }
  int *dKeys, *dKeysOut, *dValues, *dValuesOut, *dSum, *dMax, *dBlocks;
  RT(hipMalloc(&dKeys, n * sizeof(int)));
  RT(hipMalloc(&dKeysOut, n * sizeof(int)));
  RT(hipMalloc(&dValues, n * sizeof(int)));
  RT(hipMalloc(&dValuesOut, n * sizeof(int)));
  RT(hipMalloc(&dSum, sizeof(int)));
  RT(hipMalloc(&dMax, sizeof(int)));
  RT(hipMalloc(&dBlocks, 2 * blocks * sizeof(int)));
  RT(hipMemcpy(dKeys, keys.data(), n * sizeof(int), hipMemcpyHostToDevice));
  RT(hipMemcpy(dValues, values.data(), n * sizeof(int), hipMemcpyHostToDevice));

  // Device-wide sum and maximum, each with its temporary-storage query.
  void *temp = nullptr;
  size_t bytes = 0, sortBytes = 0;
  RT(hipcub::DeviceReduce::Sum(temp, bytes, dKeys, dSum, n));
  hipError_t status = hipcub::DeviceReduce::Reduce(nullptr, sortBytes, dKeys, dMax, n,
                                                   hipcub::Max(), 0);
  RT(status);
  RT(hipMalloc(&temp, std::max(bytes, sortBytes)));
  RT(hipcub::DeviceReduce::Sum(temp, bytes, dKeys, dSum, n));
  RT(hipcub::DeviceReduce::Reduce(temp, sortBytes, dKeys, dMax, n, hipcub::Max(), 0));
  RT(hipFree(temp));

  // Key-value pairs sorted by key on a stream.
  hipStream_t stream;
  RT(hipStreamCreate(&stream));
  temp = nullptr;
  RT(hipcub::DeviceRadixSort::SortPairs(temp, sortBytes, dKeys, dKeysOut, dValues, dValuesOut,
                                        n, 0, 32, stream));
  RT(hipMalloc(&temp, sortBytes));
  RT(hipcub::DeviceRadixSort::SortPairs(temp, sortBytes, dKeys, dKeysOut, dValues, dValuesOut,
                                        n, 0, 32, stream));
  RT(hipStreamSynchronize(stream));
  RT(hipFree(temp));

  block_sums<<<blocks, kBlock>>>(dKeys, dBlocks);
  RT(hipGetLastError());
  RT(hipDeviceSynchronize());

  int sum = 0, largest = 0;
  std::vector<int> sortedKeys(n), sortedValues(n), blockResults(2 * blocks);
  RT(hipMemcpy(&sum, dSum, sizeof(int), hipMemcpyDeviceToHost));
  RT(hipMemcpy(&largest, dMax, sizeof(int), hipMemcpyDeviceToHost));
  RT(hipMemcpy(sortedKeys.data(), dKeysOut, n * sizeof(int), hipMemcpyDeviceToHost));
  RT(hipMemcpy(sortedValues.data(), dValuesOut, n * sizeof(int), hipMemcpyDeviceToHost));
  RT(hipMemcpy(blockResults.data(), dBlocks, 2 * blocks * sizeof(int), hipMemcpyDeviceToHost));

  bool ok = true;
  int expectedSum = 0, expectedMax = 0;
  for (int k : keys) {
    expectedSum += k;
    expectedMax = std::max(expectedMax, k);
  }
  ok = ok && sum == expectedSum && largest == expectedMax;
  printf("sum %d (expected %d), max %d (expected %d)\n", sum, expectedSum, largest, expectedMax);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  for (int i = 0; i < n; ++i)
    ok = ok && sortedKeys[i] == keys[order[i]] && sortedValues[i] == order[i];
  printf("sorted pairs %s\n", ok ? "match std::stable_sort" : "differ");
  for (int b = 0; b < blocks; ++b) {
    int s = 0, m = 0;
    for (int i = 0; i < kBlock; ++i) {
      s += keys[b * kBlock + i];
      m = std::max(m, keys[b * kBlock + i]);
    }
    printf("block %d: sum %d max %d\n", b, blockResults[2 * b], blockResults[2 * b + 1]);
    ok = ok && blockResults[2 * b] == s && blockResults[2 * b + 1] == m;
  }
  RT(hipStreamDestroy(stream));
  RT(hipFree(dKeys));
  RT(hipFree(dKeysOut));
  RT(hipFree(dValues));
  RT(hipFree(dValuesOut));
  RT(hipFree(dSum));
  RT(hipFree(dMax));
  RT(hipFree(dBlocks));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
