// A CUDA name with no HIP equivalent stays as written, with a warning naming
// it at its position, and counts as unconverted.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --print-stats 2>%t.err | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.hip

#include <cuda_runtime.h>

int f(void *p, size_t n, cudaStream_t s) {
  cudaMemLocation loc;
  // CHECK: unsupported.cu:[[@LINE+2]]:14: warning: 'cudaMemLocationTypeHost' has no HIP equivalent; left untranslated
  // OUT: loc.type = cudaMemLocationTypeHost;
  loc.type = cudaMemLocationTypeHost;
  return 0;
}
// STATS: UNCONVERTED refs count: 1
// STATS: UNCONVERTED refs by names:
// STATS-NEXT: cudaMemLocationTypeHost: 1
