// hip/hip_runtime.h must come before the other HIP headers: it is inserted
// before the first of them, and a later one becomes redundant.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s --match-full-lines

// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_fp16.h>
// CHECK-NEXT: #include <cstdio>
// CHECK-EMPTY:
#include <cuda_fp16.h>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void halve(__half *x) { x[threadIdx.x] = __hmul(x[threadIdx.x], __float2half(0.5f)); }
