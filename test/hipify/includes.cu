// CUDA headers become HIP headers; one that another already provides (in the
// same or an enclosing #if block) is removed; one in a sibling branch stays.
// REQUIRES: cuda
// RUN: %hipify %s -o - | FileCheck %s --match-full-lines

// CHECK: #ifdef USE_DRIVER
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #else
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #endif
#ifdef USE_DRIVER
#include <cuda.h>
#else
#include <cuda_runtime.h>
#endif

// CHECK: #include <hip/hip_runtime.h>
// CHECK-EMPTY:
// CHECK-NEXT: #include "hip/hip_runtime_api.h"
// CHECK-NEXT: #include <cstdio>
#include <cuda_runtime.h>
#include <cuda.h>
#include "cuda_runtime_api.h"
#include <cstdio>

// CHECK: #if 1
// CHECK-EMPTY:
// CHECK-NEXT: #endif
#if 1
#include <cuda_runtime.h>
#endif

int main() { return cudaDeviceSynchronize(); }
