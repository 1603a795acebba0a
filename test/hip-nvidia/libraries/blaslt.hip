// hipBLASLt on NVIDIA (cuBLASLt under HIP's names), as a program written for
// hipBLASLt uses it: hipblas-common's status, operation and compute types with
// hipblaslt.h alone, a matmul descriptor (HIPBLASLT_MATMUL_DESC_TRANSA, a bias
// epilogue), layouts with a strided batch, a preference capping the workspace, the
// heuristic's algorithm and the matmul on a stream; checked on the host.
// ROUNDTRIP-LIBS: -lhipblaslt
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhipblaslt
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>
#include <cstdint>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define LT(call) CHECK(call, HIPBLAS_STATUS_SUCCESS)

int main() {
  // Per batch: D = A^T * B + C + bias; A is k x m, B k x n, C and D m x n.
  const int m = 16, n = 8, k = 12, batches = 2;
  const int64_t sA = k * m, sB = k * n, sC = m * n;
  std::vector<float> a(sA * batches), b(sB * batches), c(sC * batches), bias(m);
  for (size_t i = 0; i < a.size(); ++i) a[i] = 0.5f * float(i % 5) - 1.0f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = float((i * 3) % 4);
  for (size_t i = 0; i < c.size(); ++i) c[i] = float(i % 3);
  for (int i = 0; i < m; ++i) bias[i] = 0.25f * i;

  float *dA, *dB, *dC, *dD, *dBias;
  void *workspace;
  size_t workspaceSize = 1 << 20;
  RT(hipMalloc(&dA, a.size() * sizeof(float)));
  RT(hipMalloc(&dB, b.size() * sizeof(float)));
  RT(hipMalloc(&dC, c.size() * sizeof(float)));
  RT(hipMalloc(&dD, c.size() * sizeof(float)));
  RT(hipMalloc(&dBias, bias.size() * sizeof(float)));
  RT(hipMalloc(&workspace, workspaceSize));
  RT(hipMemcpy(dA, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
  RT(hipMemcpy(dB, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
  RT(hipMemcpy(dC, c.data(), c.size() * sizeof(float), hipMemcpyHostToDevice));
  RT(hipMemcpy(dBias, bias.data(), bias.size() * sizeof(float), hipMemcpyHostToDevice));
  hipStream_t stream;
  RT(hipStreamCreate(&stream));

  hipblasLtHandle_t handle;
  LT(hipblasLtCreate(&handle));
  hipblasLtMatmulDesc_t matmul;
  LT(hipblasLtMatmulDescCreate(&matmul, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  hipblasOperation_t transA = HIPBLAS_OP_T;
  LT(hipblasLtMatmulDescSetAttribute(matmul, HIPBLASLT_MATMUL_DESC_TRANSA, &transA,
                                     sizeof(transA)));
  hipblasLtEpilogue_t epilogue = HIPBLASLT_EPILOGUE_BIAS;
  LT(hipblasLtMatmulDescSetAttribute(matmul, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                     sizeof(epilogue)));
  LT(hipblasLtMatmulDescSetAttribute(matmul, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &dBias,
                                     sizeof(dBias)));
  hipblasOperation_t readBack = HIPBLAS_OP_N;
  size_t written = 0;
  LT(hipblasLtMatmulDescGetAttribute(matmul, HIPBLASLT_MATMUL_DESC_TRANSA, &readBack,
                                     sizeof(readBack), &written));
  int bad = readBack != HIPBLAS_OP_T || written != sizeof(readBack);

  hipblasLtMatrixLayout_t layoutA, layoutB, layoutC;
  LT(hipblasLtMatrixLayoutCreate(&layoutA, HIP_R_32F, k, m, k));
  LT(hipblasLtMatrixLayoutCreate(&layoutB, HIP_R_32F, k, n, k));
  LT(hipblasLtMatrixLayoutCreate(&layoutC, HIP_R_32F, m, n, m));
  const int32_t count = batches;
  const hipblasLtMatrixLayout_t layouts[] = {layoutA, layoutB, layoutC};
  const int64_t strides[] = {sA, sB, sC};
  for (int i = 0; i < 3; ++i) {
    LT(hipblasLtMatrixLayoutSetAttribute(layouts[i], HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT,
                                         &count, sizeof(count)));
    LT(hipblasLtMatrixLayoutSetAttribute(
        layouts[i], HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strides[i],
        sizeof(strides[i])));
  }

  hipblasLtMatmulPreference_t preference;
  LT(hipblasLtMatmulPreferenceCreate(&preference));
  LT(hipblasLtMatmulPreferenceSetAttribute(preference, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &workspaceSize, sizeof(workspaceSize)));
  hipblasLtMatmulHeuristicResult_t result[1];
  int returned = 0;
  LT(hipblasLtMatmulAlgoGetHeuristic(handle, matmul, layoutA, layoutB, layoutC, layoutC,
                                     preference, 1, result, &returned));
  bad += returned != 1;
  const float one = 1.0f;
  LT(hipblasLtMatmul(handle, matmul, &one, dA, layoutA, dB, layoutB, &one, dC, layoutC, dD,
                     layoutC, &result[0].algo, workspace, workspaceSize, stream));
  RT(hipStreamSynchronize(stream));

  std::vector<float> d(c.size());
  RT(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  for (int batch = 0; batch < batches; ++batch)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        float expected = c[batch * sC + i + j * m] + bias[i];
        for (int p = 0; p < k; ++p)
          expected += a[batch * sA + p + i * k] * b[batch * sB + p + j * k];
        bad += d[batch * sC + i + j * m] != expected;
      }

  LT(hipblasLtMatmulPreferenceDestroy(preference));
  for (hipblasLtMatrixLayout_t layout : layouts) LT(hipblasLtMatrixLayoutDestroy(layout));
  LT(hipblasLtMatmulDescDestroy(matmul));
  LT(hipblasLtDestroy(handle));
  RT(hipStreamDestroy(stream));
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
