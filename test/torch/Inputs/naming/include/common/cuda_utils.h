// Shared helpers of a PyTorch extension, in a folder of their own (the shape
// of apex's and many kernel packages' csrc/type_shim.h / cuda_utils.h).
#pragma once
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
// Used by every launcher: the names in macro bodies are translated too.
#define CURRENT_STREAM() at::cuda::getCurrentCUDAStream()
#define LAUNCH_CHECK() C10_CUDA_KERNEL_LAUNCH_CHECK()

inline int sm_count() {
  return at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
}
