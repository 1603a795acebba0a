// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A Jacobi solver for the 2D Laplace equation written the way many .cu files
// are: no runtime header at all, because nvcc includes it implicitly. The
// translation has to add the HIP runtime header itself. The kernel is
// launched through cudaLaunchKernel with an argument array, and the
// residual lives in a __device__ array found with cudaGetSymbolAddress.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <cstdio>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <utility>

#define CHECK(call)                                                            \
  {                                                                            \
    const cudaError_t error = call;                                            \
    if (error != cudaSuccess) {                                                \
      printf("Error: %s:%d, ", __FILE__, __LINE__);                            \
      printf("code:%d, reason: %s\n", error, cudaGetErrorString(error));       \
      exit(1);                                                                 \
    }                                                                          \
  }

#define BLOCK_X 32
#define BLOCK_Y 8

__device__ float d_residual[1];

__global__ void jacobiStep(const float *in, float *out, int nx, int ny) {
  __shared__ float blockMax[BLOCK_X * BLOCK_Y];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  float diff = 0.0f;
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1) {
    float v = 0.25f * (in[y * nx + x - 1] + in[y * nx + x + 1] +
                       in[(y - 1) * nx + x] + in[(y + 1) * nx + x]);
    out[y * nx + x] = v;
    diff = fabsf(v - in[y * nx + x]);
  }
  blockMax[t] = diff;
  __syncthreads();
  for (int s = BLOCK_X * BLOCK_Y / 2; s > 0; s >>= 1) {
    if (t < s)
      blockMax[t] = fmaxf(blockMax[t], blockMax[t + s]);
    __syncthreads();
  }
  if (t == 0)
    atomicMax((int *)d_residual, __float_as_int(blockMax[0]));
}

int main(int argc, char **argv) {
  const int nx = 256, ny = 256, maxIter = argc > 1 ? atoi(argv[1]) : 2000;
  const size_t bytes = nx * ny * sizeof(float);
  float *h = (float *)calloc(nx * ny, sizeof(float));
  for (int x = 0; x < nx; ++x)
    h[x] = 1.0f; // hot top edge
  float *d_a, *d_b;
  CHECK(cudaMalloc(&d_a, bytes));
  CHECK(cudaMalloc(&d_b, bytes));
  CHECK(cudaMemcpy(d_a, h, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, h, bytes, cudaMemcpyHostToDevice));

  float *d_res = nullptr;
  // CHECK: CHECK(hipGetSymbolAddress((void **)&d_res, {{HIP_SYMBOL\(d_residual\)|d_residual}}));
  CHECK(cudaGetSymbolAddress((void **)&d_res, d_residual));

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  dim3 block(BLOCK_X, BLOCK_Y), grid((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y);
  int nxArg = nx, nyArg = ny, iter = 0;
  float residual = 1.0f;
  while (residual > 1e-4f && iter < maxIter) {
    CHECK(cudaMemsetAsync(d_res, 0, sizeof(float), stream));
    void *args[] = {&d_a, &d_b, &nxArg, &nyArg};
    // CHECK: CHECK(hipLaunchKernel((const void *)jacobiStep, grid, block, args, 0, stream));
    CHECK(cudaLaunchKernel((const void *)jacobiStep, grid, block, args, 0, stream));
    CHECK(cudaMemcpyAsync(&residual, d_res, sizeof(float), cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    std::swap(d_a, d_b);
    ++iter;
  }
  CHECK(cudaMemcpy(h, d_a, bytes, cudaMemcpyDeviceToHost));
  printf("%d iterations, residual %g, centre %f\n", iter, residual, h[(ny / 2) * nx + nx / 2]);
  bool ok = iter > 10 && h[(ny / 2) * nx + nx / 2] > 0.0f && h[(ny / 2) * nx + nx / 2] < 1.0f;
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  free(h);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
