// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// The stream-ordered allocator (CUDA 11.2+): per-iteration temporaries from
// cudaMallocAsync/cudaFreeAsync on the device's default memory pool, whose
// release threshold is raised so freed memory stays cached, an explicit
// pool for one allocation, and pool statistics read back.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void initRamp(float *x, int n, float base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = base + i;
}

__global__ void addInto(const float *tmp, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    acc[i] += tmp[i];
}

int main() {
  int device = 0, poolsSupported = 0;
  // CHECK: CUDA_CHECK(hipDeviceGetAttribute(&poolsSupported, hipDeviceAttributeMemoryPoolsSupported, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&poolsSupported, cudaDevAttrMemoryPoolsSupported, device));
  if (!poolsSupported) {
    printf("memory pools not supported; skipping\n");
    return 0;
  }
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  // CHECK: hipMemPool_t pool;
  // CHECK-NEXT: CUDA_CHECK(hipDeviceGetDefaultMemPool(&pool, device));
  // CHECK-NEXT: uint64_t threshold = UINT64_MAX;
  // CHECK-NEXT: CUDA_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  cudaMemPool_t pool;
  CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  uint64_t threshold = UINT64_MAX;
  CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));

  const int n = 1 << 18, iterations = 16;
  float *acc;
  CUDA_CHECK(cudaMallocAsync(&acc, n * sizeof(float), stream));
  CUDA_CHECK(cudaMemsetAsync(acc, 0, n * sizeof(float), stream));
  for (int it = 0; it < iterations; ++it) {
    float *tmp;
    // CHECK: CUDA_CHECK(hipMallocAsync(&tmp, n * sizeof(float), stream));
    CUDA_CHECK(cudaMallocAsync(&tmp, n * sizeof(float), stream));
    initRamp<<<(n + 255) / 256, 256, 0, stream>>>(tmp, n, (float)it);
    addInto<<<(n + 255) / 256, 256, 0, stream>>>(tmp, acc, n);
    // CHECK: CUDA_CHECK(hipFreeAsync(tmp, stream));
    CUDA_CHECK(cudaFreeAsync(tmp, stream));
  }
  CUDA_CHECK(cudaGetLastError());

  // An explicit pool on the same device for a long-lived buffer.
  // CHECK: hipMemPoolProps props = {};
  // CHECK-NEXT: props.allocType = hipMemAllocationTypePinned;
  // CHECK-NEXT: props.location.type = hipMemLocationTypeDevice;
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t ownPool;
  // CHECK: CUDA_CHECK(hipMemPoolCreate(&ownPool, &props));
  CUDA_CHECK(cudaMemPoolCreate(&ownPool, &props));
  float *result;
  // CHECK: CUDA_CHECK(hipMallocFromPoolAsync((void **)&result, n * sizeof(float), ownPool, stream));
  CUDA_CHECK(cudaMallocFromPoolAsync((void **)&result, n * sizeof(float), ownPool, stream));
  CUDA_CHECK(cudaMemcpyAsync(result, acc, n * sizeof(float), cudaMemcpyDeviceToDevice, stream));

  float *host;
  CUDA_CHECK(cudaMallocHost(&host, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpyAsync(host, result, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaFreeAsync(result, stream));
  CUDA_CHECK(cudaFreeAsync(acc, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  uint64_t reserved = 0, used = 0;
  // CHECK: CUDA_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &reserved));
  CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
  CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  printf("default pool: %llu bytes reserved, %llu in use\n", (unsigned long long)reserved,
         (unsigned long long)used);
  // CHECK: CUDA_CHECK(hipMemPoolTrimTo(pool, 0));
  CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));

  bool ok = used == 0;
  const float sumOfBases = iterations * (iterations - 1) / 2.0f;
  for (int i = 0; i < n; i += 1021)
    if (host[i] != sumOfBases + (float)iterations * i)
      ok = false;
  // CHECK: CUDA_CHECK(hipMemPoolDestroy(ownPool));
  CUDA_CHECK(cudaMemPoolDestroy(ownPool));
  CUDA_CHECK(cudaFreeHost(host));
  CUDA_CHECK(cudaStreamDestroy(stream));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
