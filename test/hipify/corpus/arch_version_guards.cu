// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// The preprocessor guards public CUDA code hides its portability helpers
// behind: a host/device qualifier macro defined only under __CUDACC__, a
// function taking a different path on the device (__CUDA_ARCH__ defined)
// than on the host, the classic double atomicAdd fallback for devices older
// than sm_60, and an API chosen by CUDART_VERSION. After translation each
// guard must still select code that HIP compiles: the device path on the
// device, the host path on the host, and no second atomicAdd(double).
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <string>

#ifdef __CUDACC__
#define HOST_DEVICE __host__ __device__
#define DEVICE_INLINE __device__ __forceinline__
#else
#define HOST_DEVICE
#define DEVICE_INLINE inline
#endif

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
// Devices before sm_60 have no native double atomicAdd.
__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

inline std::string hostName() { return "host"; }

HOST_DEVICE inline int clampIndex(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

// On the device this reads the lane; on the host it builds a std::string,
// which device code cannot do: the guard must survive translation.
HOST_DEVICE inline int whereAmI() {
#ifdef __CUDA_ARCH__
  return 1 + (int)(threadIdx.x % warpSize);
#else
  return -(int)hostName().size();
#endif
}

__global__ void accumulate(const double *in, double *total, int *where, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, in[clampIndex(i, n)]);
  if (i == 0)
    *where = whereAmI();
}

int main() {
  const int n = 1 << 16;
  double *h = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    h[i] = 0.5;
  double *d_in, *d_total;
  int *d_where;
#if CUDART_VERSION >= 11020
  // Stream-ordered allocation arrived in CUDA 11.2.
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  // CHECK: CUDA_CHECK(hipMallocAsync((void **)&d_in, n * sizeof(double), stream));
  CUDA_CHECK(cudaMallocAsync((void **)&d_in, n * sizeof(double), stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
#else
  // CHECK: CUDA_CHECK(hipMalloc((void **)&d_in, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc((void **)&d_in, n * sizeof(double)));
#endif
  CUDA_CHECK(cudaMalloc(&d_total, sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_where, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_total, 0, sizeof(double)));
  accumulate<<<n / 256, 256>>>(d_in, d_total, d_where, n);
  CUDA_CHECK(cudaGetLastError());
  double total;
  int where;
  CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&where, d_where, sizeof(int), cudaMemcpyDeviceToHost));
  printf("total %.1f, device path %d, host path %d\n", total, where, whereAmI());
  bool ok = total == 0.5 * n && where == 1 && whereAmI() == -4;
#if CUDART_VERSION >= 11020
  // CHECK: CUDA_CHECK(hipFreeAsync(d_in, stream));
  // CHECK-NEXT: CUDA_CHECK(hipStreamDestroy(stream));
  CUDA_CHECK(cudaFreeAsync(d_in, stream));
  CUDA_CHECK(cudaStreamDestroy(stream));
#else
  CUDA_CHECK(cudaFree(d_in));
#endif
  CUDA_CHECK(cudaFree(d_total));
  CUDA_CHECK(cudaFree(d_where));
  free(h);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
