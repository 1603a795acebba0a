// CUDA 13's cuCtxCreate (cuCtxCreate_v4) takes creation parameters before the
// flags; HIP's hipCtxCreate has none. A call that passes none becomes HIP's
// three-argument form; one that passes some (execution affinity, CIG) is left
// and reported, never written with the parameters dropped.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=WARN -DFILE=%s --implicit-check-not=warning:
// WARN: [[FILE]]:21:64: warning: 'CUctxCreateParams' has no HIP equivalent; left untranslated [hipify-unsupported]
// WARN-NEXT: [[FILE]]:22:10: warning: 'cuCtxCreate' becomes 'hipCtxCreate' only in a call with 3 arguments, or a call with 4 arguments whose argument 1 is nullptr or NULL or 0; left untranslated [hipify-rule-not-applied]
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %hipcc -c -x hip %t.hip -o %t.o --offload-arch=gfx942 -DNO_PARAMS
#include <cuda.h>

// CHECK: hipError_t create(hipCtx_t *context, hipDevice_t device) {
CUresult create(CUcontext *context, CUdevice device) {
  // CHECK-NEXT: return hipCtxCreate(context, 0, device);
  return cuCtxCreate(context, nullptr, 0, device);
}
// CHECK: hipCtxCreate(context, 0, device);
CUresult createWithNull(CUcontext *context, CUdevice device) { return cuCtxCreate_v4(context, NULL, 0, device); }
#ifndef NO_PARAMS
CUresult createWithParams(CUcontext *context, CUdevice device, CUctxCreateParams *params) {
  return cuCtxCreate(context, params, 0, device);
}
#endif
