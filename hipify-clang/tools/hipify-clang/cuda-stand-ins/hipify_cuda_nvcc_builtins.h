/*
 * What nvcc knows and clang 19's CUDA mode does not, for hipify-clang's parse,
 * shipped with hipify-clang and force-included before the file. Nothing here is
 * ever compiled into code: only the names and the calls' types matter.
 *
 * - CUDA 12.8's __nv_atomic_* builtins and their order and scope constants.
 *   crt/device_functions.h declares the constants only for nvcc, in a file
 *   clang's wrapper replaces with its own (it defines __DEVICE_FUNCTIONS_H__);
 *   the builtins are nvcc's, generic over the pointee type. The enumerators
 *   are CUDA's, in CUDA's order (nvcc-builtins-stand-in.test compares them
 *   with the CUDA header).
 * - The cache-hinted loads and stores of sm_32_intrinsics.h (__ldca, __ldcg,
 *   __ldcs, __ldlu, __ldcv; __stcg, __stcs, __stwb, __stwt). CUDA declares
 *   them for every scalar and vector type;
 *   clang's wrapper, which does not include that header, for none (only
 *   cuda_fp16.h's and cuda_bf16.h's half and bfloat16 forms reach the parse).
 *   A template over the pointee stands in for CUDA's overloads, so that a call
 *   resolves to a declaration the tables name; the half forms, exact
 *   matches, still win over it.
 * - min and max in host code. nvcc declares CUDA's math_functions.hpp
 *   overloads (min(int, unsigned), max(float, double), ...) __host__
 *   __device__; clang's wrapper makes them device-only, so a host function,
 *   or the host side of a __host__ __device__ one, that calls min or max does
 *   not compile ("reference to __device__ function 'min'"). A host-only
 *   template taking each argument's own type stands in for them there; device
 *   code never sees it, so its overloads resolve as clang and nvcc resolve
 *   them (the same calls, ambiguous in both, are rejected in both).
 */
#ifndef HIPIFY_CLANG_CUDA_NVCC_BUILTINS_H
#define HIPIFY_CLANG_CUDA_NVCC_BUILTINS_H
#if defined(__cplusplus) && defined(__CUDA__)

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};

enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

#define HIPIFY_NV_ATOMIC_RMW(Name)                                             \
  template <typename T, typename U>                                            \
  __attribute__((device)) T __nv_atomic_fetch_##Name(                          \
      T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);                            \
  template <typename T, typename U>                                            \
  __attribute__((device)) void __nv_atomic_##Name(                             \
      T *, U, int, int = __NV_THREAD_SCOPE_SYSTEM);
HIPIFY_NV_ATOMIC_RMW(add)
HIPIFY_NV_ATOMIC_RMW(sub)
HIPIFY_NV_ATOMIC_RMW(min)
HIPIFY_NV_ATOMIC_RMW(max)
HIPIFY_NV_ATOMIC_RMW(and)
HIPIFY_NV_ATOMIC_RMW(or)
HIPIFY_NV_ATOMIC_RMW(xor)
#undef HIPIFY_NV_ATOMIC_RMW

template <typename T, typename U>
__attribute__((device)) T __nv_atomic_exchange_n(T *, U, int,
                                                 int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_exchange(T *, T *, T *, int,
                                                  int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T, typename U>
__attribute__((device)) bool
__nv_atomic_compare_exchange_n(T *, T *, U, bool, int, int,
                               int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) bool
__nv_atomic_compare_exchange(T *, T *, T *, bool, int, int,
                             int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) T __nv_atomic_load_n(T *, int,
                                             int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_load(T *, T *, int,
                                              int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T, typename U>
__attribute__((device)) void __nv_atomic_store_n(T *, U, int,
                                                 int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_store(T *, T *, int,
                                               int = __NV_THREAD_SCOPE_SYSTEM);
__attribute__((device)) void
__nv_atomic_thread_fence(int, int = __NV_THREAD_SCOPE_SYSTEM);

template <typename T> __attribute__((device)) T __ldca(const T *);
template <typename T> __attribute__((device)) T __ldcg(const T *);
template <typename T> __attribute__((device)) T __ldcs(const T *);
template <typename T> __attribute__((device)) T __ldlu(const T *);
template <typename T> __attribute__((device)) T __ldcv(const T *);
// The stores take the value as CUDA's overloads do, converted to the pointee
// type: it takes no part in the deduction.
template <typename T> struct __hipify_nvcc_store_value { typedef T type; };
template <typename T>
__attribute__((device)) void
__stcg(T *, typename __hipify_nvcc_store_value<T>::type);
template <typename T>
__attribute__((device)) void
__stcs(T *, typename __hipify_nvcc_store_value<T>::type);
template <typename T>
__attribute__((device)) void
__stwb(T *, typename __hipify_nvcc_store_value<T>::type);
template <typename T>
__attribute__((device)) void
__stwt(T *, typename __hipify_nvcc_store_value<T>::type);

template <typename T, typename U>
__attribute__((host)) decltype(true ? T() : U()) min(T, U);
template <typename T, typename U>
__attribute__((host)) decltype(true ? T() : U()) max(T, U);

#endif
#endif
