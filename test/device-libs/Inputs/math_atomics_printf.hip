// A kernel that needs the device libraries: math from ocml, atomics, and
// printf through ockl's hostcall buffer.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void mathKernel(float *Out, const float *In, int *Counter,
                           unsigned *Flag) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = In[I];
  Out[I] = sinf(X) + expf(X) + sqrtf(X) + powf(X, 2.5f) +
           static_cast<float>(sqrt(static_cast<double>(X)));
  atomicAdd(Counter, 1);
  atomicCAS(Flag, 0u, 1u);
  if (I == 0)
    printf("mathKernel: Out[0] = %f\n", Out[0]);
}
