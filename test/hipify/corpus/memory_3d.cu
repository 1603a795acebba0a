// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// A 3D volume: cudaMalloc3D returns a pitched pointer, cudaMemset3D clears
// it, cudaMemcpy3D moves a host volume in and out with the extent and
// pitched-pointer helpers, and a 7-point stencil kernel runs over a 3D grid.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// CHECK: __global__ void laplacian(hipPitchedPtr in, hipPitchedPtr out, int nx, int ny, int nz) {
__global__ void laplacian(cudaPitchedPtr in, cudaPitchedPtr out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1)
    return;
  size_t pitch = in.pitch, slice = pitch * ny;
  const char *base = (const char *)in.ptr;
  auto at = [&](int i, int j, int k) {
    return ((const float *)(base + k * slice + j * pitch))[i];
  };
  float v = at(x - 1, y, z) + at(x + 1, y, z) + at(x, y - 1, z) +
            at(x, y + 1, z) + at(x, y, z - 1) + at(x, y, z + 1) - 6.0f * at(x, y, z);
  float *row = (float *)((char *)out.ptr + z * out.pitch * ny + y * out.pitch);
  row[x] = v;
}

int main() {
  const int nx = 64, ny = 48, nz = 32;
  const size_t count = (size_t)nx * ny * nz;
  float *h_in = (float *)malloc(count * sizeof(float));
  float *h_out = (float *)malloc(count * sizeof(float));
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x)
        h_in[(z * ny + y) * nx + x] = (float)(x * x + y * y + z * z);

  // CHECK: hipExtent extent = make_hipExtent(nx * sizeof(float), ny, nz);
  // CHECK-NEXT: hipPitchedPtr d_in, d_out;
  // CHECK-NEXT: CUDA_CHECK(hipMalloc3D(&d_in, extent));
  // CHECK-NEXT: CUDA_CHECK(hipMalloc3D(&d_out, extent));
  // CHECK-NEXT: CUDA_CHECK(hipMemset3D(d_out, 0, extent));
  cudaExtent extent = make_cudaExtent(nx * sizeof(float), ny, nz);
  cudaPitchedPtr d_in, d_out;
  CUDA_CHECK(cudaMalloc3D(&d_in, extent));
  CUDA_CHECK(cudaMalloc3D(&d_out, extent));
  CUDA_CHECK(cudaMemset3D(d_out, 0, extent));

  // CHECK: hipMemcpy3DParms params = {0};
  // CHECK-NEXT: params.srcPtr = make_hipPitchedPtr(h_in, nx * sizeof(float), nx, ny);
  // CHECK-NEXT: params.dstPtr = d_in;
  // CHECK-NEXT: params.extent = extent;
  // CHECK-NEXT: params.kind = hipMemcpyHostToDevice;
  // CHECK-NEXT: CUDA_CHECK(hipMemcpy3D(&params));
  cudaMemcpy3DParms params = {0};
  params.srcPtr = make_cudaPitchedPtr(h_in, nx * sizeof(float), nx, ny);
  params.dstPtr = d_in;
  params.extent = extent;
  params.kind = cudaMemcpyHostToDevice;
  CUDA_CHECK(cudaMemcpy3D(&params));

  dim3 block(8, 8, 4);
  dim3 grid((nx + 7) / 8, (ny + 7) / 8, (nz + 3) / 4);
  laplacian<<<grid, block>>>(d_in, d_out, nx, ny, nz);
  CUDA_CHECK(cudaGetLastError());

  memset(&params, 0, sizeof(params));
  params.srcPtr = d_out;
  params.dstPtr = make_cudaPitchedPtr(h_out, nx * sizeof(float), nx, ny);
  params.extent = extent;
  params.kind = cudaMemcpyDeviceToHost;
  CUDA_CHECK(cudaMemcpy3D(&params));

  // The Laplacian of x^2 + y^2 + z^2 is 6 everywhere inside.
  int bad = 0;
  for (int z = 1; z < nz - 1; ++z)
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x)
        bad += h_out[(z * ny + y) * nx + x] != 6.0f;
  bad += h_out[0] != 0.0f;
  printf("%s (%d bad voxels, pitch %zu)\n", bad ? "FAILED" : "PASSED", bad, d_in.pitch);
  CUDA_CHECK(cudaFree(d_in.ptr));
  CUDA_CHECK(cudaFree(d_out.ptr));
  free(h_in);
  free(h_out);
  return bad != 0;
}
