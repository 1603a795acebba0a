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

// cuFFT (link with -lcufft): a 2D real-to-complex transform of a 64 x 48 grid and the
// complex-to-real transform back, out of place, with plans made in two steps
// (cufftCreate + cufftMakePlan2d, which reports the work area size). The R2C output
// holds 64 x (48/2 + 1) coefficients; its DC term is the sum of the input. The round
// trip returns nx * ny times the input.
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
  const int nx = 64, ny = 48, nyc = ny / 2 + 1;
  // HIP: std::vector<hipfftReal> input(nx * ny), output(nx * ny);
  // HIP-NEXT: std::vector<hipfftComplex> spectrum(nx * nyc);
  std::vector<cufftReal> input(nx * ny), output(nx * ny);
  std::vector<cufftComplex> spectrum(nx * nyc);
  double sum = 0;
  for (int i = 0; i < nx * ny; ++i) {
    input[i] = (float)std::sin(0.05 * i) + (float)((i * 13) % 17) / 17.0f;
    sum += input[i];
  }
  // HIP: hipfftReal *real;
  // HIP-NEXT: hipfftComplex *complex_data;
  cufftReal *real;
  cufftComplex *complex_data;
  CHECK_RT(cudaMalloc(&real, nx * ny * sizeof(*real)));
  CHECK_RT(cudaMalloc(&complex_data, nx * nyc * sizeof(*complex_data)));
  CHECK_RT(cudaMemcpy(real, input.data(), nx * ny * sizeof(*real), cudaMemcpyHostToDevice));

  // HIP: hipfftHandle forward, inverse;
  // HIP-NEXT: size_t work_forward = 0, work_inverse = 0;
  // HIP-NEXT: CHECK_FFT(hipfftCreate(&forward));
  // HIP-NEXT: CHECK_FFT(hipfftCreate(&inverse));
  // HIP-NEXT: CHECK_FFT(hipfftMakePlan2d(forward, nx, ny, HIPFFT_R2C, &work_forward));
  // HIP-NEXT: CHECK_FFT(hipfftMakePlan2d(inverse, nx, ny, HIPFFT_C2R, &work_inverse));
  // HIP-NEXT: CHECK_FFT(hipfftExecR2C(forward, real, complex_data));
  cufftHandle forward, inverse;
  size_t work_forward = 0, work_inverse = 0;
  CHECK_FFT(cufftCreate(&forward));
  CHECK_FFT(cufftCreate(&inverse));
  CHECK_FFT(cufftMakePlan2d(forward, nx, ny, CUFFT_R2C, &work_forward));
  CHECK_FFT(cufftMakePlan2d(inverse, nx, ny, CUFFT_C2R, &work_inverse));
  CHECK_FFT(cufftExecR2C(forward, real, complex_data));
  CHECK_RT(cudaMemcpy(spectrum.data(), complex_data, nx * nyc * sizeof(*complex_data),
                      cudaMemcpyDeviceToHost));
  int bad = 0;
  if (std::fabs(spectrum[0].x - sum) > 1e-3 * std::fabs(sum) || std::fabs(spectrum[0].y) > 1e-2)
    ++bad;

  // HIP: CHECK_FFT(hipfftExecC2R(inverse, complex_data, real));
  CHECK_FFT(cufftExecC2R(inverse, complex_data, real));
  CHECK_RT(cudaMemcpy(output.data(), real, nx * ny * sizeof(*real), cudaMemcpyDeviceToHost));
  for (int i = 0; i < nx * ny; ++i)
    if (std::fabs(output[i] / (nx * ny) - input[i]) > 1e-4f) ++bad;
  CHECK_FFT(cufftDestroy(forward));
  CHECK_FFT(cufftDestroy(inverse));
  CHECK_RT(cudaFree(real));
  CHECK_RT(cudaFree(complex_data));
  printf("2D R2C/C2R %dx%d round trip: %s (%d mismatches)\n", nx, ny, bad ? "FAILED" : "PASSED",
         bad);
  return bad ? 1 : 0;
}
