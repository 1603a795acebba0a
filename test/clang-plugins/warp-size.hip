// hipkit-warp-size: 32 written as the warp width next to threadIdx, shuffle
// loops and widths, per-warp arrays, warpSize compared with 32; and the safe
// look-alikes (warpSize, TILE_DIM, blockIdx, other widths) stay silent.
// RUN: %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// Turned off by name, by glob, or all at once:
// RUN: %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang checks=-hipkit-warp-size %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// RUN: %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang no-warp-size %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// As errors:
// RUN: not %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang 'warnings-as-errors=hipkit-*' %s 2>&1 \
// RUN:   | FileCheck --check-prefix=ERR %s
// OFF-NOT: warning:
// ERR: warp-size.hip:[[@LINE+10]]:26: error: a lane id computed from threadIdx with '% 32' {{.*}} [hipkit-warp-size]

#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define TILE_DIM 32
#define LANE_OF(t) ((t) & 31)

__global__ void hazards(int *out, const int *in) {
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:26: warning: a lane id computed from threadIdx with '% 32' assumes 32 lanes per warp, but wavefronts have 64 lanes on CDNA GPUs (gfx90a, gfx942); use warpSize ('% warpSize') [hipkit-warp-size]
  int lane = threadIdx.x % 32;
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:25: warning: a warp id computed from threadIdx with '/ 32' {{.*}}('/ warpSize') [hipkit-warp-size]
  int wid = threadIdx.x / WARP_SIZE;
  int tid = threadIdx.x;
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:18: warning: a warp id computed from threadIdx with '>> 5' {{.*}}(divide by warpSize) [hipkit-warp-size]
  int wid2 = tid >> 5;
  // Through the user's macro: reported where the user expands it.
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:15: warning: a lane id computed from threadIdx with '& 31' {{.*}} [hipkit-warp-size]
  int lane2 = LANE_OF(tid);
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:18: warning: __shared__ array 'partial' has 32 slots indexed by a warp id{{.*}}[hipkit-warp-size]
  __shared__ int partial[32];
  int v = in[tid];
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:21: warning: shuffle loop starts at offset 16, which reduces over 32 lanes{{.*}}start at warpSize / 2 [hipkit-warp-size]
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:21: warning: '__shfl' with width 32 shuffles within half of a 64-lane wavefront{{.*}} [hipkit-warp-size]
  v += __shfl(v, 0, 32);
  // CHECK-DAG: warp-size.hip:[[@LINE+1]]:16: warning: warpSize compared with 32{{.*}}[hipkit-warp-size]
  if (warpSize == 32)
    v += 1;
  partial[wid] = v + lane + lane2 + wid2;
  out[tid] = partial[0];
}

__global__ void safeLookAlikes(int *out, const int *in) {
  __shared__ int tile[TILE_DIM][TILE_DIM + 1]; // a tile, not per-warp slots
  __shared__ int perWarp[1024 / 64];
  int lane = threadIdx.x % warpSize;            // written with warpSize
  int wid = threadIdx.x / warpSize;
  int col = threadIdx.x % TILE_DIM;             // a tile width, by name
  int block = blockIdx.x / 32;                  // not the thread index
  int half = threadIdx.x % 16;                  // not a warp width
  int n = in[0] % 32;                           // data, not a thread index
  int v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  for (int i = 16; i > 0; i /= 2)               // no shuffle in the loop
    v += in[i];
  v += __shfl(v, 0, 16);                        // a sub-warp of 16 on purpose
  v += __shfl(v, 0, warpSize);
  if (warpSize == 64)
    v += 1;
  if (warpSize >= 32)                           // true on both sizes
    v += 1;
  tile[threadIdx.y][col] = v;
  perWarp[wid] = v + lane + block + half + n;
  out[threadIdx.x] = tile[0][0] + perWarp[0];
}
