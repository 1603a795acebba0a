// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// The performance idioms of tuned kernels, around the classic matrix
// transpose: __launch_bounds__, __restrict__ pointers, read-only loads with
// __ldg, a padded shared-memory tile against bank conflicts, float4
// vectorised copies, and effective bandwidth measured with events. None of
// these spellings changes in HIP.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define TILE_DIM 32
#define BLOCK_ROWS 8

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// CHECK: __global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
// CHECK-NEXT: transposeNoBankConflicts(float *__restrict__ odata, const float *__restrict__ idata, int width, int height) {
__global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
transposeNoBankConflicts(float *__restrict__ odata, const float *__restrict__ idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      // CHECK: tile[threadIdx.y + j][threadIdx.x] = __ldg(&idata[(y + j) * width + x]);
      tile[threadIdx.y + j][threadIdx.x] = __ldg(&idata[(y + j) * width + x]);
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void __launch_bounds__(256, 2)
copyVectorized(float4 *__restrict__ dst, const float4 *__restrict__ src, size_t n4) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4;
       i += (size_t)gridDim.x * blockDim.x) {
    float4 v = __ldg(&src[i]);
    dst[i] = v;
  }
}

static __forceinline__ double gbPerSecond(size_t bytes, float ms) {
  return 2.0 * bytes / (ms * 1e6);
}

int main() {
  const int width = 4096, height = 2048;
  const size_t count = (size_t)width * height, bytes = count * sizeof(float);
  float *h_in = (float *)malloc(bytes), *h_out = (float *)malloc(bytes);
  for (size_t i = 0; i < count; ++i)
    h_in[i] = (float)(i % 65536);
  float *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  float ms;

  dim3 grid(width / TILE_DIM, height / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
  CUDA_CHECK(cudaEventRecord(start));
  transposeNoBankConflicts<<<grid, block>>>(d_out, d_in, width, height);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("transpose: %.3f ms, %.1f GB/s\n", ms, gbPerSecond(bytes, ms));
  CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int y = 0; y < height && ok; ++y)
    for (int x = 0; x < width; ++x)
      if (h_out[(size_t)x * height + y] != h_in[(size_t)y * width + x]) {
        printf("transpose mismatch at (%d, %d)\n", x, y);
        ok = false;
        break;
      }

  CUDA_CHECK(cudaEventRecord(start));
  // CHECK: copyVectorized<<<1024, 256>>>(reinterpret_cast<float4 *>(d_out), reinterpret_cast<const float4 *>(d_in), count / 4);
  copyVectorized<<<1024, 256>>>(reinterpret_cast<float4 *>(d_out), reinterpret_cast<const float4 *>(d_in), count / 4);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("float4 copy: %.3f ms, %.1f GB/s\n", ms, gbPerSecond(bytes, ms));
  CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < count; ++i)
    if (h_out[i] != h_in[i]) {
      ok = false;
      break;
    }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  free(h_in);
  free(h_out);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
