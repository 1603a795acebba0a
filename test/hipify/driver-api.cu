// The driver API: functions, handle types, enumerators and CUresult codes.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[a-z_]|cuda}}'

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>

// CHECK: hipError_t load(const char *path, hipModule_t *module, hipFunction_t *kernel) {
CUresult load(const char *path, CUmodule *module, CUfunction *kernel) {
  // CHECK-NEXT: hipDevice_t device;
  CUdevice device;
  // CHECK-NEXT: hipInit(0);
  cuInit(0);
  // CHECK-NEXT: hipDeviceGet(&device, 0);
  cuDeviceGet(&device, 0);
  // CHECK-NEXT: hipError_t status = hipModuleLoad(module, path);
  CUresult status = cuModuleLoad(module, path);
  // CHECK-NEXT: if (status != hipSuccess)
  if (status != CUDA_SUCCESS)
    // CHECK-NEXT: return status;
    return status;
  // CHECK-NEXT: return hipModuleGetFunction(kernel, *module, "scale");
  return cuModuleGetFunction(kernel, *module, "scale");
}
