// hipcc --porting-checks loads the installed plugin; without it hipcc runs no
// checks; --porting-checks=<globs> turns checks off.
// RUN: %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %hipcc --offload-arch=gfx942 -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=OFF %s
// RUN: %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks=-hipkit-warp-size %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NOWARP %s --implicit-check-not=warning:
// Compiling (host and device) reports once per device compilation:
// RUN: %hipcc --offload-arch=gfx942 -c --porting-checks %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// OFF-NOT: warning:

#include <hip/hip_runtime.h>

__global__ void reduce(int *out, const int *in) {
  int v = in[threadIdx.x];
  // CHECK-DAG: hipcc-porting-checks.hip:[[@LINE+1]]:21: warning: shuffle loop starts at offset 16{{.*}}[hipkit-warp-size]
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  // CHECK-DAG: hipcc-porting-checks.hip:[[@LINE+2]]:12: warning: '__ballot' returns a lane mask{{.*}}[hipkit-lane-mask]
  // NOWARP: hipcc-porting-checks.hip:[[@LINE+1]]:12: warning: '__ballot' returns a lane mask{{.*}}[hipkit-lane-mask]
  unsigned votes = __ballot(v > 0);
  out[0] = v + votes;
}
