// hipRAND's device API on NVIDIA (curand_kernel.h under HIP's names):
// hiprand_init, hiprand_uniform, hiprand_normal and hiprand on XORWOW
// (hiprandState_t) and Philox states in a kernel; moments checked on the host.
// ROUNDTRIP-LIBS: -lhiprand
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc --offload-arch=sm_90 -Wall -Werror %s -o %t -lhiprand
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>
#include <cmath>
#include <vector>
#include "common.h"

#define RT(call) CHECK(call, hipSuccess)

template <class State>
__global__ void draw(unsigned long long seed, int per, float *uniform, float *normal,
                     unsigned int *bits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  State state;
  hiprand_init(seed, id, 0, &state);
  float su = 0, sn = 0;
  unsigned int b = 0;
  for (int i = 0; i < per; ++i) {
    su += hiprand_uniform(&state);
    sn += hiprand_normal(&state);
    b ^= hiprand(&state);
  }
  uniform[id] = su / per;
  normal[id] = sn / per;
  bits[id] = b;
}

template <class State> int check(const char *name) {
  const int threads = 4096, per = 256;
  float *u, *nrm;
  unsigned int *b;
  RT(hipMalloc(&u, threads * sizeof(float)));
  RT(hipMalloc(&nrm, threads * sizeof(float)));
  RT(hipMalloc(&b, threads * sizeof(unsigned int)));
  hipLaunchKernelGGL(draw<State>, dim3(threads / 128), dim3(128), 0, 0, 42ULL, per, u, nrm, b);
  RT(hipGetLastError());
  std::vector<float> hu(threads), hn(threads);
  std::vector<unsigned int> hb(threads);
  RT(hipMemcpy(hu.data(), u, threads * sizeof(float), hipMemcpyDeviceToHost));
  RT(hipMemcpy(hn.data(), nrm, threads * sizeof(float), hipMemcpyDeviceToHost));
  RT(hipMemcpy(hb.data(), b, threads * sizeof(unsigned int), hipMemcpyDeviceToHost));
  double mu = 0, mn = 0;
  int zero = 0;
  for (int i = 0; i < threads; ++i) mu += hu[i], mn += hn[i], zero += hb[i] == 0;
  mu /= threads, mn /= threads;
  int bad = std::fabs(mu - 0.5) > 0.01 || std::fabs(mn) > 0.02 || zero > 4;
  printf("%s: uniform mean %.2f, normal mean %.2f\n", name, mu, std::fabs(mn) < 0.005 ? 0.0 : mn);
  return bad;
}

int main() {
  int bad = check<hiprandState_t>("xorwow") + check<hiprandStatePhilox4_32_10_t>("philox") +
            check<hiprandStateMRG32k3a_t>("mrg32k3a");
  printf("%s: %d wrong values\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
