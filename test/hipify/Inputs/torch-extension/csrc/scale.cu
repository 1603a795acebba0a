// The host launchers of a PyTorch extension: every launch is host code, inside
// the lambdas of ATen's dispatch macros and of BOOL_SWITCH.
#include <torch/extension.h>

#include "scale_kernel.cuh"
#include "utils/static_switch.h"

void scale_cuda(torch::Tensor &out, const torch::Tensor &in, double factor,
                cudaStream_t stream) {
  const int n = static_cast<int>(in.numel());
  const dim3 block(256), grid((n + 255) / 256);
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "scale_cuda", [&] {
    BOOL_SWITCH(n % 256 == 0, kIsEven, [&] {
      scale_kernel<scalar_t, kIsEven><<<grid, block, 0, stream>>>(
          out.data_ptr<scalar_t>(), in.data_ptr<scalar_t>(),
          static_cast<scalar_t>(factor), n);
    });
  });
}

void fill_cuda(torch::Tensor &out, double value) {
  const int n = static_cast<int>(out.numel());
  cudaStream_t stream = nullptr;
  AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "fill_cuda", [&] {
    fill_kernel<scalar_t><<<(n + 255) / 256, 256, 0, stream>>>(
        out.data_ptr<scalar_t>(), static_cast<scalar_t>(value), n);
  });
  // A lambda of the extension's own, invoked at once.
  [&] { fill_kernel<float><<<1, 1, 0, stream>>>(nullptr, 0.0f, 0); }();
}
