// Dynamic shared memory (extern __shared__, and HIP_DYNAMIC_SHARED) sized at launch.
#include "common.h"
#include <vector>
__global__ void blockSum(const int *in, int *out) {
  extern __shared__ int scratch[];
  scratch[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = scratch[0];
}
__global__ void reverse(int *data) {
  HIP_DYNAMIC_SHARED(int, buffer)
  buffer[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}
int main() {
  const int blocks = 64, threads = 512;
  std::vector<int> h(blocks * threads);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<int>(i % 17);
  int *in, *out;
  HIP_CHECK(hipMalloc(&in, h.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&out, blocks * sizeof(int)));
  HIP_CHECK(hipMemcpy(in, h.data(), h.size() * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(blockSum, dim3(blocks), dim3(threads), threads * sizeof(int), 0, in, out);
  std::vector<int> sums(blocks);
  HIP_CHECK(hipMemcpy(sums.data(), out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int t = 0; t < threads; ++t) want += h[b * threads + t];
    CHECK(sums[b] == want);
  }
  hipLaunchKernelGGL(reverse, dim3(1), dim3(threads), threads * sizeof(int), 0, in);
  std::vector<int> r(threads);
  HIP_CHECK(hipMemcpy(r.data(), in, threads * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) CHECK(r[t] == h[threads - 1 - t]);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  std::printf("PASS\n");
  return 0;
}
