// Host-device bandwidth with pinned memory and events; checks the data.
#include "common.h"
#include <vector>
int main() {
  const size_t n = 64 << 20;
  unsigned char *host, *dev;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void **>(&host), n, hipHostMallocDefault));
  HIP_CHECK(hipMalloc(&dev, n));
  for (size_t i = 0; i < n; ++i) host[i] = static_cast<unsigned char>(i * 7);
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventRecord(start, 0));
  HIP_CHECK(hipMemcpy(dev, host, n, hipMemcpyHostToDevice));
  HIP_CHECK(hipEventRecord(stop, 0));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = 0;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  std::printf("host to device: %.1f GB/s\n", n / ms / 1e6);
  std::vector<unsigned char> back(n);
  HIP_CHECK(hipMemcpy(back.data(), dev, n, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < n; ++i) CHECK(back[i] == static_cast<unsigned char>(i * 7));
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipHostFree(host));
  std::printf("PASS\n");
  return 0;
}
