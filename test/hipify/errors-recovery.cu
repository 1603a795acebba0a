// A file with compile errors keeps the AST's translation of everything that
// parsed, and the token engine translates the rest; a warning names the cause.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --print-stats 2>%t.err | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --input-file=%t.hip
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err

#include <cuda_runtime.h>

// WARN: errors-recovery.cu:{{[0-9]+}}:{{[0-9]+}}: error: use of undeclared identifier 'not_declared_anywhere'
// WARN: hipify-clang: warning: '{{.*}}errors-recovery.cu' has 1 compile error (first: use of undeclared identifier 'not_declared_anywhere'); kept the translation of what parsed and translated the rest lexically

int run(float *p, int n) {
  // CHECK: hipMemset(p, 0, not_declared_anywhere(n, 4));
  cudaMemset(p, 0, not_declared_anywhere(n, 4));
  // CHECK: hipStream_t s;
  cudaStream_t s;
  // CHECK: return hipStreamCreate(&s);
  return cudaStreamCreate(&s);
}
// STATS: CONVERTED refs count: 4
// STATS: AST-CHECKED refs count: 3
// STATS: LEXICAL refs count: 1
