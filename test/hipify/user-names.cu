// A user's own declarations keep their names even where the table knows them,
// and members are never CUDA API names.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not='{{cuda_runtime|hipMalloc|hipFree}}'

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: int cudaMalloc(void **p, unsigned n) { return 0; }
namespace mine {
int cudaMalloc(void **p, unsigned n) { return 0; }
}
// CHECK: struct Config { int cudaFree; };
struct Config { int cudaFree; };

// CHECK: int use(Config c, hipStream_t s) {
int use(Config c, cudaStream_t s) {
  void *p;
  // CHECK-NEXT: void *p;
  // CHECK-NEXT: return mine::cudaMalloc(&p, 4) + c.cudaFree;
  return mine::cudaMalloc(&p, 4) + c.cudaFree;
}
