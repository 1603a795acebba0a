// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// deviceQuery: every device's properties, from the property struct and from
// per-attribute queries (CUDA 13 dropped clockRate and friends from the
// struct; they are attributes now), plus runtime, driver and memory info.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(call)                                                       \
  if ((call) != cudaSuccess) {                                                 \
    cudaError_t err = cudaGetLastError();                                      \
    fprintf(stderr, "query failed: %s\n", cudaGetErrorString(err));            \
    return EXIT_FAILURE;                                                       \
  }

static int attribute(cudaDeviceAttr attr, int dev) {
  // CHECK: static int attribute(hipDeviceAttribute_t attr, int dev) {
  // CHECK-NEXT: int value = 0;
  // CHECK-NEXT: if (hipDeviceGetAttribute(&value, attr, dev) != hipSuccess)
  int value = 0;
  if (cudaDeviceGetAttribute(&value, attr, dev) != cudaSuccess)
    return -1;
  return value;
}

int main() {
  int deviceCount = 0;
  // CHECK: CHECK_CUDA(hipGetDeviceCount(&deviceCount));
  CHECK_CUDA(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    printf("There are no available device(s) that support this program\n");
    return EXIT_SUCCESS;
  }
  int driverVersion = 0, runtimeVersion = 0;
  // CHECK: CHECK_CUDA(hipDriverGetVersion(&driverVersion));
  // CHECK-NEXT: CHECK_CUDA(hipRuntimeGetVersion(&runtimeVersion));
  CHECK_CUDA(cudaDriverGetVersion(&driverVersion));
  CHECK_CUDA(cudaRuntimeGetVersion(&runtimeVersion));
  printf("Driver version %d, runtime version %d, %d device(s)\n", driverVersion,
         runtimeVersion, deviceCount);

  for (int dev = 0; dev < deviceCount; ++dev) {
    // CHECK: CHECK_CUDA(hipSetDevice(dev));
    // CHECK-NEXT: hipDeviceProp_t deviceProp;
    // CHECK-NEXT: CHECK_CUDA(hipGetDeviceProperties(&deviceProp, dev));
    CHECK_CUDA(cudaSetDevice(dev));
    cudaDeviceProp deviceProp;
    CHECK_CUDA(cudaGetDeviceProperties(&deviceProp, dev));
    printf("\nDevice %d: \"%s\"\n", dev, deviceProp.name);
    printf("  Compute capability:                  %d.%d\n", deviceProp.major, deviceProp.minor);
    printf("  Global memory:                       %.0f MBytes\n", deviceProp.totalGlobalMem / 1048576.0);
    printf("  Multiprocessors:                     %d\n", deviceProp.multiProcessorCount);
    printf("  Max threads per multiprocessor:      %d\n", deviceProp.maxThreadsPerMultiProcessor);
    printf("  Memory bus width:                    %d-bit\n", deviceProp.memoryBusWidth);
    printf("  L2 cache size:                       %d bytes\n", deviceProp.l2CacheSize);
    printf("  Constant memory:                     %zu bytes\n", deviceProp.totalConstMem);
    printf("  Shared memory per block:             %zu bytes\n", deviceProp.sharedMemPerBlock);
    printf("  Registers per block:                 %d\n", deviceProp.regsPerBlock);
    printf("  Warp size:                           %d\n", deviceProp.warpSize);
    printf("  Max threads per block:               %d\n", deviceProp.maxThreadsPerBlock);
    printf("  Max block dimensions:                (%d, %d, %d)\n", deviceProp.maxThreadsDim[0],
           deviceProp.maxThreadsDim[1], deviceProp.maxThreadsDim[2]);
    printf("  Max grid dimensions:                 (%d, %d, %d)\n", deviceProp.maxGridSize[0],
           deviceProp.maxGridSize[1], deviceProp.maxGridSize[2]);
    printf("  Max 2D texture:                      (%d, %d)\n", deviceProp.maxTexture2D[0],
           deviceProp.maxTexture2D[1]);
    printf("  Concurrent kernels:                  %s\n", deviceProp.concurrentKernels ? "Yes" : "No");
    printf("  Integrated GPU:                      %s\n", deviceProp.integrated ? "Yes" : "No");
    printf("  Can map host memory:                 %s\n", deviceProp.canMapHostMemory ? "Yes" : "No");
    printf("  ECC enabled:                         %s\n", deviceProp.ECCEnabled ? "Yes" : "No");
    printf("  Managed memory:                      %s\n", deviceProp.managedMemory ? "Yes" : "No");
    printf("  Cooperative launch:                  %s\n", deviceProp.cooperativeLaunch ? "Yes" : "No");
    printf("  PCI domain/bus/device:               %d/%d/%d\n", deviceProp.pciDomainID,
           deviceProp.pciBusID, deviceProp.pciDeviceID);

    // CHECK: int clockKHz = attribute(hipDeviceAttributeClockRate, dev);
    // CHECK-NEXT: int memClockKHz = attribute(hipDeviceAttributeMemoryClockRate, dev);
    // CHECK-NEXT: int smemPerSm = attribute(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, dev);
    // CHECK-NEXT: int computeMode = attribute(hipDeviceAttributeComputeMode, dev);
    int clockKHz = attribute(cudaDevAttrClockRate, dev);
    int memClockKHz = attribute(cudaDevAttrMemoryClockRate, dev);
    int smemPerSm = attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev);
    int computeMode = attribute(cudaDevAttrComputeMode, dev);
    printf("  GPU clock rate:                      %.0f MHz\n", clockKHz * 1e-3f);
    printf("  Memory clock rate:                   %.0f MHz\n", memClockKHz * 1e-3f);
    printf("  Peak memory bandwidth:               %.1f GB/s\n",
           2.0 * memClockKHz * (deviceProp.memoryBusWidth / 8) / 1.0e6);
    printf("  Shared memory per multiprocessor:    %d bytes\n", smemPerSm);
    // CHECK: printf("  Compute mode:                        %s\n", computeMode == hipComputeModeDefault ? "Default" : "Restricted");
    printf("  Compute mode:                        %s\n", computeMode == cudaComputeModeDefault ? "Default" : "Restricted");

    size_t freeMem = 0, totalMem = 0;
    // CHECK: CHECK_CUDA(hipMemGetInfo(&freeMem, &totalMem));
    CHECK_CUDA(cudaMemGetInfo(&freeMem, &totalMem));
    printf("  Free / total memory:                 %zu / %zu MB\n", freeMem >> 20, totalMem >> 20);
    char busId[32];
    // CHECK: CHECK_CUDA(hipDeviceGetPCIBusId(busId, sizeof(busId), dev));
    CHECK_CUDA(cudaDeviceGetPCIBusId(busId, sizeof(busId), dev));
    printf("  PCI bus id:                          %s\n", busId);
  }
  printf("\nResult = PASS\n");
  return EXIT_SUCCESS;
}
