// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cufft|CUFFT}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
// --roc writes the same hipFFT program (rocFFT has no API like cuFFT's).
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=ROCWARN
// RUN: diff %t.hip %t.roc.hip
// ROCWARN: warning: no ROCm library has cuFFT's API; --roc writes its HIP names ('cufft.h' -> 'hipfft/hipfft.h')
// ROCWARN-NOT: warning:

// cuFFT (link with -lcufft): a batch of 8 complex-to-complex transforms of 256 points
// in one plan (cufftPlanMany), with an advanced layout: the signals are interleaved
// (stride 8, distance 1) on input and contiguous (stride 1, distance 256) on output,
// executed on a stream. Each transform is checked against a host DFT.
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
#define CHECK_FFT(call)                                                        \
  do {                                                                         \
    if ((call) != CUFFT_SUCCESS) {                                             \
      fprintf(stderr, "FFT error at %s:%d\n", __FILE__, __LINE__);             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 256, batch = 8;
  const double two_pi = 6.283185307179586;
  // HIP: std::vector<hipfftComplex> input(n * batch), output(n * batch);
  std::vector<cufftComplex> input(n * batch), output(n * batch);
  // Signal b, sample j lives at input[j * batch + b].
  for (int b = 0; b < batch; ++b)
    for (int j = 0; j < n; ++j) {
      input[j * batch + b].x = (float)std::cos(two_pi * (b + 1) * j / n) + 0.1f * b;
      input[j * batch + b].y = (float)((j * (b + 3)) % 11) / 11.0f;
    }
  // HIP: hipfftComplex *in, *out;
  cufftComplex *in, *out;
  CHECK_RT(cudaMalloc(&in, n * batch * sizeof(*in)));
  CHECK_RT(cudaMalloc(&out, n * batch * sizeof(*out)));
  CHECK_RT(cudaMemcpy(in, input.data(), n * batch * sizeof(*in), cudaMemcpyHostToDevice));

  int dims[1] = {n}, inembed[1] = {n}, onembed[1] = {n};
  // HIP: hipfftHandle plan;
  // HIP-NEXT: hipStream_t stream;
  // HIP-NEXT: CHECK_RT(hipStreamCreate(&stream));
  // HIP-NEXT: CHECK_FFT(hipfftPlanMany(&plan, 1, dims, inembed, batch, 1, onembed, 1, n,
  // HIP-NEXT: HIPFFT_C2C, batch));
  // HIP-NEXT: CHECK_FFT(hipfftSetStream(plan, stream));
  // HIP-NEXT: CHECK_FFT(hipfftExecC2C(plan, in, out, HIPFFT_FORWARD));
  cufftHandle plan;
  cudaStream_t stream;
  CHECK_RT(cudaStreamCreate(&stream));
  CHECK_FFT(cufftPlanMany(&plan, 1, dims, inembed, batch, 1, onembed, 1, n,
                          CUFFT_C2C, batch));
  CHECK_FFT(cufftSetStream(plan, stream));
  CHECK_FFT(cufftExecC2C(plan, in, out, CUFFT_FORWARD));
  CHECK_RT(cudaStreamSynchronize(stream));
  CHECK_RT(cudaMemcpy(output.data(), out, n * batch * sizeof(*out), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < n; ++k) {
      double re = 0, im = 0;
      for (int j = 0; j < n; ++j) {
        double angle = -two_pi * (double)(j * k % n) / n;
        const auto &v = input[j * batch + b];
        re += v.x * std::cos(angle) - v.y * std::sin(angle);
        im += v.x * std::sin(angle) + v.y * std::cos(angle);
      }
      const auto &got = output[b * n + k];
      if (std::fabs(got.x - re) > 1e-3 * (1 + std::fabs(re)) ||
          std::fabs(got.y - im) > 1e-3 * (1 + std::fabs(im)))
        ++bad;
    }
  CHECK_FFT(cufftDestroy(plan));
  CHECK_RT(cudaStreamDestroy(stream));
  CHECK_RT(cudaFree(in));
  CHECK_RT(cudaFree(out));
  printf("batched C2C %d x %d (PlanMany): %s (%d mismatches)\n", batch, n, bad ? "FAILED" : "PASSED",
         bad);
  return bad ? 1 : 0;
}
