// HIP declares __ldg for the scalar, vector and half types but for no bfloat16
// type (up to 7.2), and the cache-hinted loads __ldca, __ldcg and __ldcs for
// the half types alone, where CUDA has them for every type: such a call (a
// bfloat16 __ldg; a training loop's __ldcs of its 128-bit int4 packs), or one
// still dependent in a template (instantiated here with __nv_bfloat16, as an
// activation kernel of a PyTorch extension is), becomes the load itself,
// `*(...)` (the cache hints `(*(...))`, cache-hints.test). The types HIP has
// keep the call. The output compiles for gfx942
// against the ROCm 6.4 headers.
// REQUIRES: cuda, rocm-6.4-root
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip --rocm-path=%rocm_libraries -- -std=c++17 2>&1 | count 0
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not=__nv_bfloat16
// RUN: %hipcc -c %t/out.hip -o %t/out.o --offload-arch=gfx942 --rocm-path=%rocm_libraries -std=c++17

#include <cuda_bf16.h>
#include <cuda_fp16.h>

typedef __nv_bfloat16 bf16_t;

// CHECK: const T x = *(&input[i]);
// CHECK: out[i] = static_cast<T>(static_cast<float>(x) * __ldg(&scale[i]));
template <typename T>
__global__ void scale_kernel(T *out, const T *__restrict__ input, const float *scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const T x = __ldg(&input[i]);
    out[i] = static_cast<T>(static_cast<float>(x) * __ldg(&scale[i]));
  }
}

__global__ void loads(float *out, const __nv_bfloat16 *b, const bf16_t *t,
                      const __nv_bfloat162 *b2, const __half *h, const float *f) {
  int i = threadIdx.x;
  // CHECK: out[i] = __bfloat162float(*(b + i)) + __bfloat162float(*(&t[i]));
  out[i] = __bfloat162float(__ldg(b + i)) + __bfloat162float(__ldg(&t[i]));
  // CHECK-NEXT: out[i] += __bfloat162float((*(&b[i]))) + __bfloat162float((*(&b[i]))) + __bfloat162float((*(&b[i])));
  out[i] += __bfloat162float(__ldca(&b[i])) + __bfloat162float(__ldcg(&b[i])) + __bfloat162float(__ldcs(&b[i]));
  // CHECK-NEXT: out[i] += __low2float(*(b2 + i));
  out[i] += __low2float(__ldg(b2 + i));
  // CHECK-NEXT: out[i] += __half2float(__ldg(h + i)) + __half2float(__ldcs(h + i)) + __ldg(f + i);
  out[i] += __half2float(__ldg(h + i)) + __half2float(__ldcs(h + i)) + __ldg(f + i);
}

// Packed 128-bit loads, as training loops write them.
__global__ void packs(int4 *out, const int4 *in, const float4 *f) {
  int i = threadIdx.x;
  // CHECK: int4 a = (*(in + i));
  int4 a = __ldcs(in + i);
  // CHECK-NEXT: int4 b = (*(&in[i + 1]));
  int4 b = __ldcg(&in[i + 1]);
  // CHECK-NEXT: float4 c = (*(f + i));
  float4 c = __ldca(f + i);
  out[i] = make_int4(a.x + b.x + int(c.x), a.y, b.y, a.w);
}

template __global__ void scale_kernel<__nv_bfloat16>(__nv_bfloat16 *, const __nv_bfloat16 *, const float *, int);
template __global__ void scale_kernel<float>(float *, const float *, const float *, int);
