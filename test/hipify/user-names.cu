// A user's own declarations keep their names even where the table knows them,
// and members are never CUDA API names.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s

#include <cuda_runtime.h>

namespace mine {
int cudaMalloc(void **p, unsigned n) { return 0; }
}
struct Config { int cudaFree; };

int use(Config c) {
  void *p;
  // CHECK: return mine::cudaMalloc(&p, 4) + c.cudaFree;
  return mine::cudaMalloc(&p, 4) + c.cudaFree;
}
