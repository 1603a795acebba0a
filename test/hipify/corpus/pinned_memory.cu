// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Page-locked host memory three ways: cudaMallocHost for fast copies,
// cudaHostAlloc(Mapped) for zero-copy access from a kernel, and
// cudaHostRegister for a buffer that malloc already returned.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(status_));                                    \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void scaleZeroCopy(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

static float timeCopy(void *dst, const void *src, size_t bytes,
                      cudaMemcpyKind kind) {
  // CHECK: static float timeCopy(void *dst, const void *src, size_t bytes,
  // CHECK-NEXT: hipMemcpyKind kind) {
  // CHECK-NEXT: hipEvent_t start, stop;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, 0));
  CUDA_CHECK(cudaMemcpy(dst, src, bytes, kind));
  CUDA_CHECK(cudaEventRecord(stop, 0));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return ms;
}

int main() {
  const int n = 16 << 20;
  const size_t bytes = n * sizeof(float);

  // CHECK: CUDA_CHECK(hipSetDeviceFlags(hipDeviceMapHost));
  CUDA_CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));

  float *pageable = (float *)malloc(bytes);
  float *pinned = nullptr, *d_buf = nullptr;
  // CHECK: CUDA_CHECK(hipHostMalloc((void **)&pinned, bytes));
  CUDA_CHECK(cudaMallocHost((void **)&pinned, bytes));
  CUDA_CHECK(cudaMalloc((void **)&d_buf, bytes));
  for (int i = 0; i < n; ++i)
    pageable[i] = pinned[i] = 1.0f;

  float tPageable = timeCopy(d_buf, pageable, bytes, cudaMemcpyHostToDevice);
  float tPinned = timeCopy(d_buf, pinned, bytes, cudaMemcpyHostToDevice);
  printf("H2D pageable: %.2f GB/s, pinned: %.2f GB/s\n",
         bytes * 1e-6 / tPageable, bytes * 1e-6 / tPinned);

  // Zero-copy: the kernel reads and writes host memory through a device
  // pointer.
  float *mapped = nullptr, *d_mapped = nullptr;
  // CHECK: CUDA_CHECK(hip{{HostAlloc|HostMalloc}}((void **)&mapped, bytes, hipHostMallocMapped | hipHostMallocPortable));
  // CHECK-NEXT: CUDA_CHECK(hipHostGetDevicePointer((void **)&d_mapped, mapped, 0));
  CUDA_CHECK(cudaHostAlloc((void **)&mapped, bytes, cudaHostAllocMapped | cudaHostAllocPortable));
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&d_mapped, mapped, 0));
  for (int i = 0; i < n; ++i)
    mapped[i] = (float)(i % 100);
  scaleZeroCopy<<<(n + 255) / 256, 256>>>(d_mapped, 2.0f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    if (mapped[i] != 2.0f * (i % 100)) {
      printf("zero-copy mismatch at %d\n", i);
      return 1;
    }

  // Pin an existing allocation in place.
  // CHECK: CUDA_CHECK(hipHostRegister(pageable, bytes, hipHostRegisterDefault));
  CUDA_CHECK(cudaHostRegister(pageable, bytes, cudaHostRegisterDefault));
  float tRegistered = timeCopy(pageable, d_buf, bytes, cudaMemcpyDeviceToHost);
  printf("D2H registered: %.2f GB/s\n", bytes * 1e-6 / tRegistered);
  // CHECK: CUDA_CHECK(hipHostUnregister(pageable));
  CUDA_CHECK(cudaHostUnregister(pageable));

  // CHECK: CUDA_CHECK(hipHostFree(mapped));
  // CHECK-NEXT: CUDA_CHECK(hipHostFree(pinned));
  CUDA_CHECK(cudaFreeHost(mapped));
  CUDA_CHECK(cudaFreeHost(pinned));
  CUDA_CHECK(cudaFree(d_buf));
  free(pageable);
  printf("PASSED\n");
  return 0;
}
