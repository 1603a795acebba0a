// Kernel launches keep <<<>>> by default; --hip-kernel-execution-syntax writes
// hipLaunchKernelGGL, naming template kernels through HIP_KERNEL_NAME.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=CUDA --implicit-check-not='{{cuda|hipLaunchKernelGGL}}'
// RUN: %hipify %s -o - --hip-kernel-execution-syntax | grep -v '^ *//' \
// RUN:   | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|<<<}}'
// RUN: %hipify %s -o - --hip-kernel-execution-syntax --cuda-kernel-execution-syntax | grep -v '^ *//' \
// RUN:   | FileCheck %s --check-prefix=CUDA --implicit-check-not='{{cuda|hipLaunchKernelGGL}}'

// CUDA: #include <hip/hip_runtime.h>
// HIP: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void fill(float *x, float v) { x[threadIdx.x] = v; }
template <typename T, int N> __global__ void zero(T *x) { x[threadIdx.x] = T(); }
__global__ void tick() {}

// CUDA: void run(float *x, int n, hipStream_t s) {
// HIP: void run(float *x, int n, hipStream_t s) {
void run(float *x, int n, cudaStream_t s) {
  dim3 grid(n / 256), block(256);
  // CUDA-NEXT: dim3 grid(n / 256), block(256);
  // CUDA-NEXT: fill<<<grid, block>>>(x, 1.0f);
  // HIP: hipLaunchKernelGGL(fill, dim3(grid), dim3(block), 0, 0, x, 1.0f);
  fill<<<grid, block>>>(x, 1.0f);
  // CUDA-NEXT: zero<float, 4><<<n / 256, 256, 0, s>>>(x);
  // HIP-NEXT: hipLaunchKernelGGL(HIP_KERNEL_NAME(zero<float, 4>), dim3(n / 256), dim3(256), 0, s, x);
  zero<float, 4><<<n / 256, 256, 0, s>>>(x);
  // CUDA-NEXT: tick<<<1, 1, 64>>>();
  // HIP-NEXT: hipLaunchKernelGGL(tick, dim3(1), dim3(1), 64, 0);
  tick<<<1, 1, 64>>>();
}
