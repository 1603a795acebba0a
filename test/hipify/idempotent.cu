// Running the tool on its own output changes nothing, and two runs give the
// same bytes; the first run does translate (else both checks hold trivially).
// REQUIRES: cuda
// RUN: %hipify %s -o %t.first.hip
// RUN: not cmp -s %s %t.first.hip
// RUN: grep -v '^ *//' %t.first.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipify %s -o %t.again.hip
// RUN: cmp %t.first.hip %t.again.hip
// RUN: %hipify %t.first.hip -o %t.second.hip 2>/dev/null
// RUN: cmp %t.first.hip %t.second.hip

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda.h>

__global__ void add(float *x) { x[threadIdx.x] += 1; }

int main() {
  float *x;
  // CHECK: hipMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&x, 256 * sizeof(float));
  add<<<1, 256>>>(x);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  // CHECK: hipFree(x);
  cudaFree(x);
}
