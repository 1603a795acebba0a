// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|(^|[^p])cub::|(^|[^P])CUB|Cub|<cub}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// cub::DeviceRadixSort: key-value pairs sorted by key (a stable sort), named
// through a using-declaration, and keys sorted in descending order through a
// cub::DoubleBuffer, on a stream; checked against std::stable_sort.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

using cub::DeviceRadixSort;
// HIP: using hipcub::DeviceRadixSort;

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main() {
  const int n = 20000;
  std::vector<unsigned> keys(n);
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (i * 2654435761u) % 977;
    values[i] = i;
  }
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  unsigned *keys_in, *keys_out, *alt;
  int *values_in, *values_out;
  CHECK(cudaMalloc(&keys_in, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&keys_out, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&alt, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&values_in, n * sizeof(int)));
  CHECK(cudaMalloc(&values_out, n * sizeof(int)));
  CHECK(cudaMemcpy(keys_in, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(values_in, values.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(alt, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  size_t bytes = 0, temp_bytes = 0;
  CHECK(DeviceRadixSort::SortPairs(nullptr, bytes, keys_in, keys_out, values_in, values_out,
                                   n, 0, 32, stream));
  temp_bytes = bytes;
  unsigned *alt_out;
  CHECK(cudaMalloc(&alt_out, n * sizeof(unsigned)));
  cub::DoubleBuffer<unsigned> buffer(alt, alt_out);
  // HIP: hipcub::DoubleBuffer<unsigned> buffer(alt, alt_out);
  CHECK(cub::DeviceRadixSort::SortKeysDescending(nullptr, bytes, buffer, n, 0, 32, stream));
  // HIP: hipcub::DeviceRadixSort::SortKeysDescending(nullptr, bytes, buffer, n, 0, 32, stream)
  temp_bytes = bytes > temp_bytes ? bytes : temp_bytes;
  void *temp;
  CHECK(cudaMalloc(&temp, temp_bytes));
  bytes = temp_bytes;
  CHECK(DeviceRadixSort::SortPairs(temp, bytes, keys_in, keys_out, values_in, values_out, n,
                                   0, 32, stream));
  bytes = temp_bytes;
  CHECK(cub::DeviceRadixSort::SortKeysDescending(temp, bytes, buffer, n, 0, 32, stream));
  CHECK(cudaStreamSynchronize(stream));

  std::vector<unsigned> got_keys(n), got_descending(n);
  std::vector<int> got_values(n);
  CHECK(cudaMemcpy(got_keys.data(), keys_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_values.data(), values_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_descending.data(), buffer.Current(), n * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  std::vector<std::pair<unsigned, int>> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = {keys[i], values[i]};
  std::stable_sort(want.begin(), want.end(),
                   [](const std::pair<unsigned, int> &a, const std::pair<unsigned, int> &b) {
                     return a.first < b.first;
                   });
  std::vector<unsigned> want_descending(keys);
  std::sort(want_descending.begin(), want_descending.end(),
            [](unsigned a, unsigned b) { return a > b; });
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got_keys[i] != want[i].first || got_values[i] != want[i].second ||
           got_descending[i] != want_descending[i];
  printf("%d mismatches in %d sorted pairs and keys\n", bad, n);
  CHECK(cudaFree(temp));
  CHECK(cudaFree(keys_in));
  CHECK(cudaFree(keys_out));
  CHECK(cudaFree(alt));
  CHECK(cudaFree(alt_out));
  CHECK(cudaFree(values_in));
  CHECK(cudaFree(values_out));
  CHECK(cudaStreamDestroy(stream));
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
