// --print-stats prints AMD's report: counts by type, API and name.
// REQUIRES: cuda
// RUN: %hipify %s -o /dev/null --print-stats | FileCheck %s --match-full-lines

#include <cuda_runtime.h>

int main() {
  float *p;
  cudaMalloc(&p, 4);
  cudaFree(p);
  cudaFree(p);
  return 0;
}

// CHECK: [HIPIFY] info: file '{{.*}}stats.cu' statistics:
// CHECK-NEXT:   CONVERTED refs count: 4
// CHECK-NEXT:   UNCONVERTED refs count: 0
// CHECK-NEXT:   CONVERSION %: 100
// CHECK-NEXT:   REPLACED bytes: 42
// CHECK-NEXT:   TOTAL bytes: {{[0-9]+}}
// CHECK-NEXT:   CHANGED lines of code: 4
// CHECK-NEXT:   TOTAL lines of code: 36
// CHECK-NEXT:   CODE CHANGED (in bytes) %: {{[0-9]+}}
// CHECK-NEXT:   CODE CHANGED (in lines) %: 11
// CHECK-NEXT:   TIME ELAPSED s: {{[0-9]+\.[0-9][0-9]}}
// CHECK-NEXT:   AST-CHECKED refs count: 4
// CHECK-NEXT:   LEXICAL refs count: 0
// CHECK-NEXT: [HIPIFY] info: CONVERTED refs by type:
// CHECK-NEXT:   function: 3
// CHECK-NEXT:   include: 1
// CHECK-NEXT: [HIPIFY] info: CONVERTED refs by API:
// CHECK-NEXT:   runtime: 3
// CHECK-NEXT:   headers: 1
// CHECK-NEXT: [HIPIFY] info: CONVERTED refs by names:
// CHECK-NEXT:   cudaFree: 2
// CHECK-NEXT:   cudaMalloc: 1
