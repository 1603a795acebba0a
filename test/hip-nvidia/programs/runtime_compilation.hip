// hipRTC, as rocm-examples' runtime_compilation uses it: compile a kernel at
// run time, load the code as a module, launch it, check the result. On
// NVIDIA hipRTC is NVRTC and modules are the driver API: hipcc links
// -lnvrtc for -lhiprtc, and -lcuda (ROUNDTRIP-LIBS below).
// ROUNDTRIP-LIBS: -lhiprtc
#include "common.h"
#include <hip/hiprtc.h>
#include <vector>

static const char *Source = R"(
extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

#define RTC_CHECK(call)                                                        \
  do {                                                                         \
    hiprtcResult r_ = (call);                                                  \
    if (r_ != HIPRTC_SUCCESS) {                                                \
      std::fprintf(stderr, "%s failed: %s\n", #call, hiprtcGetErrorString(r_)); \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

int main() {
  hiprtcProgram prog;
  RTC_CHECK(hiprtcCreateProgram(&prog, Source, "saxpy.cu", 0, nullptr, nullptr));
  RTC_CHECK(hiprtcCompileProgram(prog, 0, nullptr));
  size_t size = 0;
  RTC_CHECK(hiprtcGetCodeSize(prog, &size));
  std::vector<char> code(size);
  RTC_CHECK(hiprtcGetCode(prog, code.data()));
  RTC_CHECK(hiprtcDestroyProgram(&prog));

  hipModule_t module;
  hipFunction_t saxpy;
  HIP_CHECK(hipModuleLoadData(&module, code.data()));
  HIP_CHECK(hipModuleGetFunction(&saxpy, module, "saxpy"));

  const int n = 4096;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  float *dx, *dy;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dy, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  float a = 2.0f;
  int count = n;
  void *args[] = {&a, &dx, &dy, &count};
  HIP_CHECK(hipModuleLaunchKernel(saxpy, n / 256, 1, 1, 256, 1, 1, 0, nullptr,
                                  args, nullptr));
  HIP_CHECK(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(y[i] == 2.0f * float(i) + 1.0f);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipModuleUnload(module));
  std::printf("PASS\n");
  return 0;
}
