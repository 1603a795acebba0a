// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|CUDA|(^|[^p])cub}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}

// Thrust's sort, reduce, transform and copy_if on a stream with
// thrust::cuda::par.on(stream) (and the thrust::system::cuda spelling),
// checked against the host. rocThrust keeps Thrust's names: only the CUDA
// system changes (thrust::cuda -> thrust::hip, thrust/system/cuda/... ->
// thrust/system/hip/..., THRUST_DEVICE_SYSTEM_CUDA -> THRUST_DEVICE_SYSTEM_HIP).
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <thrust/system/hip/execution_policy.h>
#include <cuda_runtime.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/transform.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
// HIP: #if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_HIP
#error "the device system is the GPU's"
#endif

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "error at %s:%d\n", __FILE__, __LINE__);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

struct Square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

int main() {
  const int n = 100000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 7919) % 20011 - 10000;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  auto policy = thrust::cuda::par.on(stream);
  // HIP: auto policy = thrust::hip::par.on(stream);

  thrust::device_vector<int> data(host.begin(), host.end());
  thrust::sort(policy, data.begin(), data.end());
  long long sum = thrust::reduce(thrust::system::cuda::par.on(stream), data.begin(), data.end(),
                                 0LL, thrust::plus<long long>());
  // HIP: thrust::reduce(thrust::system::hip::par.on(stream), data.begin(), data.end(),
  thrust::device_vector<int> squares(n);
  thrust::transform(policy, data.begin(), data.end(), squares.begin(), Square());
  thrust::device_vector<int> odd(n);
  auto odd_end = thrust::copy_if(policy, data.begin(), data.end(), odd.begin(), IsOdd());
  int odd_count = static_cast<int>(odd_end - odd.begin());
  CHECK(cudaStreamSynchronize(stream));

  thrust::host_vector<int> got_sorted = data, got_squares = squares, got_odd = odd;
  std::vector<int> want(host);
  std::sort(want.begin(), want.end());
  long long want_sum = 0;
  std::vector<int> want_odd;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    want_sum += want[i];
    bad += got_sorted[i] != want[i] || got_squares[i] != want[i] * want[i];
    if (want[i] % 2 != 0)
      want_odd.push_back(want[i]);
  }
  bad += sum != want_sum || odd_count != static_cast<int>(want_odd.size());
  for (int i = 0; i < odd_count && i < static_cast<int>(want_odd.size()); ++i)
    bad += got_odd[i] != want_odd[i];
  printf("sum %lld (want %lld), %d odd (want %zu), %d mismatches\n", sum, want_sum, odd_count,
         want_odd.size(), bad);
  CHECK(cudaStreamDestroy(stream));
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
