// The CUDA type a torch scalar type is stored as on the device, and the conversions
// to and from its accumulation type (at::acc_type: float for half and bfloat16).
#pragma once

#include <ATen/AccumulateType.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace kernels {

template <typename scalar_t> struct CudaTypeOf {
  using type = scalar_t;
};
template <> struct CudaTypeOf<at::Half> {
  using type = half;
};
template <> struct CudaTypeOf<at::BFloat16> {
  using type = __nv_bfloat16;
};

template <typename acc_t, typename T> __device__ __forceinline__ acc_t to_acc(T v) {
  return static_cast<acc_t>(v);
}
template <> __device__ __forceinline__ float to_acc<float, half>(half v) {
  return __half2float(v);
}
template <> __device__ __forceinline__ float to_acc<float, __nv_bfloat16>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

template <typename T, typename acc_t> __device__ __forceinline__ T from_acc(acc_t v) {
  return static_cast<T>(v);
}
template <> __device__ __forceinline__ half from_acc<half, float>(float v) {
  return __float2half_rn(v);
}
template <> __device__ __forceinline__ __nv_bfloat16 from_acc<__nv_bfloat16, float>(float v) {
  return __float2bfloat16_rn(v);
}

} // namespace kernels
