// hipkit's HIP headers for PyTorch on NVIDIA (docs/pytorch.md), by hand.
//
// PyTorch's error checks with HIP's error type. A ROCm torch's C10_CUDA_CHECK
// takes a hipError_t (hipify-clang writes C10_CUDA_CHECK(hipMalloc(...)),
// C10_HIP_CHECK in the masquerading naming); a CUDA torch's takes a
// cudaError_t, and on NVIDIA hipError_t is HIP's own enum (its values are not
// CUDA's: hipErrorToCudaError converts), so the CUDA torch's macros are
// redefined here to take either. The checks are the CUDA torch's:
// c10::cuda::c10_cuda_check_implementation with CUDA's error, reporting as
// the CUDA torch does (without the error log PyTorch 2.14 adds to the message,
// which its macro alone captures; its signature predates that log).
//
// Included by the generated ATen/hip and c10/hip headers whose CUDA header
// leads to c10/cuda/CUDAException.h (generate_nvidia_torch.py). It includes no
// HIP header: hipErrorToCudaError is found where a check is instantiated, from
// the HIP headers the translated source includes.
#ifndef HIPKIT_NVIDIA_TORCH_CHECKS_H
#define HIPKIT_NVIDIA_TORCH_CHECKS_H

#include <c10/cuda/CUDAException.h>

namespace hipkit_nvidia_torch {
/// CUDA's error, from CUDA's (torch's own code) or HIP's (a translation's).
inline cudaError_t cudaErrorOf(cudaError_t error) { return error; }
template <typename HipError> inline cudaError_t cudaErrorOf(HipError error) {
  return hipErrorToCudaError(error); // hip/hip_runtime_api.h on NVIDIA
}
} // namespace hipkit_nvidia_torch

#undef C10_CUDA_CHECK
#define C10_CUDA_CHECK(EXPR)                                                   \
  do {                                                                         \
    const cudaError_t __err = ::hipkit_nvidia_torch::cudaErrorOf(EXPR);        \
    c10::cuda::c10_cuda_check_implementation(                                  \
        static_cast<int32_t>(__err), __FILE__, __func__,                       \
        static_cast<uint32_t>(__LINE__), true);                                \
  } while (0)

#undef C10_CUDA_CHECK_WARN
#define C10_CUDA_CHECK_WARN(EXPR)                                              \
  do {                                                                         \
    const cudaError_t __err = ::hipkit_nvidia_torch::cudaErrorOf(EXPR);        \
    if (C10_UNLIKELY(__err != cudaSuccess)) {                                  \
      [[maybe_unused]] auto error_unused = cudaGetLastError();                 \
      TORCH_WARN("CUDA warning: ", cudaGetErrorString(__err));                 \
    }                                                                          \
  } while (0)

#undef C10_CUDA_IGNORE_ERROR
#define C10_CUDA_IGNORE_ERROR(EXPR)                                            \
  do {                                                                         \
    const cudaError_t __err = ::hipkit_nvidia_torch::cudaErrorOf(EXPR);        \
    if (C10_UNLIKELY(__err != cudaSuccess)) {                                  \
      [[maybe_unused]] cudaError_t error_unused = cudaGetLastError();          \
    }                                                                          \
  } while (0)

#endif
