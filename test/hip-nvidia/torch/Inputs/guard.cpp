// A PyTorch extension's host C++ source using the CUDA API (compiled by the
// host compiler, not nvcc, in torch.utils.cpp_extension's builds).
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>

int stream_priority_on(c10::DeviceIndex device) {
  c10::cuda::CUDAGuard guard(device);
  c10::cuda::CUDAStream stream = c10::cuda::getStreamFromPool(true, device);
  int priority = 0;
  C10_CUDA_CHECK(cudaStreamGetPriority(stream.stream(), &priority));
  return priority;
}

// A failing CUDA call: C10_CUDA_CHECK throws, with CUDA's message.
void set_invalid_device() { C10_CUDA_CHECK(cudaSetDevice(-1)); }
