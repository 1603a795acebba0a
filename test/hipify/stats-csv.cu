// --print-stats-csv writes AMD's CSV layout (';'-separated) to --o-stats, or
// to hipify_stats.csv in the output folder; a TOTAL section ends it.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t
// RUN: %hipify %s --no-output --print-stats-csv --o-stats=%t/stats.csv
// RUN: FileCheck %s --input-file=%t/stats.csv --match-full-lines
// RUN: %hipify %s --o-dir %t/out --print-stats-csv
// RUN: FileCheck %s --input-file=%t/out/hipify_stats.csv --match-full-lines

#include <cuda_runtime.h>

int main() {
  void *p;
  cudaMalloc(&p, 4);
  return cudaFree(p);
}

// CHECK: file '{{.*}}stats-csv.cu' statistics:
// CHECK-NEXT: CONVERTED refs count;3
// CHECK-NEXT: UNCONVERTED refs count;0
// CHECK-NEXT: CONVERSION %;100
// CHECK-NEXT: REPLACED bytes;34
// CHECK-NEXT: TOTAL bytes;{{[0-9]+}}
// CHECK-NEXT: CHANGED lines of code;3
// CHECK-NEXT: TOTAL lines of code;{{[0-9]+}}
// CHECK-NEXT: CODE CHANGED (in bytes) %;{{[0-9]+}}
// CHECK-NEXT: CODE CHANGED (in lines) %;{{[0-9]+}}
// CHECK-NEXT: TIME ELAPSED s;{{[0-9]+\.[0-9][0-9]}}
// CHECK-NEXT: AST-CHECKED refs count;3
// CHECK-NEXT: LEXICAL refs count;0
// CHECK-EMPTY:
// CHECK-NEXT: CUDA ref type;Count
// CHECK-NEXT: function;2
// CHECK-NEXT: include;1
// CHECK-EMPTY:
// CHECK-NEXT: CUDA API;Count
// CHECK-NEXT: runtime;2
// CHECK-NEXT: headers;1
// CHECK-EMPTY:
// CHECK-NEXT: CUDA ref name;Count
// CHECK-NEXT: cudaFree;1
// CHECK-NEXT: cudaMalloc;1
// CHECK-EMPTY:
// CHECK-NEXT: TOTAL statistics:
// CHECK-NEXT: CONVERTED files;1
// CHECK-NEXT: PROCESSED files;1
// CHECK-NEXT: CONVERTED refs count;3
