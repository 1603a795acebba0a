// A PyTorch extension's CUDA kernels, shaped like public packages: ATen's
// dispatch, stream, guard, launch check and atomics.
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/cuda/Atomic.cuh>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>

#include <vector>

template <typename scalar_t>
__global__ void scale_sum_kernel(const scalar_t *__restrict__ in,
                                 scalar_t *__restrict__ out,
                                 scalar_t *__restrict__ total, scalar_t factor,
                                 int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) {
    const scalar_t v = in[i] * factor;
    out[i] = v;
    gpuAtomicAdd(total, v);
  }
}

std::vector<at::Tensor> scale_sum(const at::Tensor &input, double factor) {
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
  const c10::cuda::CUDAGuard device_guard(input.device());
  auto in = input.contiguous();
  auto out = at::empty_like(in);
  auto total = at::zeros({1}, in.options());
  const int64_t n = in.numel();
  const int threads = 256;
  const int blocks = static_cast<int>((n + threads - 1) / threads);
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, in.scalar_type(),
      "scale_sum", [&] {
        scale_sum_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
            in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(),
            total.data_ptr<scalar_t>(), static_cast<scalar_t>(factor), n);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
      });
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  return {out, total};
}
