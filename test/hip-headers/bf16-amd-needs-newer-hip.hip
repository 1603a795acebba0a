// hip/hip_bf16.h is HIP 5.7's: hipkit ships it for NVIDIA (CUDA's bf16 under
// HIP's names); for AMD its HIP 5.2 headers lack the API, and the header says
// so in one line instead of "file not found".
// RUN: not %hipcc -c --offload-arch=gfx942 %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: "hip/hip_bf16.h (__hip_bfloat16) is HIP 5.7's; the HIP 5.2 headers hipkit ships for AMD lack it: compile against a newer ROCm
// CHECK-NOT: file not found
#include <hip/hip_bf16.h>
