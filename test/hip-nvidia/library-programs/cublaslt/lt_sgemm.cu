// cuBLASLt SGEMM shaped like NVIDIA's CUDALibrarySamples LtSgemm: a helper header
// with the status checks, a matmul descriptor with TRANSA/TRANSB, one layout per
// operand, a preference capping the workspace, the heuristic's first algorithm
// and the matmul with a workspace on the default stream; every handle released.
//--- helpers.h
#pragma once
#include <cstdio>
#include <stdexcept>
#include <cublasLt.h>
#include <cuda_runtime.h>

inline void checkCudaStatus(cudaError_t status) {
  if (status != cudaSuccess) {
    printf("cuda API failed with status %d: %s\n", status, cudaGetErrorString(status));
    throw std::logic_error("cuda API failed");
  }
}

inline void checkCublasStatus(cublasStatus_t status) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    printf("cuBLAS API failed with status %d\n", status);
    throw std::logic_error("cuBLAS API failed");
  }
}
//--- sample_cublasLt_LtSgemm.h
#pragma once
#include <cublasLt.h>

void LtSgemm(cublasLtHandle_t ltHandle, cublasOperation_t transa, cublasOperation_t transb,
             int m, int n, int k, const float *alpha, const float *A, int lda,
             const float *B, int ldb, const float *beta, float *C, int ldc,
             void *workspace, size_t workspaceSize);
//--- sample_cublasLt_LtSgemm.cu
#include <cublasLt.h>
#include "helpers.h"
#include "sample_cublasLt_LtSgemm.h"

/// Sample wrapper executing single precision gemm with cublasLtMatmul, nearly a drop-in
/// replacement for cublasSgemm, with the addition of the workspace to support split-K
/// algorithms.
void LtSgemm(cublasLtHandle_t ltHandle, cublasOperation_t transa, cublasOperation_t transb,
             int m, int n, int k, const float *alpha, const float *A, int lda,
             const float *B, int ldb, const float *beta, float *C, int ldc,
             void *workspace, size_t workspaceSize) {
  cublasLtMatmulDesc_t operationDesc = NULL;
  cublasLtMatrixLayout_t Adesc = NULL, Bdesc = NULL, Cdesc = NULL;
  cublasLtMatmulPreference_t preference = NULL;

  int returnedResults = 0;
  cublasLtMatmulHeuristicResult_t heuristicResult = {};

  // Create operation descriptor; see cublasLtMatmulDescAttributes_t for details about
  // defaults; here we just set the transforms for A and B.
  checkCublasStatus(cublasLtMatmulDescCreate(&operationDesc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  checkCublasStatus(cublasLtMatmulDescSetAttribute(operationDesc, CUBLASLT_MATMUL_DESC_TRANSA,
                                                   &transa, sizeof(transa)));
  checkCublasStatus(cublasLtMatmulDescSetAttribute(operationDesc, CUBLASLT_MATMUL_DESC_TRANSB,
                                                   &transb, sizeof(transb)));

  // Create matrix descriptors. Not setting any extra attributes.
  checkCublasStatus(cublasLtMatrixLayoutCreate(&Adesc, CUDA_R_32F,
                                               transa == CUBLAS_OP_N ? m : k,
                                               transa == CUBLAS_OP_N ? k : m, lda));
  checkCublasStatus(cublasLtMatrixLayoutCreate(&Bdesc, CUDA_R_32F,
                                               transb == CUBLAS_OP_N ? k : n,
                                               transb == CUBLAS_OP_N ? n : k, ldb));
  checkCublasStatus(cublasLtMatrixLayoutCreate(&Cdesc, CUDA_R_32F, m, n, ldc));

  // Create preference handle; here we could use extra attributes to disable tensor ops or
  // to make sure the algo selected will work with badly aligned A, B, C; here for
  // simplicity we just assume A,B,C are always well aligned (e.g. directly come from
  // cudaMalloc).
  checkCublasStatus(cublasLtMatmulPreferenceCreate(&preference));
  checkCublasStatus(cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceSize,
      sizeof(workspaceSize)));

  // We just need the best available heuristic to try and run matmul. There is no
  // guarantee that this will work, e.g. if A is badly aligned, you can request more
  // (e.g. 32) algos and try to run them one by one until something works.
  checkCublasStatus(cublasLtMatmulAlgoGetHeuristic(ltHandle, operationDesc, Adesc, Bdesc,
                                                   Cdesc, Cdesc, preference, 1,
                                                   &heuristicResult, &returnedResults));

  if (returnedResults == 0) {
    checkCublasStatus(CUBLAS_STATUS_NOT_SUPPORTED);
  }

  checkCublasStatus(cublasLtMatmul(ltHandle, operationDesc, alpha, A, Adesc, B, Bdesc, beta,
                                   C, Cdesc, C, Cdesc, &heuristicResult.algo, workspace,
                                   workspaceSize, 0));

  // Descriptors are no longer needed as all GPU work was already enqueued.
  if (preference) checkCublasStatus(cublasLtMatmulPreferenceDestroy(preference));
  if (Cdesc) checkCublasStatus(cublasLtMatrixLayoutDestroy(Cdesc));
  if (Bdesc) checkCublasStatus(cublasLtMatrixLayoutDestroy(Bdesc));
  if (Adesc) checkCublasStatus(cublasLtMatrixLayoutDestroy(Adesc));
  if (operationDesc) checkCublasStatus(cublasLtMatmulDescDestroy(operationDesc));
}
//--- main.cu
#include <cublasLt.h>
#include <vector>
#include "helpers.h"
#include "sample_cublasLt_LtSgemm.h"

int main() {
  // C = alpha * A^T * B + beta * C: A is k x m, B is k x n, C is m x n, column-major.
  const int m = 64, n = 48, k = 40;
  const float alpha = 2.0f, beta = 0.5f;
  std::vector<float> a(k * m), b(k * n), c(m * n);
  for (int i = 0; i < k * m; ++i) a[i] = 0.25f * ((i * 7) % 9) - 1.0f;
  for (int i = 0; i < k * n; ++i) b[i] = 0.125f * ((i * 3) % 11);
  for (int i = 0; i < m * n; ++i) c[i] = (float)(i % 5) - 2.0f;

  float *A, *B, *C;
  void *workspace;
  const size_t workspaceSize = 1024 * 1024 * 4;
  checkCudaStatus(cudaMalloc(&A, a.size() * sizeof(float)));
  checkCudaStatus(cudaMalloc(&B, b.size() * sizeof(float)));
  checkCudaStatus(cudaMalloc(&C, c.size() * sizeof(float)));
  checkCudaStatus(cudaMalloc(&workspace, workspaceSize));
  checkCudaStatus(cudaMemcpy(A, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaStatus(cudaMemcpy(B, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaStatus(cudaMemcpy(C, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice));

  cublasLtHandle_t ltHandle;
  checkCublasStatus(cublasLtCreate(&ltHandle));
  LtSgemm(ltHandle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, A, k, B, k, &beta, C, m,
          workspace, workspaceSize);
  checkCudaStatus(cudaDeviceSynchronize());

  std::vector<float> result(m * n);
  checkCudaStatus(cudaMemcpy(result.data(), C, result.size() * sizeof(float),
                             cudaMemcpyDeviceToHost));
  // The host's GEMM: the inputs are multiples of 1/8, the sums exact in float.
  int wrong = 0;
  double sum = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      float expected = beta * c[i + j * m];
      float dot = 0;
      for (int p = 0; p < k; ++p) dot += a[p + i * k] * b[p + j * k];
      expected += alpha * dot;
      wrong += result[i + j * m] != expected;
      sum += result[i + j * m];
    }
  for (int i = 0; i < m * n; i += 397) printf("C[%d] = %.3f\n", i, result[i]);
  printf("sum = %.3f, %d wrong\n", sum, wrong);

  checkCublasStatus(cublasLtDestroy(ltHandle));
  checkCudaStatus(cudaFree(workspace));
  checkCudaStatus(cudaFree(C));
  checkCudaStatus(cudaFree(B));
  checkCudaStatus(cudaFree(A));
  return wrong != 0;
}
