// Names written through the user's macros are translated once, where they are
// spelled: in the macro's body, expanded or not.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=cuda

#include <cuda_runtime.h>
#include <cstdio>

// CHECK: hipError_t err_ = (call);
// CHECK: if (err_ != hipSuccess)
// CHECK: std::printf("%s\n", hipGetErrorString(err_));
#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess)                                                   \
      std::printf("%s\n", cudaGetErrorString(err_));                           \
  } while (0)

// Never expanded: translated by the token engine.
// CHECK: #define SYNC() hipDeviceSynchronize()
#define SYNC() cudaDeviceSynchronize()

// CHECK: #define ALLOC(p, n) hipMalloc((void **)&(p), (n))
#define ALLOC(p, n) cudaMalloc((void **)&(p), (n))

void run() {
  float *p;
  // CHECK: CHECK(ALLOC(p, 16));
  CHECK(ALLOC(p, 16));
  // CHECK: CHECK(hipFree(p));
  CHECK(cudaFree(p));
}
