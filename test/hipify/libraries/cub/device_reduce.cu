// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|(^|[^p])cub::|(^|[^P])CUB|Cub|<cub}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cub::DeviceReduce: the sum, the maximum with a user functor, and the arg-min
// (a cub::KeyValuePair) of an array, each with its temporary-storage query,
// checked against a host loop. The namespace is named through an alias too.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cb = cub;
// HIP: namespace cb = hipcub;

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

struct MaxOp {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

int main() {
  const int n = 10000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 7919) % 1000 - 500;
  host[4321] = -777;
  int *in, *sum, *max;
  cub::KeyValuePair<int, int> *argmin;
  // HIP: hipcub::KeyValuePair<int, int> *argmin;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&sum, sizeof(int)));
  CHECK(cudaMalloc(&max, sizeof(int)));
  CHECK(cudaMalloc(&argmin, sizeof(*argmin)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  void *temp = nullptr;
  size_t temp_bytes = 0, bytes = 0;
  CHECK(cub::DeviceReduce::Sum(nullptr, bytes, in, sum, n));
  // HIP: hipcub::DeviceReduce::Sum(nullptr, bytes, in, sum, n)
  temp_bytes = bytes;
  CHECK(cb::DeviceReduce::Reduce(nullptr, bytes, in, max, n, MaxOp(), -1000000));
  // HIP: cb::DeviceReduce::Reduce(nullptr, bytes, in, max, n, MaxOp(), -1000000)
  temp_bytes = bytes > temp_bytes ? bytes : temp_bytes;
  CHECK(cub::DeviceReduce::ArgMin(nullptr, bytes, in, argmin, n));
  // HIP: hipcub::DeviceReduce::ArgMin(nullptr, bytes, in, argmin, n)
  temp_bytes = bytes > temp_bytes ? bytes : temp_bytes;
  CHECK(cudaMalloc(&temp, temp_bytes));
  bytes = temp_bytes;
  CHECK(cub::DeviceReduce::Sum(temp, bytes, in, sum, n));
  bytes = temp_bytes;
  CHECK(cb::DeviceReduce::Reduce(temp, bytes, in, max, n, MaxOp(), -1000000));
  bytes = temp_bytes;
  CHECK(cub::DeviceReduce::ArgMin(temp, bytes, in, argmin, n));

  int got_sum, got_max;
  cub::KeyValuePair<int, int> got_argmin;
  CHECK(cudaMemcpy(&got_sum, sum, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&got_max, max, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&got_argmin, argmin, sizeof(got_argmin), cudaMemcpyDeviceToHost));

  long long want_sum = 0;
  int want_max = host[0], want_min_at = 0;
  for (int i = 0; i < n; ++i) {
    want_sum += host[i];
    want_max = host[i] > want_max ? host[i] : want_max;
    if (host[i] < host[want_min_at])
      want_min_at = i;
  }
  bool ok = got_sum == want_sum && got_max == want_max &&
            got_argmin.key == want_min_at && got_argmin.value == host[want_min_at];
  printf("sum %d (want %lld), max %d (want %d), argmin %d:%d (want %d:%d)\n", got_sum,
         want_sum, got_max, want_max, got_argmin.key, got_argmin.value, want_min_at,
         host[want_min_at]);
  CHECK(cudaFree(temp));
  CHECK(cudaFree(in));
  CHECK(cudaFree(sum));
  CHECK(cudaFree(max));
  CHECK(cudaFree(argmin));
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
