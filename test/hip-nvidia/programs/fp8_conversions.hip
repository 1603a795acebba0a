// HIP's 8-bit floats (hip/hip_fp8.h): e4m3 and e5m2 round trips on the device,
// and the saturating conversion, with values whose results are exact.
#include "common.h"
#include <hip/hip_fp8.h>
__global__ void roundTrip(const float *in, float *e4m3, float *e5m2,
                          __hip_fp8_storage_t *saturated, int n) {
  int i = threadIdx.x;
  if (i >= n)
    return;
  __hip_fp8_e4m3 a(in[i]);
  __hip_fp8_e5m2 b(in[i]);
  e4m3[i] = float(a);
  e5m2[i] = float(b);
  saturated[i] = __hip_cvt_float_to_fp8(in[i] * 10000.0f, __HIP_SATFINITE, __HIP_E4M3);
}
int main() {
  const int n = 5;
  const float inputs[n] = {0.5f, 1.5f, -2.0f, 0.1f, 448.0f};
  const float e4m3Expected[n] = {0.5f, 1.5f, -2.0f, 0.1015625f, 448.0f};
  const float e5m2Expected[n] = {0.5f, 1.5f, -2.0f, 0.09375f, 448.0f};
  float *in, *e4m3, *e5m2;
  __hip_fp8_storage_t *saturated;
  HIP_CHECK(hipMallocManaged(&in, n * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&e4m3, n * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&e5m2, n * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&saturated, n * sizeof(__hip_fp8_storage_t)));
  for (int i = 0; i < n; ++i)
    in[i] = inputs[i];
  hipLaunchKernelGGL(roundTrip, dim3(1), dim3(32), 0, 0, in, e4m3, e5m2, saturated, n);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    CHECK(e4m3[i] == e4m3Expected[i]);
    CHECK(e5m2[i] == e5m2Expected[i]);
    // 448 is e4m3's largest finite value: 0x7e (positive), 0xfe (negative).
    CHECK(saturated[i] == (inputs[i] < 0 ? 0xfe : 0x7e));
  }
  std::printf("PASS\n");
  return 0;
}
