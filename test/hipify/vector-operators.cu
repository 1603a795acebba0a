// Code with its own operators for CUDA's vector types (a helper_math.h-style
// header, Inputs/vector-operators/vector_math.h) translates to HIP that
// compiles against ROCm 6.4's headers and hipkit's HIP 5.2. HIP's float4 is
// HIP_vector_type, whose non-template operators (compound assignments and
// increments; from HIP 5.7 also float4 * float4 and /) are as good a match as
// the user's: `a += b` is ambiguous with the user's `operator+=(float4 &,
// float4)`. The vector type rows' `hipdefines` lists (derived from
// amd_hip_vector_types.h) name them, and the user's definitions of those go
// under `#if !defined(__HIP_PLATFORM_AMD__)` (`|| HIP_VERSION < ...` for
// those newer than 5.2), with one note; the others (with a scalar, mixed
// vector types, HIP's template operators) stay, and win over HIP's templates.
// REQUIRES: cuda, rocm-6.4-root
// RUN: rm -rf %t && mkdir -p %t/src %t/out
// RUN: cp %s %t/src/vector-operators.cu && cp %S/Inputs/vector-operators/vector_math.h %t/src/
// RUN: %hipify --o-dir %t/out %t/src/vector-operators.cu 2>%t/err
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t/err --implicit-check-not='{{warning|note|error}}'
// RUN: grep -v '^ *//' %t/out/vector-operators.cu.hip | FileCheck %s --implicit-check-not='{{cuda|CUDA}}'
// RUN: grep -v '^ *//' %t/out/vector_math.h | FileCheck %s --check-prefix=HEADER --implicit-check-not='{{cuda|CUDA}}'
// RUN: %hipcc -c %t/out/vector-operators.cu.hip -o %t/out/vector-operators.o --offload-arch=gfx942
// RUN: %hipcc -c %t/out/vector-operators.cu.hip -o %t/out/vector-operators.64.o --offload-arch=gfx942 --rocm-path=%rocm_libraries
// RUN: %hipcc -fsyntax-only -DCHECK_THE_OPERATORS %t/out/vector-operators.cu.hip --offload-arch=gfx942
// RUN: %hipcc -fsyntax-only -DCHECK_THE_OPERATORS %t/out/vector-operators.cu.hip --offload-arch=gfx942 --rocm-path=%rocm_libraries

// NOTE: vector_math.h:37:33: note: HIP's vector types define 'operator+=(float2,float2)' (HIP 5.2) and the like on AMD, with which this file's own definitions would be ambiguous there; each is put under '#if !defined(__HIP_PLATFORM_AMD__)': uses reach HIP's [hipify-declaration-collision]

// HEADER: #include "hip/hip_runtime.h"
// HEADER: #ifndef __HIPCC__
// HEADER: inline __host__ __device__ float2 operator+(float2 a, float2 b) {
// HEADER-NEXT: #if !defined(__HIP_PLATFORM_AMD__) // hipify: HIP defines operator+=(float2,float2) on AMD (HIP 5.2)
// HEADER-NEXT: inline __host__ __device__ void operator+=(float2 &a, float2 b) {
// HEADER-NEXT: #endif
// HEADER-NEXT: inline __host__ __device__ float2 operator+(float2 a, float b) {
// HEADER:      #if !defined(__HIP_PLATFORM_AMD__) // hipify: HIP defines operator*=(float3,float3) on AMD (HIP 5.2)
// HEADER-NEXT: inline __host__ __device__ void operator*=(float3 &a, float3 b) {
// HEADER-NEXT: #endif
// HEADER-NEXT: inline __host__ __device__ float3 operator*(float3 a, float b) {
// HEADER:      #if !defined(__HIP_PLATFORM_AMD__) || HIP_VERSION < 50700000 // hipify: HIP defines operator*(float4,float4) on AMD (HIP 5.7)
// HEADER-NEXT: inline __host__ __device__ float4 operator*(float4 a, float4 b) {
// HEADER-NEXT: #endif
// HEADER-NEXT: #if !defined(__HIP_PLATFORM_AMD__) // hipify: HIP defines operator*=(float4,float4) on AMD (HIP 5.2)
// HEADER-NEXT: inline __host__ __device__ void operator*=(float4 &a, float4 b) {
// HEADER-NEXT: #endif
// HEADER-NEXT: inline __host__ __device__ float4 operator*(float4 a, float b) {
// HEADER:      inline __host__ __device__ float3 cross(float3 a, float3 b) {
// HEADER-NEXT: inline __host__ __device__ float3 operator*(float3 a, int3 b) {
// HEADER-NEXT: inline __host__ __device__ float lerp(float a, float b, float t) {

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

// On AMD, HIP's operators are the ones called where HIP has a non-template
// one (they return a reference, the user's void); the user's elsewhere.
#ifdef CHECK_THE_OPERATORS
#include <type_traits>
#include <utility>
#define HIPS(expression, T) \
  static_assert(std::is_same<decltype(expression), T>::value, #expression)
#define USERS(expression) \
  static_assert(std::is_void<decltype(expression)>::value, #expression)
HIPS(std::declval<float4 &>() += std::declval<float4>(), float4 &);
HIPS(std::declval<float4 &>() -= std::declval<float4>(), float4 &);
HIPS(std::declval<float3 &>() *= std::declval<float3>(), float3 &);
HIPS(std::declval<float2 &>() /= std::declval<float2>(), float2 &);
HIPS(std::declval<int2 &>() += std::declval<int2>(), int2 &);
HIPS(std::declval<uint3 &>() *= std::declval<uint3>(), uint3 &);
HIPS(std::declval<float4 &>()++, float4);
HIPS(std::declval<int3 &>() %= std::declval<int3>(), int3 &);
HIPS(std::declval<float4>() * std::declval<float4>(), float4);
USERS(std::declval<float4 &>() *= 2.0f);
USERS(std::declval<float2 &>() += 1.0f);
HIPS(std::declval<float3>() * std::declval<int3>(), float3);
#endif
