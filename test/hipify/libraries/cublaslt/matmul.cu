// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS|CUDA_}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// hipBLASLt is ROCm's library for cuBLASLt's API: --roc writes the same hipBLASLt
// names, and the cuBLAS names the program uses with it (cublasStatus_t,
// CUBLAS_OP_T, CUBLAS_COMPUTE_32F) keep their hipblas-common names, which
// hipBLASLt's API takes, since the file includes no cuBLAS header of its own:
// the --roc output is the default one.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: diff %t.hip %t.roc.hip
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// D = alpha * op(A) * B + beta * C with cuBLASLt: a matmul descriptor (FP32 compute,
// A transposed), one matrix layout per operand, a heuristic query under a workspace
// limit and the matmul on a stream, checked against a host GEMM.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipblaslt/hipblaslt.h>
#include <cuda_runtime.h>
#include <cublasLt.h>
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
// HIP: hipblasStatus_t status = (call);
// HIP-NEXT: if (status != HIPBLAS_STATUS_SUCCESS) {
#define CHECK_LT(call)                                                         \
  do {                                                                         \
    cublasStatus_t status = (call);                                            \
    if (status != CUBLAS_STATUS_SUCCESS) {                                     \
      fprintf(stderr, "cuBLASLt error %d at %s:%d\n", (int)status, __FILE__,   \
              __LINE__);                                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  // A is k x m (used transposed), B is k x n, C and D are m x n; column-major.
  const int m = 96, n = 64, k = 48;
  const float alpha = 1.5f, beta = 0.5f;
  std::vector<float> a(k * m), b(k * n), c(m * n), d(m * n, 0.0f);
  for (size_t i = 0; i < a.size(); ++i) a[i] = (float)((i * 7) % 11) * 0.125f - 0.5f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = (float)((i * 5) % 13) * 0.0625f;
  for (size_t i = 0; i < c.size(); ++i) c[i] = (float)(i % 5) - 2.0f;

  float *dA, *dB, *dC, *dD;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dB, b.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dC, c.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dD, d.size() * sizeof(float)));
  CHECK_RT(cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dB, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dC, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CHECK_RT(cudaStreamCreate(&stream));

  // HIP: hipblasLtHandle_t handle;
  // HIP-NEXT: CHECK_LT(hipblasLtCreate(&handle));
  cublasLtHandle_t handle;
  CHECK_LT(cublasLtCreate(&handle));

  // The compute type is cuBLAS's (hipblas-common's in HIP), the scale type a
  // library data type: both what hipblasLtMatmulDescCreate takes.
  // HIP: hipblasLtMatmulDesc_t operation;
  // HIP-NEXT: CHECK_LT(hipblasLtMatmulDescCreate(&operation, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  // HIP-NEXT: hipblasOperation_t transA = HIPBLAS_OP_T, transB = HIPBLAS_OP_N;
  // HIP-NEXT: CHECK_LT(hipblasLtMatmulDescSetAttribute(operation, HIPBLASLT_MATMUL_DESC_TRANSA, &transA, sizeof(transA)));
  // HIP-NEXT: CHECK_LT(hipblasLtMatmulDescSetAttribute(operation, HIPBLASLT_MATMUL_DESC_TRANSB, &transB, sizeof(transB)));
  // HIP-NEXT: hipblasLtPointerMode_t pointerMode = HIPBLASLT_POINTER_MODE_HOST;
  // HIP-NEXT: CHECK_LT(hipblasLtMatmulDescSetAttribute(operation, HIPBLASLT_MATMUL_DESC_POINTER_MODE, &pointerMode,
  cublasLtMatmulDesc_t operation;
  CHECK_LT(cublasLtMatmulDescCreate(&operation, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t transA = CUBLAS_OP_T, transB = CUBLAS_OP_N;
  CHECK_LT(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSA, &transA, sizeof(transA)));
  CHECK_LT(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSB, &transB, sizeof(transB)));
  cublasLtPointerMode_t pointerMode = CUBLASLT_POINTER_MODE_HOST;
  CHECK_LT(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pointerMode,
                                          sizeof(pointerMode)));
  // The default epilogue, read back.
  // HIP: hipblasLtEpilogue_t epilogue;
  // HIP: CHECK_LT(hipblasLtMatmulDescGetAttribute(operation, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue),
  // HIP: if (epilogue != HIPBLASLT_EPILOGUE_DEFAULT) {
  cublasLtEpilogue_t epilogue;
  size_t written = 0;
  CHECK_LT(cublasLtMatmulDescGetAttribute(operation, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue),
                                          &written));
  if (epilogue != CUBLASLT_EPILOGUE_DEFAULT) {
    fprintf(stderr, "unexpected default epilogue %d\n", (int)epilogue);
    return 1;
  }

  // HIP: hipblasLtMatrixLayout_t layoutA, layoutB, layoutC, layoutD;
  // HIP-NEXT: CHECK_LT(hipblasLtMatrixLayoutCreate(&layoutA, HIP_R_32F, k, m, k));
  // HIP: hipblasLtOrder_t order = HIPBLASLT_ORDER_COL;
  // HIP-NEXT: CHECK_LT(hipblasLtMatrixLayoutSetAttribute(layoutA, HIPBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order)));
  cublasLtMatrixLayout_t layoutA, layoutB, layoutC, layoutD;
  CHECK_LT(cublasLtMatrixLayoutCreate(&layoutA, CUDA_R_32F, k, m, k));
  CHECK_LT(cublasLtMatrixLayoutCreate(&layoutB, CUDA_R_32F, k, n, k));
  CHECK_LT(cublasLtMatrixLayoutCreate(&layoutC, CUDA_R_32F, m, n, m));
  CHECK_LT(cublasLtMatrixLayoutCreate(&layoutD, CUDA_R_32F, m, n, m));
  cublasLtOrder_t order = CUBLASLT_ORDER_COL;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(layoutA, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order)));

  // HIP: hipblasLtMatmulPreference_t preference;
  // HIP-NEXT: CHECK_LT(hipblasLtMatmulPreferenceCreate(&preference));
  // HIP: CHECK_LT(hipblasLtMatmulPreferenceSetAttribute(preference, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
  const size_t workspaceLimit = 4 << 20;
  cublasLtMatmulPreference_t preference;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&preference));
  uint64_t maxWorkspace = workspaceLimit;
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &maxWorkspace, sizeof(maxWorkspace)));

  // HIP: hipblasLtMatmulHeuristicResult_t heuristics[4] = {};
  // HIP: CHECK_LT(hipblasLtMatmulAlgoGetHeuristic(handle, operation, layoutA, layoutB, layoutC, layoutD, preference, 4,
  cublasLtMatmulHeuristicResult_t heuristics[4] = {};
  int found = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(handle, operation, layoutA, layoutB, layoutC, layoutD, preference, 4,
                                          heuristics, &found));
  if (found == 0) {
    fprintf(stderr, "no matmul algorithm found\n");
    return 1;
  }
  // HIP: if (heuristics[0].state != HIPBLAS_STATUS_SUCCESS || heuristics[0].workspaceSize > workspaceLimit) {
  if (heuristics[0].state != CUBLAS_STATUS_SUCCESS || heuristics[0].workspaceSize > workspaceLimit) {
    fprintf(stderr, "bad heuristic result\n");
    return 1;
  }
  void *workspace = nullptr;
  if (heuristics[0].workspaceSize)
    CHECK_RT(cudaMalloc(&workspace, heuristics[0].workspaceSize));

  // HIP: const hipblasLtMatmulAlgo_t *algo = &heuristics[0].algo;
  // HIP-NEXT: CHECK_LT(hipblasLtMatmul(handle, operation, &alpha, dA, layoutA, dB, layoutB, &beta, dC, layoutC, dD, layoutD,
  const cublasLtMatmulAlgo_t *algo = &heuristics[0].algo;
  CHECK_LT(cublasLtMatmul(handle, operation, &alpha, dA, layoutA, dB, layoutB, &beta, dC, layoutC, dD, layoutD,
                          algo, workspace, heuristics[0].workspaceSize, stream));
  CHECK_RT(cudaStreamSynchronize(stream));
  CHECK_RT(cudaMemcpy(d.data(), dD, d.size() * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < m; ++row) {
      double sum = 0;
      for (int p = 0; p < k; ++p) sum += (double)a[p + row * k] * b[p + col * k];
      double want = alpha * sum + beta * c[row + col * m];
      if (std::fabs(d[row + col * m] - want) > 1e-3 * (1.0 + std::fabs(want))) ++bad;
    }

  // HIP: CHECK_LT(hipblasLtMatmulPreferenceDestroy(preference));
  // HIP: CHECK_LT(hipblasLtMatrixLayoutDestroy(layoutD));
  // HIP: CHECK_LT(hipblasLtMatmulDescDestroy(operation));
  // HIP-NEXT: CHECK_LT(hipblasLtDestroy(handle));
  CHECK_LT(cublasLtMatmulPreferenceDestroy(preference));
  CHECK_LT(cublasLtMatrixLayoutDestroy(layoutA));
  CHECK_LT(cublasLtMatrixLayoutDestroy(layoutB));
  CHECK_LT(cublasLtMatrixLayoutDestroy(layoutC));
  CHECK_LT(cublasLtMatrixLayoutDestroy(layoutD));
  CHECK_LT(cublasLtMatmulDescDestroy(operation));
  CHECK_LT(cublasLtDestroy(handle));
  if (workspace) CHECK_RT(cudaFree(workspace));
  CHECK_RT(cudaStreamDestroy(stream));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dB));
  CHECK_RT(cudaFree(dC));
  CHECK_RT(cudaFree(dD));
  printf("matmul: %s (%d mismatches, %d algorithms)\n", bad ? "FAILED" : "PASSED", bad, found);
  return bad ? 1 : 0;
}
