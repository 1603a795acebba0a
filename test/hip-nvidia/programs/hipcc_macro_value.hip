// Code tests __HIPCC__ for its value (what hipify-clang writes for
// `#if __CUDACC__`), as clang defines it on AMD: 1. On NVIDIA hipkit's headers
// define it 1 too, so `#if __HIPCC__` selects the HIP path on both platforms.
#include "common.h"
#if __HIPCC__
#define HIP_PATH_TAKEN 1
#else
#define HIP_PATH_TAKEN 0
#endif
#if !defined(__HIPCC__) || __HIPCC__ != 1
#error "__HIPCC__ must be defined as 1"
#endif
__global__ void writeFlag(int *flag) {
#if __HIPCC__ && (defined(__HIP_DEVICE_COMPILE__) || defined(__CUDA_ARCH__))
  *flag = 2 * HIP_PATH_TAKEN + 1;
#else
  *flag = -1;
#endif
}
int main() {
  int *flag;
  HIP_CHECK(hipMallocManaged(&flag, sizeof(int)));
  *flag = 0;
  hipLaunchKernelGGL(writeFlag, dim3(1), dim3(1), 0, 0, flag);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK(HIP_PATH_TAKEN == 1);
  CHECK(*flag == 3);
  HIP_CHECK(hipFree(flag));
  std::printf("PASS\n");
  return 0;
}
