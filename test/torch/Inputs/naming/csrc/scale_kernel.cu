#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include "common/cuda_utils.h"

template <typename scalar_t>
__global__ void scale_kernel(scalar_t *out, const scalar_t *in, scalar_t a,
                             int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * a;
}

at::Tensor scale_cuda(const at::Tensor &in, double a) {
  CHECK_CUDA(in);
  const c10::cuda::CUDAGuard device_guard(in.device());
  auto out = at::empty_like(in);
  int64_t n = in.numel();
  cudaStream_t stream = CURRENT_STREAM();
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "scale_cuda", [&] {
    scale_kernel<scalar_t><<<(n + 255) / 256, 256, 0, stream>>>(
        out.data_ptr<scalar_t>(), in.data_ptr<scalar_t>(),
        static_cast<scalar_t>(a), n);
  });
  LAUNCH_CHECK();
  return out;
}

void sync_on(const at::Tensor &t) {
  at::cuda::OptionalCUDAGuard guard(t.device());
  c10::cuda::CUDAStream s = c10::cuda::getCurrentCUDAStream();
#if defined(EXTENSION_DEBUG_SYNC)
  // A branch this parse skips: the token engine translates it alike.
  C10_CUDA_CHECK(cudaStreamSynchronize(at::cuda::getCurrentCUDAStream()));
#endif
  C10_CUDA_CHECK(cudaStreamSynchronize(s.stream()));
}
