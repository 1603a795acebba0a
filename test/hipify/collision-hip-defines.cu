// HIP's headers define overloads CUDA lacks (atomicMax and atomicMin for float
// and double, atomicCAS for float): a CUDA program's own CAS-loop definition of
// one is a redefinition once translated. The rows' `hipdefines` lists (derived
// from the HIP headers) name them; the user's definition goes under
// `#if !defined(__HIP_PLATFORM_AMD__)` with a warning, calls reach HIP's, and
// an overload HIP lacks (atomicMax for a user's struct) stays. The output
// compiles for gfx942 against the ROCm 6.4 tree and hipkit's HIP 5.2.
// REQUIRES: cuda, rocm-6.4-root
// RUN: %if nvcc %{ %cuda_path/bin/nvcc -c -arch=sm_90 %s -o %t.nvcc.o %}
// RUN: %hipify %s --rocm-path=%rocm_libraries -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN -DFILE=%s --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 --rocm-path=%rocm_libraries
// RUN: %hipcc -c %t.hip -o %t.old.o --offload-arch=gfx942

#include <cuda_runtime.h>

// WARN: [[FILE]]:[[@LINE+3]]:18: warning: HIP 5.2 defines 'atomicMax(float*,float)' on AMD, so this definition would be a redefinition there; put it under '#if !defined(__HIP_PLATFORM_AMD__)': calls reach HIP's [hipify-declaration-collision]
// CHECK: #if !defined(__HIP_PLATFORM_AMD__) // hipify: HIP defines atomicMax(float*,float) on AMD (HIP 5.2)
// CHECK-NEXT: __device__ float atomicMax(float *address, float val) {
__device__ float atomicMax(float *address, float val) {
  int *address_as_int = (int *)address;
  int old = *address_as_int, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_int, assumed,
                    __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
// CHECK: #endif
// CHECK-NEXT: __device__ double atomicMin(double *address, double val);
// CHECK-NEXT: #if !defined(__HIP_PLATFORM_AMD__) // hipify: HIP defines atomicMin(double*,double) on AMD (HIP 5.2)
// WARN: [[FILE]]:[[@LINE+2]]:19: warning: HIP 5.2 defines 'atomicMin(double*,double)' on AMD
__device__ double atomicMin(double *address, double val);
__device__ double atomicMin(double *address, double val) {
  unsigned long long *p = (unsigned long long *)address;
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed,
                    __double_as_longlong(fmin(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}
// CHECK: #endif

struct Pair { int key, value; };
// CHECK: __device__ Pair atomicMax(Pair *address, Pair val) {
__device__ Pair atomicMax(Pair *address, Pair val) {
  atomicMax(&address->key, val.key);
  return *address;
}

__global__ void reduceMax(float *maxOut, double *minOut, const float *in, Pair *pairs) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: atomicMax(maxOut, v);
  atomicMax(maxOut, v);
  atomicMin(minOut, (double)v);
  atomicMax(pairs, Pair{(int)threadIdx.x, 0});
}
