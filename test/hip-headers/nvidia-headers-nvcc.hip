// hipkit's HIP headers for NVIDIA compile with CUDA 13's nvcc for sm_90
// without a warning (nvcc --Werror=all-warnings, host -Wall -Werror), through hipcc: the runtime API,
// kernels, warp functions, complex, cooperative groups, fp16. Debian's HIP 5.2
// NVIDIA headers fail here (45 errors in nvidia_hip_runtime_api.h alone).
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t.o
// RUN: rm -rf %t.debian && mkdir -p %t.debian && cp -r /usr/include/hip %t.debian/
// RUN: not %cuda_path/bin/nvcc -c -arch=sm_90 -isystem %t.debian -D__HIP_PLATFORM_NVIDIA__ -x cu %s -o %t.debian.o 2>&1 | FileCheck %s --check-prefix=DEBIAN
// DEBIAN: nvidia_detail/nvidia_hip_runtime_api.h({{[0-9]+}}): error: class "cudaDeviceProp" has no member "clockRate"
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>

__global__ void kernel(float *x, unsigned long long *mask, hipFloatComplex *c) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  float v = x[i];
  v += __shfl_down(v, 1);
  v += __shfl_xor(v, 2, 16);
  mask[0] = __ballot(v > 0.0f);
  if (__any(v > 1.0f) && __all(v < 100.0f))
    x[i] = v + __half2float(__float2half(1.0f));
  c[i] = hipCmulf(c[i], make_hipFloatComplex(1.0f, 2.0f));
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  block.sync();
  atomicAdd(&x[0], static_cast<float>(warpSize));
}

static int check(hipError_t e) { return e == hipSuccess ? 0 : 1; }

int main() {
  float *x = nullptr;
  unsigned long long *mask = nullptr;
  hipFloatComplex *c = nullptr;
  int failures = 0;
  failures += check(hipMalloc(&x, 256 * sizeof(float)));
  failures += check(hipMalloc(&mask, sizeof(*mask)));
  failures += check(hipMalloc(&c, 256 * sizeof(*c)));
  hipStream_t stream;
  failures += check(hipStreamCreate(&stream));
  failures += check(hipMemsetAsync(x, 0, 256 * sizeof(float), stream));
  hipLaunchKernelGGL(kernel, dim3(4), dim3(64), 0, stream, x, mask, c);
  failures += check(hipGetLastError());
  hipDeviceProp_t prop;
  failures += check(hipGetDeviceProperties(&prop, 0));
  int clock = 0;
  failures += check(hipDeviceGetAttribute(&clock, hipDeviceAttributeClockRate, 0));
  // HIP's struct and enum types are tags on AMD: code may name them in
  // elaborated form, and must compile on NVIDIA too.
  struct hipResourceDesc resource = {};
  resource.resType = hipResourceTypeLinear;
  enum hipMemcpyKind kind = hipMemcpyDeviceToHost;
  struct hipExtent extent = make_hipExtent(1, 1, 1);
  failures += (kind != hipMemcpyDeviceToHost) + (extent.depth != 1) +
              (resource.resType != hipResourceTypeLinear);
  failures += check(hipStreamSynchronize(stream));
  failures += check(hipStreamDestroy(stream));
  failures += check(hipFree(x));
  failures += check(hipFree(mask));
  failures += check(hipFree(c));
  return failures + (hipGetErrorString(hipErrorInvalidValue)[0] == '\0');
}
