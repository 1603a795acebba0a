// A CUDA header without a HIP counterpart is reported with its row's reason and
// left, never silently: CUPTI, NVBLAS, NCCL's device API.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP
// CHECK: unsupported-header-reason.cu:[[@LINE+6]]:11: warning: 'cupti.h' has no HIP equivalent: CUPTI (profiling and tracing); ROCm's counterpart, rocprofiler-sdk, has another API; left untranslated [hipify-unsupported]
// CHECK: unsupported-header-reason.cu:[[@LINE+6]]:11: warning: 'nvblas.h' has no HIP equivalent: NVBLAS, the BLAS-interposing library; ROCm has none: call hipBLAS; left untranslated [hipify-unsupported]
// HIP: #include <hip/hip_runtime.h>
// HIP-NEXT: #include <cupti.h>
// HIP-NEXT: #include <nvblas.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <nvblas.h>
int main() { return cudaDeviceSynchronize() != cudaSuccess; }
