// nvcc includes cuda_runtime.h implicitly; a file that relies on that gets
// #include <hip/hip_runtime.h> before its first include.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s --match-full-lines

// CHECK: // A kernel with no CUDA include.
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cstdio>
// A kernel with no CUDA include.
#include <cstdio>

__global__ void scale(float *x) { x[threadIdx.x] *= 2; }
