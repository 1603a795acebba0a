// A small HIP program: one kernel using math, atomics and printf.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void saxpy(int n, float a, const float *x, float *y, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * sinf(x[i]) + y[i];
    atomicAdd(count, 1u);
  }
  if (i == 0)
    printf("saxpy on %d elements\n", n);
}

int main() {
  const int n = 1 << 20;
  float *x, *y;
  unsigned *count;
  if (hipMalloc(&x, n * sizeof(float)) != hipSuccess ||
      hipMalloc(&y, n * sizeof(float)) != hipSuccess ||
      hipMalloc(&count, sizeof(unsigned)) != hipSuccess) {
    std::fprintf(stderr, "hipMalloc failed\n");
    return 1;
  }
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y, count);
  hipError_t err = hipDeviceSynchronize();
  std::printf("saxpy: %s\n", hipGetErrorString(err));
  bool freed = hipFree(x) == hipSuccess && hipFree(y) == hipSuccess &&
               hipFree(count) == hipSuccess;
  return err == hipSuccess && freed ? 0 : 1;
}
