// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipify %s -o %t.ggl.hip --hip-kernel-execution-syntax -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.ggl.hip | FileCheck %s --check-prefix=GGL
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// RUN: %hipcc -c %t.ggl.hip -o %t.ggl.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Generic kernels: an axpy templated on the element type, a block reduction
// templated on the block size, a transform taking a functor, each
// instantiated for several types at their launch sites.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(x)                                                          \
  do {                                                                         \
    cudaError_t err = (x);                                                     \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(err));                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

template <typename T>
__global__ void axpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

template <unsigned int BlockSize, typename T>
__global__ void blockSum(const T *in, T *out, int n) {
  __shared__ T sdata[BlockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * BlockSize * 2 + tid;
  T v = 0;
  if (i < n)
    v = in[i];
  if (i + BlockSize < n)
    v += in[i + BlockSize];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned int s = BlockSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

struct Square {
  template <typename T> __device__ T operator()(T v) const { return v * v; }
};

template <typename T, typename Op>
__global__ void transform(T *data, int n, Op op) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    data[i] = op(data[i]);
}

template <typename T> static T runSum(const T *d_in, int n) {
  const unsigned int threads = 256;
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  T *d_out;
  CUDA_CHECK(cudaMalloc(&d_out, blocks * sizeof(T)));
  // CHECK: blockSum<threads, T><<<blocks, threads>>>(d_in, d_out, n);
  // GGL: hipLaunchKernelGGL(HIP_KERNEL_NAME(blockSum<threads, T>), dim3(blocks), dim3(threads), 0, 0, d_in, d_out, n);
  blockSum<threads, T><<<blocks, threads>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  T *partial = new T[blocks];
  CUDA_CHECK(cudaMemcpy(partial, d_out, blocks * sizeof(T), cudaMemcpyDeviceToHost));
  T total = 0;
  for (int b = 0; b < blocks; ++b)
    total += partial[b];
  delete[] partial;
  CUDA_CHECK(cudaFree(d_out));
  return total;
}

template <typename T> static bool test(const char *name, int n) {
  T *h_x = new T[n], *h_y = new T[n];
  for (int i = 0; i < n; ++i) {
    h_x[i] = (T)(i % 10);
    h_y[i] = (T)1;
  }
  T *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d_x, h_x, n * sizeof(T), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y, n * sizeof(T), cudaMemcpyHostToDevice));

  // CHECK: axpy<T><<<(n + 255) / 256, 256>>>((T)2, d_x, d_y, n);
  // GGL: hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy<T>), dim3((n + 255) / 256), dim3(256), 0, 0, (T)2, d_x, d_y, n);
  axpy<T><<<(n + 255) / 256, 256>>>((T)2, d_x, d_y, n);
  CUDA_CHECK(cudaGetLastError());
  // CHECK: transform<<<64, 256>>>(d_y, n, Square());
  // GGL: hipLaunchKernelGGL({{.*}}transform{{.*}}, dim3(64), dim3(256), 0, 0, d_y, n, Square());
  transform<<<64, 256>>>(d_y, n, Square());
  CUDA_CHECK(cudaGetLastError());
  T sum = runSum(d_y, n);

  T expected = 0;
  for (int i = 0; i < n; ++i) {
    T y = 2 * h_x[i] + 1;
    expected += y * y;
  }
  bool ok = sum == expected;
  printf("%-8s sum=%g expected=%g %s\n", name, (double)sum, (double)expected,
         ok ? "ok" : "MISMATCH");
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  delete[] h_x;
  delete[] h_y;
  return ok;
}

int main() {
  bool ok = test<int>("int", 100000);
  ok &= test<float>("float", 1000);
  ok &= test<double>("double", 100000);
  ok &= test<long long>("int64", 77777);
  return ok ? 0 : 1;
}
