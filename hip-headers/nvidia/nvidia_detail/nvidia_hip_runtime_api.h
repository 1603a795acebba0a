// hipkit: the HIP runtime API on NVIDIA GPUs, over CUDA 13's runtime and
// driver APIs. HIP's hip_runtime_api.h includes this file when
// __HIP_PLATFORM_NVIDIA__ is defined, after defining what HIP defines on every
// platform (hipError_t, hipDeviceProp_t, hipDeviceAttribute_t, ...).
//
// The mechanical part (types, enumerators, flags, and every function whose
// HIP signature matches CUDA's) is nvidia_hip_api_generated.h, generated from
// hipify's tables (hip-headers/nvidia/generate_nvidia_api.py). This file holds
// only what differs between HIP and CUDA; hip-headers/nvidia/handwritten.tsv
// lists it and says why. docs/hip-on-nvidia.md: what works, what does not.
//
// C and C++, as HIP's runtime API on AMD: what C cannot have (templates,
// overloads) is C++ only; HIPKIT_INLINE (static inline in C) and
// HIPKIT_DEFAULT (a default argument in C++) come from the generated header.
#ifndef HIPKIT_NVIDIA_HIP_RUNTIME_API_H
#define HIPKIT_NVIDIA_HIP_RUNTIME_API_H

// cuda_runtime.h, what the generated header is derived from: nvcc includes
// it in CUDA sources, not in C and C++ ones (make_cudaExtent & co.).
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
#include <type_traits>
#endif

#include "nvidia_hip_api_generated.h"

#define HIP_LAUNCH_PARAM_BUFFER_POINTER CU_LAUNCH_PARAM_BUFFER_POINTER
#define HIP_LAUNCH_PARAM_BUFFER_SIZE CU_LAUNCH_PARAM_BUFFER_SIZE
#define HIP_LAUNCH_PARAM_END CU_LAUNCH_PARAM_END

// hipHostMalloc's flags. Mapped, portable and write-combined are CUDA's; the
// AMD-only ones choose coherence and NUMA placement of AMD pinned memory,
// which CUDA's pinned memory (always coherent) has no choice of: they are
// accepted and have no effect.
#ifndef hipHostMallocDefault
#define hipHostMallocDefault cudaHostAllocDefault
#endif
#ifndef hipHostMallocPortable
#define hipHostMallocPortable cudaHostAllocPortable
#endif
#ifndef hipHostMallocMapped
#define hipHostMallocMapped cudaHostAllocMapped
#endif
#ifndef hipHostMallocWriteCombined
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#endif
#define hipHostMallocNumaUser 0x0
#define hipHostMallocCoherent 0x0
#define hipHostMallocNonCoherent 0x0
#ifndef hipHostRegisterDefault
#define hipHostRegisterDefault cudaHostRegisterDefault
#endif
#ifndef hipHostRegisterPortable
#define hipHostRegisterPortable cudaHostRegisterPortable
#endif
#ifndef hipHostRegisterMapped
#define hipHostRegisterMapped cudaHostRegisterMapped
#endif
#ifndef hipMemAttachGlobal
#define hipMemAttachGlobal cudaMemAttachGlobal
#endif
#ifndef hipMemAttachHost
#define hipMemAttachHost cudaMemAttachHost
#endif
#ifndef hipMemAttachSingle
#define hipMemAttachSingle cudaMemAttachSingle
#endif

// HIP's hipError_t is its own enum; these two take it.
// HIP errors CUDA lacks read as CUDA's "unknown error".
HIPKIT_INLINE const char *hipGetErrorString(hipError_t error) {
  return cudaGetErrorString(hipErrorToCudaError(error));
}
HIPKIT_INLINE const char *hipGetErrorName(hipError_t error) {
  return cudaGetErrorName(hipErrorToCudaError(error));
}

// hipDeviceAttribute_t is HIP's own enum: the attributes CUDA has are asked
// of CUDA, the rest are invalid values, as on an AMD GPU lacking them.
HIPKIT_INLINE hipError_t hipDeviceGetAttribute(int *value,
                                               hipDeviceAttribute_t attr,
                                               int device) {
  cudaDeviceAttr cudaAttr;
  if (!hipDeviceAttributeToCuda(attr, &cudaAttr))
    return hipErrorInvalidValue;
  return hipCUDAErrorTohipError(
      cudaDeviceGetAttribute(value, cudaAttr, device));
}

// hipDeviceProp_t is HIP's own struct. CUDA 13 removed clockRate,
// memoryClockRate, computeMode, kernelExecTimeoutEnabled, maxTexture1DLinear
// and cooperativeMultiDeviceLaunch from cudaDeviceProp; the first five are
// attributes now.
HIPKIT_INLINE hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop,
                                                int device) {
  if (prop == NULL)
    return hipErrorInvalidValue;
  cudaDeviceProp cp;
  cudaError_t status = cudaGetDeviceProperties(&cp, device);
  if (status != cudaSuccess)
    return hipCUDAErrorTohipError(status);
  memset(prop, 0, sizeof(*prop));
  // Both names are 256 bytes; the last byte stays the terminating zero.
  memcpy(prop->name, cp.name, sizeof(prop->name) - 1);
  prop->totalGlobalMem = cp.totalGlobalMem;
  prop->sharedMemPerBlock = cp.sharedMemPerBlock;
  prop->regsPerBlock = cp.regsPerBlock;
  prop->warpSize = cp.warpSize;
  prop->maxThreadsPerBlock = cp.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    prop->maxThreadsDim[i] = cp.maxThreadsDim[i];
    prop->maxGridSize[i] = cp.maxGridSize[i];
    prop->maxTexture3D[i] = cp.maxTexture3D[i];
  }
  prop->memoryBusWidth = cp.memoryBusWidth;
  prop->totalConstMem = cp.totalConstMem;
  prop->major = cp.major;
  prop->minor = cp.minor;
  prop->multiProcessorCount = cp.multiProcessorCount;
  prop->l2CacheSize = cp.l2CacheSize;
  prop->maxThreadsPerMultiProcessor = cp.maxThreadsPerMultiProcessor;
  prop->concurrentKernels = cp.concurrentKernels;
  prop->pciDomainID = cp.pciDomainID;
  prop->pciBusID = cp.pciBusID;
  prop->pciDeviceID = cp.pciDeviceID;
  prop->maxSharedMemoryPerMultiProcessor = cp.sharedMemPerMultiprocessor;
  prop->isMultiGpuBoard = cp.isMultiGpuBoard;
  prop->canMapHostMemory = cp.canMapHostMemory;
  prop->integrated = cp.integrated;
  prop->cooperativeLaunch = cp.cooperativeLaunch;
  prop->maxTexture1D = cp.maxTexture1D;
  prop->maxTexture2D[0] = cp.maxTexture2D[0];
  prop->maxTexture2D[1] = cp.maxTexture2D[1];
  prop->memPitch = cp.memPitch;
  prop->textureAlignment = cp.textureAlignment;
  prop->texturePitchAlignment = cp.texturePitchAlignment;
  prop->ECCEnabled = cp.ECCEnabled;
  prop->tccDriver = cp.tccDriver;
  prop->managedMemory = cp.managedMemory;
  prop->directManagedMemAccessFromHost = cp.directManagedMemAccessFromHost;
  prop->concurrentManagedAccess = cp.concurrentManagedAccess;
  prop->pageableMemoryAccess = cp.pageableMemoryAccess;
  prop->pageableMemoryAccessUsesHostPageTables =
      cp.pageableMemoryAccessUsesHostPageTables;
  // Removed from cudaDeviceProp in CUDA 13: read as attributes.
  cudaDeviceGetAttribute(&prop->clockRate, cudaDevAttrClockRate, device);
  cudaDeviceGetAttribute(&prop->memoryClockRate, cudaDevAttrMemoryClockRate,
                         device);
  cudaDeviceGetAttribute(&prop->computeMode, cudaDevAttrComputeMode, device);
  cudaDeviceGetAttribute(&prop->kernelExecTimeoutEnabled,
                         cudaDevAttrKernelExecTimeout, device);
  cudaDeviceGetAttribute(&prop->maxTexture1DLinear,
                         cudaDevAttrMaxTexture1DLinearWidth, device);
  // HIP's instruction clock is the core clock on NVIDIA GPUs.
  prop->clockInstructionRate = prop->clockRate;
  // The architecture feature bits HIP reports; every GPU CUDA 13 supports
  // (sm_75 and later) has all of them.
  prop->arch.hasGlobalInt32Atomics = 1;
  prop->arch.hasGlobalFloatAtomicExch = 1;
  prop->arch.hasSharedInt32Atomics = 1;
  prop->arch.hasSharedFloatAtomicExch = 1;
  prop->arch.hasFloatAtomicAdd = 1;
  prop->arch.hasGlobalInt64Atomics = 1;
  prop->arch.hasSharedInt64Atomics = 1;
  prop->arch.hasDoubles = 1;
  prop->arch.hasWarpVote = 1;
  prop->arch.hasWarpBallot = 1;
  prop->arch.hasWarpShuffle = 1;
  prop->arch.hasFunnelShift = 1;
  prop->arch.hasThreadFenceSystem = 1;
  prop->arch.hasSyncThreadsExt = 1;
  prop->arch.hasSurfaceFuncs = 1;
  prop->arch.has3dGrid = 1;
  prop->arch.hasDynamicParallelism = 1;
  // AMD-only fields (gcnArch, gcnArchName, hdp*, isLargeBar, asicRevision,
  // cooperativeMultiDevice*) stay zero.
  return hipSuccess;
}

HIPKIT_INLINE hipError_t hipChooseDevice(int *device,
                                         const hipDeviceProp_t *prop) {
  if (device == NULL || prop == NULL)
    return hipErrorInvalidValue;
  cudaDeviceProp cp;
  memset(&cp, 0, sizeof(cp));
  cp.major = prop->major;
  cp.minor = prop->minor;
  cp.totalGlobalMem = prop->totalGlobalMem;
  cp.sharedMemPerBlock = prop->sharedMemPerBlock;
  cp.multiProcessorCount = prop->multiProcessorCount;
  return hipCUDAErrorTohipError(cudaChooseDevice(device, &cp));
}

// hipPointerAttribute_t is HIP's own struct.
HIPKIT_INLINE hipError_t
hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
  cudaPointerAttributes ca;
  cudaError_t status = cudaPointerGetAttributes(&ca, ptr);
  if (status != cudaSuccess)
    return hipCUDAErrorTohipError(status);
  memset(attributes, 0, sizeof(*attributes));
  switch (ca.type) {
  case cudaMemoryTypeHost:
    attributes->memoryType = hipMemoryTypeHost;
    break;
  case cudaMemoryTypeDevice:
    attributes->memoryType = hipMemoryTypeDevice;
    break;
  case cudaMemoryTypeManaged:
    attributes->memoryType = hipMemoryTypeUnified;
    attributes->isManaged = 1;
    break;
  default:
    attributes->memoryType = hipMemoryTypeUnified;
    break;
  }
  attributes->device = ca.device;
  attributes->devicePointer = ca.devicePointer;
  attributes->hostPointer = ca.hostPointer;
  return hipSuccess;
}

// HIP's launch functions take the shared memory size as unsigned int; CUDA's
// take size_t.
HIPKIT_INLINE hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim,
                                                    dim3 blockDim,
                                                    void **kernelParams,
                                                    unsigned int sharedMemBytes,
                                                    hipStream_t stream) {
  return hipCUDAErrorTohipError(cudaLaunchCooperativeKernel(
      f, gridDim, blockDim, kernelParams, sharedMemBytes, stream));
}
#ifdef __cplusplus
template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim, dim3 blockDim,
                                             void **kernelParams,
                                             unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return hipLaunchCooperativeKernel(reinterpret_cast<const void *>(f), gridDim,
                                    blockDim, kernelParams, sharedMemBytes,
                                    stream);
}
#endif

// HIP's occupancy helper takes the kernel as const void *; CUDA's is a
// template over the kernel's type, so C++ only.
#ifdef __cplusplus
inline hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize,
                                                    int *blockSize,
                                                    const void *f,
                                                    size_t dynSharedMemPerBlk = 0,
                                                    int blockSizeLimit = 0) {
  return hipCUDAErrorTohipError(cudaOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit));
}
template <class T>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize,
                                                    int *blockSize, T f,
                                                    size_t dynSharedMemPerBlk = 0,
                                                    int blockSizeLimit = 0) {
  return hipCUDAErrorTohipError(cudaOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit));
}
#endif

// CUDA 13 takes a location (cudaMemLocation) and flags where HIP takes a
// device number; hipCpuDeviceId (-1) is the host.
HIPKIT_INLINE cudaMemLocation hipkitMemLocation(int device) {
  cudaMemLocation location;
  memset(&location, 0, sizeof(location));
  location.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost
                                            : cudaMemLocationTypeDevice;
  location.id = device == cudaCpuDeviceId ? 0 : device;
  return location;
}
HIPKIT_INLINE hipError_t
hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device,
                    hipStream_t stream HIPKIT_DEFAULT(0)) {
  return hipCUDAErrorTohipError(cudaMemPrefetchAsync(
      dev_ptr, count, hipkitMemLocation(device), 0, stream));
}
HIPKIT_INLINE hipError_t hipMemAdvise(const void *dev_ptr, size_t count,
                                      hipMemoryAdvise advice, int device) {
  return hipCUDAErrorTohipError(
      cudaMemAdvise(dev_ptr, count, advice, hipkitMemLocation(device)));
}

// Virtual memory management. HIP pairs each of its memory enums with both
// CUDA's runtime enum and the driver's (hipMemAllocationTypePinned is
// cudaMemAllocationTypePinned and CU_MEM_ALLOCATION_TYPE_PINNED), and its
// enumerators here are the runtime's, which hipMemPoolProps (cudaMemPoolProps)
// takes; CUDA has no runtime counterpart of CUmemAllocationProp, whose fields
// have the driver's enum types. So hipMemAllocationProp is CUmemAllocationProp
// with the runtime's member types, as HIP's own NVIDIA headers declare it, and
// the functions taking it, a hipMemLocation or a hipMemAccessDesc convert. The
// addresses are void * in HIP, CUdeviceptr in CUDA.
typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  hipMemAllocationHandleType requestedHandleTypes;
  hipMemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} hipMemAllocationProp;
HIPKIT_INLINE CUmemLocation hipkitCUmemLocation(const hipMemLocation *location) {
  CUmemLocation converted;
  memset(&converted, 0, sizeof converted);
  converted.type = (CUmemLocationType)location->type;
  converted.id = location->id;
  return converted;
}
HIPKIT_INLINE CUmemAllocationProp
hipkitCUmemAllocationProp(const hipMemAllocationProp *prop) {
  CUmemAllocationProp converted;
  memset(&converted, 0, sizeof converted);
  converted.type = (CUmemAllocationType)prop->type;
  converted.requestedHandleTypes =
      (CUmemAllocationHandleType)prop->requestedHandleTypes;
  converted.location = hipkitCUmemLocation(&prop->location);
  converted.win32HandleMetaData = prop->win32HandleMetaData;
  converted.allocFlags.compressionType = prop->allocFlags.compressionType;
  converted.allocFlags.gpuDirectRDMACapable =
      prop->allocFlags.gpuDirectRDMACapable;
  converted.allocFlags.usage = prop->allocFlags.usage;
  memcpy(converted.allocFlags.reserved, prop->allocFlags.reserved,
         sizeof converted.allocFlags.reserved);
  return converted;
}
HIPKIT_INLINE hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle,
                                      size_t size,
                                      const hipMemAllocationProp *prop,
                                      unsigned long long flags) {
  CUmemAllocationProp converted = hipkitCUmemAllocationProp(prop);
  return hipCUResultTohipError(cuMemCreate(handle, size, &converted, flags));
}
HIPKIT_INLINE hipError_t hipMemGetAllocationGranularity(
    size_t *granularity, const hipMemAllocationProp *prop,
    hipMemAllocationGranularity_flags option) {
  CUmemAllocationProp converted = hipkitCUmemAllocationProp(prop);
  return hipCUResultTohipError(
      cuMemGetAllocationGranularity(granularity, &converted, option));
}
HIPKIT_INLINE hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle) {
  CUmemAllocationProp found;
  CUresult result = cuMemGetAllocationPropertiesFromHandle(&found, handle);
  if (result != CUDA_SUCCESS)
    return hipCUResultTohipError(result);
  memset(prop, 0, sizeof *prop);
  prop->type = (hipMemAllocationType)found.type;
  prop->requestedHandleTypes =
      (hipMemAllocationHandleType)found.requestedHandleTypes;
  prop->location.type = (hipMemLocationType)found.location.type;
  prop->location.id = found.location.id;
  prop->win32HandleMetaData = found.win32HandleMetaData;
  prop->allocFlags.compressionType = found.allocFlags.compressionType;
  prop->allocFlags.gpuDirectRDMACapable = found.allocFlags.gpuDirectRDMACapable;
  prop->allocFlags.usage = found.allocFlags.usage;
  memcpy(prop->allocFlags.reserved, found.allocFlags.reserved,
         sizeof prop->allocFlags.reserved);
  return hipSuccess;
}
HIPKIT_INLINE hipError_t hipMemAddressReserve(void **ptr, size_t size,
                                              size_t alignment, void *addr,
                                              unsigned long long flags) {
  CUdeviceptr reserved = 0;
  CUresult result = cuMemAddressReserve(&reserved, size, alignment,
                                        (CUdeviceptr)addr, flags);
  *ptr = (void *)reserved;
  return hipCUResultTohipError(result);
}
HIPKIT_INLINE hipError_t hipMemAddressFree(void *devPtr, size_t size) {
  return hipCUResultTohipError(cuMemAddressFree((CUdeviceptr)devPtr, size));
}
HIPKIT_INLINE hipError_t hipMemMap(void *ptr, size_t size, size_t offset,
                                   hipMemGenericAllocationHandle_t handle,
                                   unsigned long long flags) {
  return hipCUResultTohipError(
      cuMemMap((CUdeviceptr)ptr, size, offset, handle, flags));
}
HIPKIT_INLINE hipError_t hipMemUnmap(void *ptr, size_t size) {
  return hipCUResultTohipError(cuMemUnmap((CUdeviceptr)ptr, size));
}
HIPKIT_INLINE hipError_t hipMemSetAccess(void *ptr, size_t size,
                                         const hipMemAccessDesc *desc,
                                         size_t count) {
  // A few descriptors (one per device): converted in steps of a small array.
  CUmemAccessDesc converted[16];
  size_t done = 0;
  while (done < count) {
    size_t step = count - done < 16 ? count - done : 16;
    for (size_t i = 0; i < step; ++i) {
      memset(&converted[i], 0, sizeof converted[i]);
      converted[i].location = hipkitCUmemLocation(&desc[done + i].location);
      converted[i].flags = (CUmemAccess_flags)desc[done + i].flags;
    }
    CUresult result = cuMemSetAccess((CUdeviceptr)ptr, size, converted, step);
    if (result != CUDA_SUCCESS)
      return hipCUResultTohipError(result);
    done += step;
  }
  return hipSuccess;
}
HIPKIT_INLINE hipError_t hipMemGetAccess(unsigned long long *flags,
                                         const hipMemLocation *location,
                                         void *ptr) {
  CUmemLocation converted = hipkitCUmemLocation(location);
  return hipCUResultTohipError(
      cuMemGetAccess(flags, &converted, (CUdeviceptr)ptr));
}
HIPKIT_INLINE hipError_t hipMemExportToShareableHandle(
    void *shareableHandle, hipMemGenericAllocationHandle_t handle,
    hipMemAllocationHandleType handleType, unsigned long long flags) {
  return hipCUResultTohipError(cuMemExportToShareableHandle(
      shareableHandle, handle, (CUmemAllocationHandleType)handleType, flags));
}
HIPKIT_INLINE hipError_t hipMemImportFromShareableHandle(
    hipMemGenericAllocationHandle_t *handle, void *osHandle,
    hipMemAllocationHandleType shHandleType) {
  return hipCUResultTohipError(cuMemImportFromShareableHandle(
      handle, osHandle, (CUmemAllocationHandleType)shHandleType));
}

// The driver API's copies take the host pointer as void * in HIP.
HIPKIT_INLINE hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src,
                                       size_t sizeBytes) {
  return hipCUResultTohipError(cuMemcpyHtoD(dst, src, sizeBytes));
}
HIPKIT_INLINE hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src,
                                            size_t sizeBytes,
                                            hipStream_t stream) {
  return hipCUResultTohipError(
      cuMemcpyHtoDAsync(dst, src, sizeBytes, stream));
}
HIPKIT_INLINE hipError_t hipMemsetD32(hipDeviceptr_t dest, int value,
                                      size_t count) {
  return hipCUResultTohipError(cuMemsetD32(dest, (unsigned int)value, count));
}
HIPKIT_INLINE hipError_t
hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                  hipStream_t stream HIPKIT_DEFAULT(0)) {
  return hipCUResultTohipError(
      cuMemsetD32Async(dst, (unsigned int)value, count, stream));
}

HIPKIT_INLINE hipError_t hipProfilerStart(void) {
  return hipCUDAErrorTohipError(cudaProfilerStart());
}
HIPKIT_INLINE hipError_t hipProfilerStop(void) {
  return hipCUDAErrorTohipError(cudaProfilerStop());
}

// HIP 5.2's hipGraphInstantiate has CUDA 11's five parameters; CUDA 12 and
// later take flags instead of the error node and log.
HIPKIT_INLINE hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec,
                                             hipGraph_t graph,
                                             hipGraphNode_t *pErrorNode,
                                             char *pLogBuffer,
                                             size_t bufferSize) {
  if (pErrorNode != NULL)
    *pErrorNode = NULL;
  if (pLogBuffer != NULL && bufferSize > 0)
    pLogBuffer[0] = '\0';
  return hipCUDAErrorTohipError(cudaGraphInstantiate(pGraphExec, graph, 0));
}

// HIP's stream callbacks receive HIP's own hipError_t: a small trampoline
// converts CUDA's status for them (malloc and free: C as well as C++).
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status,
                                    void *userData);
typedef struct hipkitStreamCallback {
  hipStreamCallback_t callback;
  void *userData;
} hipkitStreamCallback;
HIPKIT_INLINE void CUDART_CB hipkitStreamCallbackTrampoline(cudaStream_t stream,
                                                            cudaError_t status,
                                                            void *data) {
  hipkitStreamCallback call = *(hipkitStreamCallback *)data;
  free(data);
  call.callback(stream, hipCUDAErrorTohipError(status), call.userData);
}
HIPKIT_INLINE hipError_t hipStreamAddCallback(hipStream_t stream,
                                              hipStreamCallback_t callback,
                                              void *userData,
                                              unsigned int flags) {
  hipkitStreamCallback *data =
      (hipkitStreamCallback *)malloc(sizeof(hipkitStreamCallback));
  if (data == NULL)
    return hipErrorOutOfMemory;
  data->callback = callback;
  data->userData = userData;
  cudaError_t status = cudaStreamAddCallback(
      stream, hipkitStreamCallbackTrampoline, data, flags);
  if (status != cudaSuccess)
    free(data);
  return hipCUDAErrorTohipError(status);
}

// CUDA 13's cuCtxCreate takes creation parameters (none here).
HIPKIT_INLINE hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags,
                                      hipDevice_t device) {
  return hipCUResultTohipError(cuCtxCreate(ctx, NULL, flags, device));
}

// hipJitOption is the runtime's cudaJitOption; the driver call takes the
// driver's CUjit_option, whose values are the same.
HIPKIT_INLINE hipError_t hipModuleLoadDataEx(hipModule_t *module,
                                             const void *image,
                                             unsigned int numOptions,
                                             hipJitOption *options,
                                             void **optionValues) {
  return hipCUResultTohipError(cuModuleLoadDataEx(
      module, image, numOptions, (CUjit_option *)options, optionValues));
}

// On NVIDIA, hipDeviceptr_t is the driver's integer CUdeviceptr (a pointer on
// AMD), so code written for the driver API allocates through these. The
// template takes exactly hipDeviceptr_t, so hipFree(0) stays the pointer one.
// Overloads: C++ only (C passes void ** and pointers, as on AMD).
#ifdef __cplusplus
inline hipError_t hipMalloc(hipDeviceptr_t *ptr, size_t size) {
  return hipCUResultTohipError(cuMemAlloc(ptr, size));
}
template <class T, class = typename std::enable_if<
                       std::is_same<T, hipDeviceptr_t>::value>::type>
inline hipError_t hipFree(T ptr) {
  return hipCUResultTohipError(cuMemFree(ptr));
}
#endif

#endif
