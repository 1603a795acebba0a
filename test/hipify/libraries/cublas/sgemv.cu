// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cublas|CUBLAS}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|cublas|CUBLAS|hipblas|HIPBLAS}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// y = alpha * op(A) * x + beta * y with the transposed and untransposed matrix,
// alpha and beta read from device memory (device pointer mode).
// HIP: #include <hipblas/hipblas.h>
// ROC: #include <rocblas/rocblas.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
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
  const int rows = 300, cols = 200;
  std::vector<float> a(rows * cols), x(cols), xt(rows), y(rows, 1.0f), yt(cols, 2.0f);
  for (int i = 0; i < rows * cols; ++i) a[i] = (float)((i * 3) % 17) / 17.0f;
  for (int i = 0; i < cols; ++i) x[i] = (float)(i % 5) - 2.0f;
  for (int i = 0; i < rows; ++i) xt[i] = (float)(i % 7) / 7.0f;
  const float scalars[2] = {2.0f, 0.25f};

  float *dA, *dX, *dXt, *dY, *dYt, *dScalars;
  CHECK_RT(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dX, x.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dXt, xt.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dY, y.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dYt, yt.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dScalars, sizeof(scalars)));
  CHECK_RT(cudaMemcpy(dScalars, scalars, sizeof(scalars), cudaMemcpyHostToDevice));

  // HIP: hipblasHandle_t handle;
  // HIP-NEXT: CHECK_BLAS(hipblasCreate(&handle));
  // HIP-NEXT: CHECK_BLAS(hipblasSetMatrix(rows, cols, sizeof(float), a.data(), rows, dA, rows));
  // HIP-NEXT: CHECK_BLAS(hipblasSetVector(cols, sizeof(float), x.data(), 1, dX, 1));
  // ROC: rocblas_handle handle;
  // ROC-NEXT: CHECK_BLAS(rocblas_create_handle(&handle));
  // ROC-NEXT: CHECK_BLAS(rocblas_set_matrix(rows, cols, sizeof(float), a.data(), rows, dA, rows));
  // ROC-NEXT: CHECK_BLAS(rocblas_set_vector(cols, sizeof(float), x.data(), 1, dX, 1));
  cublasHandle_t handle;
  CHECK_BLAS(cublasCreate(&handle));
  CHECK_BLAS(cublasSetMatrix(rows, cols, sizeof(float), a.data(), rows, dA, rows));
  CHECK_BLAS(cublasSetVector(cols, sizeof(float), x.data(), 1, dX, 1));
  CHECK_BLAS(cublasSetVector(rows, sizeof(float), xt.data(), 1, dXt, 1));
  CHECK_BLAS(cublasSetVector(rows, sizeof(float), y.data(), 1, dY, 1));
  CHECK_BLAS(cublasSetVector(cols, sizeof(float), yt.data(), 1, dYt, 1));
  // HIP: CHECK_BLAS(hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_DEVICE));
  // HIP-NEXT: CHECK_BLAS(hipblasSgemv(handle, HIPBLAS_OP_N, rows, cols, dScalars, dA, rows, dX, 1, dScalars + 1, dY, 1));
  // HIP-NEXT: CHECK_BLAS(hipblasSgemv(handle, HIPBLAS_OP_T, rows, cols, dScalars, dA, rows, dXt, 1, dScalars + 1, dYt, 1));
  // ROC: CHECK_BLAS(rocblas_set_pointer_mode(handle, rocblas_pointer_mode_device));
  // ROC-NEXT: CHECK_BLAS(rocblas_sgemv(handle, rocblas_operation_none, rows, cols, dScalars, dA, rows, dX, 1, dScalars + 1, dY, 1));
  // ROC-NEXT: CHECK_BLAS(rocblas_sgemv(handle, rocblas_operation_transpose, rows, cols, dScalars, dA, rows, dXt, 1, dScalars + 1, dYt, 1));
  CHECK_BLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE));
  CHECK_BLAS(cublasSgemv(handle, CUBLAS_OP_N, rows, cols, dScalars, dA, rows, dX, 1, dScalars + 1, dY, 1));
  CHECK_BLAS(cublasSgemv(handle, CUBLAS_OP_T, rows, cols, dScalars, dA, rows, dXt, 1, dScalars + 1, dYt, 1));
  // HIP: CHECK_BLAS(hipblasGetVector(rows, sizeof(float), dY, 1, y.data(), 1));
  // ROC: CHECK_BLAS(rocblas_get_vector(rows, sizeof(float), dY, 1, y.data(), 1));
  CHECK_BLAS(cublasGetVector(rows, sizeof(float), dY, 1, y.data(), 1));
  CHECK_BLAS(cublasGetVector(cols, sizeof(float), dYt, 1, yt.data(), 1));

  int bad = 0;
  for (int r = 0; r < rows; ++r) {
    double sum = 0;
    for (int c = 0; c < cols; ++c) sum += a[r + c * rows] * x[c];
    double want = scalars[0] * sum + scalars[1] * 1.0;
    if (std::fabs(y[r] - want) > 1e-3 * (1.0 + std::fabs(want))) ++bad;
  }
  for (int c = 0; c < cols; ++c) {
    double sum = 0;
    for (int r = 0; r < rows; ++r) sum += a[r + c * rows] * xt[r];
    double want = scalars[0] * sum + scalars[1] * 2.0;
    if (std::fabs(yt[c] - want) > 1e-3 * (1.0 + std::fabs(want))) ++bad;
  }
  CHECK_BLAS(cublasDestroy(handle));
  CHECK_RT(cudaFree(dA));
  CHECK_RT(cudaFree(dX));
  CHECK_RT(cudaFree(dXt));
  CHECK_RT(cudaFree(dY));
  CHECK_RT(cudaFree(dYt));
  CHECK_RT(cudaFree(dScalars));
  printf("sgemv: %s (%d mismatches)\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
