// hipkit-texture-without-images: texture fetches in a compilation for a GPU
// that clang says has no image support (gfx942); not
// for a GPU that has them (gfx1100), nor for non-texture calls.
// HIP's headers make tex2D unavailable there (an error, which needs `not`);
// the check says why and what to do instead.
// RUN: not %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %hipcc --offload-arch=gfx1100 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=IMAGES %s
// IMAGES-NOT: warning:

#include <hip/hip_runtime.h>

__device__ float texture2D(float x) { return x; } // the user's, not a fetch

__global__ void sample(float *out, hipTextureObject_t tex) {
  // CHECK: texture-without-images.hip:[[@LINE+1]]:12: warning: 'tex2D' reads a texture or surface, but gfx942 has no image support (CDNA); read the data from a global-memory buffer and interpolate in code, or build for a GPU with images [hipkit-texture-without-images]
  out[0] = tex2D<float>(tex, 0.5f, 0.5f);
  // CHECK: texture-without-images.hip:[[@LINE+1]]:12: warning: 'tex1Dfetch' reads a texture
  out[1] = tex1Dfetch<float>(tex, 3);
  out[2] = texture2D(1.0f);
}
