// hip/hip_fp8.h (HIP 6.4's API, which hipkit adds to its HIP 5.2 headers) on
// NVIDIA: CUDA's fp8 types, enumerators and conversions under HIP's names,
// no warning. On AMD with hipkit's HIP 5.2 headers: one #error saying which
// HIP has it.
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s
// CHECK: .nv_fatbin
// RUN: not %hipcc -c --offload-arch=gfx942 %s -o %t.amd.o 2>&1 | FileCheck %s --check-prefix=AMD
// AMD: error: "hip/hip_fp8.h (__hip_fp8_e4m3, ...) is HIP 6.4's
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>

__global__ void round_trip(const float *in, float *out) {
  int i = threadIdx.x;
  __hip_fp8_e4m3 a(in[i]);
  __hip_fp8_e5m2 b(in[i]);
  __hip_fp8_storage_t raw =
      __hip_cvt_float_to_fp8(in[i], __HIP_SATFINITE, __HIP_E4M3);
  __half_raw h = __hip_cvt_fp8_to_halfraw(raw, __HIP_E4M3);
  (void)h;
  out[i] = float(a) + float(b);
}
