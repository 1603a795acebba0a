// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS|CUDA_}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// rocBLAS's rocblas_gemm_ex has other arguments (an output matrix D, a solution
// index, flags) and its own rocblas_datatype, so --roc leaves the Ex calls, saying why.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC
// ROCWARN: gemm_ex.cu:[[@LINE+64]]:3: warning: 'cublasComputeType_t' has no rocBLAS equivalent; left untranslated
// ROCWARN: gemm_ex.cu:[[@LINE+63]]:33: warning: 'CUBLAS_COMPUTE_32F' has no rocBLAS equivalent; left untranslated
// ROCWARN: gemm_ex.cu:[[@LINE+63]]:14: warning: 'cublasGemmEx' has no rocBLAS equivalent; left untranslated
// ROCWARN: gemm_ex.cu:[[@LINE+65]]:14: warning: 'cublasGemmStridedBatchedEx' has no rocBLAS equivalent; left untranslated
// ROCWARN-NOT: warning:

// Mixed precision: half-precision A and B, single-precision C, computed in
// FP32 (GemmEx), then the same as a strided batch of two.
// HIP: #include <hipblas/hipblas.h>
// HIP: #include <hip/hip_fp16.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "runtime error at %s:%d\n", __FILE__, __LINE__);         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CHECK_BLAS(call)                                                       \
  do {                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS) {                                     \
      fprintf(stderr, "BLAS error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int m = 64, n = 48, k = 32, batch = 2;
  const float alpha = 1.0f, beta = 0.0f;
  std::vector<__half> a(m * k * batch), b(k * n * batch);
  std::vector<float> af(a.size()), bf(b.size()), c(m * n * batch, 0.0f);
  for (size_t i = 0; i < a.size(); ++i) { af[i] = (float)((i * 5) % 9) * 0.125f; a[i] = __float2half(af[i]); }
  for (size_t i = 0; i < b.size(); ++i) { bf[i] = (float)((i * 3) % 7) * 0.25f - 0.75f; b[i] = __float2half(bf[i]); }

  __half *dA, *dB;
  float *dC;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(__half)));
  CHECK_RT(cudaMalloc(&dB, b.size() * sizeof(__half)));
  CHECK_RT(cudaMalloc(&dC, c.size() * sizeof(float)));
  CHECK_RT(cudaMemcpy(dA, a.data(), a.size() * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, b.data(), b.size() * sizeof(__half), cudaMemcpyHostToDevice));

  // HIP: hipblasHandle_t handle;
  // HIP-NEXT: CHECK_BLAS(hipblasCreate(&handle));
  // HIP-NEXT: hipDataType typeAB = HIP_R_16F, typeC = HIP_R_32F;
  // HIP-NEXT: hipblasComputeType_t compute = HIPBLAS_COMPUTE_32F;
  // HIP-NEXT: CHECK_BLAS(hipblasGemmEx_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, typeAB, m, dB, typeAB, k,
  // HIP-NEXT: &beta, dC, typeC, m, compute, HIPBLAS_GEMM_DEFAULT));
  // HIP-NEXT: CHECK_BLAS(hipblasGemmStridedBatchedEx_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, typeAB, m,
  // ROC: rocblas_handle handle;
  // ROC-NEXT: CHECK_BLAS(rocblas_create_handle(&handle));
  // ROC-NEXT: hipDataType typeAB = HIP_R_16F, typeC = HIP_R_32F;
  // ROC-NEXT: cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  // ROC-NEXT: CHECK_BLAS(cublasGemmEx(handle, rocblas_operation_none, rocblas_operation_none, m, n, k, &alpha, dA, typeAB, m, dB, typeAB, k,
  cublasHandle_t handle;
  CHECK_BLAS(cublasCreate(&handle));
  cudaDataType typeAB = CUDA_R_16F, typeC = CUDA_R_32F;
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  CHECK_BLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, typeAB, m, dB, typeAB, k,
                          &beta, dC, typeC, m, compute, CUBLAS_GEMM_DEFAULT));
  // The second matrix pair, and the first again, as a strided batch of two.
  CHECK_BLAS(cublasGemmStridedBatchedEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, typeAB, m,
                                        (long long)m * k, dB, typeAB, k, (long long)k * n, &beta, dC, typeC,
                                        m, (long long)m * n, batch, compute, CUBLAS_GEMM_DEFAULT));
  CHECK_RT(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int s = 0; s < batch; ++s)
    for (int col = 0; col < n; ++col)
      for (int row = 0; row < m; ++row) {
        double sum = 0;
        for (int p = 0; p < k; ++p) sum += af[s * m * k + row + p * m] * bf[s * k * n + p + col * k];
        float got = c[s * m * n + row + col * m];
        if (std::fabs(got - sum) > 1e-2 * (1.0 + std::fabs(sum))) ++bad;
      }
  CHECK_BLAS(cublasDestroy(handle));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  printf("gemm ex: %s (%d mismatches)\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
