// A PyTorch extension's kernel source, shaped like the public ones: ATen's
// dispatch with half and bf16, the device guard, the current stream, a CUDA
// call checked by C10_CUDA_CHECK and the launch by C10_CUDA_KERNEL_LAUNCH_CHECK.
// It includes ATen's headers rather than <torch/extension.h> (pybind11 and
// Python's headers) to keep the test quick; the CUDA API is the same.
#include <ATen/core/Tensor.h>
#include <ATen/Dispatch.h>
#include <ATen/ops/empty_like.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>

template <typename scalar_t>
__global__ void scale_kernel(const scalar_t *__restrict__ in,
                             scalar_t *__restrict__ out, float factor,
                             int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = static_cast<scalar_t>(static_cast<float>(in[i]) * factor);
}

at::Tensor scale_cuda(const at::Tensor &in, double factor) {
  TORCH_CHECK(in.is_cuda(), "in must be a CUDA tensor");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(in));
  auto out = at::empty_like(in);
  const int64_t n = in.numel();
  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  // A CUDA torch returns cudaDeviceProp *, a ROCm torch hipDeviceProp_t *:
  // auto serves both (docs/pytorch-nvidia.md).
  const auto *prop = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(prop->maxThreadsPerBlock >= threads);
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, in.scalar_type(),
      "scale_cuda", [&] {
        scale_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
            in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), (float)factor,
            n);
      });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

void sync_current() {
  c10::cuda::CUDAStream s = c10::cuda::getCurrentCUDAStream();
  C10_CUDA_CHECK(cudaStreamSynchronize(s.stream()));
}
