// hipFFT on NVIDIA (cuFFT under HIP's names): a 1-D complex transform forward
// and back on a stream, a real-to-complex 2-D transform; checked on the host.
// ROUNDTRIP-LIBS: -lhipfft
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhipfft
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#include <cmath>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define FFT(call) CHECK(call, HIPFFT_SUCCESS)

int main() {
  const int n = 64;
  int bad = 0;
  std::vector<hipfftComplex> x(n);
  for (int i = 0; i < n; ++i) x[i] = make_hipFloatComplex(std::cos(0.3f * i), 0.25f * (i % 5));
  hipfftComplex *d;
  RT(hipMalloc(&d, n * sizeof(hipfftComplex)));
  RT(hipMemcpy(d, x.data(), n * sizeof(hipfftComplex), hipMemcpyHostToDevice));
  hipStream_t stream;
  RT(hipStreamCreate(&stream));
  hipfftHandle plan;
  FFT(hipfftPlan1d(&plan, n, HIPFFT_C2C, 1));
  FFT(hipfftSetStream(plan, stream));
  FFT(hipfftExecC2C(plan, d, d, HIPFFT_FORWARD));
  std::vector<hipfftComplex> y(n);
  RT(hipMemcpy(y.data(), d, n * sizeof(hipfftComplex), hipMemcpyDeviceToHost));
  // Bin 0 is the sum.
  float re = 0, im = 0;
  for (int i = 0; i < n; ++i) re += x[i].x, im += x[i].y;
  bad += std::fabs(y[0].x - re) > 1e-3f || std::fabs(y[0].y - im) > 1e-3f;
  FFT(hipfftExecC2C(plan, d, d, HIPFFT_BACKWARD));
  RT(hipMemcpy(y.data(), d, n * sizeof(hipfftComplex), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    bad += std::fabs(y[i].x / n - x[i].x) > 1e-4f || std::fabs(y[i].y / n - x[i].y) > 1e-4f;
  FFT(hipfftDestroy(plan));

  // 2-D real-to-complex: a constant image has one non-zero bin.
  const int rows = 8, cols = 16;
  std::vector<hipfftReal> r(rows * cols, 2.0f);
  hipfftReal *dr;
  hipfftComplex *dc;
  RT(hipMalloc(&dr, r.size() * sizeof(hipfftReal)));
  RT(hipMalloc(&dc, rows * (cols / 2 + 1) * sizeof(hipfftComplex)));
  RT(hipMemcpy(dr, r.data(), r.size() * sizeof(hipfftReal), hipMemcpyHostToDevice));
  FFT(hipfftPlan2d(&plan, rows, cols, HIPFFT_R2C));
  FFT(hipfftExecR2C(plan, dr, dc));
  std::vector<hipfftComplex> z(rows * (cols / 2 + 1));
  RT(hipMemcpy(z.data(), dc, z.size() * sizeof(hipfftComplex), hipMemcpyDeviceToHost));
  bad += std::fabs(z[0].x - 2.0f * rows * cols) > 1e-3f;
  for (size_t i = 1; i < z.size(); ++i) bad += std::fabs(z[i].x) > 1e-3f || std::fabs(z[i].y) > 1e-3f;
  FFT(hipfftDestroy(plan));
  int version = 0;
  FFT(hipfftGetVersion(&version));
  bad += version <= 0;
  RT(hipStreamDestroy(stream));
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
