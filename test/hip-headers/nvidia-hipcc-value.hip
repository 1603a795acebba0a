// __HIPCC__ is 1 on NVIDIA as on AMD (patch 0005): `#if __HIPCC__`, what
// hipify-clang writes for `#if __CUDACC__`, compiles on both platforms and
// takes the HIP branch (HIP 5.2 defined it empty on NVIDIA: "#if with no
// expression").
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t.nv.o
// RUN: %hipcc -c --offload-arch=gfx942 -Wall -Werror %s -o %t.amd.o
#include <hip/hip_runtime.h>

#if __HIPCC__
__global__ void kernel(int *x) { x[0] = __HIPCC__; }
#else
#error "__HIPCC__ is 0 or undefined after hip/hip_runtime.h"
#endif
#if __HIPCC__ != 1
#error "__HIPCC__ is not 1"
#endif
