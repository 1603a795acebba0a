// cuBLASLt matrix transform: C = alpha * op(A) + beta * B with A transposed
// (CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA) and B stored row-major
// (CUBLASLT_MATRIX_LAYOUT_ORDER, CUBLASLT_ORDER_ROW) into a column-major C, the
// scalars on the host (CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE); the descriptor's
// and the layouts' attributes read back with the Get functions.
#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void check(cublasStatus_t status, int line) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    printf("cuBLASLt error %d at line %d\n", (int)status, line);
    exit(1);
  }
}
static void check(cudaError_t status, int line) {
  if (status != cudaSuccess) {
    printf("CUDA error %s at line %d\n", cudaGetErrorString(status), line);
    exit(1);
  }
}
#define CHECK(x) check((x), __LINE__)

static void describe(const char *name, cublasLtMatrixLayout_t layout) {
  uint64_t rows = 0, cols = 0;
  int64_t ld = 0;
  int32_t order = -1;
  uint32_t type = 0;
  size_t written = 0;
  CHECK(cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ROWS, &rows,
                                         sizeof(rows), &written));
  CHECK(cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_COLS, &cols,
                                         sizeof(cols), &written));
  CHECK(cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld),
                                         &written));
  CHECK(cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &order,
                                         sizeof(order), &written));
  CHECK(cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_TYPE, &type,
                                         sizeof(type), &written));
  printf("%s: %llu x %llu, ld %lld, %s, %s\n", name, (unsigned long long)rows,
         (unsigned long long)cols, (long long)ld,
         order == CUBLASLT_ORDER_ROW ? "row-major" : "column-major",
         type == CUDA_R_32F ? "float" : "other type");
}

int main() {
  const int m = 12, n = 20;
  const float alpha = 2.0f, beta = -0.5f;
  std::vector<float> a(n * m), b(m * n);
  for (int i = 0; i < n * m; ++i) a[i] = (float)((i * 7) % 13) - 6.0f;
  for (int i = 0; i < m * n; ++i) b[i] = (float)((i * 3) % 8);
  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK(cudaMalloc(&dB, b.size() * sizeof(float)));
  CHECK(cudaMalloc(&dC, m * n * sizeof(float)));
  CHECK(cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  cublasLtHandle_t lt;
  CHECK(cublasLtCreate(&lt));
  cublasLtMatrixTransformDesc_t desc;
  CHECK(cublasLtMatrixTransformDescCreate(&desc, CUDA_R_32F));
  cublasOperation_t transa = CUBLAS_OP_T;
  CHECK(cublasLtMatrixTransformDescSetAttribute(desc, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA,
                                                &transa, sizeof(transa)));
  cublasLtPointerMode_t pointerMode = CUBLASLT_POINTER_MODE_HOST;
  CHECK(cublasLtMatrixTransformDescSetAttribute(
      desc, CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE, &pointerMode, sizeof(pointerMode)));
  int32_t scaleType = -1;
  size_t written = 0;
  CHECK(cublasLtMatrixTransformDescGetAttribute(desc, CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE,
                                                &scaleType, sizeof(scaleType), &written));
  printf("scale type is %s\n", scaleType == CUDA_R_32F ? "float" : "other");

  // A is stored n x m (op(A) is m x n), B m x n row-major, C m x n column-major.
  cublasLtMatrixLayout_t Adesc, Bdesc, Cdesc;
  CHECK(cublasLtMatrixLayoutCreate(&Adesc, CUDA_R_32F, n, m, n));
  CHECK(cublasLtMatrixLayoutCreate(&Bdesc, CUDA_R_32F, m, n, n));
  cublasLtOrder_t rowOrder = CUBLASLT_ORDER_ROW;
  CHECK(cublasLtMatrixLayoutSetAttribute(Bdesc, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder,
                                         sizeof(rowOrder)));
  CHECK(cublasLtMatrixLayoutCreate(&Cdesc, CUDA_R_32F, m, n, m));
  describe("A", Adesc);
  describe("B", Bdesc);
  describe("C", Cdesc);

  CHECK(cublasLtMatrixTransform(lt, desc, &alpha, dA, Adesc, &beta, dB, Bdesc, dC, Cdesc, 0));
  CHECK(cudaDeviceSynchronize());
  std::vector<float> c(m * n);
  CHECK(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  double sum = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      // op(A)(i, j) = A(j, i), A column-major n x m; B(i, j) row-major.
      float expected = alpha * a[j + i * n] + beta * b[i * n + j];
      wrong += c[i + j * m] != expected;
      sum += c[i + j * m];
    }
  for (int i = 0; i < m * n; i += 53) printf("C[%d] = %.2f\n", i, c[i]);
  printf("sum = %.2f, %d wrong\n", sum, wrong);

  CHECK(cublasLtMatrixLayoutDestroy(Cdesc));
  CHECK(cublasLtMatrixLayoutDestroy(Bdesc));
  CHECK(cublasLtMatrixLayoutDestroy(Adesc));
  CHECK(cublasLtMatrixTransformDescDestroy(desc));
  CHECK(cublasLtDestroy(lt));
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  return wrong != 0;
}
