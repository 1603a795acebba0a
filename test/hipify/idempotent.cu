// Running the tool on its own output changes nothing, and two runs give the
// same bytes.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.first.hip
// RUN: %hipify %s -o %t.again.hip
// RUN: cmp %t.first.hip %t.again.hip
// RUN: %hipify %t.first.hip -o %t.second.hip 2>/dev/null
// RUN: cmp %t.first.hip %t.second.hip

#include <cuda_runtime.h>
#include <cuda.h>

__global__ void add(float *x) { x[threadIdx.x] += 1; }

int main() {
  float *x;
  cudaMalloc(&x, 256 * sizeof(float));
  add<<<1, 256>>>(x);
  cudaDeviceSynchronize();
  cudaFree(x);
}
