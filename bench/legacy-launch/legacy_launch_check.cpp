// Runs gpu-burn's comparison kernel (test/hipify/projects/Inputs/gpu-burn/
// compare.cu, built as a module) through CUDA's legacy launch API on data
// with a known number of differing elements, and prints what the kernel
// counted. run_gpu.sh builds it as CUDA (nvcc) and as hipify-clang's
// translation (HIP_PLATFORM=nvidia hipcc: the helper block's
// hipModuleLaunchKernel over the argument bytes) and compares the outputs.
#include <cstdio>
#include <vector>
#include <cuda.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult status = (call);                                                  \
    if (status != CUDA_SUCCESS) {                                              \
      fprintf(stderr, "%s:%d: error %d\n", __FILE__, __LINE__, (int)status);   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static const int blockSize = 16;

int main(int argc, char **argv) {
  const char *module_file = argc > 1 ? argv[1] : "compare.ptx";
  const size_t size = 256, iters = 4, elements = size * size;
  CHECK(cuInit(0));
  CUdevice device;
  CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&context, nullptr, 0, device));
#else
  CHECK(cuCtxCreate(&context, 0, device));
#endif
  CUmodule module;
  CHECK(cuModuleLoad(&module, module_file));
  CUfunction function;
  CHECK(cuModuleGetFunction(&function, module, "compare"));

  // iters copies of one result; every 97th element of the last copies differs.
  std::vector<float> host(elements * iters, 1.0f);
  int expected = 0;
  for (size_t i = elements; i < host.size(); i += 97, ++expected)
    host[i] = 2.0f;
  CUdeviceptr results, faulty;
  CHECK(cuMemAlloc(&results, host.size() * sizeof(float)));
  CHECK(cuMemAlloc(&faulty, sizeof(int)));
  CHECK(cuMemcpyHtoD(results, host.data(), host.size() * sizeof(float)));
  CHECK(cuMemsetD32(faulty, 0, 1));

  CHECK(cuParamSetSize(function, __alignof(float *) + __alignof(int *) + __alignof(size_t)));
  CHECK(cuParamSetv(function, 0, &results, sizeof(float *)));
  CHECK(cuParamSetv(function, __alignof(float *), &faulty, sizeof(int *)));
  CHECK(cuParamSetv(function, __alignof(float *) + __alignof(int *), (void *)&iters, sizeof(size_t)));
  CHECK(cuFuncSetBlockShape(function, blockSize, blockSize, 1));
  CHECK(cuLaunchGridAsync(function, size / blockSize, size / blockSize, 0));
  CHECK(cuCtxSynchronize());
  int counted = -1;
  CHECK(cuMemcpyDtoH(&counted, faulty, sizeof(int)));
  // Launched again from the kept state: the count doubles.
  CHECK(cuLaunchGrid(function, size / blockSize, size / blockSize));
  CHECK(cuCtxSynchronize());
  int again = -1;
  CHECK(cuMemcpyDtoH(&again, faulty, sizeof(int)));
  printf("expected %d faulty elements, counted %d, after a second launch %d\n", expected, counted, again);
  return counted == expected && again == 2 * expected ? 0 : 1;
}
