/* hipSPARSE from C, shaped like CUDALibrarySamples' cuSPARSE spsv_csr_example.c
   once translated: a lower triangular CSR matrix marked with
   hipsparseSpMatSetAttribute (fill mode, diagonal type), then SpSV. ROCm's
   hipsparseSpMatSetAttribute takes the value as const void *, cuSPARSE's as
   void *: the wrapper must exist (C calling an undeclared function fails at
   link). Checked on the host: L * x = b with b = L * (1, 2, 3, 4). */
// ROUNDTRIP-LIBS: -lhipsparse
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c -std=c11 -Wall -Werror %s -o %t.o
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc %t.o -o %t -lhipsparse
#include <hip/hip_runtime_api.h>
#include <hipsparse/hipsparse.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK_HIP(call)                                                        \
  do {                                                                         \
    hipError_t status_ = (call);                                               \
    if (status_ != hipSuccess) {                                               \
      fprintf(stderr, "%s failed at %s:%d: %s\n", #call, __FILE__, __LINE__,   \
              hipGetErrorString(status_));                                     \
      return EXIT_FAILURE;                                                     \
    }                                                                          \
  } while (0)
#define CHECK_HIPSPARSE(call)                                                  \
  do {                                                                         \
    hipsparseStatus_t status_ = (call);                                        \
    if (status_ != HIPSPARSE_STATUS_SUCCESS) {                                 \
      fprintf(stderr, "%s failed at %s:%d (status %d)\n", #call, __FILE__,     \
              __LINE__, (int)status_);                                         \
      return EXIT_FAILURE;                                                     \
    }                                                                          \
  } while (0)

int main(void) {
  /* L = [1 0 0 0; 2 3 0 0; 0 4 5 0; 6 0 7 8], x = (1, 2, 3, 4). */
  const int n = 4, nnz = 8;
  int hOffsets[] = {0, 1, 3, 5, 8};
  int hColumns[] = {0, 0, 1, 1, 2, 0, 2, 3};
  float hValues[] = {1, 2, 3, 4, 5, 6, 7, 8};
  float hB[] = {1, 8, 23, 59}, hX[4] = {0}, expected[] = {1, 2, 3, 4};
  const float alpha = 1.0f;
  int *dOffsets, *dColumns;
  float *dValues, *dB, *dX;
  CHECK_HIP(hipMalloc((void **)&dOffsets, (n + 1) * sizeof(int)));
  CHECK_HIP(hipMalloc((void **)&dColumns, nnz * sizeof(int)));
  CHECK_HIP(hipMalloc((void **)&dValues, nnz * sizeof(float)));
  CHECK_HIP(hipMalloc((void **)&dB, n * sizeof(float)));
  CHECK_HIP(hipMalloc((void **)&dX, n * sizeof(float)));
  CHECK_HIP(hipMemcpy(dOffsets, hOffsets, sizeof hOffsets, hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dColumns, hColumns, sizeof hColumns, hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dValues, hValues, sizeof hValues, hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dB, hB, sizeof hB, hipMemcpyHostToDevice));

  hipsparseHandle_t handle = NULL;
  hipsparseSpMatDescr_t matA;
  hipsparseDnVecDescr_t vecB, vecX;
  hipsparseSpSVDescr_t spsv;
  void *buffer = NULL;
  size_t bufferSize = 0;
  CHECK_HIPSPARSE(hipsparseCreate(&handle));
  CHECK_HIPSPARSE(hipsparseCreateCsr(&matA, n, n, nnz, dOffsets, dColumns, dValues,
                                     HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                                     HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  CHECK_HIPSPARSE(hipsparseCreateDnVec(&vecB, n, dB, HIP_R_32F));
  CHECK_HIPSPARSE(hipsparseCreateDnVec(&vecX, n, dX, HIP_R_32F));
  hipsparseFillMode_t fillmode = HIPSPARSE_FILL_MODE_LOWER;
  CHECK_HIPSPARSE(hipsparseSpMatSetAttribute(matA, HIPSPARSE_SPMAT_FILL_MODE, &fillmode,
                                             sizeof(fillmode)));
  hipsparseDiagType_t diagtype = HIPSPARSE_DIAG_TYPE_NON_UNIT;
  CHECK_HIPSPARSE(hipsparseSpMatSetAttribute(matA, HIPSPARSE_SPMAT_DIAG_TYPE, &diagtype,
                                             sizeof(diagtype)));
  CHECK_HIPSPARSE(hipsparseSpSV_createDescr(&spsv));
  CHECK_HIPSPARSE(hipsparseSpSV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                           matA, vecB, vecX, HIP_R_32F,
                                           HIPSPARSE_SPSV_ALG_DEFAULT, spsv, &bufferSize));
  CHECK_HIP(hipMalloc(&buffer, bufferSize ? bufferSize : 1));
  CHECK_HIPSPARSE(hipsparseSpSV_analysis(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                         matA, vecB, vecX, HIP_R_32F,
                                         HIPSPARSE_SPSV_ALG_DEFAULT, spsv, buffer));
  CHECK_HIPSPARSE(hipsparseSpSV_solve(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA,
                                      vecB, vecX, HIP_R_32F, HIPSPARSE_SPSV_ALG_DEFAULT, spsv));
  CHECK_HIP(hipMemcpy(hX, dX, sizeof hX, hipMemcpyDeviceToHost));

  int ok = 1;
  for (int i = 0; i < n; ++i) {
    printf("x[%d] = %g\n", i, hX[i]);
    ok &= fabsf(hX[i] - expected[i]) < 1e-5f;
  }
  CHECK_HIPSPARSE(hipsparseSpSV_destroyDescr(spsv));
  CHECK_HIPSPARSE(hipsparseDestroyDnVec(vecX));
  CHECK_HIPSPARSE(hipsparseDestroyDnVec(vecB));
  CHECK_HIPSPARSE(hipsparseDestroySpMat(matA));
  CHECK_HIPSPARSE(hipsparseDestroy(handle));
  CHECK_HIP(hipFree(buffer));
  CHECK_HIP(hipFree(dOffsets));
  CHECK_HIP(hipFree(dColumns));
  CHECK_HIP(hipFree(dValues));
  CHECK_HIP(hipFree(dB));
  CHECK_HIP(hipFree(dX));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
