// Code with its own operators for CUDA's vector types (a helper_math.h-style
// header, Inputs/vector-operators/vector_math.h) translates to HIP that
// compiles and calls the user's operators. HIP's float4 is HIP_vector_type,
// whose compound assignments and increments were non-template members: `a +=
// b` was ambiguous with the user's `operator+=(float4 &, float4)`. hipkit's
// HIP headers make them templates (hip-headers/patches/0003-*), which lose to
// the user's non-template functions, so the meaning is the one nvcc gave.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t/src %t/out
// RUN: cp %s %t/src/vector-operators.cu && cp %S/Inputs/vector-operators/vector_math.h %t/src/
// RUN: %hipify --o-dir %t/out %t/src/vector-operators.cu 2>&1 | count 0
// RUN: grep -v '^ *//' %t/out/vector-operators.cu.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA}}'
// RUN: grep -v '^ *//' %t/out/vector_math.h | FileCheck %s --check-prefix=HEADER --implicit-check-not='{{cuda|CUDA}}'
// RUN: %hipcc -c %t/out/vector-operators.cu.hip -o %t/out/vector-operators.o --offload-arch=gfx942
// RUN: %hipcc -fsyntax-only -DCHECK_THE_USER_OPERATORS %t/out/vector-operators.cu.hip --offload-arch=gfx942

// HEADER: #include "hip/hip_runtime.h"
// HEADER: #ifndef __HIPCC__

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK-NEXT: #include "vector_math.h"
#include "vector_math.h"

__global__ void integrate(float4 *position, float4 *velocity, float3 gravity,
                          float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 p = position[i], v = velocity[i];
  v += make_float4(gravity, 0.0f) * dt;
  v *= 0.99f;
  p += v * dt;
  float3 q = make_float3(p);
  if (length(q) > 10.0f) {
    q = normalize(q) * 10.0f;
    v = -v;
  }
  q -= lerp(q, gravity, 0.5f) / 2.0f;
  p = make_float4(q, clamp(p.w, 0.0f, 1.0f));
  int2 cell = make_int2(int(q.x), int(q.y));
  cell /= make_int2(2);
  cell -= cell * 2 + 1;
  uint3 id = make_uint3(i);
  id += make_uint3(1, 2, 3) * 4u;
  position[i] = p + make_float4(make_float2(cell).x) + make_float4(float(id.x));
  velocity[i] = v;
}

int main() {
  float4 *position, *velocity;
  // CHECK: hipMalloc(&position, 64 * sizeof(float4));
  cudaMalloc(&position, 64 * sizeof(float4));
  cudaMalloc(&velocity, 64 * sizeof(float4));
  // CHECK: integrate<<<1, 64>>>(position, velocity, make_float3(0.0f, -9.8f, 0.0f), 0.01f, 64);
  integrate<<<1, 64>>>(position, velocity, make_float3(0.0f, -9.8f, 0.0f), 0.01f, 64);
  cudaFree(position);
  cudaFree(velocity);
  return 0;
}

// The user's operators are the ones called where HIP has its own: they
// return void, HIP's compound assignments a reference.
#ifdef CHECK_THE_USER_OPERATORS
#include <type_traits>
#include <utility>
#define USERS(expression) \
  static_assert(std::is_void<decltype(expression)>::value, #expression)
USERS(std::declval<float4 &>() += std::declval<float4>());
USERS(std::declval<float4 &>() -= std::declval<float4>());
USERS(std::declval<float3 &>() *= std::declval<float3>());
USERS(std::declval<float2 &>() /= std::declval<float2>());
USERS(std::declval<int2 &>() += std::declval<int2>());
USERS(std::declval<uint3 &>() *= std::declval<uint3>());
USERS(std::declval<float4 &>() *= 2.0f);
// HIP's own operators still serve what the header does not define.
static_assert(std::is_same<decltype(std::declval<float4 &>()++), float4>::value, "++");
static_assert(std::is_same<decltype(std::declval<int3 &>() %= std::declval<int3>()), int3 &>::value, "%=");
#endif
