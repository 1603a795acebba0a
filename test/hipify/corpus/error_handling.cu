// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// The error-handling idioms of public code in one program: a helper_cuda.h
// style checkCudaErrors/getLastCudaError pair, a CUDA_CALL macro returning
// the status, a switch over error enumerators, and deliberately failing
// calls whose status is inspected and cleared.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

// CHECK: static const char *describe(hipError_t error) {
// CHECK-NEXT: switch (error) {
// CHECK-NEXT: case hipSuccess:
// CHECK: case hipErrorInvalidValue:
// CHECK: case {{hipErrorMemoryAllocation|hipErrorOutOfMemory}}:
// CHECK: case hipErrorInvalidConfiguration:
// CHECK: case hipErrorInvalidDevicePointer:
// CHECK: case hipErrorNoDevice:
static const char *describe(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "no error";
  case cudaErrorInvalidValue:
    return "invalid argument";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInvalidConfiguration:
    return "bad launch configuration";
  case cudaErrorInvalidDevicePointer:
    return "bad device pointer";
  case cudaErrorNoDevice:
    return "no device";
  default:
    return cudaGetErrorName(error);
  }
}

template <typename T>
void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "error at %s:%d code=%d(%s) \"%s\"\n", file, line,
            static_cast<unsigned int>(result), describe(result), func);
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// CHECK: inline void __getLastCudaError(const char *errorMessage, const char *file, const int line) {
// CHECK-NEXT: hipError_t err = hipGetLastError();
// CHECK-NEXT: if (hipSuccess != err) {
inline void __getLastCudaError(const char *errorMessage, const char *file, const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr, "%s(%i) : getLastCudaError() error : %s : (%d) %s.\n", file,
            line, errorMessage, static_cast<int>(err), cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)

// CHECK: #define CUDA_CALL(x) do { hipError_t s = (x); if (s != hipSuccess) return s; } while (0)
#define CUDA_CALL(x) do { cudaError_t s = (x); if (s != cudaSuccess) return s; } while (0)

__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

// CHECK: static hipError_t runFill(int *host, int n) {
static cudaError_t runFill(int *host, int n) {
  int *d = nullptr;
  CUDA_CALL(cudaMalloc(&d, n * sizeof(int)));
  fill<<<(n + 127) / 128, 128>>>(d, 42, n);
  CUDA_CALL(cudaGetLastError());
  CUDA_CALL(cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  return cudaFree(d);
}

int main() {
  int count = 0;
  // CHECK: hipError_t st = hipGetDeviceCount(&count);
  // CHECK-NEXT: if (st == hipErrorNoDevice || st == hipErrorInsufficientDriver || count == 0) {
  cudaError_t st = cudaGetDeviceCount(&count);
  if (st == cudaErrorNoDevice || st == cudaErrorInsufficientDriver || count == 0) {
    printf("no usable device: %s\n", describe(st));
    return 0;
  }
  checkCudaErrors(cudaSetDevice(0));

  // A launch with too many threads per block must fail (older runtimes say
  // invalid configuration, newer ones invalid argument); the error is not
  // sticky: reading it clears it.
  int *d = nullptr;
  checkCudaErrors(cudaMalloc(&d, 1024 * sizeof(int)));
  fill<<<1, 4096>>>(d, 1, 1024);
  // CHECK: hipError_t launchErr = hipGetLastError();
  // CHECK-NEXT: printf("oversized launch: %s\n", hipGetErrorString(launchErr));
  // CHECK-NEXT: if (launchErr != hipErrorInvalidConfiguration && launchErr != hipErrorInvalidValue)
  cudaError_t launchErr = cudaGetLastError();
  printf("oversized launch: %s\n", cudaGetErrorString(launchErr));
  if (launchErr != cudaErrorInvalidConfiguration && launchErr != cudaErrorInvalidValue)
    return 1;
  // CHECK: if (hipPeekAtLastError() != hipSuccess)
  if (cudaPeekAtLastError() != cudaSuccess)
    return 1;

  // An absurd allocation reports cudaErrorMemoryAllocation.
  void *huge = nullptr;
  // CHECK: hipError_t allocErr = hipMalloc(&huge, (size_t)1 << 62);
  cudaError_t allocErr = cudaMalloc(&huge, (size_t)1 << 62);
  printf("huge allocation: %s (%s)\n", describe(allocErr), cudaGetErrorName(allocErr));
  cudaGetLastError();

  fill<<<8, 128>>>(d, 7, 1024);
  getLastCudaError("fill kernel failed");
  checkCudaErrors(cudaDeviceSynchronize());

  int host[1000];
  // CHECK: hipError_t runErr = runFill(host, 1000);
  cudaError_t runErr = runFill(host, 1000);
  checkCudaErrors(runErr);
  checkCudaErrors(cudaFree(d));
  printf("%s\n", host[999] == 42 ? "PASSED" : "FAILED");
  return host[999] == 42 ? 0 : 1;
}
