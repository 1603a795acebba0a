// RMS normalisation of each row, as vLLM's rms_norm: one block per row, the sum of
// squares reduced with warp shuffles (kernels/reduce.cuh).
#include <ATen/AccumulateType.h>
#include <ATen/DeviceGuard.h>
#include <ATen/Dispatch.h>
#include <ATen/core/Tensor.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include "kernels/ops.h"
#include "kernels/reduce.cuh"
#include "kernels/static_switch.h"
#include "kernels/type_shim.h"

namespace kernels {
namespace {

template <typename T, typename acc_t, int kNThreads>
__global__ void __launch_bounds__(kNThreads)
    rms_norm_kernel(T *__restrict__ out, const T *__restrict__ input,
                    const T *__restrict__ weight, const float epsilon, const int hidden_size) {
  __shared__ acc_t s_inv_rms;
  const T *row = input + static_cast<int64_t>(blockIdx.x) * hidden_size;
  acc_t variance = acc_t(0);
  for (int idx = threadIdx.x; idx < hidden_size; idx += kNThreads) {
    const acc_t x = to_acc<acc_t>(row[idx]);
    variance += x * x;
  }
  variance = blockReduceSum<acc_t>(variance);
  if (threadIdx.x == 0)
    s_inv_rms = rsqrt(variance / hidden_size + acc_t(epsilon));
  __syncthreads();
  T *out_row = out + static_cast<int64_t>(blockIdx.x) * hidden_size;
  for (int idx = threadIdx.x; idx < hidden_size; idx += kNThreads) {
    const acc_t x = to_acc<acc_t>(row[idx]);
    out_row[idx] = from_acc<T>(x * s_inv_rms * to_acc<acc_t>(weight[idx]));
  }
}

} // namespace

void rms_norm(at::Tensor &out, const at::Tensor &input, const at::Tensor &weight,
              double epsilon) {
  TORCH_CHECK(input.is_cuda() && out.is_cuda() && weight.is_cuda(),
              "rms_norm: tensors must be on a CUDA device");
  TORCH_CHECK(input.is_contiguous() && out.is_contiguous() && weight.is_contiguous(),
              "rms_norm: tensors must be contiguous");
  TORCH_CHECK(weight.scalar_type() == input.scalar_type() &&
                  out.scalar_type() == input.scalar_type(),
              "rms_norm: tensors must have one dtype");
  const int hidden_size = static_cast<int>(input.size(-1));
  TORCH_CHECK(weight.numel() == hidden_size, "rms_norm: weight must have input.size(-1) elements");
  const int64_t num_tokens = input.numel() / hidden_size;
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, input.scalar_type(), "rms_norm", [&] {
        using T = typename CudaTypeOf<scalar_t>::type;
        using acc_t = at::acc_type<scalar_t, true>;
        BLOCK_SIZE_SWITCH(hidden_size, kNThreads, [&] {
          rms_norm_kernel<T, acc_t, kNThreads><<<num_tokens, kNThreads, 0, stream>>>(
              reinterpret_cast<T *>(out.data_ptr<scalar_t>()),
              reinterpret_cast<const T *>(input.data_ptr<scalar_t>()),
              reinterpret_cast<const T *>(weight.data_ptr<scalar_t>()),
              static_cast<float>(epsilon), hidden_size);
          C10_CUDA_KERNEL_LAUNCH_CHECK();
        });
      });
}

} // namespace kernels
