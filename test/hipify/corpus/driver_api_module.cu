// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=cuda --implicit-check-not='{{CUDA_SUCCESS|CU_[A-Z]+_|CU(result|device|context|module|function)|[^A-Za-z_]cu[A-Z][A-Za-z]*[(]}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Vector addition through the driver API, as in the vectorAddDrv sample:
// the kernel is compiled on its own into a module file
// (nvcc -cubin -o vectorAdd.cubin this-file), the host initialises the driver,
// creates a context, loads the module, looks the kernel up by name and
// launches it with cuLaunchKernel. The context-creation call gained a
// parameter in CUDA 13, so the program picks its form by CUDA_VERSION.
// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// CHECK: #define CU_CHECK(call)
// CHECK-NEXT: do {
// CHECK-NEXT: hipError_t res_ = (call);
// CHECK-NEXT: if (res_ != hipSuccess) {
#define CU_CHECK(call)                                                         \
  do {                                                                         \
    CUresult res_ = (call);                                                    \
    if (res_ != CUDA_SUCCESS) {                                                \
      fprintf(stderr, "driver call %s failed with %d at %s:%d\n", #call,       \
              (int)res_, __FILE__, __LINE__);                                  \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c,
                                     int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const char *modulePath = argc > 1 ? argv[1] : "vectorAdd.cubin";
  // CHECK: hipDevice_t device;
  // CHECK-NEXT: hipCtx_t context;
  // CHECK-NEXT: hipModule_t module;
  // CHECK-NEXT: hipFunction_t function;
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction function;

  // CHECK: CU_CHECK(hipInit(0));
  CU_CHECK(cuInit(0));
  int deviceCount = 0, driverVersion = 0;
  // CHECK: CU_CHECK(hipGetDeviceCount(&deviceCount));
  // CHECK-NEXT: CU_CHECK(hipDriverGetVersion(&driverVersion));
  CU_CHECK(cuDeviceGetCount(&deviceCount));
  CU_CHECK(cuDriverGetVersion(&driverVersion));
  if (deviceCount == 0) {
    fprintf(stderr, "no devices\n");
    return EXIT_FAILURE;
  }
  // CHECK: CU_CHECK(hipDeviceGet(&device, 0));
  CU_CHECK(cuDeviceGet(&device, 0));
  char name[128];
  int major = 0, minor = 0, sms = 0;
  size_t totalMem = 0;
  // CHECK: CU_CHECK(hipDeviceGetName(name, sizeof(name), device));
  // CHECK-NEXT: CU_CHECK(hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, device));
  // CHECK-NEXT: CU_CHECK(hipDeviceGetAttribute(&minor, hipDeviceAttributeComputeCapabilityMinor, device));
  // CHECK-NEXT: CU_CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, device));
  // CHECK-NEXT: CU_CHECK(hipDeviceTotalMem(&totalMem, device));
  CU_CHECK(cuDeviceGetName(name, sizeof(name), device));
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
  CU_CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
  CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
  CU_CHECK(cuDeviceTotalMem(&totalMem, device));
  printf("%s: sm_%d%d, %d SMs, %zu MB, driver %d\n", name, major, minor, sms,
         totalMem >> 20, driverVersion);

#if CUDA_VERSION >= 13000
  // CHECK: CU_CHECK(hipCtxCreate(&context, 0, device));
  CU_CHECK(cuCtxCreate(&context, nullptr, 0, device));
#else
  // CHECK: CU_CHECK(hipCtxCreate(&context, 0, device));
  CU_CHECK(cuCtxCreate(&context, 0, device));
#endif
  // CHECK: CU_CHECK(hipModuleLoad(&module, modulePath));
  // CHECK-NEXT: CU_CHECK(hipModuleGetFunction(&function, module, "vectorAdd"));
  CU_CHECK(cuModuleLoad(&module, modulePath));
  CU_CHECK(cuModuleGetFunction(&function, module, "vectorAdd"));

  int n = 50000;
  size_t bytes = n * sizeof(float);
  float *h_a = (float *)malloc(bytes), *h_b = (float *)malloc(bytes),
        *h_c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    h_a[i] = i * 0.5f;
    h_b[i] = i * 0.25f;
  }
  // CHECK: hipDeviceptr_t d_a, d_b, d_c;
  // CHECK-NEXT: CU_CHECK(hipMalloc(&d_a, bytes));
  CUdeviceptr d_a, d_b, d_c;
  CU_CHECK(cuMemAlloc(&d_a, bytes));
  CU_CHECK(cuMemAlloc(&d_b, bytes));
  CU_CHECK(cuMemAlloc(&d_c, bytes));
  // CHECK: CU_CHECK(hipMemcpyHtoD(d_a, h_a, bytes));
  CU_CHECK(cuMemcpyHtoD(d_a, h_a, bytes));
  CU_CHECK(cuMemcpyHtoD(d_b, h_b, bytes));

  int threads = 256, blocks = (n + threads - 1) / threads;
  void *args[] = {&d_a, &d_b, &d_c, &n};
  // CHECK: CU_CHECK(hipModuleLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0, 0, args, nullptr));
  // CHECK-NEXT: CU_CHECK(hipCtxSynchronize());
  CU_CHECK(cuLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0, 0, args, nullptr));
  CU_CHECK(cuCtxSynchronize());
  // CHECK: CU_CHECK(hipMemcpyDtoH(h_c, d_c, bytes));
  CU_CHECK(cuMemcpyDtoH(h_c, d_c, bytes));

  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (h_c[i] != h_a[i] + h_b[i])
      ++errors;
  printf("%s\n", errors ? "FAILED" : "PASSED");

  // CHECK: CU_CHECK(hipFree(d_a));
  CU_CHECK(cuMemFree(d_a));
  CU_CHECK(cuMemFree(d_b));
  CU_CHECK(cuMemFree(d_c));
  // CHECK: CU_CHECK(hipModuleUnload(module));
  // CHECK-NEXT: CU_CHECK(hipCtxDestroy(context));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuCtxDestroy(context));
  free(h_a);
  free(h_b);
  free(h_c);
  return errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
