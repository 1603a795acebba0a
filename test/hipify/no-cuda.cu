// Without a CUDA installation the file is translated by tokens alone, with a
// warning saying so.
// RUN: %hipify %s --cuda-path=%t.no-cuda -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s --cuda-path=%t.no-cuda -o /dev/null --print-stats 2>/dev/null | FileCheck %s --check-prefix=STATS

// WARN: hipify-clang: warning: no CUDA installation at '{{.*}}.no-cuda' (no include/cuda_runtime.h); translating without parsing, by tokens only (set --cuda-path or CUDA_PATH to parse)

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: hipError_t grow(float **p) { return hipMalloc(p, 64); }
cudaError_t grow(float **p) { return cudaMalloc(p, 64); }
// STATS: CONVERTED refs count: 3
// STATS: AST-CHECKED refs count: 0
// STATS: LEXICAL refs count: 3
