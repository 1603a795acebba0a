// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cuda[A-BD-Z_]}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Atomics beyond atomicAdd(int): a float max built from an atomicCAS loop,
// a double atomicAdd, a 64-bit CAS counter, ring indices from a modulo
// atomicAdd, atomicExch locks and the bitwise atomics.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cfloat>
#include <cstdio>

#define cudaCheck(ans) gpuAssert((ans), __FILE__, __LINE__)
// CHECK: inline void gpuAssert(hipError_t code, const char *file, int line) {
// CHECK-NEXT: if (code != hipSuccess) {
// CHECK-NEXT: fprintf(stderr, "GPUassert: %s %s %d\n", hipGetErrorString(code), file, line);
inline void gpuAssert(cudaError_t code, const char *file, int line) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    exit(code);
  }
}

// CHECK: __device__ float atomicMaxFloat(float *address, float val) {
// CHECK-NEXT: int *addressAsInt = (int *)address;
// CHECK-NEXT: int old = *addressAsInt, assumed;
// CHECK-NEXT: do {
// CHECK-NEXT: assumed = old;
// CHECK-NEXT: old = atomicCAS(addressAsInt, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
__device__ float atomicMaxFloat(float *address, float val) {
  int *addressAsInt = (int *)address;
  int old = *addressAsInt, assumed;
  do {
    assumed = old;
    old = atomicCAS(addressAsInt, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ unsigned long long atomicAddU64ViaCAS(unsigned long long *address,
                                                 unsigned long long val) {
  unsigned long long old = *address, assumed;
  do {
    assumed = old;
    old = atomicCAS(address, assumed, assumed + val);
  } while (assumed != old);
  return old;
}

__global__ void atomicsKernel(const float *in, int n, float *maxOut,
                              double *sumOut, unsigned long long *count,
                              unsigned int *ring, unsigned int *slots,
                              int *lock, int *lockedCounter, unsigned int *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  atomicMaxFloat(maxOut, v);
  // CHECK: atomicAdd(sumOut, (double)v);
  atomicAdd(sumOut, (double)v);
  atomicAddU64ViaCAS(count, 1ull);
  // CHECK: unsigned int slot = atomicAdd(ring, 1u) % 64u;
  unsigned int slot = atomicAdd(ring, 1u) % 64u;
  atomicAdd(&slots[slot], 1u);
  atomicOr(bits, 1u << (i % 32));
  atomicAnd(bits + 1, ~(1u << (i % 32)));
  atomicXor(bits + 2, 1u);
  atomicMin((int *)(bits + 3), -i);
  if (threadIdx.x == 0) {
    // One lock holder per block: spin on atomicCAS, release with atomicExch.
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    *lockedCounter += 1;
    __threadfence();
    atomicExch(lock, 0);
  }
}

int main() {
  const int n = 1 << 20, threads = 256, blocks = (n + threads - 1) / threads;
  float *h_in = new float[n];
  double expectedSum = 0;
  for (int i = 0; i < n; ++i) {
    h_in[i] = (float)((i * 37) % 1000) * 0.01f;
    expectedSum += h_in[i];
  }
  float *d_in, *d_max;
  double *d_sum;
  unsigned long long *d_count;
  unsigned int *d_ring, *d_slots, *d_bits;
  int *d_lock, *d_locked;
  cudaCheck(cudaMalloc(&d_in, n * sizeof(float)));
  cudaCheck(cudaMalloc(&d_max, sizeof(float)));
  cudaCheck(cudaMalloc(&d_sum, sizeof(double)));
  cudaCheck(cudaMalloc(&d_count, sizeof(unsigned long long)));
  cudaCheck(cudaMalloc(&d_ring, sizeof(unsigned int)));
  cudaCheck(cudaMalloc(&d_slots, 64 * sizeof(unsigned int)));
  cudaCheck(cudaMalloc(&d_bits, 4 * sizeof(unsigned int)));
  cudaCheck(cudaMalloc(&d_lock, sizeof(int)));
  cudaCheck(cudaMalloc(&d_locked, sizeof(int)));
  cudaCheck(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  float lowest = -FLT_MAX;
  cudaCheck(cudaMemcpy(d_max, &lowest, sizeof(float), cudaMemcpyHostToDevice));
  cudaCheck(cudaMemset(d_sum, 0, sizeof(double)));
  cudaCheck(cudaMemset(d_count, 0, sizeof(unsigned long long)));
  cudaCheck(cudaMemset(d_ring, 0, sizeof(unsigned int)));
  cudaCheck(cudaMemset(d_slots, 0, 64 * sizeof(unsigned int)));
  cudaCheck(cudaMemset(d_bits, 0, 4 * sizeof(unsigned int)));
  cudaCheck(cudaMemset(d_lock, 0, sizeof(int)));
  cudaCheck(cudaMemset(d_locked, 0, sizeof(int)));

  atomicsKernel<<<blocks, threads>>>(d_in, n, d_max, d_sum, d_count, d_ring,
                                     d_slots, d_lock, d_locked, d_bits);
  cudaCheck(cudaGetLastError());
  cudaCheck(cudaDeviceSynchronize());

  float maxV;
  double sum;
  unsigned long long count;
  int locked;
  cudaCheck(cudaMemcpy(&maxV, d_max, sizeof(float), cudaMemcpyDeviceToHost));
  cudaCheck(cudaMemcpy(&sum, d_sum, sizeof(double), cudaMemcpyDeviceToHost));
  cudaCheck(cudaMemcpy(&count, d_count, sizeof(count), cudaMemcpyDeviceToHost));
  cudaCheck(cudaMemcpy(&locked, d_locked, sizeof(int), cudaMemcpyDeviceToHost));
  printf("max %.2f sum %.3f (expected %.3f) count %llu locked %d\n", maxV, sum,
         expectedSum, count, locked);
  bool ok = maxV == 9.99f && count == (unsigned long long)n && locked == blocks &&
            sum > expectedSum * 0.999999 && sum < expectedSum * 1.000001;
  cudaFree(d_in);
  cudaFree(d_max);
  cudaFree(d_sum);
  cudaFree(d_count);
  cudaFree(d_ring);
  cudaFree(d_slots);
  cudaFree(d_bits);
  cudaFree(d_lock);
  cudaFree(d_locked);
  delete[] h_in;
  return ok ? 0 : 1;
}
