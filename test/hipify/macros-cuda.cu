// Macros user code tests to learn what CUDA provides are mapped through the
// table wherever they are tested: #ifdef, defined(), #if expressions, taken
// or not, so the guarded code stays compiled under HIP.
// REQUIRES: cuda
// RUN: %hipify %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not='{{__CUDA|CUDART_VERSION|cuda_}}'

#include <cuda_runtime.h>

// CHECK: #ifdef __HIPCC__
#ifdef __CUDACC__
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

// CHECK: #if defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) && 11070 /* CUDART_VERSION */ >= 11000
#if defined(__CUDA_RUNTIME_H__) && CUDART_VERSION >= 11000
HOST_DEVICE inline int fast() { return 1; }
#endif

// Not taken in this parse (clang defines __CUDACC__): translated by tokens.
// CHECK: #ifndef __HIPCC__
// CHECK-NEXT: #error needs a CUDA compiler (nvcc: __NVCC__)
#ifndef __CUDACC__
#error needs a CUDA compiler (nvcc: __NVCC__)
#endif

// CHECK: #if !defined(HIP_INCLUDE_HIP_DRIVER_TYPES_H)
#if !defined(__DRIVER_TYPES_H__)
#error driver types missing
#endif

// A macro the user defines is the user's, whatever its name.
// CHECK: #define CUDA_VERSION_OF_THIS_LIBRARY 3
#define CUDA_VERSION_OF_THIS_LIBRARY 3
// CHECK-NEXT: int version() { return CUDA_VERSION_OF_THIS_LIBRARY; }
int version() { return CUDA_VERSION_OF_THIS_LIBRARY; }
