// CUDART_VERSION/CUDA_VERSION used for their value become the CUDA runtime API
// level HIP 5.2 mirrors (11070, the rows' rewrite "value:..."), so guards pick
// the pre-CUDA-12 signatures HIP has; `defined`/#ifdef keep HIP_VERSION.
// __CUDA_ARCH__ used for its value becomes (__HIP_DEVICE_COMPILE__ * 1000):
// 0 on the host (undefined there, like __CUDA_ARCH__), 1000 on any HIP device,
// newer than every sm_XY a guard tests. hipcc -c compiles the host and the
// device pass; an #error marks each branch that must not be taken.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip 2>&1 | count 0
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942
// RUN: llvm-nm -C %t/out.o | FileCheck %s --check-prefix=HOST
// HOST: T host_branch_taken()

#include <cuda_runtime.h>
#include <cstdio>

// CHECK: #if (__HIP_DEVICE_COMPILE__ * 1000) >= 600
#if __CUDA_ARCH__ >= 600
// CHECK-NEXT: #ifndef __HIP_DEVICE_COMPILE__
#ifndef __CUDA_ARCH__
#error "device branch taken on the host"
#endif
__device__ int device_branch_taken() { return 1; }
// CHECK: #elif defined(__HIP_DEVICE_COMPILE__)
#elif defined(__CUDA_ARCH__)
#error "pre-sm_60 branch taken on a HIP device"
#else
int host_branch_taken() { return 0; }
#endif

// The CUDA programming guide's double atomicAdd shim for pre-sm_60 GPUs.
// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && (__HIP_DEVICE_COMPILE__ * 1000) < 600
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) { return *address += val; }
#endif

// CHECK: #if 11070 /* CUDART_VERSION */ >= 13000
#if CUDART_VERSION >= 13000
void prefetch(float *p, size_t bytes, cudaStream_t s) {
  cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
  cudaMemPrefetchAsync(p, bytes, loc, 0, s);
}
#else
// CHECK: hipMemPrefetchAsync(p, bytes, 0, s);
void prefetch(float *p, size_t bytes, cudaStream_t s) {
  cudaMemPrefetchAsync(p, bytes, 0, s);
}
#endif

// CHECK: #if defined(HIP_VERSION) && 11070 /* CUDA_VERSION */ < 12000
#if defined(CUDA_VERSION) && CUDA_VERSION < 12000
int old_api() { return 1; }
#endif

// CHECK: #ifdef HIP_VERSION
#ifdef CUDART_VERSION
// CHECK-NEXT: void report() { printf("runtime %d\n", 11070 /* CUDART_VERSION */); }
void report() { printf("runtime %d\n", CUDART_VERSION); }
#endif

__global__ void k(double *d) { atomicAdd(d, 1.0); }
