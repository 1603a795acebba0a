// Device functions, types and qualifiers HIP lacks are left with a warning
// that says why and names the closest HIP name where there is one
// (derive/device-reasons.tsv); counterparts spelled differently are written
// (syncthreads_and -> __syncthreads_and, double4_32a -> double4, both
// 32-byte aligned). The translation of the code without the unsupported
// names compiles.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip 2>&1 | FileCheck %s --check-prefix=WARN -DFILE=%s --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA|_32a}}'
// RUN: %hipcc -c -DSUPPORTED_ONLY %t/out.hip -o %t/out.o --offload-arch=gfx942

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_cooperative_groups.h>
#include <cooperative_groups.h>
#ifndef SUPPORTED_ONLY
// CUDA's cooperative groups live in cooperative_groups::__v1, which a using
// directive brings in: the names are looked up without it.
// reduce.h, none of whose names is left, becomes HIP's cooperative-groups
// header, included above already (cooperative-groups-reduce.test).
// CHECK-NOT: reduce.h
#include <cooperative_groups/reduce.h>
#endif

// CHECK: __global__ void counterparts(int *out, double4 *v) {
__global__ void counterparts(int *out, double4_32a *v) {
  int i = threadIdx.x;
  // CHECK: out[i] = __syncthreads_and(i > 0) + __syncthreads_or(i > 1) + __syncthreads_count(i > 2);
  out[i] = syncthreads_and(i > 0) + syncthreads_or(i > 1) + syncthreads_count(i > 2);
  // CHECK: v[i] = make_double4(1, 2, 3, 4);
  v[i] = make_double4_32a(1, 2, 3, 4);
}

#ifndef SUPPORTED_ONLY
__global__ void left(int *out, unsigned *u, long long *t) {
  int i = threadIdx.x;
  // WARN: [[FILE]]:[[@LINE+2]]:12: warning: '__dp4a' has no HIP equivalent: HIP has no __dp4a: amd_mixed_dot on char4 (uchar4 for the unsigned form) with saturate false computes the same four-byte dot product plus c, with each int's bytes taken as a char4; the closest HIP function is amd_mixed_dot; left untranslated [hipify-unsupported]
  // CHECK: out[i] = __dp4a(out[i], 0x01010101, 0);
  out[i] = __dp4a(out[i], 0x01010101, 0);
  // WARN: [[FILE]]:[[@LINE+2]]:10: warning: '__vadd4' has no HIP equivalent: a SIMD video instruction on the two 16-bit or four 8-bit lanes of a 32-bit word; HIP has none: compute each lane with integer arithmetic on the halves or bytes; left untranslated
  // CHECK: u[i] = __vadd4(u[i], 0x01010101);
  u[i] = __vadd4(u[i], 0x01010101);
  // WARN: [[FILE]]:[[@LINE+1]]:3: warning: 'atomicAdd_block' has no HIP equivalent: HIP has no block-scope atomics; the device-scope atomicAdd is correct (it orders more) and may be slower; the closest HIP function is atomicAdd; left untranslated
  atomicAdd_block(out, 1);
  // WARN: [[FILE]]:[[@LINE+1]]:7: warning: '__isShared' has no HIP equivalent: HIP has no address-space queries: clang's __builtin_amdgcn_is_shared(p) {{.*}}; left untranslated
  if (__isShared(out))
    // WARN: [[FILE]]:[[@LINE+1]]:5: warning: '__nanosleep' has no HIP equivalent: HIP has no __nanosleep: clang's __builtin_amdgcn_s_sleep(N) sleeps about 64 x N clock cycles (N at most 127), not a time in nanoseconds; left untranslated
    __nanosleep(100);
  t[i] = __double2ll_rz(3.0);
  // WARN: [[FILE]]:[[@LINE+1]]:3: warning: '__prof_trigger' has no HIP equivalent: a counter of NVIDIA's profiler; AMD's profilers (rocprof) count hardware events by themselves: remove the call; left untranslated
  __prof_trigger(1);
  // WARN: [[FILE]]:[[@LINE+1]]:3: warning: '__trap' has no HIP equivalent: HIP has no __trap; abort(), which HIP implements with __builtin_trap(), ends the kernel with a trap the same way; the closest HIP function is abort; left untranslated
  __trap();
}

__global__ void groupSum(int *out) {
  auto tile = cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block());
  // Found without the ABI namespace (cooperative_groups::__v1::reduce), and
  // on a tile translated (cooperative-groups-reduce.test).
  // CHECK: out[threadIdx.x] = [](const auto &tile, {{.*}}(tile, (int)threadIdx.x, [](auto a, decltype(a) b) -> decltype(a) { return a + b; });
  out[threadIdx.x] = cooperative_groups::reduce(tile, (int)threadIdx.x, cooperative_groups::plus<int>());
}

// WARN: [[FILE]]:[[@LINE+1]]:12: warning: '__maxnreg__' has no HIP equivalent: a register limit per thread; HIP has none: __launch_bounds__ bounds the registers through the block size; the closest HIP qualifier is __launch_bounds__; left untranslated
__global__ __maxnreg__(32) void limited(double4_16a *v) {}
// WARN: [[FILE]]:[[@LINE-1]]:41: warning: 'double4_16a' has no HIP equivalent: CUDA 13's 16-byte-aligned double4; HIP's double4 is 32-byte aligned, so arrays and structures of it are laid out differently; the closest HIP type is double4; left untranslated
#endif
