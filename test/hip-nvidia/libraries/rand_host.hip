// hipRAND's host API on NVIDIA (cuRAND under HIP's names): pseudo- and
// quasi-random generators, uniform, normal and Poisson numbers on a stream;
// the moments are checked on the host.
// ROUNDTRIP-LIBS: -lhiprand
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhiprand
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <cmath>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)
#define RAND(call) CHECK(call, HIPRAND_STATUS_SUCCESS)

static double mean(const std::vector<float> &v) {
  double s = 0;
  for (float x : v) s += x;
  return s / v.size();
}

int main() {
  const size_t n = 1 << 20;
  int bad = 0;
  float *d;
  unsigned int *u;
  RT(hipMalloc(&d, n * sizeof(float)));
  RT(hipMalloc(&u, n * sizeof(unsigned int)));
  std::vector<float> h(n);
  hipStream_t stream;
  RT(hipStreamCreate(&stream));
  for (hiprandRngType_t type : {HIPRAND_RNG_PSEUDO_DEFAULT, HIPRAND_RNG_PSEUDO_PHILOX4_32_10,
                                HIPRAND_RNG_PSEUDO_MRG32K3A, HIPRAND_RNG_QUASI_SOBOL32}) {
    hiprandGenerator_t gen;
    RAND(hiprandCreateGenerator(&gen, type));
    RAND(hiprandSetStream(gen, stream));
    if (type != HIPRAND_RNG_QUASI_SOBOL32)
      RAND(hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
    RAND(hiprandGenerateUniform(gen, d, n));
    RT(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
    for (float x : h) bad += !(x > 0.0f && x <= 1.0f);
    bad += std::fabs(mean(h) - 0.5) > 0.01;
    RAND(hiprandGenerateNormal(gen, d, n, 3.0f, 2.0f));
    RT(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
    bad += std::fabs(mean(h) - 3.0) > 0.02;
    RAND(hiprandDestroyGenerator(gen));
  }
  hiprandGenerator_t gen;
  RAND(hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_XORWOW));
  RAND(hiprandGeneratePoisson(gen, u, n, 4.0));
  std::vector<unsigned int> p(n);
  RT(hipMemcpy(p.data(), u, n * sizeof(unsigned int), hipMemcpyDeviceToHost));
  double s = 0;
  for (unsigned int x : p) s += x;
  bad += std::fabs(s / n - 4.0) > 0.02;
  RAND(hiprandDestroyGenerator(gen));
  int version = 0;
  RAND(hiprandGetVersion(&version));
  bad += version <= 0;
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
