// Row-wise cumulative sums and sums: one block per row, which it walks in tiles of
// kNThreads * kNItems elements with CUB's block load, scan (or reduce) and store; a
// running prefix carries each tile's total into the next.
#include <ATen/AccumulateType.h>
#include <ATen/Dispatch.h>
#include <ATen/core/Tensor.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_like.h>
#include <c10/cuda/CUDAGuard.h>

#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include "kernels/ops.h"
#include "kernels/static_switch.h"
#include "kernels/type_shim.h"

namespace kernels {
namespace {

constexpr int kNThreads = 128;
constexpr int kNItems = 4;
constexpr int kTile = kNThreads * kNItems;

// Gives each tile the total of the tiles before it (CUB's block prefix callback).
template <typename acc_t> struct RunningPrefix {
  acc_t total;
  __device__ explicit RunningPrefix(acc_t start) : total(start) {}
  __device__ acc_t operator()(acc_t tile_total) {
    const acc_t before = total;
    total += tile_total;
    return before;
  }
};

template <typename T, typename acc_t, bool kIsEvenLen, bool kExclusive>
__global__ void __launch_bounds__(kNThreads)
    cumsum_kernel(const T *__restrict__ input, T *__restrict__ output, int64_t len) {
  using BlockLoadT = cub::BlockLoad<T, kNThreads, kNItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BlockStoreT = cub::BlockStore<T, kNThreads, kNItems, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using BlockScanT = cub::BlockScan<acc_t, kNThreads>;
  __shared__ union {
    typename BlockLoadT::TempStorage load;
    typename BlockStoreT::TempStorage store;
    typename BlockScanT::TempStorage scan;
  } smem;

  const T *row_in = input + blockIdx.x * len;
  T *row_out = output + blockIdx.x * len;
  RunningPrefix<acc_t> prefix(acc_t(0));
  for (int64_t start = 0; start < len; start += kTile) {
    const int valid = static_cast<int>(len - start < kTile ? len - start : kTile);
    T items[kNItems];
    if constexpr (kIsEvenLen)
      BlockLoadT(smem.load).Load(row_in + start, items);
    else
      BlockLoadT(smem.load).Load(row_in + start, items, valid, from_acc<T>(acc_t(0)));
    __syncthreads();
    acc_t sums[kNItems];
#pragma unroll
    for (int i = 0; i < kNItems; ++i)
      sums[i] = to_acc<acc_t>(items[i]);
    if constexpr (kExclusive)
      BlockScanT(smem.scan).ExclusiveSum(sums, sums, prefix);
    else
      BlockScanT(smem.scan).InclusiveSum(sums, sums, prefix);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kNItems; ++i)
      items[i] = from_acc<T>(sums[i]);
    if constexpr (kIsEvenLen)
      BlockStoreT(smem.store).Store(row_out + start, items);
    else
      BlockStoreT(smem.store).Store(row_out + start, items, valid);
    __syncthreads();
  }
}

template <typename T, typename acc_t, bool kIsEvenLen>
__global__ void __launch_bounds__(kNThreads)
    row_sum_kernel(const T *__restrict__ input, T *__restrict__ output, int64_t len) {
  using BlockLoadT = cub::BlockLoad<T, kNThreads, kNItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BlockReduceT = cub::BlockReduce<acc_t, kNThreads>;
  __shared__ union {
    typename BlockLoadT::TempStorage load;
    typename BlockReduceT::TempStorage reduce;
  } smem;

  const T *row_in = input + blockIdx.x * len;
  acc_t total = acc_t(0);
  for (int64_t start = 0; start < len; start += kTile) {
    const int valid = static_cast<int>(len - start < kTile ? len - start : kTile);
    T items[kNItems];
    if constexpr (kIsEvenLen)
      BlockLoadT(smem.load).Load(row_in + start, items);
    else
      BlockLoadT(smem.load).Load(row_in + start, items, valid, from_acc<T>(acc_t(0)));
    __syncthreads();
    acc_t sums[kNItems];
#pragma unroll
    for (int i = 0; i < kNItems; ++i)
      sums[i] = to_acc<acc_t>(items[i]);
    const acc_t tile_total = BlockReduceT(smem.reduce).Sum(sums);
    __syncthreads();
    if (threadIdx.x == 0)
      total += tile_total;
  }
  if (threadIdx.x == 0)
    output[blockIdx.x] = from_acc<T>(total);
}

void check_rows(const at::Tensor &input) {
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
  TORCH_CHECK(input.is_contiguous(), "input must be contiguous");
  TORCH_CHECK(input.dim() >= 1 && input.size(-1) > 0, "input must have a non-empty last dimension");
}

} // namespace

at::Tensor cumsum(const at::Tensor &input, bool exclusive) {
  check_rows(input);
  const c10::cuda::CUDAGuard device_guard(input.device());
  auto output = at::empty_like(input);
  const int64_t len = input.size(-1);
  const int64_t rows = input.numel() / len;
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, input.scalar_type(), "cumsum", [&] {
        using T = typename CudaTypeOf<scalar_t>::type;
        using acc_t = at::acc_type<scalar_t, true>;
        BOOL_SWITCH(len % kTile == 0, kIsEvenLen, [&] {
          BOOL_SWITCH(exclusive, kExclusive, [&] {
            cumsum_kernel<T, acc_t, kIsEvenLen, kExclusive><<<rows, kNThreads, 0, stream>>>(
                reinterpret_cast<const T *>(input.data_ptr<scalar_t>()),
                reinterpret_cast<T *>(output.data_ptr<scalar_t>()), len);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
          });
        });
      });
  return output;
}

at::Tensor row_sum(const at::Tensor &input) {
  check_rows(input);
  const at::cuda::CUDAGuard device_guard(input.device());
  const int64_t len = input.size(-1);
  const int64_t rows = input.numel() / len;
  auto sizes = input.sizes().vec();
  sizes.pop_back();
  auto output = at::empty(sizes, input.options());
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, input.scalar_type(), "row_sum", [&] {
        using T = typename CudaTypeOf<scalar_t>::type;
        using acc_t = at::acc_type<scalar_t, true>;
        BOOL_SWITCH(len % kTile == 0, kIsEvenLen, [&] {
          row_sum_kernel<T, acc_t, kIsEvenLen><<<rows, kNThreads, 0, stream>>>(
              reinterpret_cast<const T *>(input.data_ptr<scalar_t>()),
              reinterpret_cast<T *>(output.data_ptr<scalar_t>()), len);
          C10_CUDA_KERNEL_LAUNCH_CHECK();
        });
      });
  return output;
}

} // namespace kernels
