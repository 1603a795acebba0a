// Whether two CUDA types become one depends on the target: cuBLAS's and
// cuSOLVER's status types stay two types in hipBLAS and hipSOLVER
// (hipblasStatus_t, hipsolverStatus_t), but --roc makes both rocBLAS's
// rocblas_status, and the overloads on them one function.
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries 2>&1 | FileCheck %s --check-prefix=HIP-WARN --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cublas|CUBLAS|cusolver|CUSOLVER|#if 0}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify %s -o %t.roc.hip --roc --rocm-path=%rocm_libraries 2>&1 | FileCheck %s --check-prefix=ROC-WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cublas|CUBLAS|cusolver|CUSOLVER}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include

// HIP-WARN-NOT: warning:
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <cstdio>

// HIP: static const char *statusName(hipblasStatus_t status) {
// ROC: static const char *statusName(rocblas_status status) {
static const char *statusName(cublasStatus_t status) {
  switch (status) {
  case CUBLAS_STATUS_SUCCESS:
    return "success (cuBLAS)";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "not initialized (cuBLAS)";
  case CUBLAS_STATUS_ALLOC_FAILED:
    return "allocation failed (cuBLAS)";
  default:
    return "other (cuBLAS)";
  }
}

// HIP: static const char *statusName(hipsolverStatus_t status) {
// ROC: #if 0 // hipify: 'statusName(rocblas_status)' again; the one kept is at line 20 of the original
// ROC-NEXT: static const char *statusName(rocblas_status status) {
// ROC-WARN: roc-status-collisions.cu:[[@LINE+1]]:20: warning: 'statusName(cusolverStatus_t)' becomes 'statusName(rocblas_status)', as does 'statusName(cublasStatus_t)' (line 20); kept that one and disabled this definition with '#if 0': its calls now reach the one kept [hipify-declaration-collision]
static const char *statusName(cusolverStatus_t status) {
  switch (status) {
  case CUSOLVER_STATUS_SUCCESS:
    return "success (cuSOLVER)";
  case CUSOLVER_STATUS_NOT_INITIALIZED:
    return "not initialized (cuSOLVER)";
  case CUSOLVER_STATUS_ALLOC_FAILED:
    return "allocation failed (cuSOLVER)";
  default:
    return "other (cuSOLVER)";
  }
}
// ROC: return "other (cuSOLVER)";
// ROC-NEXT: }
// ROC-NEXT: }
// ROC-NEXT: #endif

// HIP: int report(hipblasStatus_t blas, hipsolverStatus_t solver) {
// ROC: int report(rocblas_status blas, rocblas_status solver) {
int report(cublasStatus_t blas, cusolverStatus_t solver) {
  return std::printf("%s, %s\n", statusName(blas), statusName(solver));
}
