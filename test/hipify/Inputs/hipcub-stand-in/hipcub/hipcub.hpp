// A stand-in for hipCUB's hipcub.hpp: the class templates namespace-alias-user.cu
// names through its `namespace cub = hipcub;`, for a CUDA parse with -DUSE_ROCM.
#pragma once
namespace hipcub {
template <typename T, int BlockThreads> class BlockScan {};
template <typename T> class WarpScan {};
} // namespace hipcub
