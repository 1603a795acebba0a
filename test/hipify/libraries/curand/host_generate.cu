// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|curand|CURAND}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|curand|CURAND|hiprand|HIPRAND}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cuRAND's host API (link with -lcurand): a seeded pseudo-random generator bound to a
// stream fills device memory with uniform floats in (0, 1] and with normal floats of a
// given mean and standard deviation; the sample moments are checked on the host.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hiprand/hiprand.h>
// ROC: #include <hip/hip_runtime.h>
// ROC: #include <rocrand/rocrand.h>
#include <cuda_runtime.h>
#include <curand.h>
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
// HIP: #define CHECK_RAND(call)
// HIP-NEXT: do {
// HIP-NEXT: hiprandStatus_t s = (call);
// HIP-NEXT: if (s != HIPRAND_STATUS_SUCCESS) {
// ROC: rocrand_status s = (call);
// ROC-NEXT: if (s != ROCRAND_STATUS_SUCCESS) {
#define CHECK_RAND(call)                                                       \
  do {                                                                         \
    curandStatus_t s = (call);                                                 \
    if (s != CURAND_STATUS_SUCCESS) {                                          \
      fprintf(stderr, "RAND error %d at %s:%d\n", (int)s, __FILE__, __LINE__); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// The sample mean and variance of v.
static void moments(const std::vector<float> &v, double &mean, double &variance) {
  double sum = 0, sum2 = 0;
  for (float x : v) {
    sum += x;
    sum2 += (double)x * x;
  }
  mean = sum / v.size();
  variance = sum2 / v.size() - mean * mean;
}

int main() {
  const size_t n = 1 << 20; // even: pseudo-random normal generation needs pairs
  const float mu = 2.0f, sigma = 3.0f;
  float *d;
  CHECK_RT(cudaMalloc(&d, n * sizeof(float)));
  std::vector<float> h(n);

  // HIP: hiprandGenerator_t gen;
  // HIP-NEXT: hipStream_t stream;
  // HIP-NEXT: CHECK_RT(hipStreamCreate(&stream));
  // HIP-NEXT: CHECK_RAND(hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT));
  // HIP-NEXT: CHECK_RAND(hiprandSetStream(gen, stream));
  // HIP-NEXT: CHECK_RAND(hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  // HIP-NEXT: CHECK_RAND(hiprandGenerateUniform(gen, d, n));
  // ROC: rocrand_generator gen;
  // ROC-NEXT: hipStream_t stream;
  // ROC-NEXT: CHECK_RT(hipStreamCreate(&stream));
  // ROC-NEXT: CHECK_RAND(rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_DEFAULT));
  // ROC-NEXT: CHECK_RAND(rocrand_set_stream(gen, stream));
  // ROC-NEXT: CHECK_RAND(rocrand_set_seed(gen, 1234ULL));
  // ROC-NEXT: CHECK_RAND(rocrand_generate_uniform(gen, d, n));
  curandGenerator_t gen;
  cudaStream_t stream;
  CHECK_RT(cudaStreamCreate(&stream));
  CHECK_RAND(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK_RAND(curandSetStream(gen, stream));
  CHECK_RAND(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CHECK_RAND(curandGenerateUniform(gen, d, n));
  CHECK_RT(cudaStreamSynchronize(stream));
  CHECK_RT(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (float x : h)
    if (!(x > 0.0f && x <= 1.0f)) ++bad;
  double mean, variance;
  moments(h, mean, variance);
  // Uniform on (0, 1]: mean 1/2, variance 1/12; with 2^20 samples the standard
  // error of the mean is about 3e-4.
  if (std::fabs(mean - 0.5) > 5e-3 || std::fabs(variance - 1.0 / 12) > 5e-3) ++bad;
  printf("uniform: mean %.5f variance %.5f\n", mean, variance);

  // HIP: CHECK_RAND(hiprandGenerateNormal(gen, d, n, mu, sigma));
  // ROC: CHECK_RAND(rocrand_generate_normal(gen, d, n, mu, sigma));
  CHECK_RAND(curandGenerateNormal(gen, d, n, mu, sigma));
  CHECK_RT(cudaStreamSynchronize(stream));
  CHECK_RT(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  moments(h, mean, variance);
  if (std::fabs(mean - mu) > 0.02 || std::fabs(variance - sigma * sigma) > 0.1) ++bad;
  printf("normal: mean %.5f variance %.5f\n", mean, variance);

  // HIP: CHECK_RAND(hiprandDestroyGenerator(gen));
  // ROC: CHECK_RAND(rocrand_destroy_generator(gen));
  CHECK_RAND(curandDestroyGenerator(gen));
  CHECK_RT(cudaStreamDestroy(stream));
  CHECK_RT(cudaFree(d));
  printf("host generation: %s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
