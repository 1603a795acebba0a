// hipify-clang --rocm-path targets the HIP of that ROCm: against the ROCm 6.4 tree
// (scripts/fetch-rocm-root.sh) rows added after HIP 5.2 (5.7's hipMemAllocNodeParams,
// 6.4's hipDriverProcAddressQueryResult, hipBLAS's 6.4 API) are written with no warning,
// and the output compiles against that tree's HIP 6.4 headers; for hipkit's own HIP 5.2
// they are warned about. The warp *_sync functions are HIP's by default only from 7.2
// (ROCm 6.4 declares them only under HIP_ENABLE_WARP_SYNC_BUILTINS): for 6.4 as for 5.2
// the mask-less fallback is written. Token mode (no CUDA needed): the policy is the same
// in both engines.
// REQUIRES: rocm-6.4-root
// RUN: %hipify %s --cuda-path=%t.no-cuda --rocm-path=%rocm_libraries -o %t.hip -v 2>%t.err
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefixes=BOTH,NEW --implicit-check-not='{{cuda|cublas}}'
// RUN: FileCheck %s --input-file=%t.err -DROOT=%rocm_libraries --check-prefix=NOTE
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 --rocm-path=%rocm_libraries
// RUN: %hipify %s --cuda-path=%t.no-cuda -o - 2>%t.old.err \
// RUN:   | grep -v '^ *//' | FileCheck %s --check-prefix=BOTH --implicit-check-not='{{cuda|cublas}}'
// RUN: FileCheck %s --input-file=%t.old.err --check-prefix=OLDWARN
// NOTE: targeted HIP version: 6.4 (HIP root [[ROOT]]; ROCm root [[ROOT]], from --rocm-path)
// NOTE-NOT: newer than
// OLDWARN-DAG: 'hipMemAllocNodeParams' (for 'cudaMemAllocNodeParamsV2') needs HIP 5.7, but the targeted ROCm has HIP 5.2
// OLDWARN-DAG: 'hipDriverProcAddressQueryResult' (for 'cudaDriverEntryPointQueryResult') needs HIP 6.4, {{.*}}but the targeted ROCm has HIP 5.2

// NEW: #include <hipblas/hipblas.h>
#include <cublas_v2.h>

// BOTH: __global__ void k(int *x) { x[0] = __shfl_down(x[0], 1); }
__global__ void k(int *x) { x[0] = __shfl_down_sync(0xffffffffu, x[0], 1); }
// NEW: hipblasStatus_t make(hipblasHandle_t *h) { return hipblasCreate(h); }
cublasStatus_t make(cublasHandle_t *h) { return cublasCreate(h); }
// BOTH: hipMemAllocNodeParams pool_params = {};
cudaMemAllocNodeParamsV2 pool_params = {};
// BOTH: hipDriverProcAddressQueryResult query = HIP_GET_PROC_ADDRESS_SUCCESS;
cudaDriverEntryPointQueryResult query = cudaDriverEntryPointSuccess;
