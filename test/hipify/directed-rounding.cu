// Directed-rounding intrinsics (round down, up, toward zero) have no HIP
// counterpart: HIP's and clang's headers declare them only under
// OCML_BASIC_ROUNDED_OPERATIONS, which nothing defines, and hipcc reports
// them undeclared. hipify-clang leaves each with a warning that says why and
// names the closest HIP function, the round-to-nearest-even form, which HIP
// has and which stays as it is; likewise the -ftz-ignoring __fmaf_ieee_*
// (and CUDA 13's float2 forms, __fadd2_rn: sm_100 only, not parsed here).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA}}'
// RUN: %hipcc -c -DROUND_TO_NEAREST_ONLY %t/out.hip -o %t/out.o --offload-arch=gfx942
// RUN: not %hipcc -fsyntax-only %t/out.hip --offload-arch=gfx942 2>&1 | FileCheck %s --check-prefix=HIPCC

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void bounds(const float *x, const float *y, const double *u,
                       float *out, double *dout) {
  int i = threadIdx.x;
  // Round to nearest even: the same names in HIP.
  // CHECK: out[i] = __fadd_rn(x[i], y[i]) + __fmul_rn(x[i], y[i]) + __fdiv_rn(x[i], y[i]) +
  out[i] = __fadd_rn(x[i], y[i]) + __fmul_rn(x[i], y[i]) + __fdiv_rn(x[i], y[i]) +
           __fsqrt_rn(x[i]) + __frcp_rn(y[i]) + __fmaf_rn(x[i], y[i], 1.0f);
  // CHECK: dout[i] = __dadd_rn(u[i], 1.0) + __dsqrt_rn(u[i]) + __fma_rn(u[i], u[i], 1.0);
  dout[i] = __dadd_rn(u[i], 1.0) + __dsqrt_rn(u[i]) + __fma_rn(u[i], u[i], 1.0);
#ifndef ROUND_TO_NEAREST_ONLY
  // WARN: directed-rounding.cu:[[@LINE+3]]:14: warning: '__fadd_rd' has no HIP equivalent: it rounds toward negative infinity, and HIP has no directed rounding (AMD GPUs set the rounding mode per wave, not per instruction); the closest HIP function is __fadd_rn, which rounds to nearest even; left untranslated [hipify-unsupported]
  // WARN: directed-rounding.cu:[[@LINE+2]]:42: warning: '__fadd_ru' has no HIP equivalent: it rounds toward positive infinity, {{.*}}; the closest HIP function is __fadd_rn, which rounds to nearest even; left untranslated
  // CHECK: float lo = __fadd_rd(x[i], y[i]), hi = __fadd_ru(x[i], y[i]);
  float lo = __fadd_rd(x[i], y[i]), hi = __fadd_ru(x[i], y[i]);
  // WARN: directed-rounding.cu:[[@LINE+3]]:8: warning: '__fmul_rz' has no HIP equivalent: it rounds toward zero, {{.*}}; the closest HIP function is __fmul_rn, which rounds to nearest even
  // WARN: directed-rounding.cu:[[@LINE+2]]:28: warning: '__fsqrt_rd' has no HIP equivalent: {{.*}}; the closest HIP function is __fsqrt_rn,
  // WARN: directed-rounding.cu:[[@LINE+1]]:45: warning: '__fmaf_ru' has no HIP equivalent: {{.*}}; the closest HIP function is __fmaf_rn,
  lo = __fmul_rz(lo, hi) + __fsqrt_rd(lo) + __fmaf_ru(lo, hi, 1.0f);
  // WARN: directed-rounding.cu:[[@LINE+2]]:13: warning: '__dadd_rd' has no HIP equivalent: it rounds toward negative infinity, {{.*}}; the closest HIP function is __dadd_rn,
  // WARN: directed-rounding.cu:[[@LINE+1]]:36: warning: '__drcp_ru' has no HIP equivalent: {{.*}}; the closest HIP function is __drcp_rn,
  dout[i] = __dadd_rd(u[i], 1.0) + __drcp_ru(u[i]);
  // WARN: directed-rounding.cu:[[@LINE+1]]:17: warning: '__fmaf_ieee_rn' has no HIP equivalent: HIP has no form that ignores -ftz (CUDA's is __fmaf_rn otherwise); the closest HIP function is __fmaf_rn; left untranslated
  out[i] = lo + __fmaf_ieee_rn(hi, hi, lo);
#endif
}

// HIPCC: error: use of undeclared identifier '__fadd_rd'
