// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|curand|CURAND}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.roc.hip | FileCheck %s --check-prefix=ROC --implicit-check-not='{{cuda|curand|CURAND|hiprand|HIPRAND}}'
// RUN: %hipcc -c %t.roc.hip -o %t.roc.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cuRAND's device API (header-only: no -lcurand needed): every thread seeds its own
// XORWOW state (one subsequence per thread), draws points in the unit square and
// counts those inside the quarter circle; pi is estimated from the counts.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hiprand/hiprand_kernel.h>
// ROC: #include <hip/hip_runtime.h>
// ROC: #include <rocrand/rocrand_kernel.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "runtime error at %s:%d\n", __FILE__, __LINE__);         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// HIP: __global__ void setup(hiprandState *states, unsigned long long seed) {
// HIP-NEXT: int id = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT: hiprand_init(seed, id, 0, &states[id]);
// ROC: __global__ void setup(rocrand_state_xorwow *states, unsigned long long seed) {
// ROC-NEXT: int id = blockIdx.x * blockDim.x + threadIdx.x;
// ROC-NEXT: rocrand_init(seed, id, 0, &states[id]);
__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

// HIP: __global__ void count_hits(hiprandState *states, int samples, unsigned long long *hits) {
// HIP-NEXT: int id = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT: hiprandState local = states[id];
// HIP: float x = hiprand_uniform(&local);
// HIP-NEXT: float y = hiprand_uniform(&local);
// ROC: __global__ void count_hits(rocrand_state_xorwow *states, int samples, unsigned long long *hits) {
// ROC-NEXT: int id = blockIdx.x * blockDim.x + threadIdx.x;
// ROC-NEXT: rocrand_state_xorwow local = states[id];
// ROC: float x = rocrand_uniform(&local);
// ROC-NEXT: float y = rocrand_uniform(&local);
__global__ void count_hits(curandState *states, int samples, unsigned long long *hits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned long long inside = 0;
  for (int i = 0; i < samples; ++i) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f) ++inside;
  }
  states[id] = local;
  atomicAdd(hits, inside);
}

int main() {
  const int blocks = 128, threads = 256, samples = 1024;
  const int n = blocks * threads;
  // HIP: hiprandState *states;
  // ROC: rocrand_state_xorwow *states;
  curandState *states;
  unsigned long long *hits, host_hits = 0;
  CHECK_RT(cudaMalloc(&states, n * sizeof(*states)));
  CHECK_RT(cudaMalloc(&hits, sizeof(*hits)));
  CHECK_RT(cudaMemset(hits, 0, sizeof(*hits)));
  setup<<<blocks, threads>>>(states, 20240601ULL);
  CHECK_RT(cudaGetLastError());
  count_hits<<<blocks, threads>>>(states, samples, hits);
  CHECK_RT(cudaGetLastError());
  CHECK_RT(cudaMemcpy(&host_hits, hits, sizeof(host_hits), cudaMemcpyDeviceToHost));
  CHECK_RT(cudaFree(states));
  CHECK_RT(cudaFree(hits));

  // 2^25 points: the estimate's standard error is about 3e-4.
  double pi = 4.0 * (double)host_hits / ((double)n * samples);
  bool ok = std::fabs(pi - 3.14159265358979) < 5e-3;
  printf("monte carlo pi: %.6f: %s\n", pi, ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
