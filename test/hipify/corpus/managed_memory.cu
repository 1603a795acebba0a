// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefixes=WARN,PARSE
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Unified (managed) memory: one pointer for host and device, prefetched to
// the GPU before the kernel and back to the host before the check. The
// prefetch call changed in CUDA 13 (a cudaMemLocation replaced the device
// number), so the program picks the form by CUDART_VERSION, as public code
// does; the translation must keep the branch that HIP can compile.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cmath>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

// CHECK: static hipError_t prefetch(const void *p, size_t bytes, int device, hipStream_t s) {
static cudaError_t prefetch(const void *p, size_t bytes, int device, cudaStream_t s) {
#if CUDART_VERSION >= 13000
  // CHECK: hipMemLocation loc = {};
  // HIP 5.2 has no host memory location: the name stays, with a warning.
  // WARN: managed_memory.cu:[[@LINE+5]]:{{[0-9]+}}: warning: 'cudaMemLocationTypeHost' has no HIP equivalent
  // CHECK-NEXT: loc.type = device == hipCpuDeviceId ? cudaMemLocationTypeHost : hipMemLocationTypeDevice;
  // CHECK-NEXT: loc.id = device;
  // CHECK-NEXT: return hipMemPrefetchAsync(p, bytes, loc, 0, s);
  cudaMemLocation loc = {};
  loc.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  loc.id = device;
  return cudaMemPrefetchAsync(p, bytes, loc, 0, s);
#else
  // CHECK: return hipMemPrefetchAsync(p, bytes, device, s);
  return cudaMemPrefetchAsync(p, bytes, device, s);
#endif
}

int main() {
  const int n = 1 << 22;
  float *x, *y;
  // CHECK: CUDA_CHECK(hipMallocManaged(&x, n * sizeof(float)));
  // CHECK-NEXT: CUDA_CHECK(hipMallocManaged(&y, n * sizeof(float), hipMemAttachGlobal));
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachGlobal));
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0f;
    y[i] = 2.0f;
  }

  int device = -1, concurrent = 0;
  // CHECK: CUDA_CHECK(hipGetDevice(&device));
  // CHECK-NEXT: CUDA_CHECK(hipDeviceGetAttribute(&concurrent, hipDeviceAttributeConcurrentManagedAccess, device));
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, device));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  if (concurrent) {
    CUDA_CHECK(prefetch(x, n * sizeof(float), device, stream));
    CUDA_CHECK(prefetch(y, n * sizeof(float), device, stream));
  }

  int numSMs;
  CUDA_CHECK(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, device));
  saxpy<<<32 * numSMs, 256, 0, stream>>>(n, 2.0f, x, y);
  CUDA_CHECK(cudaGetLastError());
  if (concurrent)
    // CHECK: CUDA_CHECK(prefetch(y, n * sizeof(float), hipCpuDeviceId, stream));
    CUDA_CHECK(prefetch(y, n * sizeof(float), cudaCpuDeviceId, stream));
  // CHECK: CUDA_CHECK(hipStreamSynchronize(stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  float maxError = 0.0f;
  for (int i = 0; i < n; ++i)
    maxError = fmaxf(maxError, fabsf(y[i] - 4.0f));
  printf("Max error: %f\n", maxError);

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return maxError == 0.0f ? 0 : 1;
}
