// Shared by the native HIP programs: check every HIP call, fail loudly.
#pragma once
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#define HIP_CHECK(call)                                                        \
  do {                                                                         \
    hipError_t status_ = (call);                                               \
    if (status_ != hipSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, hipGetErrorString(status_));                         \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #cond);                                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
