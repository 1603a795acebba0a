// hipBLAS on NVIDIA (cuBLAS under HIP's names): handle and stream, SGEMM,
// HGEMM on __half (HIPBLAS_USE_HIP_HALF), CGEMM on hipComplex and GemmEx with
// hipDataType (HIPBLAS_V2), dot and nrm2 with results on the host, batched
// DGEMM through device arrays of pointers; checked on the host.
// ROUNDTRIP-LIBS: -lhipblas
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhipblas
#define HIPBLAS_V2
#define HIPBLAS_USE_HIP_HALF
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cmath>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define BLAS(call) CHECK(call, HIPBLAS_STATUS_SUCCESS)

template <class T> T *upload(const std::vector<T> &h) {
  T *d;
  RT(hipMalloc(&d, h.size() * sizeof(T)));
  RT(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}
template <class T> std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  RT(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

int main() {
  const int n = 8;
  hipblasHandle_t handle;
  hipStream_t stream;
  BLAS(hipblasCreate(&handle));
  RT(hipStreamCreate(&stream));
  BLAS(hipblasSetStream(handle, stream));
  BLAS(hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST));
  int bad = 0;

  // C = A * B, A(i,j) = i + j, B = identity: C = A.
  std::vector<float> a(n * n), b(n * n, 0.0f), c(n * n, 0.0f);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) a[i + j * n] = float(i + j), b[i + j * n] = i == j;
  float *dA = upload(a), *dB = upload(b), *dC = upload(c);
  const float one = 1.0f, zero = 0.0f;
  BLAS(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, dA, n, dB, n, &zero, dC, n));
  c = download(dC, n * n);
  for (int i = 0; i < n * n; ++i) bad += c[i] != a[i];

  // The same through GemmEx with HIP's data and compute types.
  RT(hipMemset(dC, 0, n * n * sizeof(float)));
  BLAS(hipblasGemmEx(handle, HIPBLAS_OP_T, HIPBLAS_OP_N, n, n, n, &one, dA, HIP_R_32F, n, dB,
                     HIP_R_32F, n, &zero, dC, HIP_R_32F, n, HIPBLAS_COMPUTE_32F,
                     HIPBLAS_GEMM_DEFAULT));
  c = download(dC, n * n);
  for (int i = 0; i < n * n; ++i) bad += c[i] != a[i]; // A is symmetric

  // dot and nrm2: results on the host.
  float dot = 0, nrm = 0;
  BLAS(hipblasSdot(handle, n, dA, 1, dA, 1, &dot));
  BLAS(hipblasSnrm2(handle, n, dA, 1, &nrm));
  bad += dot != 140.0f || std::fabs(nrm - std::sqrt(140.0f)) > 1e-5f;

  // HGEMM on __half.
  std::vector<__half> ha(n * n), hb(n * n);
  for (int i = 0; i < n * n; ++i) ha[i] = __float2half(a[i]), hb[i] = __float2half(b[i]);
  __half *dHA = upload(ha), *dHB = upload(hb), *dHC = upload(ha);
  __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
  BLAS(hipblasHgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &hone, dHA, n, dHB, n, &hzero,
                    dHC, n));
  std::vector<__half> hc = download(dHC, n * n);
  for (int i = 0; i < n * n; ++i) bad += __half2float(hc[i]) != a[i];

  // CGEMM: (1+i) * A * I.
  std::vector<hipComplex> ca(n * n), cb(n * n);
  for (int i = 0; i < n * n; ++i) ca[i] = make_hipFloatComplex(a[i], 0), cb[i] = make_hipFloatComplex(b[i], 0);
  hipComplex *dCA = upload(ca), *dCB = upload(cb), *dCC = upload(ca);
  hipComplex alpha = make_hipFloatComplex(1, 1), czero = make_hipFloatComplex(0, 0);
  BLAS(hipblasCgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &alpha, dCA, n, dCB, n, &czero,
                    dCC, n));
  std::vector<hipComplex> cc = download(dCC, n * n);
  for (int i = 0; i < n * n; ++i)
    bad += hipCrealf(cc[i]) != a[i] || hipCimagf(cc[i]) != a[i];

  // Batched DGEMM: two products, pointers in device memory.
  std::vector<double> da(a.begin(), a.end()), db(b.begin(), b.end());
  double *p[6];
  for (int k = 0; k < 2; ++k) p[k] = upload(da), p[2 + k] = upload(db), p[4 + k] = upload(db);
  double **dp = upload(std::vector<double *>(p, p + 6));
  const double dOne = 1, dZero = 0;
  BLAS(hipblasDgemmBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &dOne, dp, n, dp + 2, n,
                           &dZero, dp + 4, n, 2));
  for (int k = 0; k < 2; ++k) {
    std::vector<double> r = download(p[4 + k], n * n);
    for (int i = 0; i < n * n; ++i) bad += r[i] != a[i];
  }

  BLAS(hipblasDestroy(handle));
  RT(hipStreamDestroy(stream));
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
