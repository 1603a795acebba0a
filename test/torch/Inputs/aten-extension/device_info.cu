// ATen's own CUDA API beside the masquerading streams and guards: device
// properties, events and the warp size, as extensions use them.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>

int64_t multiprocessors_and_warp(const at::Tensor &input) {
  const cudaDeviceProp *props = at::cuda::getCurrentDeviceProperties();
  at::cuda::CUDAEvent done;
  done.record(at::cuda::getCurrentCUDAStream());
  done.synchronize();
  return props->multiProcessorCount * at::cuda::warp_size() + input.numel();
}
