// Templates are translated whether or not they are instantiated: calls whose
// arguments depend on a template parameter are still resolved to CUDA's.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=cuda

#include <cuda_runtime.h>

template <typename T> void upload(T *device, const T *host, size_t n) {
  // CHECK: hipMemcpy(device, host, n * sizeof(T), hipMemcpyHostToDevice);
  cudaMemcpy(device, host, n * sizeof(T), cudaMemcpyHostToDevice);
}

template <typename T> T *allocate(size_t n) {
  T *p;
  // CHECK: hipMalloc(&p, n * sizeof(T));
  cudaMalloc(&p, n * sizeof(T));
  return p;
}

template <typename T> struct Buffer {
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: ~Buffer() { hipStreamDestroy(stream); }
  ~Buffer() { cudaStreamDestroy(stream); }
};

float *instantiated() { return allocate<float>(4); }
