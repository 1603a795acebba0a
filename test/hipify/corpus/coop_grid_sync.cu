// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A whole-grid barrier: a persistent kernel normalises a vector in two
// phases separated by grid.sync(), launched with cudaLaunchCooperativeKernel
// at exactly the occupancy the device allows.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_cooperative_groups.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cstdio>
#include <cmath>
#include <cstdlib>

using namespace cooperative_groups;

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err = call;                                                    \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s at %s:%d\n", cudaGetErrorString(err), __FILE__,      \
              __LINE__);                                                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void normalize(float *data, float *partial, int n) {
  // CHECK: grid_group grid = this_grid();
  // CHECK-NEXT: thread_block block = this_thread_block();
  grid_group grid = this_grid();
  thread_block block = this_thread_block();
  __shared__ float s[256];

  float local = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    local += data[i] * data[i];
  s[block.thread_rank()] = local;
  block.sync();
  for (int stride = block.size() / 2; stride > 0; stride /= 2) {
    if (block.thread_rank() < stride)
      s[block.thread_rank()] += s[block.thread_rank() + stride];
    block.sync();
  }
  if (block.thread_rank() == 0)
    partial[blockIdx.x] = s[0];

  // CHECK: grid.sync();
  grid.sync();

  if (grid.thread_rank() == 0) {
    float total = 0.0f;
    for (int b = 0; b < gridDim.x; ++b)
      total += partial[b];
    partial[0] = sqrtf(total);
  }
  grid.sync();

  float norm = partial[0];
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    data[i] /= norm;
}

int main() {
  int dev = 0, supportsCoop = 0;
  // CHECK: CUDA_CHECK(hipDeviceGetAttribute(&supportsCoop, hipDeviceAttributeCooperativeLaunch, dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&supportsCoop, cudaDevAttrCooperativeLaunch, dev));
  if (!supportsCoop) {
    printf("device does not support cooperative launch\n");
    return 0;
  }
  // CHECK: hipDeviceProp_t prop;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));

  const int threads = 256;
  int blocksPerSm = 0;
  // CHECK: CUDA_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, normalize, threads, 0));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, normalize, threads, 0));
  int blocks = blocksPerSm * prop.multiProcessorCount;
  printf("%s: %d SMs x %d blocks\n", prop.name, prop.multiProcessorCount, blocksPerSm);

  const int n = 1 << 20;
  float *h = new float[n];
  for (int i = 0; i < n; ++i)
    h[i] = 1.0f;
  float *d_data, *d_partial;
  CUDA_CHECK(cudaMalloc(&d_data, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_partial, blocks * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_data, h, n * sizeof(float), cudaMemcpyHostToDevice));

  int nArg = n;
  void *args[] = {&d_data, &d_partial, &nArg};
  // CHECK: CUDA_CHECK(hipLaunchCooperativeKernel((void *)normalize, dim3(blocks), dim3(threads), args, 0, 0));
  CUDA_CHECK(cudaLaunchCooperativeKernel((void *)normalize, dim3(blocks), dim3(threads), args, 0, 0));
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h, d_data, n * sizeof(float), cudaMemcpyDeviceToHost));

  float expected = 1.0f / sqrtf((float)n);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    if (fabsf(h[i] - expected) > 1e-6f)
      ok = false;
  printf("grid sync normalize: %s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_partial));
  delete[] h;
  return ok ? 0 : 1;
}
