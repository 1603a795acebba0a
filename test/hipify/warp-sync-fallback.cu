// The warp *_sync functions are HIP's by default only from 7.2 (their rows'
// hip_added: ROCm 6.4 declares them only when the program defines
// HIP_ENABLE_WARP_SYNC_BUILTINS); for an older targeted HIP, 6.4 included, the
// rows' fallback (the mask-less form) is written and their rewrite "drop:0"
// removes the mask argument at the call, keeping every other byte. A name with
// neither a HIP 5.2 form nor a fallback is warned about. With a new enough HIP
// the _sync names stay.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t/rocm64/share/hip %t/rocm72/share/hip
// RUN: %if nvcc %{ %cuda_path/bin/nvcc -c -arch=sm_90 %s -o %t/nvcc.o %}
// RUN: printf 'HIP_VERSION_MAJOR=6\nHIP_VERSION_MINOR=4\nHIP_VERSION_PATCH=0\n' > %t/rocm64/share/hip/version
// RUN: printf 'HIP_VERSION_MAJOR=7\nHIP_VERSION_MINOR=2\nHIP_VERSION_PATCH=0\n' > %t/rocm72/share/hip/version
// RUN: %hipify %s -o %t/out.hip --rocm-path=/usr --print-stats 2>&1 | FileCheck %s --check-prefix=WARN -DFILE=%s
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942
// RUN: %hipify %s -o - --rocm-path=%t/rocm64 2>/dev/null | grep -v '^ *//' | FileCheck %s
// RUN: %hipify %s -o - --rocm-path=%t/rocm72 2>&1 | grep -v '^ *//' | FileCheck %s --check-prefix=NEW

#include <cuda_runtime.h>

#define FULL 0xffffffffu
// The mask is dropped in a macro body too, by scanning the call's text.
// CHECK: #define SUM_DOWN(v, o) ((v) + __shfl_down((v), (o)))
// NEW: #define SUM_DOWN(v, o) ((v) + __shfl_down_sync(FULL, (v), (o)))
#define IDENTITY(x) (x)
#define SUM_DOWN(v, o) ((v) + __shfl_down_sync(FULL, (v), (o)))
#define IDENTITY(x) (x)

__global__ void warp(int *out, const int *in) {
  int v = in[threadIdx.x];
  // CHECK: v += __shfl_down(v, 16);
  // NEW: v += __shfl_down_sync(FULL, v, 16);
  v += __shfl_down_sync(FULL, v, 16);
  // CHECK-NEXT: v += __shfl_up(v, 1) + __shfl_xor(v, 2, 16);
  v += __shfl_up_sync(FULL, v, 1) + __shfl_xor_sync(FULL, v, 2, 16);
  // CHECK-NEXT: v += __shfl(/* lane */ v, 3);
  v += __shfl_sync(FULL, /* lane */ v, 3);
  // CHECK-NEXT: unsigned long long b = __ballot(v > 0);
  unsigned long long b = __ballot_sync(FULL, v > 0);
  // The separator after the mask goes with it, line break included.
  // CHECK-NEXT: int any = __any(v < 0), all = __all(v != 0);
  int any = __any_sync(FULL, v < 0), all = __all_sync(FULL,
      v != 0);
  v = SUM_DOWN(v, 8);
  // CHECK-NEXT: v = SUM_DOWN(v, 8);
  // Inside a macro argument the AST finds the call's arguments.
  // CHECK-NEXT: v = IDENTITY(__shfl_down(v, 4));
  v = IDENTITY(__shfl_down_sync(FULL, v, 4));
  out[threadIdx.x] = v + (int)b + any + all;
}

// HIP 5.2 has no __activemask (HIP 7 declares it by default, with the *_sync
// functions): the name stays and is reported (the block is not compiled, so the
// output still builds). __syncwarp, which 6.4 lacks too, is written as HIP 7.2
// defines it (warp-sync-fallback-syncwarp.cu).
#ifdef WITH_WARP_CONTROL
// WARN: [[FILE]]:[[@LINE+1]]:53: warning: '__activemask' needs HIP 7.2, but the targeted ROCm has HIP 5.2
__device__ unsigned active() { __syncwarp(); return __activemask(); }
#endif
// The eight _sync calls, the macro body's, __syncwarp and the include are conversions.
// WARN-NOT: warning:
// WARN: CONVERTED refs count: 11
// WARN-NEXT: UNCONVERTED refs count: 0
