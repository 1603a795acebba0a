// Partial specializations of class templates and explicit and partial
// specializations of variable templates that the translation merges
// (cudaError_t and CUresult both become hipError_t): the second is disabled
// with '#if 0' from its `template <...>`, with a warning, and the output
// compiles; a specialization on a type that stays distinct is kept.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[A-Z_]|cuda}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942

#include <cuda.h>
#include <cuda_runtime.h>

template <typename Tag, typename Error> struct Report { static const int api = 0; };
// CHECK: template <typename Tag> struct Report<Tag, hipError_t> { static const int api = 1; };
// CHECK-NEXT: #if 0 // hipify: 'Report<Tag, hipError_t>' again; the one kept is at line 20 of the original
// CHECK-NEXT: template <typename Tag> struct Report<Tag, hipError_t> { static const int api = 2; };
// CHECK-NEXT: #endif
// WARN: translation-collisions-specializations.cu:21:32: warning: 'Report<Tag, CUresult>' becomes 'Report<Tag, hipError_t>', as does 'Report<Tag, cudaError_t>' (line 20); kept that one and disabled this definition with '#if 0': its uses now reach the one kept [hipify-declaration-collision]
template <typename Tag> struct Report<Tag, cudaError_t> { static const int api = 1; };
template <typename Tag> struct Report<Tag, CUresult> { static const int api = 2; };
// A partial specialization on another type stays.
// CHECK-NEXT: template <typename Tag> struct Report<Tag, hipDeviceAttribute_t> { static const int api = 3; };
template <typename Tag> struct Report<Tag, cudaDeviceAttr> { static const int api = 3; };

template <typename Error> constexpr int severity = 0;
// CHECK: template <> constexpr int severity<hipError_t> = 1;
// CHECK-NEXT: #if 0 // hipify: 'severity<hipError_t>' again; the one kept is at line 33 of the original
// CHECK-NEXT: template <>
// CHECK-NEXT: constexpr int severity<hipError_t> = 2;
// CHECK-NEXT: #endif
// WARN: translation-collisions-specializations.cu:35:15: warning: 'severity<CUresult>' becomes 'severity<hipError_t>', as does 'severity<cudaError_t>' (line 33); kept that one and disabled this definition with '#if 0': its uses now reach the one kept
template <> constexpr int severity<cudaError_t> = 1;
template <>
constexpr int severity<CUresult> = 2;

template <typename Tag, typename Error> constexpr int weight = 0;
// CHECK: template <typename Tag> constexpr int weight<Tag, hipError_t> = 1;
// CHECK-NEXT: #if 0 // hipify: 'weight<Tag, hipError_t>' again; the one kept is at line 43 of the original
// CHECK-NEXT: template <typename Tag> constexpr int weight<Tag, hipError_t> = 2;
// CHECK-NEXT: #endif
// WARN: translation-collisions-specializations.cu:44:39: warning: 'weight<Tag, CUresult>' becomes 'weight<Tag, hipError_t>', as does 'weight<Tag, cudaError_t>' (line 43)
template <typename Tag> constexpr int weight<Tag, cudaError_t> = 1;
template <typename Tag> constexpr int weight<Tag, CUresult> = 2;

struct Host {};
int total() {
  return Report<Host, cudaError_t>::api + Report<Host, CUresult>::api +
         severity<cudaError_t> + severity<CUresult> + weight<Host, CUresult>;
}
