// Work split over streams, ordered by events (hipStreamWaitEvent).
#include "common.h"
#include <vector>
__global__ void scale(float *x, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= f;
}
int main() {
  const int n = 1 << 20, chunks = 4, chunk = n / chunks;
  float *host, *dev;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void **>(&host), n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dev, n * sizeof(float)));
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i % 1000);
  hipStream_t streams[chunks];
  hipEvent_t done[chunks];
  for (int c = 0; c < chunks; ++c) {
    HIP_CHECK(hipStreamCreateWithFlags(&streams[c], hipStreamNonBlocking));
    HIP_CHECK(hipEventCreateWithFlags(&done[c], hipEventDisableTiming));
  }
  for (int c = 0; c < chunks; ++c) {
    float *d = dev + c * chunk;
    HIP_CHECK(hipMemcpyAsync(d, host + c * chunk, chunk * sizeof(float), hipMemcpyHostToDevice, streams[c]));
    hipLaunchKernelGGL(scale, dim3(chunk / 256), dim3(256), 0, streams[c], d, chunk, 2.0f);
    HIP_CHECK(hipEventRecord(done[c], streams[c]));
  }
  // The last stream scales everything once more, after every chunk is done.
  for (int c = 0; c < chunks; ++c) HIP_CHECK(hipStreamWaitEvent(streams[chunks - 1], done[c], 0));
  hipLaunchKernelGGL(scale, dim3(n / 256), dim3(256), 0, streams[chunks - 1], dev, n, 3.0f);
  HIP_CHECK(hipMemcpyAsync(host, dev, n * sizeof(float), hipMemcpyDeviceToHost, streams[chunks - 1]));
  HIP_CHECK(hipStreamSynchronize(streams[chunks - 1]));
  CHECK(hipStreamQuery(streams[chunks - 1]) == hipSuccess);
  for (int i = 0; i < n; ++i) CHECK(host[i] == static_cast<float>(i % 1000) * 6.0f);
  for (int c = 0; c < chunks; ++c) {
    HIP_CHECK(hipStreamDestroy(streams[c]));
    HIP_CHECK(hipEventDestroy(done[c]));
  }
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipHostFree(host));
  std::printf("PASS\n");
  return 0;
}
