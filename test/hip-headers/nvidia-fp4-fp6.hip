// hip/hip_fp4.h and hip/hip_fp6.h (HIP 7.2's OCP micro-float API, which hipkit
// adds to its HIP 5.2 headers) on NVIDIA: CUDA's cuda_fp4.h and cuda_fp6.h
// under HIP's names (__hip_fp4_e2m1 is __nv_fp4_e2m1, hipRoundNearest
// cudaRoundNearest), no warning. Shaped like a translated cuBLASLt sample's
// helpers.h, which includes cublasLt.h, cuda_fp8.h and cuda_fp4.h (hipify
// writes hipblaslt/hipblaslt.h, hip/hip_fp8.h, hip/hip_fp4.h) and keeps the
// __nv_fp4 names it has no rows for: those are CUDA's own on NVIDIA. On AMD
// with hipkit's HIP 5.2 headers: one #error saying which HIP has them.
// REQUIRES: nvcc
// RUN: env HIP_PLATFORM=nvidia CUDA_PATH=%cuda_path %hipcc -c --offload-arch=sm_90 --Werror=all-warnings -Wall -Werror %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s
// CHECK: .nv_fatbin
// RUN: not %hipcc -c --offload-arch=gfx942 %s -o %t.amd.o 2>&1 | FileCheck %s --check-prefix=AMD
// AMD: error: "hip/hip_fp4.h (__hip_fp4_e2m1, ...) is HIP 7.2's
#include <hip/hip_runtime.h>
#include <hip/hip_fp4.h>
#include <hip/hip_fp6.h>
#include <hip/hip_fp8.h>

__global__ void round_trip(const float *in, float *out) {
  int i = threadIdx.x;
  __hip_fp4_e2m1 a(in[i]);
  __hip_fp6_e2m3 b(in[i]);
  __hip_fp6_e3m2 c(in[i]);
  __hip_fp4_storage_t raw4 = __hip_cvt_float_to_fp4(in[i], __HIP_E2M1, hipRoundNearest);
  __hip_fp6_storage_t raw6 = __hip_cvt_float_to_fp6(in[i], __HIP_E3M2, hipRoundZero);
  __half_raw h4 = __hip_cvt_fp4_to_halfraw(raw4, __HIP_E2M1);
  __half_raw h6 = __hip_cvt_fp6_to_halfraw(raw6, __HIP_E3M2);
  __hip_fp4x2_e2m1 pair(make_float2(in[i], -in[i]));
  __nv_fp4_e2m1 d(in[i]);  // the name hipify leaves as it is
  (void)h4;
  (void)h6;
  (void)pair;
  out[i] = float(a) + float(b) + float(c) + float(d);
}

int main() {
  const enum hipRoundMode mode = hipRoundNearest;
  __hip_fp4_storage_t host = __hip_cvt_float_to_fp4(1.5f, __HIP_E2M1, mode);
  return host == 0;
}
