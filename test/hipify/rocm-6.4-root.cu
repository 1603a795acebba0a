// hipify-clang --rocm-path targets the HIP of that ROCm: against the ROCm 6.4 tree
// (scripts/fetch-rocm-root.sh) rows added in HIP 6.4 are written as they are (the warp
// *_sync functions, hipBLAS's 6.4 API) with no warning, where hipkit's own HIP 5.2 gets the
// mask-less fallback. Token mode (no CUDA needed): the policy is the same in both engines.
// REQUIRES: rocm-6.4-root
// RUN: %hipify %s --cuda-path=%t.no-cuda --rocm-path=%rocm_libraries -o - -v 2>%t.err \
// RUN:   | grep -v '^ *//' | FileCheck %s --check-prefix=NEW --implicit-check-not='{{cuda|cublas}}'
// RUN: FileCheck %s --input-file=%t.err -DROOT=%rocm_libraries --check-prefix=NOTE
// RUN: %hipify %s --cuda-path=%t.no-cuda -o - 2>/dev/null \
// RUN:   | grep -v '^ *//' | FileCheck %s --check-prefix=OLD --implicit-check-not='{{cuda|cublas}}'
// NOTE: targeted HIP version: 6.4 (HIP root [[ROOT]]; ROCm root [[ROOT]], from --rocm-path)
// NOTE-NOT: newer than

// NEW: #include <hipblas/hipblas.h>
#include <cublas_v2.h>

// NEW: __global__ void k(int *x) { x[0] = __shfl_down_sync(0xffffffffu, x[0], 1); }
// OLD: __global__ void k(int *x) { x[0] = __shfl_down(x[0], 1); }
__global__ void k(int *x) { x[0] = __shfl_down_sync(0xffffffffu, x[0], 1); }
// NEW: hipblasStatus_t make(hipblasHandle_t *h) { return hipblasCreate(h); }
cublasStatus_t make(cublasHandle_t *h) { return cublasCreate(h); }
