// CUDA's typed min/max helpers (umin, umax, llmin, llmax, ullmin, ullmax) are
// HIP's min/max, which are overloaded and templated on their arguments' type:
// `min(a, b)` on two ints would compare them as signed, where umin compares
// them as unsigned. The `convert` rule converts every argument to the CUDA
// parameters' type, with the argument's own translation inside, in a macro
// body too (by the call's text); a use that is no call is left and reported.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hipify %s -o %t/out.hip --print-stats 2>&1 | FileCheck %s --check-prefix=WARN -DFILE=%s --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t/out.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA|umin|umax|llmin|llmax|ullmin|ullmax}}'
// RUN: %hipcc -c -DCALLS_ONLY %t/out.hip -o %t/out.o --offload-arch=gfx942

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: #define CLAMP_LANE(x, n) min(static_cast<unsigned int>((x)), static_cast<unsigned int>((n) - 1))
#define CLAMP_LANE(x, n) umin((x), (n) - 1)

__global__ void clamp(const int *a, const int *b, unsigned *out,
                      long long *ll, unsigned long long *ull) {
  int i = threadIdx.x;
  // -1 compared as unsigned is the largest value: umin(-1, 5) is 5.
  // CHECK: out[i] = min(static_cast<unsigned int>(a[i]), static_cast<unsigned int>(b[i]));
  out[i] = umin(a[i], b[i]);
  // Nested calls: the inner one is converted inside the outer's argument, and
  // an argument keeps its own translation.
  // CHECK-NEXT: out[i] += max(static_cast<unsigned int>(min(static_cast<unsigned int>(a[i]), static_cast<unsigned int>(7))),
  // CHECK-NEXT:                static_cast<unsigned int>((unsigned)hipErrorInvalidValue));
  out[i] += umax(umin(a[i], 7),
                 (unsigned)cudaErrorInvalidValue);
  // CHECK-NEXT: out[i] += CLAMP_LANE(a[i], 32);
  out[i] += CLAMP_LANE(a[i], 32);
  // CHECK-NEXT: ll[i] = min(static_cast<long long>(a[i]), static_cast<long long>(ll[i])) + max(static_cast<long long>(ll[i]), static_cast<long long>(b[i]));
  ll[i] = llmin(a[i], ll[i]) + llmax(ll[i], b[i]);
  // CHECK-NEXT: ull[i] = min(static_cast<unsigned long long>(ull[i]), static_cast<unsigned long long>(a[i])) + max(static_cast<unsigned long long>(/* lane */ i), static_cast<unsigned long long>(ull[i]));
  ull[i] = ullmin(ull[i], a[i]) + ullmax(/* lane */ i, ull[i]);
}

#ifndef CALLS_ONLY
// WARN: [[FILE]]:[[@LINE+2]]:51: warning: 'umin' is used without a call, and 'min' is overloaded on its arguments' types; left untranslated
// CHECK: __device__ unsigned (*pick)(unsigned, unsigned) = umin;
__device__ unsigned (*pick)(unsigned, unsigned) = umin;
#endif
// WARN: CONVERTED refs count: 10
// WARN: UNCONVERTED refs count: 1
