// REQUIRES: cuda
// A program in three files, as projects are laid out: the kernels and the
// error-check macro live in the user's own headers, included with quotes
// (one from a subfolder). The translator translates them too, once, to the
// same relative paths beside the main output.
// RUN: rm -rf %t && split-file %s %t && mkdir %t/out
// RUN: %hipify %t/src/nbody.cu -o %t/out/nbody.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t/out/nbody.hip | FileCheck %s --check-prefix=MAIN --implicit-check-not=cuda
// RUN: grep -v '^ *//' %t/out/nbody_kernels.cuh | FileCheck %s --check-prefix=KERNELS --implicit-check-not=cuda
// RUN: grep -v '^ *//' %t/out/util/check.h | FileCheck %s --check-prefix=UTIL --implicit-check-not=cuda
// The sources themselves are left alone.
// RUN: grep -c cudaMalloc %t/src/nbody.cu
// RUN: %hipcc -c %t/out/nbody.hip -o %t/nbody.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

//--- src/util/check.h
#ifndef UTIL_CHECK_H
#define UTIL_CHECK_H
// UTIL: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

// UTIL: hipError_t err = (call);
// UTIL-NEXT: if (err != hipSuccess) {
// UTIL-NEXT: fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(err));
#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// UTIL: struct GpuTimer {
// UTIL-NEXT: hipEvent_t start, stop;
// UTIL-NEXT: GpuTimer() {
// UTIL-NEXT: CUDA_CHECK(hipEventCreate(&start));
struct GpuTimer {
  cudaEvent_t start, stop;
  GpuTimer() {
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
  }
  ~GpuTimer() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  // UTIL: void begin(hipStream_t s = 0) { CUDA_CHECK(hipEventRecord(start, s)); }
  void begin(cudaStream_t s = 0) { CUDA_CHECK(cudaEventRecord(start, s)); }
  float end(cudaStream_t s = 0) {
    CUDA_CHECK(cudaEventRecord(stop, s));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    // UTIL: CUDA_CHECK(hipEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  }
};
#endif

//--- src/nbody_kernels.cuh
#pragma once
#include "util/check.h"

// KERNELS: __device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai) {
__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai) {
  float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + 0.01f;
  float invDist = rsqrtf(distSqr);
  float s = bj.w * invDist * invDist * invDist;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

template <int TileSize>
__global__ void integrateBodies(float4 *pos, float4 *vel, int n, float dt) {
  extern __shared__ float4 shPos[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = i < n ? pos[i] : make_float4(0, 0, 0, 0);
  float3 acc = make_float3(0, 0, 0);
  for (int tile = 0; tile < (n + TileSize - 1) / TileSize; ++tile) {
    int j = tile * TileSize + threadIdx.x;
    shPos[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
    // KERNELS: __syncthreads();
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < TileSize; ++k)
      acc = bodyBodyInteraction(p, shPos[k], acc);
    __syncthreads();
  }
  if (i < n) {
    float4 v = vel[i];
    v.x += acc.x * dt;
    v.y += acc.y * dt;
    v.z += acc.z * dt;
    vel[i] = v;
  }
}

// KERNELS: inline void launchIntegrate(float4 *pos, float4 *vel, int n, float dt, hipStream_t stream) {
// KERNELS-NEXT: integrateBodies<256><<<(n + 255) / 256, 256, 256 * sizeof(float4), stream>>>(pos, vel, n, dt);
// KERNELS-NEXT: CUDA_CHECK(hipGetLastError());
inline void launchIntegrate(float4 *pos, float4 *vel, int n, float dt, cudaStream_t stream) {
  integrateBodies<256><<<(n + 255) / 256, 256, 256 * sizeof(float4), stream>>>(pos, vel, n, dt);
  CUDA_CHECK(cudaGetLastError());
}

//--- src/nbody.cu
// MAIN: #include "nbody_kernels.cuh"
// MAIN-NEXT: #include "util/check.h"
#include "nbody_kernels.cuh"
#include "util/check.h"
#include <cmath>
#include <vector>

int main() {
  const int n = 4096, steps = 10;
  std::vector<float4> hPos(n), hVel(n);
  for (int i = 0; i < n; ++i) {
    float a = 2.0f * 3.14159265f * i / n;
    hPos[i] = make_float4(cosf(a), sinf(a), 0.0f, 1.0f / n);
    hVel[i] = make_float4(0, 0, 0, 0);
  }
  float4 *dPos, *dVel;
  // MAIN: CUDA_CHECK(hipMalloc(&dPos, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&dPos, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&dVel, n * sizeof(float4)));
  CUDA_CHECK(cudaMemcpy(dPos, hPos.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dVel, hVel.data(), n * sizeof(float4), cudaMemcpyHostToDevice));

  // MAIN: hipStream_t stream;
  // MAIN-NEXT: CUDA_CHECK(hipStreamCreate(&stream));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  GpuTimer timer;
  timer.begin(stream);
  for (int s = 0; s < steps; ++s)
    launchIntegrate(dPos, dVel, n, 0.001f, stream);
  float ms = timer.end(stream);
  printf("%d bodies, %d steps: %.3f ms, %.1f GFLOP/s\n", n, steps, ms,
         20.0 * n * n * steps / (ms * 1e6));

  CUDA_CHECK(cudaMemcpy(hVel.data(), dVel, n * sizeof(float4), cudaMemcpyDeviceToHost));
  // On a ring every body is pulled towards the centre.
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    float inward = -(hVel[i].x * hPos[i].x + hVel[i].y * hPos[i].y);
    if (!(inward > 0.0f))
      ok = false;
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(dPos));
  CUDA_CHECK(cudaFree(dVel));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
