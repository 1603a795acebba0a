// helper_cuda.h's pattern: the driver overload under `#ifdef __cuda_cuda_h__`,
// which becomes HIP's always-defined header guard. The parse takes the branch
// (clang's CUDA headers include cuda.h), so the collision with the runtime
// overload is found and the driver one disabled, whether or not the CUDA
// build had it.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[A-Z_]|cuda}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942

#include <cuda_runtime.h>

// CHECK: static const char *errorKind(hipError_t error) { return "runtime"; }
static const char *errorKind(cudaError_t error) { return "runtime"; }
// CHECK-NEXT: #ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
// CHECK-NEXT: #if 0 // hipify: 'errorKind(hipError_t)' again; the one kept is at line [[@LINE-2]] of the original
// CHECK-NEXT: static const char *errorKind(hipError_t error) { return "driver"; }
// CHECK-NEXT: #endif
// CHECK-NEXT: #endif
#ifdef __cuda_cuda_h__
// WARN: collision-driver-guard.cu:[[@LINE+1]]:20: warning: 'errorKind(CUresult)' becomes 'errorKind(hipError_t)', as does 'errorKind(cudaError_t)' (line 14); kept that one and disabled this definition with '#if 0': its calls now reach the one kept [hipify-declaration-collision]
static const char *errorKind(CUresult error) { return "driver"; }
#endif

// CHECK: const char *lastErrorKind() { return errorKind(hipGetLastError()); }
const char *lastErrorKind() { return errorKind(cudaGetLastError()); }
