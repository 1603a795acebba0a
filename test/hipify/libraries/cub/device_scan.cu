// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|(^|[^p])cub::|(^|[^P])CUB|Cub|<cub}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cub::DeviceScan: inclusive and exclusive prefix sums of an array, named
// through `using namespace cub;`, checked against a host scan.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipcub/device/device_scan.hpp>
#include <cub/device/device_scan.cuh>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace cub;
// HIP: using namespace hipcub;

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 5000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 37) % 11 - 3;
  int *in, *inclusive, *exclusive;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&inclusive, n * sizeof(int)));
  CHECK(cudaMalloc(&exclusive, n * sizeof(int)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  size_t bytes = 0, temp_bytes = 0;
  CHECK(DeviceScan::InclusiveSum(nullptr, bytes, in, inclusive, n));
  temp_bytes = bytes;
  CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, exclusive, n));
  // HIP: hipcub::DeviceScan::ExclusiveSum(nullptr, bytes, in, exclusive, n)
  temp_bytes = bytes > temp_bytes ? bytes : temp_bytes;
  void *temp;
  CHECK(cudaMalloc(&temp, temp_bytes));
  bytes = temp_bytes;
  CHECK(DeviceScan::InclusiveSum(temp, bytes, in, inclusive, n));
  bytes = temp_bytes;
  CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, in, exclusive, n));
  std::vector<int> got_inclusive(n), got_exclusive(n);
  CHECK(cudaMemcpy(got_inclusive.data(), inclusive, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_exclusive.data(), exclusive, n * sizeof(int), cudaMemcpyDeviceToHost));
  int running = 0, bad = 0;
  for (int i = 0; i < n; ++i) {
    bad += got_exclusive[i] != running;
    running += host[i];
    bad += got_inclusive[i] != running;
  }
  printf("%d mismatches in %d inclusive and exclusive sums\n", bad, n);
  CHECK(cudaFree(temp));
  CHECK(cudaFree(in));
  CHECK(cudaFree(inclusive));
  CHECK(cudaFree(exclusive));
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
