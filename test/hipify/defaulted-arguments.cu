// CUDA's C++ API forms HIP spells differently: cudaEventCreate(&e, flags),
// the C++ overload, is hipEventCreateWithFlags; and trailing parameters CUDA
// defaults (__dv) but HIP's declarations do not (hipMalloc3DArray's flags,
// hipMemcpy2DArrayToArray's kind, the external semaphores' stream) get CUDA's
// default written where the call leaves them out. Calls that pass them are
// renamed only. The output compiles for gfx942 against ROCm 6.4.
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries 2>&1 | count 0
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cuda[A-Z]}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 --rocm-path=%rocm_libraries

#include <cuda_runtime.h>

#define CHECK(call) if ((call) != cudaSuccess) return 1

int setup(cudaStream_t stream) {
  cudaEvent_t start, stop;
  // CHECK: CHECK(hipEventCreate(&start));
  CHECK(cudaEventCreate(&start));
  // CHECK-NEXT: CHECK(hipEventCreateWithFlags(&stop, hipEventDisableTiming));
  CHECK(cudaEventCreate(&stop, cudaEventDisableTiming));
  cudaArray_t volume, plane, copy;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  // CHECK: hipMalloc3DArray(&volume, &desc, make_hipExtent(16, 16, 16), 0);
  cudaMalloc3DArray(&volume, &desc, make_cudaExtent(16, 16, 16));
  // CHECK-NEXT: hipMalloc3DArray(&plane, &desc, make_hipExtent(16, 16, 0), hipArraySurfaceLoadStore);
  cudaMalloc3DArray(&plane, &desc, make_cudaExtent(16, 16, 0), cudaArraySurfaceLoadStore);
  cudaMallocArray(&copy, &desc, 16, 16);
  // CHECK: hipMemcpy2DArrayToArray(copy, 0, 0, plane, 0, 0, 16 * sizeof(float), 16, hipMemcpyDeviceToDevice);
  cudaMemcpy2DArrayToArray(copy, 0, 0, plane, 0, 0, 16 * sizeof(float), 16);
  // CHECK-NEXT: hipMemcpy2DArrayToArray(copy, 0, 0, plane, 0, 0, 16 * sizeof(float), 16, hipMemcpyDeviceToDevice);
  cudaMemcpy2DArrayToArray(copy, 0, 0, plane, 0, 0, 16 * sizeof(float), 16, cudaMemcpyDeviceToDevice);
  cudaExternalSemaphore_t sem{};
  cudaExternalSemaphoreSignalParams signal{};
  cudaExternalSemaphoreWaitParams wait{};
  // CHECK: hipSignalExternalSemaphoresAsync(&sem, &signal, 1, 0);
  cudaSignalExternalSemaphoresAsync(&sem, &signal, 1);
  // CHECK-NEXT: hipWaitExternalSemaphoresAsync(&sem, &wait, 1, stream);
  cudaWaitExternalSemaphoresAsync(&sem, &wait, 1, stream);
  return cudaEventRecord(start, stream);
}
