// clang 19 links the generated control library for a processor Debian's ROCm
// 5.2 does not know: the device module carries its ISA version, and the ABI
// version clang emits itself for the code object version it generates.
// RUN: %clangxx -x hip --cuda-device-only -S -emit-llvm -O0 --offload-arch=gfx1151 \
// RUN:   --rocm-path=%hipkit_root --hip-path=/usr %s -o - | FileCheck %s
// RUN: %clangxx -x hip --cuda-device-only -S -emit-llvm -O0 --offload-arch=gfx12-generic \
// RUN:   -mcode-object-version=6 --rocm-path=%hipkit_root --hip-path=/usr %s -o - 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=GENERIC

// CHECK-DAG: @__oclc_ISA_version = internal local_unnamed_addr addrspace(4) constant i32 11501, align 4
// CHECK-DAG: @__oclc_ABI_version = weak_odr hidden local_unnamed_addr addrspace(4) constant i32 500
// GENERIC-DAG: @__oclc_ISA_version = internal local_unnamed_addr addrspace(4) constant i32 12000, align 4
// GENERIC-DAG: @__oclc_ABI_version = weak_odr hidden local_unnamed_addr addrspace(4) constant i32 600

#include <hip/hip_runtime.h>

__global__ void scale(float *Data) { Data[threadIdx.x] = sinf(Data[threadIdx.x]); }
