// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// gfx942 (MI300) has no image hardware, so HIP makes tex2D unavailable there:
// the translation is compiled for gfx90a, which has it.
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx90a
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Image rotation through a texture object: the image lives in a CUDA array,
// a bindless texture with normalised coordinates and bilinear filtering
// samples it with tex2D, and a second, point-sampled texture reads it back.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s(%d): %s\n", __FILE__, __LINE__,                      \
              cudaGetErrorString(err_));                                       \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

// CHECK: __global__ void transformKernel(float *output, hipTextureObject_t texObj, int width,
__global__ void transformKernel(float *output, cudaTextureObject_t texObj, int width,
                                int height, float theta) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float u = x / (float)width - 0.5f;
  float v = y / (float)height - 0.5f;
  float tu = u * cosf(theta) - v * sinf(theta) + 0.5f;
  float tv = v * cosf(theta) + u * sinf(theta) + 0.5f;
  // CHECK: output[y * width + x] = tex2D<float>(texObj, tu, tv);
  output[y * width + x] = tex2D<float>(texObj, tu, tv);
}

__global__ void copyKernel(float *output, cudaTextureObject_t texObj, int width,
                           int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    output[y * width + x] = tex2D<float>(texObj, x + 0.5f, y + 0.5f);
}

int main() {
  const int width = 512, height = 384;
  const size_t bytes = width * height * sizeof(float);
  float *h_data = (float *)malloc(bytes);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      h_data[y * width + x] = (float)((x / 32 + y / 32) % 2);

  // CHECK: hipChannelFormatDesc channelDesc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  // CHECK-NEXT: hipArray_t cuArray;
  // CHECK-NEXT: checkCudaErrors(hipMallocArray(&cuArray, &channelDesc, width, height));
  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t cuArray;
  checkCudaErrors(cudaMallocArray(&cuArray, &channelDesc, width, height));
  const size_t spitch = width * sizeof(float);
  // CHECK: checkCudaErrors(hipMemcpy2DToArray(cuArray, 0, 0, h_data, spitch, width * sizeof(float), height, hipMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy2DToArray(cuArray, 0, 0, h_data, spitch, width * sizeof(float), height, cudaMemcpyHostToDevice));

  // CHECK: struct hipResourceDesc resDesc;
  // CHECK-NEXT: memset(&resDesc, 0, sizeof(resDesc));
  // CHECK-NEXT: resDesc.resType = hipResourceTypeArray;
  struct cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypeArray;
  resDesc.res.array.array = cuArray;

  // CHECK: struct hipTextureDesc texDesc;
  // CHECK-NEXT: memset(&texDesc, 0, sizeof(texDesc));
  // CHECK-NEXT: texDesc.addressMode[0] = hipAddressModeWrap;
  // CHECK-NEXT: texDesc.addressMode[1] = hipAddressModeWrap;
  // CHECK-NEXT: texDesc.filterMode = hipFilterModeLinear;
  // CHECK-NEXT: texDesc.readMode = hipReadModeElementType;
  struct cudaTextureDesc texDesc;
  memset(&texDesc, 0, sizeof(texDesc));
  texDesc.addressMode[0] = cudaAddressModeWrap;
  texDesc.addressMode[1] = cudaAddressModeWrap;
  texDesc.filterMode = cudaFilterModeLinear;
  texDesc.readMode = cudaReadModeElementType;
  texDesc.normalizedCoords = 1;

  // CHECK: hipTextureObject_t texObj = 0;
  // CHECK-NEXT: checkCudaErrors(hipCreateTextureObject(&texObj, &resDesc, &texDesc, NULL));
  cudaTextureObject_t texObj = 0;
  checkCudaErrors(cudaCreateTextureObject(&texObj, &resDesc, &texDesc, NULL));

  texDesc.addressMode[0] = cudaAddressModeClamp;
  texDesc.addressMode[1] = cudaAddressModeClamp;
  texDesc.filterMode = cudaFilterModePoint;
  texDesc.normalizedCoords = 0;
  cudaTextureObject_t pointTex = 0;
  checkCudaErrors(cudaCreateTextureObject(&pointTex, &resDesc, &texDesc, NULL));

  float *d_out;
  checkCudaErrors(cudaMalloc(&d_out, bytes));
  dim3 block(16, 16);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  copyKernel<<<grid, block>>>(d_out, pointTex, width, height);
  checkCudaErrors(cudaGetLastError());
  float *h_out = (float *)malloc(bytes);
  checkCudaErrors(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < width * height; ++i)
    bad += h_out[i] != h_data[i];

  transformKernel<<<grid, block>>>(d_out, texObj, width, height, 0.5f);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  printf("texture copy: %s\n", bad ? "FAILED" : "PASSED");

  // CHECK: checkCudaErrors(hipDestroyTextureObject(texObj));
  // CHECK: checkCudaErrors(hipFreeArray(cuArray));
  checkCudaErrors(cudaDestroyTextureObject(texObj));
  checkCudaErrors(cudaDestroyTextureObject(pointTex));
  checkCudaErrors(cudaFreeArray(cuArray));
  checkCudaErrors(cudaFree(d_out));
  free(h_data);
  free(h_out);
  return bad != 0;
}
