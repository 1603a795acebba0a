#pragma once
#include <cuda_runtime.h>

// CUB on CUDA, hipCUB under the name cub on ROCm: the extension's own port.
#ifndef USE_ROCM
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#else
#include <hipcub/hipcub.hpp>
namespace cub = hipcub;
#endif

// The inclusive prefix sum of one block's kNThreads * kNItems elements.
template <int kNThreads, int kNItems, typename scalar_t>
__global__ void inclusive_scan_kernel(scalar_t *data, int n) {
  using BlockLoadT =
      cub::BlockLoad<scalar_t, kNThreads, kNItems, cub::BLOCK_LOAD_DIRECT>;
  using BlockScanT = cub::BlockScan<scalar_t, kNThreads>;
  __shared__ typename BlockScanT::TempStorage scan_storage;
  scalar_t items[kNItems];
  BlockLoadT().Load(data, items, n, scalar_t(0));
  BlockScanT(scan_storage).InclusiveSum(items, items);
  for (int i = 0; i < kNItems; ++i) {
    int index = threadIdx.x * kNItems + i;
    if (index < n)
      data[index] = items[i];
  }
}
