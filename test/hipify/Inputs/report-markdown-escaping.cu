#include <cuda_runtime.h>

int f() {
  cudaMemLocation loc;
  loc.type = cudaMemLocationTypeHost; /* <b>|</b> */
  return cudaDeviceSynchronize();
}
