// REQUIRES: cuda, rocm-6.4-libraries
// The rocSOLVER rules of the rewrite registry (--roc): rocSOLVER takes its workspace from
// the rocBLAS handle, so `workspace:N:COUNT` removes cuSOLVER's workspace arguments and
// `workspacesize:N:TEXT` answers a workspace query with a size of 0; `rocreason:TEXT`
// says why a call with no faithful rocSOLVER form is left.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC
// The default, hipSOLVER, mirrors cuSOLVER: nothing is removed.
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | count 0
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP
#include <cusolverDn.h>

#define CHECK(call) (void)(call)

// ROC: int factor(rocblas_handle h, float *A, int n, int *ipiv, int *info) {
// HIP: int factor(hipsolverDnHandle_t h, float *A, int n, int *ipiv, int *info) {
int factor(cusolverDnHandle_t h, float *A, int n, int *ipiv, int *info) {
  int lwork = 0;
  // ROC-NEXT: int lwork = 0;
  // ROC-NEXT: CHECK((*(&lwork) = 0, rocblas_status_success));
  // ROC-NEXT: float *work = nullptr;
  // ROC-NEXT: CHECK(rocsolver_sgetrf(h, n, n, A, n, ipiv, info));
  // HIP: CHECK(hipsolverDnSgetrf_bufferSize(h, n, n, A, n, &lwork));
  // HIP: CHECK(hipsolverDnSgetrf(h, n, n, A, n, work, ipiv, info));
  CHECK(cusolverDnSgetrf_bufferSize(h, n, n, A, n, &lwork));
  float *work = nullptr;
  CHECK(cusolverDnSgetrf(h, n, n, A, n, work, ipiv, info));
  // Two workspace arguments (work, lwork), spread over lines; the query's status kept.
  // ROC-NEXT: rocblas_status s = (*(&lwork) = 0, rocblas_status_success);
  // ROC-NEXT: s = rocsolver_spotrf(h, rocblas_fill_lower, n, A, n,
  // ROC-NEXT: info);
  cusolverStatus_t s = cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, A, n, &lwork);
  s = cusolverDnSpotrf(h, CUBLAS_FILL_MODE_LOWER, n, A, n,
                       work, lwork, info);
  // A size pointer that is not &variable is dereferenced as it is.
  // ROC-NEXT: int *size = &lwork;
  // ROC-NEXT: CHECK((*(size) = 0, rocblas_status_success));
  int *size = &lwork;
  CHECK(cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_UPPER, n, A, n, size));
  // An argument with side effects would no longer be evaluated: the query is left.
  // WARN: rocsolver-workspace.cu:[[@LINE+3]]:9: warning: 'cusolverDnSgetrf_bufferSize' is not translated: rocSOLVER has no workspace-size query; the call would become a size of 0, but argument 2 ('n++') may have side effects that would no longer happen; left untranslated
  // ROC-NEXT: CHECK(cusolverDnSgetrf_bufferSize(h, n++, n, A, n, &lwork));
  // HIP: CHECK(hipsolverDnSgetrf_bufferSize(h, n++, n, A, n, &lwork));
  CHECK(cusolverDnSgetrf_bufferSize(h, n++, n, A, n, &lwork));
  // rocsolver_sgetrs has no devInfo: reported with the reason.
  // WARN: rocsolver-workspace.cu:[[@LINE+2]]:9: warning: 'cusolverDnSgetrs' has no rocSOLVER equivalent: rocsolver_sgetrs(handle, trans, n, nrhs, A, lda, ipiv, B, ldb) takes other arguments than cusolverDnSgetrs; left untranslated
  // ROC-NEXT: CHECK(cusolverDnSgetrs(h, rocblas_operation_none, n, 1, A, n, ipiv, A, n, info));
  CHECK(cusolverDnSgetrs(h, CUBLAS_OP_N, n, 1, A, n, ipiv, A, n, info));
  // cuSOLVER's "no pivoting" (a null devIpiv) is rocsolver_sgetrf_npvt in rocSOLVER.
  // WARN: rocsolver-workspace.cu:[[@LINE+2]]:9: warning: 'cusolverDnSgetrf': argument 7 is a null pointer, which 'rocsolver_sgetrf' rejects (rocblas_status_invalid_pointer) where cuSOLVER may read it as an option left out; check the translated call
  // ROC-NEXT: CHECK(rocsolver_sgetrf(h, n, n, A, n, nullptr, info));
  CHECK(cusolverDnSgetrf(h, n, n, A, n, work, nullptr, info));
  // A use that is no call keeps nothing to remove the workspace from.
  // WARN: rocsolver-workspace.cu:[[@LINE+2]]:20: warning: 'cusolverDnSgetrf' becomes 'rocsolver_sgetrf' without its workspace (argument 6), and no call with them was found to rewrite; left untranslated
  // ROC-NEXT: auto *pointer = &cusolverDnSgetrf;
  auto *pointer = &cusolverDnSgetrf;
  (void)pointer;
  // The arguments are read as clang's lexer reads them: a digit separator
  // starts no character literal, and a ')' or ',' inside one ends nothing.
  // ROC-NEXT: (void)pointer;
  // ROC-NEXT: CHECK(rocsolver_sgetrf(h, 1'000, n, A, n, ipiv, info + (')' == ',')));
  CHECK(cusolverDnSgetrf(h, 1'000, n, A, n, work, ipiv, info + (')' == ',')));
  return s == CUSOLVER_STATUS_SUCCESS ? 0 : 1;
}
