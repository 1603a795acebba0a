// --rocm-path alone does not select a root's HIP headers while Debian's are in
// /usr/include/hip: clang 19 adds <rocm-path>/include with -idirafter, after
// /usr/include, so /usr/include/hip/hip_runtime.h wins and the printf defect
// is back. Whatever compiles against hipkit's headers (hipcc, <prefix>/llvm/bin/clang++)
// must also pass -isystem <prefix>/include, as ROCm's hipcc does.
//
// REQUIRES: hip-in-usr-include
// RUN: rm -rf %t && mkdir -p %t/patched/include %t/patched/share/hip
// RUN: ln -s %hip_headers_include/hip %t/patched/include/hip
// RUN: cp %system_hip_version_file %t/patched/share/hip/version
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -E -v \
// RUN:   --rocm-path=%t/patched --rocm-device-lib-path=%bitcode_dir %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=ORDER %s
// RUN: not %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -emit-llvm -S \
// RUN:   --rocm-path=%t/patched --rocm-device-lib-path=%bitcode_dir %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=SHADOWED %s
// RUN: %clangxx -x hip --offload-arch=gfx942 --cuda-device-only -emit-llvm -S \
// RUN:   --rocm-path=%t/patched -isystem %t/patched/include --rocm-device-lib-path=%bitcode_dir \
// RUN:   %s -o /dev/null

#include <hip/hip_runtime.h>

__global__ void hello() { printf("thread %u\n", threadIdx.x); }

// ORDER: #include <...> search starts here:
// ORDER: {{^ }}/usr/include{{$}}
// ORDER-NEXT: {{^ .*}}/patched/include{{$}}
// ORDER-NEXT: End of search list.

// SHADOWED: error: cannot compile this non-scalar arg to printf yet
