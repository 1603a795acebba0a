// HIP 5.2 declares hipFuncGetAttributes, hipFuncSetAttribute,
// hipFuncSetCacheConfig and hipFuncSetSharedMemConfig with `const void *func`
// and, unlike CUDA, no template overload: the rows' rewrite "cast:N:const void *"
// wraps a function argument in reinterpret_cast; a pointer to void stays.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip 2>&1 | count 0
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942

#include <cuda_runtime.h>

__global__ void kernel(float *p) { p[threadIdx.x] = 0; }
template <typename T> __global__ void fill(T *p) { p[threadIdx.x] = T(); }

#define CHECK(call) if ((call) != cudaSuccess) return

void configure(const void *already) {
  cudaFuncAttributes attr;
  // CHECK: hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(kernel));
  cudaFuncGetAttributes(&attr, kernel);
  // CHECK-NEXT: hipFuncSetAttribute(reinterpret_cast<const void *>(fill<float>), hipFuncAttributeMaxDynamicSharedMemorySize, 1024);
  cudaFuncSetAttribute(fill<float>, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  // CHECK-NEXT: hipFuncSetCacheConfig(reinterpret_cast<const void *>(&kernel), hipFuncCachePreferShared);
  cudaFuncSetCacheConfig(&kernel, cudaFuncCachePreferShared);
  // CHECK-NEXT: hipFuncSetSharedMemConfig(already, hipSharedMemBankSizeFourByte);
  cudaFuncSetSharedMemConfig(already, cudaSharedMemBankSizeFourByte);
  // Inside a macro argument, as error-checking wrappers do.
  // CHECK-NEXT: CHECK(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(kernel)));
  CHECK(cudaFuncGetAttributes(&attr, kernel));
  // A function-pointer variable, as samples keep the kernel they picked.
  void (*picked)(float *) = kernel;
  // CHECK: hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(picked));
  cudaFuncGetAttributes(&attr, picked);
}

// A template kernel whose template arguments are still dependent.
template <typename T> int registers() {
  cudaFuncAttributes attr;
  // CHECK: hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(fill<T>));
  cudaFuncGetAttributes(&attr, fill<T>);
  // CHECK-NEXT: hipFuncSetCacheConfig(reinterpret_cast<const void *>(&fill<T>), hipFuncCachePreferL1);
  cudaFuncSetCacheConfig(&fill<T>, cudaFuncCachePreferL1);
  return attr.numRegs;
}
int registersOfFloat() { return registers<float>(); }

// A variable of a type still dependent, which a template kernel initializes
// (mamba's selective scan: `auto kernel = &kernel_name<Ktraits>;` in a
// launcher template, then the shared memory attribute).
template <typename T> void launch(int smem) {
  auto kernel = &fill<T>;
  // CHECK: hipFuncSetAttribute(reinterpret_cast<const void *>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  kernel<<<1, 1, smem>>>(nullptr);
}
void launchFloat() { launch<float>(4096); }

// A macro that expands its argument twice (BOOL_SWITCH's branches) puts the
// call's spelling in two calls: it is cast once.
#define TWICE(...) if (smem > 0) { __VA_ARGS__ } else { __VA_ARGS__ }
template <typename T> void launchTwice(int smem) {
  auto kernel = &fill<T>;
  // CHECK: TWICE(hipFuncSetAttribute(reinterpret_cast<const void *>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, smem);)
  TWICE(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);)
}
void launchTwiceFloat() { launchTwice<float>(4096); }
