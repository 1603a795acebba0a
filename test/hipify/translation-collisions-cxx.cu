// The C++ forms of declarations the translation merges (cudaError_t and
// CUresult both become hipError_t): function templates (guarded from their
// `template <...>`), members declared in a class template and defined out of
// line, conversion operators, friends, definitions written by a macro
// (guarded at the invocation) and declarations sharing a line.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z]|CU[A-Z_]|cuda}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942

#include <cuda.h>
#include <cuda_runtime.h>

// CHECK: template <typename T> int tagged(T, hipError_t) { return 1; }
// CHECK-NEXT: #if 0 // hipify: 'tagged(T, hipError_t)' again; the one kept is at line 19 of the original
// CHECK-NEXT: template <typename T> int tagged(T, hipError_t) { return 2; }
// CHECK-NEXT: #endif
// WARN: translation-collisions-cxx.cu:20:27: warning: 'tagged(T, CUresult)' becomes 'tagged(T, hipError_t)', as does 'tagged(T, cudaError_t)' (line 19); kept that one and disabled this definition with '#if 0': its calls now reach the one kept [hipify-declaration-collision]
template <typename T> int tagged(T, cudaError_t) { return 1; }
template <typename T> int tagged(T, CUresult) { return 2; }

// CHECK: template <typename T> struct Channel {
// CHECK-NEXT: int send(hipError_t error);
// CHECK-NEXT: #if 0 // hipify: 'Channel::send(hipError_t)' again; the one kept is at line 52 of the original
// CHECK-NEXT: int send(hipError_t error);
// CHECK-NEXT: #endif
// CHECK-NEXT: operator hipError_t() const { return hipSuccess; }
// CHECK-NEXT: #if 0 // hipify: 'Channel::operator hipError_t()' again; the one kept is at line 40 of the original
// CHECK-NEXT: operator hipError_t() const { return hipSuccess; }
// CHECK-NEXT: #endif
// CHECK-NEXT: friend int failed(const Channel &, hipError_t e) { return e != hipSuccess; }
// CHECK-NEXT: #if 0 // hipify: 'failed(const Channel<T> &, hipError_t)' again; the one kept is at line 43 of the original
// CHECK-NEXT: friend int failed(const Channel &, hipError_t e) { return e != hipSuccess; }
// CHECK-NEXT: #endif
// CHECK-NEXT: };
template <typename T> struct Channel {
  int send(cudaError_t error);
  // WARN: translation-collisions-cxx.cu:39:7: warning: 'Channel::send(CUresult)' becomes 'Channel::send(hipError_t)', as does 'Channel::send(cudaError_t)' (line 52); kept that one and disabled this declaration with '#if 0': its calls now reach the one kept [hipify-declaration-collision]
  int send(CUresult error);
  operator cudaError_t() const { return cudaSuccess; }
  // WARN: translation-collisions-cxx.cu:42:3: warning: 'Channel::operator CUresult()' becomes 'Channel::operator hipError_t()', as does 'Channel::operator cudaError_t()' (line 40); kept that one {{.*}} [hipify-declaration-collision]
  operator CUresult() const { return CUDA_SUCCESS; }
  friend int failed(const Channel &, cudaError_t e) { return e != cudaSuccess; }
  // WARN: translation-collisions-cxx.cu:45:14: warning: 'failed(const Channel<T> &, CUresult)' becomes 'failed(const Channel<T> &, hipError_t)', as does 'failed(const Channel<T> &, cudaError_t)' (line 43); kept that one {{.*}} [hipify-declaration-collision]
  friend int failed(const Channel &, CUresult e) { return e != CUDA_SUCCESS; }
};
// CHECK: template <typename T> int Channel<T>::send(hipError_t error) { return error; }
// CHECK-NEXT: #if 0 // hipify: 'Channel::send(hipError_t)' again; the one kept is at line 52 of the original
// CHECK-NEXT: template <typename T> int Channel<T>::send(hipError_t error) { return -error; }
// CHECK-NEXT: #endif
// WARN: translation-collisions-cxx.cu:53:39: warning: 'Channel::send(CUresult)' becomes 'Channel::send(hipError_t)', as does 'Channel::send(cudaError_t)' (line 52); kept that one and disabled this definition {{.*}} [hipify-declaration-collision]
template <typename T> int Channel<T>::send(cudaError_t error) { return error; }
template <typename T> int Channel<T>::send(CUresult error) { return -error; }

// CHECK: #define DEFINE_IS_OK(Error, Ok) inline bool isOk(Error e) { return e == Ok; }
// CHECK-NEXT: DEFINE_IS_OK(hipError_t, hipSuccess)
// CHECK-NEXT: #if 0 // hipify: 'isOk(hipError_t)' again; the one kept is at line 62 of the original
// CHECK-NEXT: DEFINE_IS_OK(hipError_t, hipSuccess)
// CHECK-NEXT: #endif
// WARN: translation-collisions-cxx.cu:61:45: warning: 'isOk(CUresult)' becomes 'isOk(hipError_t)', as does 'isOk(cudaError_t)' (line 62); kept that one {{.*}} [hipify-declaration-collision]
#define DEFINE_IS_OK(Error, Ok) inline bool isOk(Error e) { return e == Ok; }
DEFINE_IS_OK(cudaError_t, cudaSuccess)
DEFINE_IS_OK(CUresult, CUDA_SUCCESS)

// CHECK: namespace codes { int code(hipError_t e) { return e; } 
// CHECK-NEXT: #if 0 // hipify: 'codes::code(hipError_t)' again; the one kept is at line 70 of the original
// CHECK-NEXT: int code(hipError_t e) { return e; }
// CHECK-NEXT: #endif
// CHECK-NEXT: }
namespace codes { int code(cudaError_t e) { return e; } int code(CUresult e) { return e; } }
// WARN: translation-collisions-cxx.cu:70:61: warning: 'codes::code(CUresult)' becomes 'codes::code(hipError_t)', as does 'codes::code(cudaError_t)' (line 70); kept that one {{.*}} [hipify-declaration-collision]

// CHECK: int use(Channel<int> &c) {
int use(Channel<int> &c) {
  // CHECK-NEXT: return tagged(1, hipSuccess) + c.send(hipErrorInvalidValue) + failed(c, hipSuccess) +
  return tagged(1, CUDA_SUCCESS) + c.send(CUDA_ERROR_INVALID_VALUE) + failed(c, CUDA_SUCCESS) +
         isOk(CUDA_SUCCESS) + codes::code(CUDA_SUCCESS) + (cudaError_t)c;
}
