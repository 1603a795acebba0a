// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cufft|CUFFT}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
//
// rocFFT has no API like cuFFT's: --roc writes the same hipFFT program, saying so once.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN
// RUN: diff %t.hip %t.roc.hip
// ROCWARN: c2c_1d.cu:[[@LINE+9]]:11: warning: no ROCm library has cuFFT's API; --roc writes its HIP names ('cufft.h' -> 'hipfft/hipfft.h')
// ROCWARN-NOT: warning:

// cuFFT (link with -lcufft): a 1D complex-to-complex transform of 1000 points (not a
// power of two), forward then inverse in place; cuFFT does not normalize, so the round
// trip returns N times the input. The forward result is checked against a host DFT.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipfft/hipfft.h>
#include <cuda_runtime.h>
#include <cufft.h>
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
// HIP: #define CHECK_FFT(call)
// HIP-NEXT: do {
// HIP-NEXT: hipfftResult r = (call);
// HIP-NEXT: if (r != HIPFFT_SUCCESS) {
#define CHECK_FFT(call)                                                        \
  do {                                                                         \
    cufftResult r = (call);                                                    \
    if (r != CUFFT_SUCCESS) {                                                  \
      fprintf(stderr, "FFT error %d at %s:%d\n", (int)r, __FILE__, __LINE__);  \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 1000;
  const double two_pi = 6.283185307179586;
  // HIP: std::vector<hipfftComplex> input(n), output(n);
  std::vector<cufftComplex> input(n), output(n);
  for (int i = 0; i < n; ++i) {
    input[i].x = (float)std::cos(0.01 * i) + (float)(i % 7) / 7.0f;
    input[i].y = (float)std::sin(0.03 * i);
  }
  // HIP: hipfftComplex *data;
  cufftComplex *data;
  CHECK_RT(cudaMalloc(&data, n * sizeof(*data)));
  CHECK_RT(cudaMemcpy(data, input.data(), n * sizeof(*data), cudaMemcpyHostToDevice));

  // HIP: hipfftHandle plan;
  // HIP-NEXT: CHECK_FFT(hipfftPlan1d(&plan, n, HIPFFT_C2C, 1));
  // HIP-NEXT: CHECK_FFT(hipfftExecC2C(plan, data, data, HIPFFT_FORWARD));
  cufftHandle plan;
  CHECK_FFT(cufftPlan1d(&plan, n, CUFFT_C2C, 1));
  CHECK_FFT(cufftExecC2C(plan, data, data, CUFFT_FORWARD));
  CHECK_RT(cudaMemcpy(output.data(), data, n * sizeof(*data), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int k = 0; k < n; ++k) {
    double re = 0, im = 0;
    for (int j = 0; j < n; ++j) {
      double angle = -two_pi * (double)((long long)j * k % n) / n;
      re += input[j].x * std::cos(angle) - input[j].y * std::sin(angle);
      im += input[j].x * std::sin(angle) + input[j].y * std::cos(angle);
    }
    if (std::fabs(output[k].x - re) > 1e-2 * (1 + std::fabs(re)) ||
        std::fabs(output[k].y - im) > 1e-2 * (1 + std::fabs(im)))
      ++bad;
  }

  // HIP: CHECK_FFT(hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD));
  CHECK_FFT(cufftExecC2C(plan, data, data, CUFFT_INVERSE));
  CHECK_RT(cudaMemcpy(output.data(), data, n * sizeof(*data), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (std::fabs(output[i].x / n - input[i].x) > 1e-4f ||
        std::fabs(output[i].y / n - input[i].y) > 1e-4f)
      ++bad;
  // HIP: CHECK_FFT(hipfftDestroy(plan));
  CHECK_FFT(cufftDestroy(plan));
  CHECK_RT(cudaFree(data));
  printf("1D C2C n=%d forward + inverse: %s (%d mismatches)\n", n, bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
