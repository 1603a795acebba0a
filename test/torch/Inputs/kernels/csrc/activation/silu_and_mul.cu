// silu(x) * y over the two halves of the last dimension, as vLLM's act_and_mul kernels:
// half and bfloat16 through cuda_fp16.h's and cuda_bf16.h's intrinsics.
#include <ATen/Dispatch.h>
#include <ATen/core/Tensor.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "kernels/ops.h"
#include "kernels/type_shim.h"

namespace kernels {
namespace {

template <typename T> __device__ __forceinline__ T silu_mul(const T &x, const T &y) {
  return x / (T(1) + exp(-x)) * y;
}

template <> __device__ __forceinline__ half silu_mul(const half &x, const half &y) {
  const float f = __half2float(x);
  return __hmul(__float2half_rn(f / (1.0f + __expf(-f))), y);
}

template <>
__device__ __forceinline__ __nv_bfloat16 silu_mul(const __nv_bfloat16 &x, const __nv_bfloat16 &y) {
  const float f = __bfloat162float(x);
  return __float2bfloat16_rn(f / (1.0f + __expf(-f)) * __bfloat162float(y));
}

template <typename T>
__global__ void silu_and_mul_kernel(T *__restrict__ out, const T *__restrict__ input,
                                    const int d) {
  const int64_t token = blockIdx.x;
  for (int64_t idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const T x = __ldg(&input[token * 2 * d + idx]);
    const T y = __ldg(&input[token * 2 * d + d + idx]);
    out[token * d + idx] = silu_mul(x, y);
  }
}

} // namespace

void silu_and_mul(at::Tensor &out, const at::Tensor &input) {
  TORCH_CHECK(input.is_cuda() && out.is_cuda(), "silu_and_mul: tensors must be on a CUDA device");
  TORCH_CHECK(input.is_contiguous() && out.is_contiguous(),
              "silu_and_mul: tensors must be contiguous");
  const int d = static_cast<int>(input.size(-1) / 2);
  TORCH_CHECK(input.size(-1) == 2 * d && out.size(-1) == d,
              "silu_and_mul: out.size(-1) must be input.size(-1) / 2");
  const int64_t num_tokens = input.numel() / input.size(-1);
  const dim3 grid(num_tokens);
  const dim3 block(std::min(d, 1024));
  const c10::cuda::CUDAGuard device_guard(input.device());
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, input.scalar_type(), "silu_and_mul", [&] {
        using T = typename CudaTypeOf<scalar_t>::type;
        silu_and_mul_kernel<T><<<grid, block, 0, stream>>>(
            reinterpret_cast<T *>(out.data_ptr<scalar_t>()),
            reinterpret_cast<const T *>(input.data_ptr<scalar_t>()), d);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
      });
}

} // namespace kernels
