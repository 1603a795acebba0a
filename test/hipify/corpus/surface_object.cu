// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// gfx942 (MI300) has no image hardware, so HIP makes surface reads and
// writes unavailable there: the translation is compiled for gfx90a.
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx90a
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Writing through a surface object, after the simpleSurfaceWrite sample: a
// CUDA array allocated with the surface-load-store flag, bound to a surface
// object, a kernel that reads and writes it with surf2Dread/surf2Dwrite
// (byte offsets in x), and the result copied back with cudaMemcpy2DFromArray.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// CHECK: __global__ void invertInPlace(hipSurfaceObject_t surface, int width, int height) {
__global__ void invertInPlace(cudaSurfaceObject_t surface, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float value;
  // CHECK: surf2Dread(&value, surface, x * sizeof(float), y);
  // CHECK-NEXT: surf2Dwrite(1.0f - value, surface, x * sizeof(float), y);
  surf2Dread(&value, surface, x * sizeof(float), y);
  surf2Dwrite(1.0f - value, surface, x * sizeof(float), y);
}

int main() {
  const int width = 640, height = 480;
  const size_t rowBytes = width * sizeof(float);
  float *h_in = (float *)malloc(rowBytes * height), *h_out = (float *)malloc(rowBytes * height);
  for (int i = 0; i < width * height; ++i)
    h_in[i] = (i % 256) / 255.0f;

  // CHECK: hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  // CHECK-NEXT: hipArray_t array;
  // CHECK-NEXT: CUDA_CHECK(hipMallocArray(&array, &desc, width, height, hipArraySurfaceLoadStore));
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CUDA_CHECK(cudaMallocArray(&array, &desc, width, height, cudaArraySurfaceLoadStore));
  CUDA_CHECK(cudaMemcpy2DToArray(array, 0, 0, h_in, rowBytes, rowBytes, height, cudaMemcpyHostToDevice));

  // CHECK: hipResourceDesc resource;
  // CHECK-NEXT: memset(&resource, 0, sizeof(resource));
  // CHECK-NEXT: resource.resType = hipResourceTypeArray;
  // CHECK-NEXT: resource.res.array.array = array;
  // CHECK-NEXT: hipSurfaceObject_t surface = 0;
  // CHECK-NEXT: CUDA_CHECK(hipCreateSurfaceObject(&surface, &resource));
  cudaResourceDesc resource;
  memset(&resource, 0, sizeof(resource));
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  cudaSurfaceObject_t surface = 0;
  CUDA_CHECK(cudaCreateSurfaceObject(&surface, &resource));

  dim3 block(16, 16), grid((width + 15) / 16, (height + 15) / 16);
  invertInPlace<<<grid, block>>>(surface, width, height);
  CUDA_CHECK(cudaGetLastError());
  // CHECK: CUDA_CHECK(hipMemcpy2DFromArray(h_out, rowBytes, array, 0, 0, rowBytes, height, hipMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy2DFromArray(h_out, rowBytes, array, 0, 0, rowBytes, height, cudaMemcpyDeviceToHost));

  bool ok = true;
  for (int i = 0; i < width * height; ++i)
    if (h_out[i] != 1.0f - h_in[i]) {
      printf("mismatch at %d: %f\n", i, h_out[i]);
      ok = false;
      break;
    }
  // CHECK: CUDA_CHECK(hipDestroySurfaceObject(surface));
  CUDA_CHECK(cudaDestroySurfaceObject(surface));
  CUDA_CHECK(cudaFreeArray(array));
  free(h_in);
  free(h_out);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
