// hipkit-cuda-only-feature in hipcc --porting-checks (the plugin, HIP code):
// launches in a host function's lambdas (a PyTorch extension's dispatch
// lambdas, BOOL_SWITCH) are host launches, not dynamic parallelism, and the
// program compiles; cuda-only-feature.cu has the device-side cases.
// RUN: %hipcc --offload-arch=gfx942 -c --porting-checks %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error:
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=FATBIN
// FATBIN: .hip_fatbin
#include <hip/hip_runtime.h>

#define BOOL_SWITCH(COND, CONST_NAME, ...)                                     \
  [&] {                                                                        \
    if (COND) {                                                                \
      constexpr static bool CONST_NAME = true;                                 \
      return __VA_ARGS__();                                                    \
    } else {                                                                   \
      constexpr static bool CONST_NAME = false;                                \
      return __VA_ARGS__();                                                    \
    }                                                                          \
  }()

__global__ void fill(int *p, int value) { p[threadIdx.x] = value; }
template <bool kIsEven> __global__ void mark(int *p) { p[threadIdx.x] = kIsEven; }

void launch(int *p, bool even, hipStream_t stream) {
  [&] { fill<<<1, 64, 0, stream>>>(p, 1); }();
  BOOL_SWITCH(even, kIsEven, [&] {
    fill<<<1, 64, 0, stream>>>(p, kIsEven);
    mark<kIsEven><<<1, 64, 0, stream>>>(p);
  });
}
