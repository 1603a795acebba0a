// cuBLASLt epilogues as NVIDIA's cuBLASLt samples set them: D = epilogue(alpha * A * B
// + beta * C) with CUBLASLT_EPILOGUE_BIAS and then CUBLASLT_EPILOGUE_RELU_BIAS on the
// same descriptor (CUBLASLT_MATMUL_DESC_EPILOGUE, a float bias vector of m entries
// through CUBLASLT_MATMUL_DESC_BIAS_POINTER and its CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE),
// D apart from C, the epilogue read back with cublasLtMatmulDescGetAttribute, and up
// to four heuristic results under a workspace limit.
#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK_CUDA(x)                                                             \
  do {                                                                         \
    if ((x) != cudaSuccess) {                                                  \
      printf("CUDA error at line %d\n", __LINE__);                             \
      return 1;                                                                \
    }                                                                          \
  } while (0)
#define CK_LT(x)                                                               \
  do {                                                                         \
    cublasStatus_t s_ = (x);                                                   \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                         \
      printf("cuBLASLt error %d at line %d\n", (int)s_, __LINE__);             \
      return 1;                                                                \
    }                                                                          \
  } while (0)

struct Problem {
  int m, n, k;
  std::vector<float> a, b, c, bias;
};

static float expected(const Problem &p, int i, int j, float alpha, float beta, bool relu) {
  float dot = 0;
  for (int q = 0; q < p.k; ++q) dot += p.a[i + q * p.m] * p.b[q + j * p.k];
  float v = alpha * dot + beta * p.c[i + j * p.m] + p.bias[i];
  return relu && v < 0 ? 0.0f : v;
}

static int run(cublasLtHandle_t lt, cublasLtMatmulDesc_t desc, cublasLtEpilogue_t epilogue,
               const Problem &p, const float *dA, const float *dB, const float *dC, float *dD,
               cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
               cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc, void *workspace,
               size_t workspaceSize, cudaStream_t stream, const char *name) {
  const float alpha = 1.0f, beta = -1.0f;
  CK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                       sizeof(epilogue)));
  cublasLtEpilogue_t readBack = CUBLASLT_EPILOGUE_DEFAULT;
  size_t written = 0;
  CK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &readBack,
                                       sizeof(readBack), &written));
  if (readBack != epilogue || written != sizeof(readBack)) {
    printf("%s: the epilogue read back differs\n", name);
    return 1;
  }

  cublasLtMatmulPreference_t preference;
  CK_LT(cublasLtMatmulPreferenceCreate(&preference));
  CK_LT(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                             &workspaceSize, sizeof(workspaceSize)));
  cublasLtMatmulHeuristicResult_t results[4] = {};
  int returned = 0;
  CK_LT(cublasLtMatmulAlgoGetHeuristic(lt, desc, Adesc, Bdesc, Cdesc, Ddesc, preference, 4,
                                       results, &returned));
  if (returned == 0) {
    printf("%s: no algorithm\n", name);
    return 1;
  }
  CK_LT(cublasLtMatmul(lt, desc, &alpha, dA, Adesc, dB, Bdesc, &beta, dC, Cdesc, dD, Ddesc,
                       &results[0].algo, workspace, workspaceSize, stream));
  CK_LT(cublasLtMatmulPreferenceDestroy(preference));
  CK_CUDA(cudaStreamSynchronize(stream));

  std::vector<float> d(p.m * p.n);
  CK_CUDA(cudaMemcpy(d.data(), dD, d.size() * sizeof(float), cudaMemcpyDeviceToHost));
  bool relu = epilogue == CUBLASLT_EPILOGUE_RELU_BIAS;
  int wrong = 0, zeros = 0;
  double sum = 0;
  for (int j = 0; j < p.n; ++j)
    for (int i = 0; i < p.m; ++i) {
      float v = d[i + j * p.m];
      wrong += v != expected(p, i, j, alpha, beta, relu);
      zeros += v == 0.0f;
      sum += v;
    }
  printf("%s: D[0] = %.3f, D[%d] = %.3f, sum = %.3f, %d zeros, %d wrong\n", name, d[0],
         p.m * p.n - 1, d[p.m * p.n - 1], sum, zeros, wrong);
  return wrong != 0;
}

int main() {
  Problem p{40, 24, 32, {}, {}, {}, {}};
  p.a.resize(p.m * p.k), p.b.resize(p.k * p.n), p.c.resize(p.m * p.n), p.bias.resize(p.m);
  for (int i = 0; i < p.m * p.k; ++i) p.a[i] = 0.25f * ((i * 5) % 9) - 1.0f;
  for (int i = 0; i < p.k * p.n; ++i) p.b[i] = 0.5f * ((i * 7) % 5) - 1.0f;
  for (int i = 0; i < p.m * p.n; ++i) p.c[i] = (float)(i % 3);
  for (int i = 0; i < p.m; ++i) p.bias[i] = 0.5f * (i % 7) - 1.5f;

  float *dA, *dB, *dC, *dD, *dBias;
  void *workspace;
  size_t workspaceSize = 1 << 22;
  CK_CUDA(cudaMalloc(&dA, p.a.size() * sizeof(float)));
  CK_CUDA(cudaMalloc(&dB, p.b.size() * sizeof(float)));
  CK_CUDA(cudaMalloc(&dC, p.c.size() * sizeof(float)));
  CK_CUDA(cudaMalloc(&dD, p.c.size() * sizeof(float)));
  CK_CUDA(cudaMalloc(&dBias, p.bias.size() * sizeof(float)));
  CK_CUDA(cudaMalloc(&workspace, workspaceSize));
  CK_CUDA(cudaMemcpy(dA, p.a.data(), p.a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CK_CUDA(cudaMemcpy(dB, p.b.data(), p.b.size() * sizeof(float), cudaMemcpyHostToDevice));
  CK_CUDA(cudaMemcpy(dC, p.c.data(), p.c.size() * sizeof(float), cudaMemcpyHostToDevice));
  CK_CUDA(cudaMemcpy(dBias, p.bias.data(), p.bias.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CK_CUDA(cudaStreamCreate(&stream));

  cublasLtHandle_t lt;
  CK_LT(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t desc;
  CK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtPointerMode_t pointerMode = CUBLASLT_POINTER_MODE_HOST;
  CK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pointerMode,
                                       sizeof(pointerMode)));
  CK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &dBias,
                                       sizeof(dBias)));
  cudaDataType_t biasType = CUDA_R_32F;
  CK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
                                       sizeof(biasType)));
  cublasLtMatrixLayout_t Adesc, Bdesc, Cdesc, Ddesc;
  CK_LT(cublasLtMatrixLayoutCreate(&Adesc, CUDA_R_32F, p.m, p.k, p.m));
  CK_LT(cublasLtMatrixLayoutCreate(&Bdesc, CUDA_R_32F, p.k, p.n, p.k));
  CK_LT(cublasLtMatrixLayoutCreate(&Cdesc, CUDA_R_32F, p.m, p.n, p.m));
  CK_LT(cublasLtMatrixLayoutCreate(&Ddesc, CUDA_R_32F, p.m, p.n, p.m));

  int bad = run(lt, desc, CUBLASLT_EPILOGUE_BIAS, p, dA, dB, dC, dD, Adesc, Bdesc, Cdesc, Ddesc,
                workspace, workspaceSize, stream, "bias");
  bad |= run(lt, desc, CUBLASLT_EPILOGUE_RELU_BIAS, p, dA, dB, dC, dD, Adesc, Bdesc, Cdesc,
             Ddesc, workspace, workspaceSize, stream, "relu+bias");

  CK_LT(cublasLtMatrixLayoutDestroy(Ddesc));
  CK_LT(cublasLtMatrixLayoutDestroy(Cdesc));
  CK_LT(cublasLtMatrixLayoutDestroy(Bdesc));
  CK_LT(cublasLtMatrixLayoutDestroy(Adesc));
  CK_LT(cublasLtMatmulDescDestroy(desc));
  CK_LT(cublasLtDestroy(lt));
  CK_CUDA(cudaStreamDestroy(stream));
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD), cudaFree(dBias), cudaFree(workspace);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
