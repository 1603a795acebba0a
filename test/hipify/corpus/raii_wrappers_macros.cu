// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// C++ wrappers of the kind projects grow around the runtime: an RAII device
// buffer template, a stream class, type aliases, function-like macros that
// allocate, copy and launch, and template code that is never instantiated.
// All of it must be translated where it is written, instantiated or not.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// CHECK: #define DEVICE_ALLOC(ptr, count) hipMalloc((void **)&(ptr), (count) * sizeof(*(ptr)))
// CHECK-NEXT: #define COPY_TO_DEVICE(dst, src, count) hipMemcpy((dst), (src), (count) * sizeof(*(src)), hipMemcpyHostToDevice)
// CHECK-NEXT: #define COPY_TO_HOST(dst, src, count) hipMemcpy((dst), (src), (count) * sizeof(*(dst)), hipMemcpyDeviceToHost)
// CHECK-NEXT: #define LAUNCH(kernel, grid, block, stream, ...) kernel<<<(grid), (block), 0, (stream)>>>(__VA_ARGS__)
#define DEVICE_ALLOC(ptr, count) cudaMalloc((void **)&(ptr), (count) * sizeof(*(ptr)))
#define COPY_TO_DEVICE(dst, src, count) cudaMemcpy((dst), (src), (count) * sizeof(*(src)), cudaMemcpyHostToDevice)
#define COPY_TO_HOST(dst, src, count) cudaMemcpy((dst), (src), (count) * sizeof(*(dst)), cudaMemcpyDeviceToHost)
#define LAUNCH(kernel, grid, block, stream, ...) kernel<<<(grid), (block), 0, (stream)>>>(__VA_ARGS__)

// CHECK: inline void throwOnError(hipError_t status, const char *what) {
// CHECK-NEXT: if (status != hipSuccess)
// CHECK-NEXT: throw std::runtime_error(std::string(what) + ": " + hipGetErrorString(status));
inline void throwOnError(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

// CHECK: typedef hipStream_t StreamHandle;
// CHECK-NEXT: using EventHandle = hipEvent_t;
typedef cudaStream_t StreamHandle;
using EventHandle = cudaEvent_t;

template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t count) : count_(count) {
    throwOnError(DEVICE_ALLOC(data_, count), "allocate");
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer(DeviceBuffer &&other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(other.count_) {}
  ~DeviceBuffer() {
    if (data_)
      // CHECK: hipFree(data_);
      cudaFree(data_);
  }
  void upload(const std::vector<T> &host) {
    throwOnError(COPY_TO_DEVICE(data_, host.data(), host.size()), "upload");
  }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    throwOnError(COPY_TO_HOST(host.data(), data_, count_), "download");
    return host;
  }
  // Never called in this program, so never instantiated.
  // CHECK: void fillAsync(int byte, hipStream_t stream) {
  // CHECK-NEXT: throwOnError(hipMemsetAsync(data_, byte, count_ * sizeof(T), stream), "fill");
  void fillAsync(int byte, cudaStream_t stream) {
    throwOnError(cudaMemsetAsync(data_, byte, count_ * sizeof(T), stream), "fill");
  }
  T *get() const { return data_; }
  size_t size() const { return count_; }

private:
  T *data_ = nullptr;
  size_t count_;
};

class Stream {
public:
  // CHECK: Stream() { throwOnError(hipStreamCreateWithFlags(&handle_, hipStreamNonBlocking), "stream"); }
  // CHECK-NEXT: ~Stream() { hipStreamDestroy(handle_); }
  // CHECK-NEXT: void sync() const { throwOnError(hipStreamSynchronize(handle_), "sync"); }
  Stream() { throwOnError(cudaStreamCreateWithFlags(&handle_, cudaStreamNonBlocking), "stream"); }
  ~Stream() { cudaStreamDestroy(handle_); }
  void sync() const { throwOnError(cudaStreamSynchronize(handle_), "sync"); }
  operator StreamHandle() const { return handle_; }

private:
  StreamHandle handle_;
};

// A template nobody instantiates: translated all the same.
// CHECK: template <typename T> hipError_t zeroSymbolLike(T *devicePtr, size_t n, hipStream_t s) {
// CHECK-NEXT: return hipMemsetAsync(devicePtr, 0, n * sizeof(T), s);
template <typename T> cudaError_t zeroSymbolLike(T *devicePtr, size_t n, cudaStream_t s) {
  return cudaMemsetAsync(devicePtr, 0, n * sizeof(T), s);
}

template <typename T> __global__ void scaleKernel(T *data, T factor, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

int main() {
  try {
    const size_t n = 100000;
    std::vector<float> host(n, 1.5f);
    DeviceBuffer<float> buffer(n);
    buffer.upload(host);
    Stream stream;
    // CHECK: LAUNCH(scaleKernel<float>, (unsigned)((n + 255) / 256), 256, stream, buffer.get(), 4.0f, n);
    LAUNCH(scaleKernel<float>, (unsigned)((n + 255) / 256), 256, stream, buffer.get(), 4.0f, n);
    throwOnError(cudaGetLastError(), "launch");
    stream.sync();
    std::vector<float> result = buffer.download();
    for (size_t i = 0; i < n; ++i)
      if (result[i] != 6.0f)
        throw std::runtime_error("wrong value at " + std::to_string(i));
    printf("PASSED\n");
    return 0;
  } catch (const std::exception &e) {
    fprintf(stderr, "FAILED: %s\n", e.what());
    return 1;
  }
}
