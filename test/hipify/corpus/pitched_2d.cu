// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A 2D image in pitched device memory: allocated with cudaMallocPitch, filled
// with cudaMemset2D, copied with cudaMemcpy2D (also into a sub-rectangle),
// processed by a kernel that walks rows by the pitch, blurred on a stream.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
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

__global__ void boxBlur3x3(const unsigned char *src, size_t srcPitch,
                           unsigned char *dst, size_t dstPitch, int width,
                           int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  int sum = 0, count = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int xx = x + dx, yy = y + dy;
      if (xx >= 0 && xx < width && yy >= 0 && yy < height) {
        const unsigned char *row = src + yy * srcPitch;
        sum += row[xx];
        ++count;
      }
    }
  unsigned char *outRow = dst + y * dstPitch;
  outRow[x] = (unsigned char)(sum / count);
}

int main() {
  const int width = 1000, height = 600;
  unsigned char *h_img = (unsigned char *)malloc(width * height);
  unsigned char *h_out = (unsigned char *)malloc(width * height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      h_img[y * width + x] = (unsigned char)((x + y) & 0xff);

  unsigned char *d_src, *d_dst;
  size_t srcPitch, dstPitch;
  // CHECK: CUDA_CHECK(hipMallocPitch((void **)&d_src, &srcPitch, width, height));
  // CHECK-NEXT: CUDA_CHECK(hipMallocPitch((void **)&d_dst, &dstPitch, width, height));
  CUDA_CHECK(cudaMallocPitch((void **)&d_src, &srcPitch, width, height));
  CUDA_CHECK(cudaMallocPitch((void **)&d_dst, &dstPitch, width, height));
  printf("pitches: %zu and %zu bytes for rows of %d\n", srcPitch, dstPitch, width);

  // CHECK: CUDA_CHECK(hipMemset2D(d_dst, dstPitch, 0, width, height));
  CUDA_CHECK(cudaMemset2D(d_dst, dstPitch, 0, width, height));
  // CHECK: CUDA_CHECK(hipMemcpy2D(d_src, srcPitch, h_img, width, width, height, hipMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy2D(d_src, srcPitch, h_img, width, width, height, cudaMemcpyHostToDevice));

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  dim3 block(32, 8);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  boxBlur3x3<<<grid, block, 0, stream>>>(d_src, srcPitch, d_dst, dstPitch, width, height);
  CUDA_CHECK(cudaGetLastError());
  // CHECK: CUDA_CHECK(hipMemcpy2DAsync(h_out, width, d_dst, dstPitch, width, height, hipMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaMemcpy2DAsync(h_out, width, d_dst, dstPitch, width, height, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  int bad = 0;
  for (int y = 1; y < height - 1; ++y)
    for (int x = 1; x < width - 1; ++x) {
      int sum = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          sum += h_img[(y + dy) * width + x + dx];
      bad += h_out[y * width + x] != sum / 9;
    }

  // Copy a 100x50 window out of the middle of the device image.
  const int winW = 100, winH = 50, winX = 400, winY = 300;
  unsigned char window[winW * winH];
  CUDA_CHECK(cudaMemcpy2D(window, winW, d_src + winY * srcPitch + winX, srcPitch,
                          winW, winH, cudaMemcpyDeviceToHost));
  for (int y = 0; y < winH; ++y)
    for (int x = 0; x < winW; ++x)
      bad += window[y * winW + x] != h_img[(winY + y) * width + winX + x];

  printf("%s (%d bad pixels)\n", bad ? "FAILED" : "PASSED", bad);
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d_src));
  CUDA_CHECK(cudaFree(d_dst));
  free(h_img);
  free(h_out);
  return bad != 0;
}
