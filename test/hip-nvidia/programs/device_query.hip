// Device query in the style of ROCm's HIP examples: hipGetDeviceProperties and
// hipDeviceGetAttribute must agree.
#include "common.h"
int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK(count > 0);
  for (int d = 0; d < count; ++d) {
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, d));
    int sms = 0, major = 0, clock = 0, warp = 0;
    HIP_CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, d));
    HIP_CHECK(hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, d));
    HIP_CHECK(hipDeviceGetAttribute(&clock, hipDeviceAttributeClockRate, d));
    HIP_CHECK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, d));
    std::printf("device %d: %s, %d SMs, sm_%d%d, warp %d\n", d, prop.name,
                prop.multiProcessorCount, prop.major, prop.minor, prop.warpSize);
    CHECK(sms == prop.multiProcessorCount && major == prop.major);
    CHECK(clock == prop.clockRate && clock > 0 && prop.memoryClockRate > 0);
    CHECK(warp == prop.warpSize && prop.totalGlobalMem > 0);
  }
  std::printf("PASS\n");
  return 0;
}
