// Code in #if branches the parse does not take is translated by tokens,
// unless --skip-excluded-preprocessor-conditional-blocks is given.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=ALL --implicit-check-not=cuda
// RUN: %hipify %s -o - --skip-excluded-preprocessor-conditional-blocks | grep -v '^ *//' \
// RUN:   | FileCheck %s --check-prefix=SKIP
// RUN: %hipify %s -o - --default-preprocessor | grep -v '^ *//' | FileCheck %s --check-prefix=SKIP
// RUN: %hipify %s -o /dev/null --print-stats | FileCheck %s --check-prefix=STATS

// ALL: #include <hip/hip_runtime.h>
// SKIP: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

void run(float *p) {
#if 0
  // ALL: hipMemset(p, 0, 4); // not compiled
  // SKIP: cudaMemset(p, 0, 4); // not compiled
  cudaMemset(p, 0, 4); // not compiled
#else
  // ALL: hipFree(p);
  // SKIP: hipFree(p);
  cudaFree(p);
#endif
#ifdef SOME_UNDEFINED_OPTION
  // ALL: hipDeviceReset();
  // SKIP: cudaDeviceReset();
  cudaDeviceReset();
#endif
}
// STATS: CONVERTED refs count: 4
// STATS: AST-CHECKED refs count: 2
// STATS: LEXICAL refs count: 2
