// The runtime API: calls, types, enumerators and error codes resolved by the
// parse are rewritten at their spelling; nothing else changes.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s --match-full-lines

#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>

// CHECK: int copy(float *host, size_t n) {
int copy(float *host, size_t n) {
  float *device = nullptr;
  // CHECK:   float *device = nullptr;
  cudaError_t status = cudaMalloc(&device, n * sizeof(float));
  // CHECK:   hipError_t status = hipMalloc(&device, n * sizeof(float));
  if (status != cudaSuccess)
    return 1;
  // CHECK:   if (status != hipSuccess)
  // CHECK:     return 1;
  cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK:   hipMemcpy(device, host, n * sizeof(float), hipMemcpyHostToDevice);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  // CHECK:   hipStream_t stream;
  // CHECK:   hipStreamCreate(&stream);
  struct cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // CHECK:   struct hipDeviceProp_t prop;
  // CHECK:   hipGetDeviceProperties(&prop, 0);
  cudaFree(device); // cudaFree in a comment stays
  // CHECK:   hipFree(device); // cudaFree in a comment stays
  const char *message = "cudaMalloc failed";
  // CHECK:   const char *message = "cudaMalloc failed";
  return cudaGetLastError() == cudaSuccess ? 0 : message[0];
  // CHECK:   return hipGetLastError() == hipSuccess ? 0 : message[0];
}
