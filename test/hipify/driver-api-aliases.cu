// CUDA keeps deprecated spellings as aliases of other names (the same value in
// the same enum, or #define A B), and the driver and runtime enums of one thing
// share their values: each such name follows its twin's row
// (derive/derive_tables.py, follow_aliases) instead of being reported
// unsupported. Driver-API code as public programs write it; the output compiles
// against the ROCm 6.4 tree's HIP.
// REQUIRES: cuda, rocm-6.4-root
// RUN: %if nvcc %{ %cuda_path/bin/nvcc -c -arch=sm_90 %s -o %t.nvcc.o %}
// RUN: %hipify %s --rocm-path=%rocm_libraries -o %t.hip 2>%t.err
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[A-Za-z_]|cuda}}'
// RUN: FileCheck %s --input-file=%t.err --check-prefix=ERR --allow-empty
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 --rocm-path=%rocm_libraries
// ERR-NOT: unsupported
// ERR-NOT: not in the tables

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define DRV_CHECK(call)                                                         \
  do {                                                                         \
    CUresult err_ = (call);                                                    \
    if (err_ != CUDA_SUCCESS) {                                                \
      fprintf(stderr, "%s:%d: error %d\n", __FILE__, __LINE__, (int)err_);     \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

struct DeviceLimits {
  int sharedPerBlock, registersPerBlock, tex1D, tex2D[2], tex3D[3];
  int busWidth, multiGpuBoard;
};

// CHECK: static int attribute(hipDevice_t dev, hipDeviceAttribute_t which) {
static int attribute(CUdevice dev, CUdevice_attribute which) {
  int value = 0;
  // CHECK: DRV_CHECK(hipDeviceGetAttribute(&value, which, dev));
  DRV_CHECK(cuDeviceGetAttribute(&value, which, dev));
  return value;
}

DeviceLimits queryLimits(int ordinal) {
  // CHECK: hipDevice_t dev;
  CUdevice dev;
  DRV_CHECK(cuDeviceGet(&dev, ordinal));
  DeviceLimits l;
  // CHECK: l.sharedPerBlock = attribute(dev, hipDeviceAttributeMaxSharedMemoryPerBlock);
  l.sharedPerBlock = attribute(dev, CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK);
  // CHECK: l.registersPerBlock = attribute(dev, hipDeviceAttributeMaxRegistersPerBlock);
  l.registersPerBlock = attribute(dev, CU_DEVICE_ATTRIBUTE_REGISTERS_PER_BLOCK);
  // CHECK: l.tex1D = attribute(dev, hipDeviceAttributeMaxTexture1DWidth);
  l.tex1D = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH);
  // CHECK: l.tex2D[0] = attribute(dev, hipDeviceAttributeMaxTexture2DWidth);
  l.tex2D[0] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH);
  // CHECK: l.tex2D[1] = attribute(dev, hipDeviceAttributeMaxTexture2DHeight);
  l.tex2D[1] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT);
  // CHECK: l.tex3D[0] = attribute(dev, hipDeviceAttributeMaxTexture3DWidth);
  l.tex3D[0] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH);
  // CHECK: l.tex3D[1] = attribute(dev, hipDeviceAttributeMaxTexture3DHeight);
  l.tex3D[1] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT);
  // CHECK: l.tex3D[2] = attribute(dev, hipDeviceAttributeMaxTexture3DDepth);
  l.tex3D[2] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH);
  // CHECK: l.busWidth = attribute(dev, hipDeviceAttributeMemoryBusWidth);
  l.busWidth = attribute(dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  // CHECK: l.multiGpuBoard = attribute(dev, hipDeviceAttributeIsMultiGpuBoard);
  l.multiGpuBoard = attribute(dev, CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD);
  return l;
}

// CHECK: hipError_t loadPtx(hipModule_t *module, const char *ptx) {
CUresult loadPtx(CUmodule *module, const char *ptx) {
  // CHECK: hipJitOption options[] = {hipJitOptionTargetFromContext, hipJitOptionMaxRegisters};
  CUjit_option options[] = {CU_JIT_TARGET_FROM_CUCONTEXT, CU_JIT_MAX_REGISTERS};
  void *values[] = {nullptr, (void *)(size_t)64};
  // CHECK: return hipModuleLoadDataEx(module, ptx, 2, options, values);
  return cuModuleLoadDataEx(module, ptx, 2, options, values);
}

size_t poolUsage(int ordinal) {
  // CHECK: hipMemPool_t pool;
  CUmemoryPool pool;
  DRV_CHECK(cuDeviceGetDefaultMemPool(&pool, ordinal));
  size_t used = 0;
  // CHECK: DRV_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used));
  DRV_CHECK(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used));
  return used;
}

int busWidthRuntime(int device) {
  int bits = 0;
  // CHECK: hipDeviceGetAttribute(&bits, hipDeviceAttributeMemoryBusWidth, device);
  cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, device);
  return bits;
}
