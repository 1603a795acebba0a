// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Peer-to-peer and unified virtual addressing, after the simpleP2P sample:
// with two GPUs, enable peer access both ways, copy between them and let a
// kernel on one read the other's memory; with any number of GPUs, ask the
// runtime which device owns a pointer and copy with cudaMemcpyDefault.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));         \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__global__ void SimpleKernel(const float *src, float *dst) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  dst[idx] = src[idx] * 2.0f;
}

static void describePointer(const char *label, const void *p) {
  // CHECK: hipPointerAttribute_t attributes;
  // CHECK-NEXT: if (hipPointerGetAttributes(&attributes, p) == hipSuccess)
  cudaPointerAttributes attributes;
  if (cudaPointerGetAttributes(&attributes, p) == cudaSuccess)
    printf("%s: device %d, device pointer %p\n", label, attributes.device,
           attributes.devicePointer);
  else
    cudaGetLastError();
}

int main() {
  const int n = 1024 * 1024;
  const size_t bytes = n * sizeof(float);
  int gpuCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&gpuCount));

  int uva = 0;
  // CHECK: checkCudaErrors(hipDeviceGetAttribute(&uva, hipDeviceAttributeUnifiedAddressing, 0));
  checkCudaErrors(cudaDeviceGetAttribute(&uva, cudaDevAttrUnifiedAddressing, 0));
  printf("%d GPU(s), unified addressing %s\n", gpuCount, uva ? "on" : "off");

  float *h_buf, *d0;
  checkCudaErrors(cudaMallocHost(&h_buf, bytes));
  checkCudaErrors(cudaSetDevice(0));
  checkCudaErrors(cudaMalloc(&d0, bytes));
  for (int i = 0; i < n; ++i)
    h_buf[i] = (float)(i % 1024);
  describePointer("host buffer", h_buf);
  describePointer("device 0 buffer", d0);
  // CHECK: checkCudaErrors(hipMemcpy(d0, h_buf, bytes, hipMemcpyDefault));
  checkCudaErrors(cudaMemcpy(d0, h_buf, bytes, cudaMemcpyDefault));

  bool ok = true;
  if (gpuCount >= 2) {
    int can01 = 0, can10 = 0;
    // CHECK: checkCudaErrors(hipDeviceCanAccessPeer(&can01, 0, 1));
    // CHECK-NEXT: checkCudaErrors(hipDeviceCanAccessPeer(&can10, 1, 0));
    checkCudaErrors(cudaDeviceCanAccessPeer(&can01, 0, 1));
    checkCudaErrors(cudaDeviceCanAccessPeer(&can10, 1, 0));
    if (can01 && can10) {
      // CHECK: checkCudaErrors(hipDeviceEnablePeerAccess(1, 0));
      checkCudaErrors(cudaDeviceEnablePeerAccess(1, 0));
      checkCudaErrors(cudaSetDevice(1));
      // CHECK: hipError_t peerErr = hipDeviceEnablePeerAccess(0, 0);
      // CHECK-NEXT: if (peerErr != hipSuccess && peerErr != hipErrorPeerAccessAlreadyEnabled)
      cudaError_t peerErr = cudaDeviceEnablePeerAccess(0, 0);
      if (peerErr != cudaSuccess && peerErr != cudaErrorPeerAccessAlreadyEnabled)
        checkCudaErrors(peerErr);
      float *d1;
      checkCudaErrors(cudaMalloc(&d1, bytes));
      // CHECK: checkCudaErrors(hipMemcpyPeer(d1, 1, d0, 0, bytes));
      checkCudaErrors(cudaMemcpyPeer(d1, 1, d0, 0, bytes));
      // Device 1 reads device 0's memory directly and writes its own.
      SimpleKernel<<<n / 512, 512>>>(d0, d1);
      checkCudaErrors(cudaGetLastError());
      checkCudaErrors(cudaDeviceSynchronize());
      checkCudaErrors(cudaMemcpy(h_buf, d1, bytes, cudaMemcpyDefault));
      for (int i = 0; i < n; ++i)
        if (h_buf[i] != 2.0f * (i % 1024))
          ok = false;
      checkCudaErrors(cudaFree(d1));
      // CHECK: checkCudaErrors(hipDeviceDisablePeerAccess(0));
      checkCudaErrors(cudaDeviceDisablePeerAccess(0));
      checkCudaErrors(cudaSetDevice(0));
      checkCudaErrors(cudaDeviceDisablePeerAccess(1));
    } else {
      printf("peer access not available between GPU0 and GPU1\n");
    }
  } else {
    float *d_out;
    checkCudaErrors(cudaMalloc(&d_out, bytes));
    SimpleKernel<<<n / 512, 512>>>(d0, d_out);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(h_buf, d_out, bytes, cudaMemcpyDefault));
    for (int i = 0; i < n; ++i)
      if (h_buf[i] != 2.0f * (i % 1024))
        ok = false;
    checkCudaErrors(cudaFree(d_out));
  }
  checkCudaErrors(cudaFree(d0));
  checkCudaErrors(cudaFreeHost(h_buf));
  printf("%s\n", ok ? "Test passed" : "Test failed");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
