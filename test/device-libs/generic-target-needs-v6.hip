// Generic targets exist only from code object v6 on, which is why the generator
// lists them with 6 and the every-processor test compiles them with
// -mcode-object-version=6: at clang 19's default the backend refuses them.
// RUN: not %clangxx -x hip --cuda-device-only --no-gpu-bundle-output -c --offload-arch=gfx9-generic \
// RUN:   --rocm-path=%hipkit_root --hip-path=/usr %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: {{.*}}gfx9-generic is only available on code object version 6 or better

#include <hip/hip_runtime.h>

__global__ void fill(int *Data) { Data[threadIdx.x] = 1; }
