// hipify-perl translates by tokens from hipify-clang's tables, without CUDA,
// and writes to standard output; comments and string literals stay as written
// (AMD's regex script rewrites them). Several files follow each other.
// RUN: env CUDA_PATH=%t.no-cuda %hipify_perl %s 2>%t.err | grep -v '^ *//' \
// RUN:   | FileCheck %s --implicit-check-not='{{cuda|CUDA}}'
// RUN: count 0 < %t.err
// RUN: %hipify_perl %s %S/Inputs/second.cu | grep -v '^ *//' \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SECOND --implicit-check-not='{{cuda|CUDA}}'

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

#define CHECK_CALL(call) if ((call) != cudaSuccess) return 1
// CHECK: #define CHECK_CALL(call) if ((call) != hipSuccess) return 1

__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }

int run(cudaStream_t stream) {
  // CHECK: int run(hipStream_t stream) {
  float *p = nullptr;
  CHECK_CALL(cudaMalloc(&p, 64)); // cudaMalloc in a comment stays
  // CHECK: CHECK_CALL(hipMalloc(&p, 64)); // cudaMalloc in a comment stays
  const char *what = "cudaMemcpy /* not a comment */";
  // CHECK: const char *what = "cudaMemcpy /* not a comment */";
  scale<<<1, 16, 0, stream>>>(p);
  // CHECK: scale<<<1, 16, 0, stream>>>(p);
#if CUDART_VERSION >= 12000
  // CHECK: #if 11070 /* CUDART_VERSION */ >= 12000
  cudaDeviceSynchronize();
  // CHECK: hipDeviceSynchronize();
#endif
  return cudaFree(p) == cudaSuccess ? 0 : 1;
  // CHECK: return hipFree(p) == hipSuccess ? 0 : 1;
}
// SECOND: #include <hip/hip_runtime.h>
// SECOND-NEXT: hipError_t second(void **q) { return hipHostMalloc(q, 8); }
