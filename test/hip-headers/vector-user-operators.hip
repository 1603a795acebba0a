// Patch 0003: a program's own operators for the vector types (NVIDIA's
// helper_math.h and its copies) are chosen over HIP_vector_type's compound
// assignments and increments, which are templates now; without them HIP's
// serve as before. With HIP 5.2's own headers `a += b` is ambiguous.
// (test/hipify/vector-operators.cu: a whole helper_math-style header.)
//
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip %t/system/include %t/system/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: ln -s %system_hip_include_dir %t/system/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: cp %system_hip_version_file %t/system/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 -fsyntax-only -Werror \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir %s
// RUN: %clangxx -x hip --offload-arch=gfx942 -fsyntax-only -Werror -DNO_USER_OPERATORS \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 -fsyntax-only \
// RUN:   --rocm-path=%t/system -isystem %t/system/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s 2>&1 | FileCheck --check-prefix=SYSTEM %s

#include <hip/hip_runtime.h>
#include <type_traits>
#include <utility>

#ifndef NO_USER_OPERATORS
// The user's operators return void where HIP's return a reference, so the
// type of the expression tells whose operator was chosen.
inline __host__ __device__ void operator+=(float4 &a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
inline __host__ __device__ void operator-=(float3 &a, float3 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }
inline __host__ __device__ void operator*=(int2 &a, int2 b) { a.x *= b.x; a.y *= b.y; }
inline __host__ __device__ void operator/=(float2 &a, float2 b) { a.x /= b.x; a.y /= b.y; }
inline __host__ __device__ void operator++(uint3 &a) { ++a.x; }
inline __host__ __device__ void operator--(uint3 &a, int) { --a.x; }
#define CHOSEN(expression, type) static_assert(std::is_same<decltype(expression), type>::value, #expression)
CHOSEN(std::declval<float4 &>() += std::declval<float4>(), void);
CHOSEN(std::declval<float3 &>() -= std::declval<float3>(), void);
CHOSEN(std::declval<int2 &>() *= std::declval<int2>(), void);
CHOSEN(std::declval<float2 &>() /= std::declval<float2>(), void);
CHOSEN(++std::declval<uint3 &>(), void);
CHOSEN(std::declval<uint3 &>()--, void);
// What the user did not define stays HIP's.
CHOSEN(std::declval<float4 &>() -= std::declval<float4>(), float4 &);
CHOSEN(std::declval<uint3 &>()++, uint3);

// SYSTEM: error: use of overloaded operator '+=' is ambiguous (with operand types 'float4' (aka 'HIP_vector_type<float, 4>') and 'float4')
#endif

__global__ void step(float4 *p, float2 *q, int4 *r) {
  float4 a = p[0];
  a += p[1];
  a -= p[2];
  a *= p[3];
  a /= p[1];
  a += 1.0f;
  ++a;
  a--;
  a += {1, 2, 3, 4};
  p[0] = a + p[1] * 2.0f - p[2];
  float2 b = q[0];
  b /= q[1];
  q[0] = b;
  int4 c = r[0];
  c %= r[1];
  c <<= r[2];
  r[0] = -c;
}
