/* The HIP runtime API from C, as NVIDIA's C samples use CUDA's once
   translated: device query, pinned and mapped memory, streams, events, a
   stream callback, asynchronous memset and copies. No kernels (C has none):
   the GPU's copies and memsets are checked value by value. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#define HIP_CHECK(call)                                                        \
  do {                                                                         \
    hipError_t status_ = (call);                                               \
    if (status_ != hipSuccess) {                                               \
      fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,       \
              #call, hipGetErrorString(status_), hipGetErrorName(status_));    \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

enum { N = 1 << 20 };
/* Enumerators are constant expressions in C too. */
static const hipMemcpyKind kToDevice = hipMemcpyHostToDevice;

static void CallbackDone(hipStream_t stream, hipError_t status, void *data) {
  (void)stream;
  *(int *)data = status == hipSuccess ? 1 : -1;
}

int main(void) {
  int count = 0, sms = 0, mapped_ok = 0, called = 0;
  hipDeviceProp_t prop;
  hipPointerAttribute_t attributes;
  hipStream_t stream;
  hipEvent_t start, stop;
  unsigned char *host, *dev, *mapped, *mapped_dev;
  float ms = 0.0f;
  int i;

  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK(count > 0);
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  HIP_CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, 0));
  CHECK(sms == prop.multiProcessorCount && sms > 0);
  printf("device 0: %s, %d SMs, sm_%d%d\n", prop.name, prop.multiProcessorCount,
         prop.major, prop.minor);

  HIP_CHECK(hipHostMalloc((void **)&host, N, hipHostMallocDefault));
  HIP_CHECK(hipMalloc((void **)&dev, N));
  HIP_CHECK(hipPointerGetAttributes(&attributes, dev));
  CHECK(attributes.memoryType == hipMemoryTypeDevice && attributes.device == 0);
  HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  for (i = 0; i < N; ++i)
    host[i] = (unsigned char)(i % 251);

  HIP_CHECK(hipEventRecord(start, stream));
  HIP_CHECK(hipMemcpyAsync(dev, host, N, kToDevice, stream));
  /* The second half becomes 0x5a on the device. */
  HIP_CHECK(hipMemsetAsync(dev + N / 2, 0x5a, N / 2, stream));
  HIP_CHECK(hipMemcpyAsync(host, dev, N, hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipEventRecord(stop, stream));
  HIP_CHECK(hipStreamAddCallback(stream, CallbackDone, &called, 0));
  HIP_CHECK(hipStreamSynchronize(stream));
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(called == 1);
  CHECK(ms >= 0.0f);
  for (i = 0; i < N; ++i)
    CHECK(host[i] == (i < N / 2 ? (unsigned char)(i % 251) : 0x5a));

  /* Mapped pinned memory: the device writes the host's buffer directly. */
  HIP_CHECK(hipHostMalloc((void **)&mapped, 4096, hipHostMallocMapped));
  HIP_CHECK(hipHostGetDevicePointer((void **)&mapped_dev, mapped, 0));
  HIP_CHECK(hipMemset(mapped_dev, 0x21, 4096));
  HIP_CHECK(hipDeviceSynchronize());
  mapped_ok = 1;
  for (i = 0; i < 4096; ++i)
    mapped_ok &= mapped[i] == 0x21;
  CHECK(mapped_ok);

  /* An error comes back as HIP's, named by HIP's strings. */
  CHECK(hipSetDevice(count) == hipErrorInvalidDevice);
  printf("%s\n", hipGetErrorName(hipErrorInvalidDevice));
  (void)hipGetLastError();

  HIP_CHECK(hipHostFree(mapped));
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipHostFree(host));
  printf("checked %d bytes copied and set, %d mapped\n", N, 4096);
  printf("PASS\n");
  return 0;
}
