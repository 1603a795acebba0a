// Shaped like nccl-tests' verifiable/verifiable.cu; written for hipkit's tests
// (one of its datatype paths: values computed in double, stored as the type).
#include "verifiable.h"
#include <nccl.h>
#include <cuda_fp16.h>
#if CUDART_VERSION >= 11000
#include <cuda_bf16.h>
#endif

namespace {
template<typename T>
__device__ T castTo(double x);
template<>
__device__ float castTo<float>(double x) { return (float)x; }
template<>
__device__ double castTo<double>(double x) { return x; }
template<>
__device__ half castTo<half>(double x) { return __double2half(x); }
#if defined(__CUDA_BF16_TYPES_EXIST__)
template<>
__device__ __nv_bfloat16 castTo<__nv_bfloat16>(double x) { return __double2bfloat16(x); }
#endif

template<typename T>
__global__ void prepareInput(T *elts, intptr_t elt_n, int rank_me, uint64_t seed, intptr_t elt_ix0) {
  intptr_t i = blockIdx.x * (intptr_t)blockDim.x + threadIdx.x;
  if (i < elt_n) {
    double x = (double)((seed + 7 * rank_me + elt_ix0 + i) % 256) / 16.0;
    elts[i] = castTo<T>(x);
  }
}

template<typename T>
void launch(void *elts, intptr_t elt_n, int rank_me, uint64_t seed, intptr_t elt_ix0, cudaStream_t stream) {
  unsigned blocks = (unsigned)((elt_n + 255) / 256);
  prepareInput<T><<<blocks, 256, 0, stream>>>((T *)elts, elt_n, rank_me, seed, elt_ix0);
}
} // namespace

void ncclVerifiablePrepareInput(void *elts, intptr_t elt_n, int elt_ty, int red_op,
                                int rank_n, int rank_me, uint64_t seed,
                                intptr_t elt_ix0, cudaStream_t stream) {
  switch (elt_ty) {
  case ncclFloat16: launch<half>(elts, elt_n, rank_me, seed, elt_ix0, stream); break;
#if defined(__CUDA_BF16_TYPES_EXIST__) && NCCL_VERSION_CODE >= NCCL_VERSION(2,10,0)
  case ncclBfloat16: launch<__nv_bfloat16>(elts, elt_n, rank_me, seed, elt_ix0, stream); break;
#endif
  case ncclFloat32: launch<float>(elts, elt_n, rank_me, seed, elt_ix0, stream); break;
  case ncclFloat64: launch<double>(elts, elt_n, rank_me, seed, elt_ix0, stream); break;
  default: break;
  }
}
