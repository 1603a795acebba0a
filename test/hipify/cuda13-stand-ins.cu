// With CUDA 13, texture-object and surface functions still parse: the
// texture_fetch_functions.h stand-in fills the header CUDA 13 removed (without
// hiding texture_indirect_functions.h), and CUDA's own surface declarations
// are force-included. The parse is clean: no compile-error warning.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --print-stats 2>&1 | FileCheck %s --check-prefix=STATS --implicit-check-not=error
// RUN: FileCheck %s --input-file=%t.hip

#include <cuda_runtime.h>

__global__ void copy(cudaTextureObject_t tex, cudaSurfaceObject_t surf, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  // CHECK: float v = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(tex, x);
  float v = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(tex, x);
  // CHECK: surf2Dwrite(v + surf2Dread<float>(surf, x * 4, y), surf, x * 4, y);
  surf2Dwrite(v + surf2Dread<float>(surf, x * 4, y), surf, x * 4, y);
}
// STATS: LEXICAL refs count: 0
