// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cu[A-Z][A-Za-z]*[(]|nvrtc[A-Z]|NVRTC_SUCCESS|CUDA_SUCCESS|CU[a-z]|cuda_runtime|<cuda.h>|<nvrtc.h>}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942
// A valid CUDA program parses without errors.
// PARSE-NOT: {{error:|could not be parsed|compile error}}

// Runtime compilation, after the NVRTC saxpy example: the kernel is a
// string compiled at run time with NVRTC, the resulting image is loaded as a
// module through the driver API and launched with cuLaunchKernel. The
// kernel source and the compiler options are strings and stay as written.
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hiprtc.h>
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// CHECK: #define NVRTC_SAFE_CALL(x)
// CHECK-NEXT: do {
// CHECK-NEXT: hiprtcResult result = x;
// CHECK-NEXT: if (result != HIPRTC_SUCCESS) {
// CHECK-NEXT: std::fprintf(stderr, "error: " #x " failed with error %s\n", hiprtcGetErrorString(result));
#define NVRTC_SAFE_CALL(x)                                                     \
  do {                                                                         \
    nvrtcResult result = x;                                                    \
    if (result != NVRTC_SUCCESS) {                                             \
      std::fprintf(stderr, "error: " #x " failed with error %s\n", nvrtcGetErrorString(result)); \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CU_SAFE_CALL(x)                                                        \
  do {                                                                         \
    CUresult result = x;                                                       \
    if (result != CUDA_SUCCESS) {                                              \
      std::fprintf(stderr, "error: " #x " failed with error %d\n", (int)result); \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// CHECK: const char *saxpySource = "extern \"C\" __global__ void saxpy(float a, float *x, float *y, float *out, size_t n) {\n"
const char *saxpySource = "extern \"C\" __global__ void saxpy(float a, float *x, float *y, float *out, size_t n) {\n"
                          "  size_t tid = blockIdx.x * blockDim.x + threadIdx.x;\n"
                          "  if (tid < n) out[tid] = a * x[tid] + y[tid];\n"
                          "}\n";

int main() {
  int major = 0, minor = 0;
  // CHECK: NVRTC_SAFE_CALL(hiprtcVersion(&major, &minor));
  NVRTC_SAFE_CALL(nvrtcVersion(&major, &minor));
  printf("runtime compiler %d.%d\n", major, minor);

  // CHECK: hiprtcProgram prog;
  // CHECK-NEXT: NVRTC_SAFE_CALL(hiprtcCreateProgram(&prog, saxpySource, "saxpy.cu", 0, nullptr, nullptr));
  nvrtcProgram prog;
  NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, saxpySource, "saxpy.cu", 0, nullptr, nullptr));
  // CHECK: const char *opts[] = {"--gpu-architecture=compute_90", "--fmad=false"};
  // CHECK-NEXT: hiprtcResult compileResult = hiprtcCompileProgram(prog, 2, opts);
  const char *opts[] = {"--gpu-architecture=compute_90", "--fmad=false"};
  nvrtcResult compileResult = nvrtcCompileProgram(prog, 2, opts);

  size_t logSize;
  // CHECK: NVRTC_SAFE_CALL(hiprtcGetProgramLogSize(prog, &logSize));
  NVRTC_SAFE_CALL(nvrtcGetProgramLogSize(prog, &logSize));
  if (logSize > 1) {
    std::vector<char> log(logSize);
    // CHECK: NVRTC_SAFE_CALL(hiprtcGetProgramLog(prog, log.data()));
    NVRTC_SAFE_CALL(nvrtcGetProgramLog(prog, log.data()));
    printf("compile log:\n%s\n", log.data());
  }
  if (compileResult != NVRTC_SUCCESS)
    return 1;

  size_t imageSize;
  // CHECK: NVRTC_SAFE_CALL(hiprtcGetCodeSize(prog, &imageSize));
  NVRTC_SAFE_CALL(nvrtcGetPTXSize(prog, &imageSize));
  std::vector<char> image(imageSize);
  // CHECK: NVRTC_SAFE_CALL(hiprtcGetCode(prog, image.data()));
  // CHECK-NEXT: NVRTC_SAFE_CALL(hiprtcDestroyProgram(&prog));
  NVRTC_SAFE_CALL(nvrtcGetPTX(prog, image.data()));
  NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));

  // CHECK: hipDevice_t device;
  // CHECK-NEXT: hipCtx_t context;
  // CHECK-NEXT: hipModule_t module;
  // CHECK-NEXT: hipFunction_t kernel;
  // CHECK-NEXT: CU_SAFE_CALL(hipInit(0));
  // CHECK-NEXT: CU_SAFE_CALL(hipDeviceGet(&device, 0));
  // CHECK-NEXT: CU_SAFE_CALL(hipDevicePrimaryCtxRetain(&context, device));
  // CHECK-NEXT: CU_SAFE_CALL(hipCtxSetCurrent(context));
  // CHECK-NEXT: CU_SAFE_CALL(hipModuleLoadDataEx(&module, image.data(), 0, nullptr, nullptr));
  // CHECK-NEXT: CU_SAFE_CALL(hipModuleGetFunction(&kernel, module, "saxpy"));
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CU_SAFE_CALL(cuInit(0));
  CU_SAFE_CALL(cuDeviceGet(&device, 0));
  CU_SAFE_CALL(cuDevicePrimaryCtxRetain(&context, device));
  CU_SAFE_CALL(cuCtxSetCurrent(context));
  CU_SAFE_CALL(cuModuleLoadDataEx(&module, image.data(), 0, nullptr, nullptr));
  CU_SAFE_CALL(cuModuleGetFunction(&kernel, module, "saxpy"));

  const size_t n = 128 * 1024;
  const size_t bytes = n * sizeof(float);
  float a = 5.1f;
  std::vector<float> hX(n), hY(n), hOut(n);
  for (size_t i = 0; i < n; ++i) {
    hX[i] = (float)i;
    hY[i] = (float)(i * 2);
  }
  CUdeviceptr dX, dY, dOut;
  CU_SAFE_CALL(cuMemAlloc(&dX, bytes));
  CU_SAFE_CALL(cuMemAlloc(&dY, bytes));
  CU_SAFE_CALL(cuMemAlloc(&dOut, bytes));
  CU_SAFE_CALL(cuMemcpyHtoD(dX, hX.data(), bytes));
  CU_SAFE_CALL(cuMemcpyHtoD(dY, hY.data(), bytes));
  // CHECK: CU_SAFE_CALL(hipMemsetD32(dOut, 0, n));
  CU_SAFE_CALL(cuMemsetD32(dOut, 0, n));
  void *args[] = {&a, &dX, &dY, &dOut, (void *)&n};
  // CHECK: CU_SAFE_CALL(hipModuleLaunchKernel(kernel, (unsigned)(n / 128), 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CU_SAFE_CALL(cuLaunchKernel(kernel, (unsigned)(n / 128), 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CU_SAFE_CALL(cuCtxSynchronize());
  CU_SAFE_CALL(cuMemcpyDtoH(hOut.data(), dOut, bytes));

  bool ok = true;
  for (size_t i = 0; i < n; ++i)
    if (hOut[i] != a * hX[i] + hY[i])
      ok = false;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CU_SAFE_CALL(cuMemFree(dX));
  CU_SAFE_CALL(cuMemFree(dY));
  CU_SAFE_CALL(cuMemFree(dOut));
  CU_SAFE_CALL(cuModuleUnload(module));
  // CHECK: CU_SAFE_CALL(hipDevicePrimaryCtxRelease(device));
  CU_SAFE_CALL(cuDevicePrimaryCtxRelease(device));
  return ok ? 0 : 1;
}
