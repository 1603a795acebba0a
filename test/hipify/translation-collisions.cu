// Overloads and explicit specializations that the translation makes one
// (cudaError_t and CUresult both become hipError_t) would be redefinitions:
// the first defined is kept, the others' definitions (and member declarations,
// which may not be repeated) go under `#if 0`, each with a warning, and calls
// reach the one kept. The header is a helper_cuda.h-style error header
// written for this test (Inputs/error_helpers.h).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t
// RUN: %hipify %s --o-dir %t 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t/Inputs/error_helpers.h | FileCheck %s --check-prefix=HEADER --implicit-check-not='{{cu[A-Z]|CU[A-Z_]|cuda}}'
// RUN: grep -v '^ *//' %t/translation-collisions.cu.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[A-Z_]|cuda}}'
// RUN: %hipcc -c %t/translation-collisions.cu.hip -o %t/main.o --offload-arch=gfx942
//
// WARN: Inputs{{/|\\}}error_helpers.h:34:20: warning: 'errorName(CUresult)' becomes 'errorName(hipError_t)', as does 'errorName(cudaError_t)' (line 19); kept that one and disabled this definition with '#if 0': its calls now reach the one kept [hipify-declaration-collision]
// WARN: Inputs{{/|\\}}error_helpers.h:56:13: warning: 'anyFailed(const CUresult *, int)' becomes 'anyFailed(const hipError_t *, int)', as does 'anyFailed(const cudaError_t *, int)' (line 50); kept that one {{.*}} [hipify-declaration-collision]
// WARN: Inputs{{/|\\}}error_helpers.h:63:13: warning: 'clearError(CUresult &)' becomes 'clearError(hipError_t &)', as does 'clearError(cudaError_t &)' (line 62); kept that one {{.*}} [hipify-declaration-collision]
// WARN: Inputs{{/|\\}}error_helpers.h:69:32: warning: 'apiOf<CUresult>()' becomes 'apiOf<hipError_t>()', as does 'apiOf<cudaError_t>()' (line 68); kept that one {{.*}} [hipify-declaration-collision]
// WARN: Inputs{{/|\\}}error_helpers.h:75:20: warning: 'ErrorTraits<CUresult>' becomes 'ErrorTraits<hipError_t>', as does 'ErrorTraits<cudaError_t>' (line 72); kept that one and disabled this definition with '#if 0': its uses now reach the one kept [hipify-declaration-collision]
// WARN: Inputs{{/|\\}}error_helpers.h:83:8: warning: 'ErrorCounter::operator()(CUresult)' becomes 'ErrorCounter::operator()(hipError_t)', as does 'ErrorCounter::operator()(cudaError_t)' (line 82); kept that one {{.*}} [hipify-declaration-collision]
//
// The prototypes may both stay; the second definition goes.
// HEADER: static const char *errorName(hipError_t error);
// HEADER-NEXT: static const char *errorName(hipError_t error);
// HEADER: static const char *errorName(hipError_t error) {
// HEADER: return "invalid value (runtime)";
// HEADER: #if 0 // hipify: 'errorName(hipError_t)' again; the one kept is at line 19 of the original
// HEADER-NEXT: static const char *errorName(hipError_t error) {
// HEADER: return "invalid value (driver)";
// HEADER: return "<unknown driver error>";
// HEADER-NEXT: }
// HEADER-NEXT: }
// HEADER-NEXT: #endif
// HEADER: inline bool anyFailed(const hipError_t *errors, int count) {
// HEADER: #if 0 // hipify: 'anyFailed(const hipError_t *, int)' again; the one kept is at line 50 of the original
// HEADER-NEXT: inline bool anyFailed(const hipError_t *errors, int count) {
// HEADER: #endif
// HEADER-NEXT: inline void clearError(hipError_t &error) { error = hipSuccess; }
// HEADER-NEXT: #if 0 // hipify: 'clearError(hipError_t &)' again; the one kept is at line 62 of the original
// HEADER-NEXT: inline void clearError(hipError_t &error) { error = hipSuccess; }
// HEADER-NEXT: #endif
// HEADER: template <> inline const char *apiOf<hipError_t>() { return "runtime"; }
// HEADER-NEXT: #if 0 // hipify: 'apiOf<hipError_t>()' again; the one kept is at line 68 of the original
// HEADER-NEXT: template <> inline const char *apiOf<hipError_t>() { return "driver"; }
// HEADER-NEXT: #endif
// HEADER: template <> struct ErrorTraits<hipError_t> {
// HEADER-NEXT: static constexpr hipError_t success = hipSuccess;
// HEADER-NEXT: };
// HEADER-NEXT: #if 0 // hipify: 'ErrorTraits<hipError_t>' again; the one kept is at line 72 of the original
// HEADER-NEXT: template <> struct ErrorTraits<hipError_t> {
// HEADER-NEXT: static constexpr hipError_t success = hipSuccess;
// HEADER-NEXT: };
// HEADER-NEXT: #endif
// HEADER: void operator()(hipError_t error) { failures += error != hipSuccess; }
// HEADER-NEXT: #if 0 // hipify: 'ErrorCounter::operator()(hipError_t)' again; the one kept is at line 82 of the original
// HEADER-NEXT: void operator()(hipError_t error) { failures += error != hipSuccess; }
// HEADER-NEXT: #endif
// HEADER-NEXT: };

#include "Inputs/error_helpers.h"

// The calls with driver errors now reach the runtime overloads, which take
// every hipError_t.
int main() {
  float *buffer = nullptr;
  // CHECK: CHECK_CALL(hipInit(0));
  CHECK_CALL(cuInit(0));
  // CHECK-NEXT: CHECK_CALL(hipMalloc(&buffer, 64 * sizeof(float)));
  CHECK_CALL(cudaMalloc(&buffer, 64 * sizeof(float)));
  // CHECK-NEXT: hipError_t runtimeErrors[2] = {hipSuccess, hipErrorInvalidValue};
  cudaError_t runtimeErrors[2] = {cudaSuccess, cudaErrorInvalidValue};
  // CHECK-NEXT: hipError_t driverErrors[2] = {hipSuccess, hipErrorInvalidValue};
  CUresult driverErrors[2] = {CUDA_SUCCESS, CUDA_ERROR_INVALID_VALUE};
  ErrorCounter count;
  count(runtimeErrors[1]);
  count(driverErrors[1]);
  std::printf("%s %s %d %d %d %s %s\n", errorName(runtimeErrors[1]),
              errorName(driverErrors[1]), anyFailed(runtimeErrors, 2),
              anyFailed(driverErrors, 2), count.failures,
              apiOf<cudaError_t>(), apiOf<CUresult>());
  // CHECK: apiOf<hipError_t>(), apiOf<hipError_t>());
  clearError(runtimeErrors[1]);
  clearError(driverErrors[1]);
  // CHECK: CHECK_CALL(hipFree(buffer));
  CHECK_CALL(cudaFree(buffer));
  return 0;
}
