// Ordinary CUDA-style device code compiles against the patched headers for
// gfx942, gfx90a and gfx1100 with clang 19, warning-free: atomics of every
// type, warp functions, float and double math, shared and dynamic shared
// memory, barriers, half arithmetic, hip_complex, cooperative groups (grid
// sync, tiled_partition) and hipLaunchCooperativeKernel, texture objects
// (gfx90a, gfx1100: gfx942 has no image instructions), kernels in templates,
// printf of every scalar type and of every builtin coordinate.
// The same file does not compile against HIP 5.2's own headers.
//
// Not covered, as HIP 5.2 does not declare them (API gaps, not clang 19
// defects): atomicMin/atomicMax on long long, __activemask, __shfl* on
// __half, wall_clock64. __syncthreads_count/_and/_or are compiled for gfx9
// only: ROCm 5.2's ockl.bc implements them with DPP wavefront shifts, which
// GFX10+ lacks (a device-library limit, not a header one).
//
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip %t/system/include %t/system/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: ln -s %system_hip_include_dir %t/system/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: cp %system_hip_version_file %t/system/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 --offload-arch=gfx90a --offload-arch=gfx1100 \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   -Werror -c %s -o %t/broad.o
// RUN: llvm-objcopy --dump-section .hip_fatbin=%t/broad.fatbin %t/broad.o %t/discard.o
// RUN: clang-offload-bundler --list --type=o --input=%t/broad.fatbin | sort | FileCheck %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 \
// RUN:   --rocm-path=%t/system -isystem %t/system/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   -c %s -o %t/system.o 2>&1 | FileCheck --check-prefix=SYSTEM %s

// CHECK: hipv4-amdgcn-amd-amdhsa--gfx1100
// CHECK-NEXT: hipv4-amdgcn-amd-amdhsa--gfx90a
// CHECK-NEXT: hipv4-amdgcn-amd-amdhsa--gfx942
// CHECK-NEXT: host-x86_64-unknown-linux--

// SYSTEM: error: cannot compile this non-scalar arg to printf yet

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_bfloat16.h>
#include <cstdio>
#include <cstdint>

namespace cg = cooperative_groups;

__global__ void atomics(int *i, unsigned *u, unsigned long long *ull, float *f,
                        double *d, long long *ll) {
  atomicAdd(i, 1); atomicAdd(u, 1u); atomicAdd(ull, 1ull); atomicAdd(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicSub(i, 1); atomicSub(u, 1u);
  atomicExch(i, 2); atomicExch(u, 2u); atomicExch(ull, 2ull); atomicExch(f, 2.0f);
  atomicMin(i, 3); atomicMin(u, 3u); atomicMin(ull, 3ull);
  atomicMax(i, 3); atomicMax(u, 3u); atomicMax(ull, 3ull);
  atomicCAS(i, 1, 2); atomicCAS(u, 1u, 2u); atomicCAS(ull, 1ull, 2ull);
  atomicInc(u, 10u); atomicDec(u, 10u);
  atomicAnd(i, 1); atomicOr(u, 1u); atomicXor(ull, 1ull);
  atomicAdd_system(i, 1); atomicCAS_system(u, 1u, 2u);
}

__global__ void warps(int *out, float *fo, double *dout) {
  int v = threadIdx.x;
  float fv = v * 0.5f;
  double dv = v * 0.25;
  v += __shfl(v, 0) + __shfl_down(v, 1) + __shfl_up(v, 1) + __shfl_xor(v, 1);
  fv += __shfl(fv, 0) + __shfl_down(fv, 1);
  dv += __shfl_down(dv, 1);
  unsigned long long b = __ballot(v > 3);
  v += __any(v > 1) + __all(v > 0) + __popc(v) + __popcll(b) + __clz(v) + __clzll(b) + __ffs(v) + __ffsll((long long)b) + __brev(v);
  v += warpSize;
  out[threadIdx.x] = v; fo[threadIdx.x] = fv; dout[threadIdx.x] = dv;
}

__global__ void maths(float *f, double *d) {
  float x = f[threadIdx.x];
  double y = d[threadIdx.x];
  float fr = sinf(x) + cosf(x) + tanf(x) + expf(x) + exp2f(x) + logf(x) + log2f(x) + log10f(x) +
             sqrtf(x) + rsqrtf(x) + powf(x, 2.0f) + fabsf(x) + floorf(x) + ceilf(x) + fmaf(x, x, x) +
             fminf(x, 1.0f) + fmaxf(x, 1.0f) + atan2f(x, 1.0f) + erff(x) + tgammaf(x) + cbrtf(x) +
             __expf(x) + __logf(x) + __sinf(x) + __cosf(x) + __fdividef(x, 3.0f) + __powf(x, 2.0f) +
             sinhf(x) + hypotf(x, x) + truncf(x) + roundf(x) + rintf(x) + lgammaf(x) + fmodf(x, 2.0f) +
             __saturatef(x) + copysignf(x, -1.0f) + __frcp_rn(x) + __fsqrt_rn(x) + __fadd_rn(x, x) + __fmul_rn(x, x);
  float s, c; sincosf(x, &s, &c); fr += s + c;
  double dr = sin(y) + cos(y) + tan(y) + exp(y) + exp2(y) + log(y) + log2(y) + log10(y) + sqrt(y) +
              rsqrt(y) + pow(y, 2.0) + fabs(y) + floor(y) + ceil(y) + fma(y, y, y) + fmin(y, 1.0) +
              fmax(y, 1.0) + atan2(y, 1.0) + erf(y) + tgamma(y) + cbrt(y) + sinh(y) + hypot(y, y) +
              trunc(y) + round(y) + fmod(y, 2.0) + __dadd_rn(y, y) + __drcp_rn(y) + __dsqrt_rn(y);
  double ds, dc; sincos(y, &ds, &dc); dr += ds + dc;
  fr += isnan(x) + isinf(x) + signbit(x) + isfinite(y);
  fr += __int_as_float(__float_as_int(x)) + __uint_as_float(1u) + (float)__double_as_longlong(y) + __float2int_rn(x) + __int2float_rn(3);
  fr += min(1, 2) + max(1.0f, 2.0f) + abs(-1) + llabs(-1ll);
  f[threadIdx.x] = fr; d[threadIdx.x] = dr + __longlong_as_double(1ll) + __hiloint2double(1, 2);
}

__global__ void shared_and_sync(float *out) {
  __shared__ float tile[256];
  extern __shared__ float dyn[];
  HIP_DYNAMIC_SHARED(float, dyn2)
  tile[threadIdx.x] = threadIdx.x;
  dyn[threadIdx.x] = blockIdx.x;
  dyn2[threadIdx.x] += 1.0f;
  __syncthreads();
  int p = 0;
#if !defined(__GFX10__) && !defined(__GFX11__)
  p = __syncthreads_count(threadIdx.x > 3) + __syncthreads_and(1) + __syncthreads_or(0);
#endif
  __threadfence(); __threadfence_block(); __threadfence_system();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[255 - threadIdx.x] + dyn[0] + p;
  long long t = clock64() + clock(); out[0] += t;
}

__global__ void halves(__half *h, __half2 *h2, float *f) {
  __half a = h[threadIdx.x], b = __float2half(2.0f);
  __half c = a + b * a - b / a;
  c = __hadd(c, a); c = __hmul(c, b); c = __hfma(a, b, c); c = hsqrt(c); c = hexp(c);
  __half2 p = h2[threadIdx.x], q = __floats2half2_rn(1.0f, 2.0f);
  p = __hadd2(p, q) * q + p; p = __hfma2(p, q, p); p = h2sqrt(p);
  bool lt = c < a; bool eq = __heq(a, b); bool ge = __hge(a, b);
  h[threadIdx.x] = c; h2[threadIdx.x] = p;
  f[threadIdx.x] = __half2float(c) + __low2float(p) + __high2float(p) + lt + eq + ge + (float)a;

}

__global__ void complexes(hipFloatComplex *fc, hipDoubleComplex *dc) {
  hipFloatComplex a = fc[threadIdx.x], b = make_hipFloatComplex(1.0f, 2.0f);
  a = hipCaddf(a, b); a = hipCmulf(a, b); a = hipCdivf(a, b); a = hipConjf(a);
  float m = hipCabsf(a) + hipCrealf(a) + hipCimagf(a);
  hipDoubleComplex c = dc[threadIdx.x], d = make_hipDoubleComplex(1.0, 2.0);
  c = hipCadd(c, d); c = hipCmul(c, d); c = hipCdiv(c, d); c = hipCfma(c, d, c);
  fc[threadIdx.x] = make_hipFloatComplex(m, 0.0f); dc[threadIdx.x] = c;
  hipComplex z = hipComplexDoubleToFloat(c); fc[0] = z;
}

__global__ void coop(int *out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(block, 16);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  out[grid.thread_rank()] = block.thread_rank() + tile.thread_rank() + tile.size() + grid.size();
  block.sync();
  tile.sync();
  int v = tile32.shfl_down(out[0], 1) + tile32.shfl(out[0], 0) + tile32.thread_rank() + tile32.size();
  tile32.sync();
  grid.sync();
  cg::coalesced_group active = cg::coalesced_threads();
  out[grid.thread_rank()] += v + active.size() + active.thread_rank();
  cg::sync(block);
  dim3 gi = block.group_index(); dim3 ti = block.thread_index();
  out[1] = gi.x + ti.y + grid.is_valid() + block.size();
  cg::multi_grid_group mg = cg::this_multi_grid(); out[2] = mg.num_grids();
}

__global__ void textures(hipTextureObject_t t1, hipTextureObject_t t2, float *out) {
#if !defined(__gfx942__) && !defined(__gfx940__) && !defined(__gfx941__)
  out[threadIdx.x] = tex1Dfetch<float>(t1, threadIdx.x) + tex2D<float>(t2, 0.5f, 0.5f) +
                     tex1D<float>(t1, 0.5f);
  float4 v = tex2D<float4>(t2, 0.25f, 0.75f); out[0] += v.x;
#endif
}

template <typename T, int N>
__global__ void templated(T *out, T value) {
  __shared__ T buffer[N];
  buffer[threadIdx.x % N] = value;
  __syncthreads();
  out[threadIdx.x] = buffer[(threadIdx.x + 1) % N] + T(blockIdx.x * blockDim.x);
  if (threadIdx.x == 0) printf("templated block %u dim %u\n", blockIdx.x, blockDim.x);
}

__global__ void prints(int i, unsigned u, long l, unsigned long ul, long long ll, unsigned long long ull,
                       float f, double d, char c, signed char sc, unsigned char uc, short s, unsigned short us,
                       bool b, const char *str, void *p, size_t sz) {
  printf("%d %u %ld %lu %lld %llu %f %f %c %hhd %hhu %hd %hu %d %s %p %zu\n", i, u, l, ul, ll, ull,
         f, d, c, sc, uc, s, us, b, str, p, sz);
  printf("%u %u %u | %u %u %u | %u %u %u | %u %u %u\n", threadIdx.x, threadIdx.y, threadIdx.z,
         blockIdx.x, blockIdx.y, blockIdx.z, blockDim.x, blockDim.y, blockDim.z, gridDim.x,
         gridDim.y, gridDim.z);
  printf("%d\n", threadIdx.x + blockIdx.x * blockDim.x);
  printf("%zu %zu\n", hipThreadIdx_x, hipBlockIdx_x);
  unsigned gx = gridDim.x * blockDim.x; unsigned gy = blockDim.y * gridDim.y;
  dim3 t = threadIdx; dim3 bd = blockDim;
  int tx = threadIdx.x; auto ax = threadIdx.x; unsigned arr[4]; arr[threadIdx.x & 3] = gx + gy + t.x + bd.y + tx + ax;
  printf("%u\n", arr[1]);
  assert(i != 7);
}

__global__ void device_extras(float *f, double *d, int *i, unsigned *u, const float *__restrict__ in,
                              hip_bfloat16 *bf) {
  f[0] = __ldg(in) + __ldg(in + 1);
  unsafeAtomicAdd(f, 1.0f); unsafeAtomicAdd(d, 1.0); safeAtomicAdd(f, 1.0f);
  atomicMin(f, 1.0f); atomicMax(d, 2.0);
  i[0] = __lane_id() + __mbcnt_lo(~0u, 0) + __mul24(3, 4) + __umulhi(5u, 6u) + __byte_perm(1u, 2u, 3u) +
         __sad(1, 2, 3u) + __hip_ds_swizzle(3, 0x1f) + __funnelshift_l(1u, 2u, 3u) +
         __bitinsert_u32(1u, 2u, 3u, 4u) + __usad(1u, 2u, 3u) + __rhadd(1, 2) + __hadd(3, 4);
  float4 v = make_float4(1, 2, 3, 4); v = v + v * 2.0f; f[1] = v.w;
  int2 iv = make_int2(1, 2); iv += iv; i[1] = iv.y;
  double2 dv = make_double2(1, 2); d[1] = dv.x;
  char *p = (char *)malloc(16); p[0] = 1; i[2] = p[0]; free(p);
  bf[0] = hip_bfloat16(f[2]) + bf[1];
  u[0] = __brevll(1ull) + __popcll(3ull) + __fns32(1ull, 0, 1);
  if (i[5]) abort();
}

int main() {
  int *i = nullptr;
  void *args[] = {&i};
  (void)hipLaunchCooperativeKernel(reinterpret_cast<void *>(coop), dim3(2), dim3(64), args, 0, 0);
  (void)hipLaunchCooperativeKernel(coop, dim3(2), dim3(64), args, 0, 0);
  hipLaunchKernelGGL(shared_and_sync, dim3(1), dim3(256), 1024, 0, nullptr);
  templated<float, 64><<<1, 64>>>(nullptr, 1.0f);
  templated<int, 32><<<1, 64>>>(nullptr, 1);
  hipTextureObject_t tex = 0;
  hipResourceDesc rd{}; hipTextureDesc td{};
  (void)hipCreateTextureObject(&tex, &rd, &td, nullptr);
  textures<<<1, 1>>>(tex, tex, nullptr);
  return 0;
}
