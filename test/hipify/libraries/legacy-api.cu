// Legacy cublas.h declares handle-less functions under names that cublas_v2.h
// defines as macros for the handle API (cublasSgemm): the tables key rows by library,
// so the legacy function is reported (hipBLAS has no legacy API) rather than renamed
// to hipblasSgemm, whose arguments differ. Its types still translate.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// WARN: legacy-api.cu:[[@LINE+13]]:3: warning: 'cublasInit' has no HIP equivalent; left untranslated
// WARN: legacy-api.cu:[[@LINE+13]]:3: warning: 'cublasSgemm' has no HIP equivalent; left untranslated
// WARN: legacy-api.cu:[[@LINE+13]]:10: warning: 'cublasGetError' has no HIP equivalent; left untranslated
// WARN-NOT: hipblasSgemm

// CHECK: #include <hipblas/hipblas.h>
#include <cublas.h>

// CHECK: hipblasStatus_t legacy(const float *a, const float *b, float *c, int n) {
// CHECK-NEXT: cublasInit();
// CHECK-NEXT: cublasSgemm('N', 'N', n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
// CHECK-NEXT: return cublasGetError();
cublasStatus legacy(const float *a, const float *b, float *c, int n) {
  cublasInit();
  cublasSgemm('N', 'N', n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
  return cublasGetError();
}
