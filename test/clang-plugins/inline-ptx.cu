// The inline-ptx check flags PTX assembly in device code, and only there.
// RUN: %clangxx -x hip -nogpulib -nogpuinc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so %s 2>&1 | FileCheck %s
// RUN: %clangxx -x hip -nogpulib -nogpuinc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang no-inline-ptx %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=DISABLED %s
// RUN: not %clangxx -x hip -nogpulib -nogpuinc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang bogus %s 2>&1 \
// RUN:   | FileCheck --check-prefix=BADARG %s

#define __device__ __attribute__((device))
#define __global__ __attribute__((global))

__device__ unsigned laneId() {
  unsigned id;
  // CHECK: inline-ptx.cu:[[@LINE+1]]:3: warning: inline PTX assembly ('mov.u32') in device function 'laneId' cannot be compiled for AMD GPUs; replace it with a HIP intrinsic or portable C++ [hipkit-inline-ptx]
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__global__ void addKernel(int *out, int a, int b) {
  int r;
  // CHECK: inline-ptx.cu:[[@LINE+1]]:3: warning: inline PTX assembly ('add.s32') in device function 'addKernel' {{.*}} [hipkit-inline-ptx]
  asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  *out = r;
}

__device__ unsigned smId() {
  unsigned id;
  // A special register without a typed mnemonic: the first word is named.
  // CHECK: inline-ptx.cu:[[@LINE+1]]:3: warning: inline PTX assembly ('mov') in device function 'smId'
  asm("mov %0, %%smid;" : "=r"(id));
  return id;
}

__device__ void amdgcnIsFine() {
  // An AMDGPU instruction is not PTX: no warning.
  asm volatile("s_nop 0");
}

void hostSide() {
  // Host assembly is not device code: no warning.
  asm volatile("nop");
}

// A lambda runs where it is defined unless marked (nvcc's rule; clang marks
// every unmarked lambda __host__ __device__): in a kernel it is device code,
// in a host function host code, whose assembler gets the text.
__global__ void lambdaInKernel(unsigned *out) {
  // CHECK: inline-ptx.cu:[[@LINE+1]]:9: warning: inline PTX assembly ('mov.u32') in a lambda in device function 'lambdaInKernel'
  [&] { asm volatile("mov.u32 %0, %%laneid;" : "=r"(out[0])); }();
}

void hostLambda(unsigned *out) {
  [&] { asm volatile("mov.u32 %0, %%laneid;" : "=r"(out[0])); }();
}

// CHECK-NOT: warning:
// DISABLED-NOT: warning:
// BADARG: error: hipkit-porting-checks: unknown argument 'bogus'; expected 'checks=<globs>', 'warnings-as-errors=<globs>' or 'no-<check>'
