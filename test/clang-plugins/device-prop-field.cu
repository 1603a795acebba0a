// hipkit-device-prop-field, run by hipify-clang's CUDA parse: uses of
// cudaDeviceProp fields that the targeted HIP's hipDeviceProp_t lacks (the
// field list is derived from the headers: clang-plugins/tables/). Fields HIP
// has, the user's own structs with the same member names, and fields newer
// HIPs have when the target is one of them stay silent.
// REQUIRES: cuda
// HIP 5.2 (Debian 12, --rocm-path=/usr) lacks uuid and
// sharedMemPerMultiprocessor; no HIP has mpsEnabled:
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --rocm-path=/usr --checks='-*,hipkit-device-prop-field' -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HIP52 --implicit-check-not=warning:
// HIP 6.4 has uuid and sharedMemPerMultiprocessor:
// RUN: %if rocm-6.4-libraries %{ %hipify %s -o %t.hip --cuda-path=%cuda_path --rocm-path=%rocm_libraries --checks='-*,hipkit-device-prop-field' -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK --implicit-check-not=warning: %}
// An unknown HIP version (a ROCm root without HIP): only the fields no HIP has.
// RUN: rm -rf %t.norocm && mkdir -p %t.norocm
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --rocm-path=%t.norocm --checks='-*,hipkit-device-prop-field' -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,UNKNOWN --implicit-check-not=warning:
// UNKNOWN: warning: {{.*}}the targeted HIP version is unknown
// The check off:
// RUN: %hipify %s -o %t.hip --cuda-path=%cuda_path --rocm-path=/usr --checks=-hipkit-device-prop-field -- 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// OFF-NOT: [hipkit-device-prop-field]

#include <cstdio>
#include <cuda_runtime.h>

#define PROP_FIELD(p, f) (p).f
#define MPS_OF(p) p.mpsEnabled

struct MyProp { int mpsEnabled; int uuid; };

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // Fields every HIP has:
  std::printf("%s %d %zu\n", prop.name, prop.multiProcessorCount, prop.totalGlobalMem);
  // CHECK: device-prop-field.cu:[[@LINE+1]]:33: warning: 'mpsEnabled' is a cudaDeviceProp field that hipDeviceProp_t does not have, so the translation does not compile; drop the use or decide the value another way [hipkit-device-prop-field]
  std::printf("%d\n", (int)prop.mpsEnabled);
  // HIP52: device-prop-field.cu:[[@LINE+1]]:28: warning: 'sharedMemPerMultiprocessor' is a cudaDeviceProp field that the targeted HIP 5.2's hipDeviceProp_t does not have (HIP 6.4's has it), so the translation does not compile; target HIP 6.4 or later (--rocm-path) or drop the use [hipkit-device-prop-field]
  size_t shared = (&prop)->sharedMemPerMultiprocessor;
  // Through the user's macros: the argument where written, the body's
  // member at the macro's use.
  // HIP52: device-prop-field.cu:[[@LINE+1]]:43: warning: 'uuid' is a cudaDeviceProp field that the targeted HIP 5.2's
  const cudaUUID_t &id = PROP_FIELD(prop, uuid);
  // CHECK: device-prop-field.cu:[[@LINE+1]]:15: warning: 'mpsEnabled' is a cudaDeviceProp field
  int mps2 = (MPS_OF(prop));
  // A pointer to the member:
  // CHECK: device-prop-field.cu:[[@LINE+1]]:48: warning: 'mpsEnabled' is a cudaDeviceProp field
  int cudaDeviceProp::*flag = &cudaDeviceProp::mpsEnabled;
  int fromPointer = prop.*flag;
  // The user's own struct is no cudaDeviceProp.
  MyProp mine{1, 2};
  return mine.mpsEnabled + mine.uuid + (int)shared + id.bytes[0] + mps2 + fromPointer;
}
