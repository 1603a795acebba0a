#include <cuda_runtime.h>

// Stream compaction: each warp votes, counts its survivors and writes them.
__global__ void compact(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32; // HAZARD: hipkit-warp-size
  bool keep = i < n && in[i] > 0;
  unsigned votes = __ballot_sync(0xffffffff, keep); // HAZARD: hipkit-lane-mask // HAZARD-CUDA: hipkit-lane-mask
  int survivors = __popc(votes); // HAZARD: hipkit-lane-mask
  int rank = __popc(votes & ((1u << lane) - 1)); // SAFE
  int base = 0;
  int leader = __ffs(votes) - 1; // HAZARD: hipkit-lane-mask
  if (lane == leader)
    base = atomicAdd(count, survivors);
  base = __shfl_sync(0xffffffff, base, leader); // HAZARD-CUDA: hipkit-lane-mask
  if (keep)
    out[base + rank] = in[i];
}

__global__ void compactPortable(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] > 0;
  unsigned long long votes = __ballot(keep); // SAFE
  auto alsoVotes = __ballot(!keep); // SAFE
  int survivors = __popcll(votes); // SAFE
  unsigned flags = 0xffffffff; // SAFE
  if (threadIdx.x % warpSize == 0) // SAFE
    atomicAdd(count, survivors + __popcll(alsoVotes) * 0 + (flags & 0));
  if (keep)
    out[i] = in[i];
}
