// hipkit-lane-mask: lane masks kept in 32 bits, 0xffffffff masks, __popc and
// __ffs of a ballot; 64-bit and auto variables and the 64-bit forms stay silent.
// RUN: %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang 'checks=-*,hipkit-warp-size' %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// RUN: not %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang 'checks=hipkit-[lane' %s 2>&1 \
// RUN:   | FileCheck --check-prefix=BADGLOB %s
// OFF-NOT: warning:
// BADGLOB: error: hipkit-porting-checks: malformed check glob 'hipkit-[lane'; expected names, '*' and a leading '-'

#include <hip/hip_runtime.h>

// HIP 6.4's *_sync shuffles (hipkit's HIP 5.2 headers have none): the mask
// is a 64-bit lane mask.
template <typename T>
__device__ T __shfl_xor_sync(unsigned long long mask, T var, int laneMask,
                             int width = warpSize) {
  return __shfl_xor(var, laneMask, width);
}

#define FULL_MASK 0xffffffff

__global__ void hazards(int *out, const int *in) {
  int v = in[threadIdx.x];
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:12: warning: '__ballot' returns a lane mask with one bit per lane, 64 bits on CDNA GPUs (gfx90a, gfx942), but 'votes' keeps only 32; store it in a 64-bit type (unsigned long long, uint64_t) or auto [hipkit-lane-mask]
  unsigned votes = __ballot(v > 0);
  int count;
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:9: warning: '__ballot' returns a lane mask{{.*}}but the assigned variable keeps only 32{{.*}}[hipkit-lane-mask]
  count = __ballot(v < 0);
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:12: warning: '__popc' of a lane mask counts only lanes 0-31; on 64-lane wavefronts (gfx90a, gfx942) use '__popcll' [hipkit-lane-mask]
  out[0] = __popc(votes);
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:12: warning: '__ffs' of a lane mask{{.*}}use '__ffsll' [hipkit-lane-mask]
  out[1] = __ffs((unsigned)__ballot(v == 3));
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:24: warning: mask 0xffffffff passed to '__shfl_xor_sync' names lanes 0-31 only; a wavefront on CDNA GPUs (gfx90a, gfx942) has 64 lanes, so lanes 32-63 are left out; pass __activemask() or a 64-bit mask (~0ull) [hipkit-lane-mask]
  v += __shfl_xor_sync(0xffffffff, v, 1);
  // Through a macro: reported where the user wrote FULL_MASK.
  // CHECK-DAG: lane-mask.hip:[[@LINE+1]]:24: warning: mask 0xffffffff passed to '__shfl_xor_sync'{{.*}}[hipkit-lane-mask]
  v += __shfl_xor_sync(FULL_MASK, v, 2);
  out[2] = v + count;
}

__global__ void safeLookAlikes(int *out, const int *in) {
  int v = in[threadIdx.x];
  unsigned long long votes = __ballot(v > 0);
  auto alsoVotes = __ballot(v < 0);
  unsigned notAMask = 0xffffffff;      // a constant, not a lane mask
  out[0] = __popcll(votes) + __ffsll(alsoVotes);
  out[1] = __popc(notAMask);           // __popc of data
  v += __shfl_xor_sync(~0ull, v, 1);   // every lane of 64
  out[2] = v;
}
