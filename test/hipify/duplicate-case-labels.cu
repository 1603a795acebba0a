// Case labels naming two CUDA enumerators of one HIP enumerator would repeat a
// label: CUDNN_BATCHNORM_SPATIAL and CUDNN_BATCHNORM_SPATIAL_PERSISTENT are
// both miopenBNSpatial. The later label is removed and a warning says what
// that means for its statements: nothing when another label shares them;
// otherwise they run only when the statements above fall through to them, or
// never, when those end in a jump.
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not='{{cudnn|CUDNN}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include

#include <cudnn.h>

// CHECK: const char *modeName(miopenBatchNormMode_t mode) {
const char *modeName(cudnnBatchNormMode_t mode) {
  switch (mode) {
  // CHECK: case miopenBNPerActivation:
  case CUDNN_BATCHNORM_PER_ACTIVATION:
    return "per activation";
  // CHECK-NEXT: return "per activation";
  // CHECK-NEXT: case miopenBNSpatial:
  // CHECK-NEXT: return "spatial";
  // CHECK-NEXT: /* hipify: duplicate 'case miopenBNSpatial:' removed */
  // CHECK-NEXT: return "spatial, persistent";
  case CUDNN_BATCHNORM_SPATIAL:
    return "spatial";
  // WARN: duplicate-case-labels.cu:[[@LINE+1]]:3: warning: 'case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:' becomes 'case miopenBNSpatial:', as does the label at line [[@LINE-2]]; removed this label: its statements can no longer run, and 'miopenBNSpatial' goes to the label at line [[@LINE-2]] [hipify-duplicate-case]
  case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:
    return "spatial, persistent";
  }
  return "?";
}

// CHECK: bool perChannel(miopenBatchNormMode_t mode) {
bool perChannel(cudnnBatchNormMode_t mode) {
  switch (mode) {
  // CHECK: case miopenBNSpatial: /* hipify: duplicate 'case miopenBNSpatial:' removed */
  // CHECK-NEXT: return true;
  // WARN: duplicate-case-labels.cu:[[@LINE+1]]:33: warning: 'case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:' becomes 'case miopenBNSpatial:', as does the label at line [[@LINE+1]]; removed this label: its statements keep the label next to it, and 'miopenBNSpatial' goes to the label at line [[@LINE+1]] [hipify-duplicate-case]
  case CUDNN_BATCHNORM_SPATIAL: case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:
    return true;
  default:
    return false;
  }
}

// CHECK: int passes(miopenBatchNormMode_t mode) {
int passes(cudnnBatchNormMode_t mode) {
  int count = 0;
  switch (mode) {
  // CHECK: case miopenBNSpatial:
  // CHECK-NEXT: ++count;
  // CHECK-NEXT: /* hipify: duplicate 'case miopenBNSpatial:' removed */
  // CHECK-NEXT: ++count;
  case CUDNN_BATCHNORM_SPATIAL:
    ++count;
  // WARN: duplicate-case-labels.cu:[[@LINE+1]]:3: warning: 'case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:' becomes 'case miopenBNSpatial:', as does the label at line [[@LINE-2]]; removed this label: its statements now run only when the statements above fall through to them, and 'miopenBNSpatial' goes to the label at line [[@LINE-2]] [hipify-duplicate-case]
  case CUDNN_BATCHNORM_SPATIAL_PERSISTENT:
    ++count;
    break;
  default:
    break;
  }
  return count;
}
