// Counterparts spelled differently (derive/counterparts.tsv, found by
// derive/find_counterparts.py): CUDA names whose HIP counterpart has another
// spelling are translated, and an enum's tag becomes HIP's tag, not its typedef
// (`enum CUaddress_mode_enum` -> `enum HIPaddress_mode_enum`). The output
// compiles against HIP 5.2.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[a-zA-Z_]|cuda}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
#include <cuda_runtime.h>

// CHECK: hipError_t banks(hipSharedMemConfig *config) {
CUresult banks(CUsharedconfig *config) {
  // CHECK-NEXT: enum hipSharedMemConfig wide = hipSharedMemBankSizeEightByte;
  enum CUsharedconfig_enum wide = CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE;
  // CHECK-NEXT: *config = *config == hipSharedMemBankSizeDefault ? wide : hipSharedMemBankSizeFourByte;
  *config = *config == CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ? wide : CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
  // CHECK-NEXT: return hipCtxSetSharedMemConfig(*config);
  return cuCtxSetSharedMemConfig(*config);
}

// CHECK: void clamp(enum HIPaddress_mode_enum *mode, HIPaddress_mode fallback) {
void clamp(enum CUaddress_mode_enum *mode, CUaddress_mode fallback) {
  // CHECK-NEXT: *mode = *mode == HIP_TR_ADDRESS_MODE_WRAP ? fallback : *mode;
  *mode = *mode == CU_TR_ADDRESS_MODE_WRAP ? fallback : *mode;
}

// CHECK: hipError_t objects(hipTextureObject_t tex, hipSurfaceObject_t surf, hipUUID *id, hipExtent *extent) {
CUresult objects(CUtexObject tex, CUsurfObject surf, CUuuid *id, CUextent3D *extent) {
  // CHECK-NEXT: hip_Memcpy2D copy = {};
  CUDA_MEMCPY2D copy = {};
  // CHECK-NEXT: HIP_ARRAY_DESCRIPTOR desc = {};
  CUDA_ARRAY_DESCRIPTOR_v2 desc = {};
  // CHECK-NEXT: struct hipExternalMemoryBufferDesc_st buffer = {};
  struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st buffer = {};
  // CHECK-NEXT: hipPos origin = {0, 0, 0};
  CUoffset3D origin = {0, 0, 0};
  // CHECK-NEXT: (void)tex, (void)surf, (void)id, (void)extent, (void)copy, (void)desc, (void)buffer, (void)origin;
  (void)tex, (void)surf, (void)id, (void)extent, (void)copy, (void)desc, (void)buffer, (void)origin;
  // CHECK-NEXT: return hipSuccess;
  return CUDA_SUCCESS;
}

// CHECK: bool overlaps(int device) {
bool overlaps(int device) {
  // CHECK-NEXT: int engines = 0, copies = 0;
  int engines = 0, copies = 0;
  // CHECK-NEXT: hipDeviceGetAttribute(&engines, hipDeviceAttributeAsyncEngineCount, device);
  cudaDeviceGetAttribute(&engines, cudaDevAttrGpuOverlap, device);
  // CHECK-NEXT: hipDeviceGetAttribute(&copies, hipDeviceAttributeAsyncEngineCount, device);
  cuDeviceGetAttribute(&copies, CU_DEVICE_ATTRIBUTE_GPU_OVERLAP, device);
  // CHECK-NEXT: hipKernelNodeParams kernel = {};
  cudaKernelNodeParamsV2 kernel = {};
  // CHECK-NEXT: hipMemsetParams memset = {};
  cudaMemsetParamsV2 memset = {};
  // CHECK-NEXT: hipHostNodeParams host = {};
  cudaHostNodeParamsV2 host = {};
  // CHECK-NEXT: (void)kernel, (void)memset, (void)host;
  (void)kernel, (void)memset, (void)host;
  // CHECK-NEXT: return engines != 0 && copies != 0;
  return engines != 0 && copies != 0;
}
