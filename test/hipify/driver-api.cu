// The driver API: functions, handle types, enumerators and CUresult codes.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>

// CHECK: hipError_t load(const char *path, hipModule_t *module, hipFunction_t *kernel) {
CUresult load(const char *path, CUmodule *module, CUfunction *kernel) {
  // CHECK: hipDevice_t device;
  CUdevice device;
  // CHECK: hipInit(0);
  cuInit(0);
  // CHECK: hipDeviceGet(&device, 0);
  cuDeviceGet(&device, 0);
  // CHECK: hipError_t status = hipModuleLoad(module, path);
  CUresult status = cuModuleLoad(module, path);
  // CHECK: if (status != hipSuccess)
  if (status != CUDA_SUCCESS)
    return status;
  // CHECK: return hipModuleGetFunction(kernel, *module, "scale");
  return cuModuleGetFunction(kernel, *module, "scale");
}
