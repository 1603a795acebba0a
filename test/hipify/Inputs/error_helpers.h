// An error-checking header in the style many CUDA projects copy around (a
// description per error enumerator, overloaded on the runtime's and the driver's
// error types, a checking macro over a template): written for hipkit's tests.
// Its runtime and driver overloads are distinct in CUDA; once cudaError_t and
// CUresult both become hipError_t they are the same function.
#ifndef ERROR_HELPERS_H
#define ERROR_HELPERS_H

#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

// Declared first, defined below. The repeated prototype may stay (a function
// may be redeclared); the second definition may not.
static const char *errorName(cudaError_t error);
static const char *errorName(CUresult error);

static const char *errorName(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "no error (runtime)";
  case cudaErrorInvalidValue:
    return "invalid value (runtime)";
  case cudaErrorMemoryAllocation:
    return "out of memory (runtime)";
  case cudaErrorInvalidDevice:
    return "invalid device (runtime)";
  default:
    return "<unknown runtime error>";
  }
}

static const char *errorName(CUresult error) {
  switch (error) {
  case CUDA_SUCCESS:
    return "no error (driver)";
  case CUDA_ERROR_INVALID_VALUE:
    return "invalid value (driver)";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "out of memory (driver)";
  case CUDA_ERROR_INVALID_DEVICE:
    return "invalid device (driver)";
  default:
    return "<unknown driver error>";
  }
}

// Overloads on pointers and references to the two error types.
inline bool anyFailed(const cudaError_t *errors, int count) {
  for (int i = 0; i < count; ++i)
    if (errors[i] != cudaSuccess)
      return true;
  return false;
}
inline bool anyFailed(const CUresult *errors, int count) {
  for (int i = 0; i < count; ++i)
    if (errors[i] != CUDA_SUCCESS)
      return true;
  return false;
}
inline void clearError(cudaError_t &error) { error = cudaSuccess; }
inline void clearError(CUresult &error) { error = CUDA_SUCCESS; }

// Which API an error type belongs to: explicit specializations of a function
// template and of a class template.
template <typename Error> const char *apiOf();
template <> inline const char *apiOf<cudaError_t>() { return "runtime"; }
template <> inline const char *apiOf<CUresult>() { return "driver"; }

template <typename Error> struct ErrorTraits;
template <> struct ErrorTraits<cudaError_t> {
  static constexpr cudaError_t success = cudaSuccess;
};
template <> struct ErrorTraits<CUresult> {
  static constexpr CUresult success = CUDA_SUCCESS;
};

// Member overloads.
struct ErrorCounter {
  int failures = 0;
  void operator()(cudaError_t error) { failures += error != cudaSuccess; }
  void operator()(CUresult error) { failures += error != CUDA_SUCCESS; }
};

template <typename Error>
void checkResult(Error result, const char *call, const char *file, int line) {
  if (result != ErrorTraits<Error>::success) {
    std::fprintf(stderr, "%s:%d: %s failed: %s (%s API)\n", file, line, call,
                 errorName(result), apiOf<Error>());
    std::exit(EXIT_FAILURE);
  }
}
#define CHECK_CALL(call) checkResult((call), #call, __FILE__, __LINE__)

#endif
