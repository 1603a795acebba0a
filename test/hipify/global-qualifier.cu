// A CUDA name written with the global qualifier after a keyword
// (`return ::cudaMalloc(...)`, `case ::cudaErrorNotReady:`) is translated by
// the token engine too: a keyword before `::` is no qualifier.
// RUN: %hipify %s --cuda-path=%t.no-cuda --rocm-path=%t.no-rocm -o - 2>/dev/null | grep -v "^//" | FileCheck %s --implicit-check-not='{{::cuda}}'

#include <cuda_runtime.h>

// CHECK: hipError_t f(void **p) { return ::hipMalloc(p, 4); }
cudaError_t f(void **p) { return ::cudaMalloc(p, 4); }
// CHECK: case ::hipErrorNotReady:
// CHECK: return sizeof ::hipStream_t;
int g(cudaError_t e) {
  switch (e) {
  case ::cudaErrorNotReady:
    return sizeof ::cudaStream_t;
  default:
    return 0;
  }
}
