// A CUDA enumerator qualified by its own enum's name (C++11 allows it for an
// unscoped enum; c10/cuda/CUDAGraphsC10Utils.h writes
// `cudaStreamCaptureStatus::cudaStreamCaptureStatusNone`) is translated like
// the bare enumerator, by the token engine too: enum and enumerator together.
// Another qualifier leaves the name alone (a user's own scope).
// RUN: %hipify %s --cuda-path=%t.no-cuda --rocm-path=%t.no-rocm -o - 2>/dev/null | grep -v "^//" | FileCheck %s --implicit-check-not='hipStreamCaptureStatus::cuda'

#include <cuda_runtime.h>

// CHECK: static_assert(int(hipStreamCaptureStatus::hipStreamCaptureStatusNone) == 0, "");
static_assert(int(cudaStreamCaptureStatus::cudaStreamCaptureStatusNone) == 0, "");
// CHECK: case hipStreamCaptureStatus::hipStreamCaptureStatusActive:
// CHECK: return hipError_t::hipErrorNotReady;
int f(cudaStreamCaptureStatus s) {
  switch (s) {
  case cudaStreamCaptureStatus::cudaStreamCaptureStatusActive:
    return cudaError_t::cudaErrorNotReady;
  default:
    return 0;
  }
}
// CHECK: int g() { return mine::Status::cudaSuccess; }
int g() { return mine::Status::cudaSuccess; }
