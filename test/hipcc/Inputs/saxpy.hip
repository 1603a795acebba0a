#include <hip/hip_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * sinf(x[i]) + y[i];
    atomicAdd(count, 1u);
  }
}
