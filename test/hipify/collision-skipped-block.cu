// helper_cuda.h's other pattern: the driver overload under a macro of the
// user's (`#ifdef CUDA_DRIVER_API`) that this build does not define. The
// parse skips the block, which is translated by its tokens; its definition
// becomes the same as the runtime one, so hipify-clang warns that a build
// defining the macro defines it twice. It leaves the block as it is: whether
// both are ever compiled together only the build knows (an #else holding the
// same function for another configuration is no collision, and is not
// reported).
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: -DFILE=%s
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CUresult|CUDA_SUCCESS|cuda}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942

#include <cuda.h>
#include <cuda_runtime.h>

// CHECK: static const char *errorName(hipError_t error) { return "runtime"; }
static const char *errorName(cudaError_t error) { return "runtime"; }

#ifdef CUDA_DRIVER_API
// WARN: [[FILE]]:[[@LINE+3]]:20: warning: 'errorName(CUresult)' becomes 'errorName(hipError_t)', as does 'errorName(cudaError_t)' (line 18); it is in an #if block the parse skipped, so it was left: a build that compiles both defines 'errorName(hipError_t)' twice, so guard one of them [hipify-declaration-collision]
// CHECK: static const char *errorName(hipError_t error) {
// CHECK-NEXT: return "driver";
static const char *errorName(CUresult error) {
  return "driver";
}
// Two skipped definitions that become one: the later is reported.
// WARN: [[FILE]]:[[@LINE+2]]:13: warning: 'checkAll(const CUresult *, int)' becomes 'checkAll(const hipError_t *, int)', as does 'checkAll(const cudaError_t *, int)' (line [[@LINE+1]])
inline bool checkAll(const cudaError_t *e, int n) { return n == 0 || e[0] == cudaSuccess; }
inline bool checkAll(const CUresult *errors, int count = 1) { return count == 0; }
#endif

// The same function for two configurations: no collision.
#ifdef USE_FAST_PATH
inline int level(cudaError_t e) { return 1; }
#else
inline int level(cudaError_t e) { return 2; }
#endif
#if 0
inline int level(cudaError_t e) { return 3; }
#endif
// Calls and declarations in a skipped block are no definitions.
#ifdef CUDA_DRIVER_API
static const char *errorName(CUresult error);
inline void use() { errorName(CUDA_SUCCESS); if (level(cudaSuccess)) {} }
#endif
