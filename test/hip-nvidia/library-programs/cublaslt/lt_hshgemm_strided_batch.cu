// cuBLASLt HSH GEMM, strided batched, shaped like NVIDIA's CUDALibrarySamples
// LtHSHgemmStridedBatchSimple: __half A, B, C and D, FP32 compute and scale
// (CUBLAS_COMPUTE_32F, CUDA_R_32F), the batch given by each layout's
// CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT and CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
// the matmul on a stream without a heuristic query (algo NULL) and no workspace.
#include <cublasLt.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      printf("CUDA error %d at line %d\n", (int)err_, __LINE__);               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      printf("cuBLAS error %d at line %d\n", (int)st_, __LINE__);              \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static void setBatch(cublasLtMatrixLayout_t layout, int batchCount, int64_t stride) {
  CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT,
                                                &batchCount, sizeof(batchCount)));
  CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(
      layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride)));
}

int main() {
  // Per batch: D = alpha * A * B^T + beta * C; A is m x k, B is n x k, C and D m x n.
  const int m = 32, n = 24, k = 16, batchCount = 3;
  const float alpha = 1.0f, beta = 2.0f;
  const int64_t strideA = m * k, strideB = n * k, strideC = m * n;
  std::vector<__half> a(strideA * batchCount), b(strideB * batchCount),
      c(strideC * batchCount);
  for (size_t i = 0; i < a.size(); ++i) a[i] = __float2half(0.5f * (int)((i * 5) % 7) - 1.5f);
  for (size_t i = 0; i < b.size(); ++i) b[i] = __float2half(0.25f * (int)((i * 3) % 9));
  for (size_t i = 0; i < c.size(); ++i) c[i] = __float2half((float)((int)(i % 4) - 1));

  __half *dA, *dB, *dC, *dD;
  CHECK_CUDA(cudaMalloc(&dA, a.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&dB, b.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&dC, c.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&dD, c.size() * sizeof(__half)));
  CHECK_CUDA(cudaMemcpy(dA, a.data(), a.size() * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dB, b.data(), b.size() * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dC, c.data(), c.size() * sizeof(__half), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));

  cublasLtHandle_t ltHandle;
  CHECK_CUBLAS(cublasLtCreate(&ltHandle));
  cublasLtMatmulDesc_t operationDesc = NULL;
  cublasLtMatrixLayout_t Adesc = NULL, Bdesc = NULL, Cdesc = NULL, Ddesc = NULL;
  cublasOperation_t transa = CUBLAS_OP_N, transb = CUBLAS_OP_T;
  CHECK_CUBLAS(cublasLtMatmulDescCreate(&operationDesc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(operationDesc, CUBLASLT_MATMUL_DESC_TRANSA,
                                              &transa, sizeof(transa)));
  CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(operationDesc, CUBLASLT_MATMUL_DESC_TRANSB,
                                              &transb, sizeof(transb)));
  CHECK_CUBLAS(cublasLtMatrixLayoutCreate(&Adesc, CUDA_R_16F, m, k, m));
  CHECK_CUBLAS(cublasLtMatrixLayoutCreate(&Bdesc, CUDA_R_16F, n, k, n));
  CHECK_CUBLAS(cublasLtMatrixLayoutCreate(&Cdesc, CUDA_R_16F, m, n, m));
  CHECK_CUBLAS(cublasLtMatrixLayoutCreate(&Ddesc, CUDA_R_16F, m, n, m));
  setBatch(Adesc, batchCount, strideA);
  setBatch(Bdesc, batchCount, strideB);
  setBatch(Cdesc, batchCount, strideC);
  setBatch(Ddesc, batchCount, strideC);

  // No algorithm given: cuBLASLt picks one by its own heuristic, without workspace.
  CHECK_CUBLAS(cublasLtMatmul(ltHandle, operationDesc, &alpha, dA, Adesc, dB, Bdesc, &beta, dC,
                              Cdesc, dD, Ddesc, NULL, NULL, 0, stream));
  CHECK_CUDA(cudaStreamSynchronize(stream));

  std::vector<__half> d(c.size());
  CHECK_CUDA(cudaMemcpy(d.data(), dD, d.size() * sizeof(__half), cudaMemcpyDeviceToHost));
  // Multiples of 1/8 below 2048: exact in __half, the host's sum is the device's.
  int wrong = 0;
  for (int batch = 0; batch < batchCount; ++batch) {
    double sum = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        float dot = 0;
        for (int p = 0; p < k; ++p)
          dot += __half2float(a[batch * strideA + i + p * m]) *
                 __half2float(b[batch * strideB + j + p * n]);
        float expected = alpha * dot + beta * __half2float(c[batch * strideC + i + j * m]);
        float got = __half2float(d[batch * strideC + i + j * m]);
        wrong += got != expected;
        sum += got;
      }
    printf("batch %d: D[0] = %.3f, D[last] = %.3f, sum = %.3f\n", batch,
           __half2float(d[batch * strideC]), __half2float(d[batch * strideC + m * n - 1]), sum);
  }
  printf("%d wrong\n", wrong);

  CHECK_CUBLAS(cublasLtMatrixLayoutDestroy(Ddesc));
  CHECK_CUBLAS(cublasLtMatrixLayoutDestroy(Cdesc));
  CHECK_CUBLAS(cublasLtMatrixLayoutDestroy(Bdesc));
  CHECK_CUBLAS(cublasLtMatrixLayoutDestroy(Adesc));
  CHECK_CUBLAS(cublasLtMatmulDescDestroy(operationDesc));
  CHECK_CUBLAS(cublasLtDestroy(ltHandle));
  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFree(dA));
  CHECK_CUDA(cudaFree(dB));
  CHECK_CUDA(cudaFree(dC));
  CHECK_CUDA(cudaFree(dD));
  return wrong != 0;
}
