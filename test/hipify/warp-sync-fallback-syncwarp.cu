// __syncwarp is HIP's own only from 7.2 (ROCm 6.4 has no __syncwarp at all):
// for an older targeted HIP the call becomes what HIP 7.2 defines it as, a
// wavefront-scope release fence, a wave barrier and an acquire fence (the
// row's `expand` rule; docs/hipify-clang.md says why that is __syncwarp on a
// wavefront), the mask dropped as for the *_sync shuffles, with no warning.
// HIP 7.2 keeps the call. Both engines write the same; the output compiles
// for gfx942 against the ROCm 6.4 tree and against hipkit's own HIP 5.2.
// REQUIRES: cuda, rocm-6.4-root
// RUN: rm -rf %t && mkdir -p %t/rocm72/share/hip
// RUN: %if nvcc %{ %cuda_path/bin/nvcc -c -arch=sm_90 %s -o %t/nvcc.o %}
// RUN: printf 'HIP_VERSION_MAJOR=7\nHIP_VERSION_MINOR=2\nHIP_VERSION_PATCH=0\n' > %t/rocm72/share/hip/version
// RUN: %hipify %s --rocm-path=%rocm_libraries -o %t/out.hip 2>%t/err
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not='{{cuda|__syncwarp}}'
// RUN: FileCheck %s --input-file=%t/err --check-prefix=STATS --allow-empty
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942 --rocm-path=%rocm_libraries
// RUN: %hipify %s --rocm-path=%rocm_libraries --cuda-path=%t/no-cuda -o %t/token.hip
// RUN: diff %t/out.hip %t/token.hip
// RUN: %hipify %s -o %t/old.hip --rocm-path=/usr 2>&1 | FileCheck %s --check-prefix=STATS --allow-empty
// RUN: diff %t/out.hip %t/old.hip
// RUN: %hipcc -c %t/old.hip -o %t/old.o --offload-arch=gfx942
// RUN: %hipify %s --rocm-path=%t/rocm72 -o - 2>&1 | grep -v '^ *//' | FileCheck %s --check-prefix=NEW
// STATS-NOT: warning:

#include <cuda_runtime.h>

#define BLOCK_SIZE 256
#define FULL_MASK 0xffffffffu
// CHECK: #define WARP_SYNC() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"))
// NEW: #define WARP_SYNC() __syncwarp()
#define WARP_SYNC() __syncwarp()

__global__ void reduceSum(const float *in, float *out, int n) {
  __shared__ float sdata[BLOCK_SIZE];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float v = sdata[tid];
    v += sdata[tid + 32];
    // CHECK: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
    // NEW: __syncwarp();
    __syncwarp();
    sdata[tid] = v;
    // CHECK: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
    // NEW: __syncwarp(FULL_MASK);
    __syncwarp(FULL_MASK);
    for (int offset = 16; offset > 0; offset >>= 1) {
      v += sdata[tid + offset];
      // CHECK: WARP_SYNC();
      WARP_SYNC();
      sdata[tid] = v;
      unsigned mask = (tid < offset) ? FULL_MASK : 0u;
      // CHECK: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
      // NEW: __syncwarp(mask);
      __syncwarp(mask);
    }
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
