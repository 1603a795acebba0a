// -hip-kernel-execution-syntax rewrites launches from the tokens alone, as the
// AST engine writes them (test/hipify/launch-syntax.cu); launches in comments,
// strings and macro bodies stay. hipify-clang without CUDA does the same.
// RUN: %hipify_perl %s -hip-kernel-execution-syntax | grep -v '^ *//' \
// RUN:   | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|<<<}}'
// RUN: %hipify %s --cuda-path=%t.no-cuda -o - --hip-kernel-execution-syntax 2>/dev/null \
// RUN:   | grep -v '^ *//' | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|<<<}}'
// RUN: %hipify_perl %s -hip-kernel-execution-syntax -cuda-kernel-execution-syntax \
// RUN:   | grep -v '^ *//' | FileCheck %s --check-prefix=CUDA --implicit-check-not='{{cuda|hipLaunchKernelGGL}}'
// RUN: %hipify_perl %s -examine -hip-kernel-execution-syntax | FileCheck %s --check-prefix=STATS

// HIP: #include <hip/hip_runtime.h>
// CUDA: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

namespace ns { __global__ void tick() {} }
__global__ void fill(float *x, float v) { x[threadIdx.x] = v; }
template <typename T, int N> __global__ void zero(T *x) { x[threadIdx.x] = T(); }
// HIP: #define LAUNCH(k) k<<<1, 1>>>()
// CUDA: #define LAUNCH(k) k<<<1, 1>>>()
#define LAUNCH(k) k<<<1, 1>>>()

void run(float *x, int n, cudaStream_t s) {
  dim3 grid(n / 256), block(256);
  // HIP: hipLaunchKernelGGL(fill, dim3(grid), dim3(block), 0, 0, x, 1.0f); // fill<<<grid, block>>>(x)
  // CUDA: fill<<<grid, block>>>(x, 1.0f); // fill<<<grid, block>>>(x)
  fill<<<grid, block>>>(x, 1.0f); // fill<<<grid, block>>>(x)
  // HIP-NEXT: hipLaunchKernelGGL(HIP_KERNEL_NAME(zero<float, 4>), dim3(dim3(n / 256, 1)), dim3(256), 0, s, x);
  // CUDA-NEXT: zero<float, 4><<<dim3(n / 256, 1), 256, 0, s>>>(x);
  zero<float, 4><<<dim3(n / 256, 1), 256, 0, s>>>(x);
  // HIP-NEXT: hipLaunchKernelGGL(ns::tick, dim3(1), dim3(1), 64, 0);
  // CUDA-NEXT: ns::tick<<<1, 1, 64>>>();
  ns::tick<<<1, 1, 64>>>();
  // HIP-NEXT: const char *text = "fill<<<1, 1>>>(x)";
  const char *text = "fill<<<1, 1>>>(x)";
}
// STATS: kernel_launch: 3
