// CUDA's legacy launch API (cuParamSetSize, cuParamSetv, cuFuncSetBlockShape,
// cuLaunchGridAsync, ...), as a public GPU stress tool still uses it: HIP has
// none of it. Each call becomes a function hipify-clang defines in the file
// (HelperBlocks.def's legacy_launch), before the top-level declaration of the
// first use, once per file (a header of its own gets its own copy, guarded),
// and the translation compiles for gfx942 against hipkit's HIP and ROCm 6.4.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t/src/include && cp %s %t/src/burn.cpp && cp %S/Inputs/legacy-launch/launch_once.h %t/src/include/
// RUN: %hipify --in-root=%t/src --out-root=%t/out -- -I %t/src/include 2>&1 | FileCheck %s --check-prefix=NOTE --implicit-check-not=warning: --implicit-check-not=error:
// NOTE-DAG: launch_once.h:7:21: note: HIP has no counterpart of this CUDA API; it is written as calls to functions hipify-clang defines before line 6 of this file (HelperBlocks.def's 'legacy_launch') [hipify-helper-defined]
// NOTE-DAG: burn.cpp:{{[0-9]+}}:{{[0-9]+}}: note: HIP has no counterpart of this CUDA API; it is written as calls to functions hipify-clang defines before line 29 of this file (HelperBlocks.def's 'legacy_launch') [hipify-helper-defined]
// RUN: grep -v '^ *//' %t/out/burn.cpp | FileCheck %s --implicit-check-not=cuParam --implicit-check-not=cuLaunch --implicit-check-not=cuFuncSet
// RUN: grep -v '^ *//' %t/out/burn.cpp | grep -c 'define HIPIFY_LEGACY_LAUNCH_DEFINED' | FileCheck %s --check-prefix=ONCE
// RUN: grep -c 'define HIPIFY_LEGACY_LAUNCH_DEFINED' %t/out/include/launch_once.h | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// RUN: %hipcc -c -x hip %t/out/burn.cpp -o %t/burn.o --offload-arch=gfx942 -I %t/out/include
// RUN: %hipcc -c -x hip %t/out/burn.cpp -o %t/burn64.o --offload-arch=gfx942 -I %t/out/include --rocm-path=%rocm_libraries
#include <cstdio>
#include <cuda.h>
#include "launch_once.h"

#define checkError(rCode, desc)                                                 \
  do {                                                                         \
    if ((rCode) != CUDA_SUCCESS)                                               \
      fprintf(stderr, "error in %s\n", desc);                                  \
  } while (0)

static const int g_blockSize = 16;

// CHECK: #ifndef HIPIFY_LEGACY_LAUNCH_DEFINED
// CHECK: inline hipError_t hipifyLegacyParamSetv(hipFunction_t f, int offset, void *ptr,
// CHECK: #endif // HIPIFY_LEGACY_LAUNCH_DEFINED
// CHECK-EMPTY:
// CHECK-NEXT: template <class T> class CompareKernel {
// The burn's comparison kernel, loaded from the module its Makefile builds.
template <class T> class CompareKernel {
public:
  void init(const char *file, CUdeviceptr results, CUdeviceptr faulty, size_t iters) {
    checkError(cuModuleLoad(&module, file), "load module");
    checkError(cuModuleGetFunction(&function, module, "compare"), "get func");
    // CHECK: checkError(hipifyLegacyParamSetSize(function, __alignof(T *) + __alignof(int *) + __alignof(size_t)), "set param size");
    checkError(cuParamSetSize(function, __alignof(T *) + __alignof(int *) + __alignof(size_t)), "set param size");
    // CHECK-NEXT: checkError(hipifyLegacyParamSetv(function, 0, &results, sizeof(T *)), "set param");
    checkError(cuParamSetv(function, 0, &results, sizeof(T *)), "set param");
    checkError(cuParamSetv(function, __alignof(T *), &faulty, sizeof(T *)), "set param");
    checkError(cuParamSetv(function, __alignof(T *) + __alignof(int *), &iters, sizeof(size_t)), "set param");
    // CHECK: checkError(hipifyLegacyFuncSetBlockShape(function, g_blockSize, g_blockSize, 1), "set block size");
    checkError(cuFuncSetBlockShape(function, g_blockSize, g_blockSize, 1), "set block size");
    // CHECK-NEXT: checkError(hipifyLegacyFuncSetSharedSize(function, 0), "shared size");
    checkError(cuFuncSetSharedSize(function, 0), "shared size");
  }
  void compare(CUstream stream) {
    // CHECK: checkError(hipifyLegacyLaunchGridAsync(function, 2048 / g_blockSize, 2048 / g_blockSize, stream), "launch grid");
    checkError(cuLaunchGridAsync(function, 2048 / g_blockSize, 2048 / g_blockSize, stream), "launch grid");
    // CHECK-NEXT: checkError(hipifyLegacyLaunchGrid(function, 1, 1), "launch grid");
    checkError(cuLaunchGrid(function, 1, 1), "launch grid");
  }

private:
  CUmodule module;
  CUfunction function;
};

template class CompareKernel<float>;
