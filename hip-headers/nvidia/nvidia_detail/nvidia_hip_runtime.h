// hipkit: HIP's kernel language on NVIDIA GPUs, over CUDA 13. HIP's
// hip_runtime.h includes this file when __HIP_PLATFORM_NVIDIA__ is defined.
// Names HIP and CUDA share (threadIdx, __syncthreads, atomicAdd, warpSize,
// __shared__, ...) need nothing; this file holds what differs.
#ifndef HIPKIT_NVIDIA_HIP_RUNTIME_H
#define HIPKIT_NVIDIA_HIP_RUNTIME_H

#include <cuda_runtime.h>

#include <hip/hip_runtime_api.h>

// Launching: HIP's macro over CUDA's <<<...>>>. The kernel name is
// parenthesized so template arguments with commas stay one argument.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
typedef int hipLaunchParm;
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads,         \
                                   memPerBlock, streamId, ...)                \
  do {                                                                         \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(      \
        __VA_ARGS__);                                                          \
  } while (0)
#define hipLaunchKernelGGL(kernelName, ...)                                    \
  hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)

// CUDA's symbol APIs take the symbol by reference (template overloads of
// cudaMemcpyToSymbol & co.), so the symbol is passed as itself.
#define HIP_SYMBOL(X) X

#define hipReadModeElementType cudaReadModeElementType

// What every GPU CUDA 13 compiles for (sm_75 and later) has.
#ifdef __CUDA_ARCH__
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ 1
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_DOUBLES__ 1
#define __HIP_ARCH_HAS_WARP_VOTE__ 1
#define __HIP_ARCH_HAS_WARP_BALLOT__ 1
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ 1
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ 1
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ 1
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ 1
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 1
#define __HIP_ARCH_HAS_3DGRID__ 1
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 1
#endif

#ifdef __CUDACC__

#include "nvidia_hip_unsafe_atomics.h"

#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#define __clock() clock()
#define __clock64() clock64()

// HIP's warp functions take no mask: every lane of the warp (wavefront)
// takes part. CUDA 9 and later spell them with a mask (*_sync); CUDA 13 still
// declares the old names for the host pass and for pre-Volta GPUs (deprecated,
// __ballot returning 32 bits where HIP's returns 64), so HIP's names are
// macros for hipkit's functions rather than overloads beside CUDA's.
#define HIPKIT_FULL_WARP_MASK 0xffffffffu
template <class T>
__device__ inline T hipkit_shfl(T var, int srcLane, int width = warpSize) {
  return __shfl_sync(HIPKIT_FULL_WARP_MASK, var, srcLane, width);
}
template <class T>
__device__ inline T hipkit_shfl_up(T var, unsigned int delta,
                                   int width = warpSize) {
  return __shfl_up_sync(HIPKIT_FULL_WARP_MASK, var, delta, width);
}
template <class T>
__device__ inline T hipkit_shfl_down(T var, unsigned int delta,
                                     int width = warpSize) {
  return __shfl_down_sync(HIPKIT_FULL_WARP_MASK, var, delta, width);
}
template <class T>
__device__ inline T hipkit_shfl_xor(T var, int laneMask,
                                    int width = warpSize) {
  return __shfl_xor_sync(HIPKIT_FULL_WARP_MASK, var, laneMask, width);
}
__device__ inline unsigned long long hipkit_ballot(int predicate) {
  return __ballot_sync(HIPKIT_FULL_WARP_MASK, predicate);
}
__device__ inline int hipkit_any(int predicate) {
  return __any_sync(HIPKIT_FULL_WARP_MASK, predicate);
}
__device__ inline int hipkit_all(int predicate) {
  return __all_sync(HIPKIT_FULL_WARP_MASK, predicate);
}
#define __shfl(...) hipkit_shfl(__VA_ARGS__)
#define __shfl_up(...) hipkit_shfl_up(__VA_ARGS__)
#define __shfl_down(...) hipkit_shfl_down(__VA_ARGS__)
#define __shfl_xor(...) hipkit_shfl_xor(__VA_ARGS__)
#define __ballot(predicate) hipkit_ballot(predicate)
#define __any(predicate) hipkit_any(predicate)
#define __all(predicate) hipkit_all(predicate)

#endif // __CUDACC__

#endif
