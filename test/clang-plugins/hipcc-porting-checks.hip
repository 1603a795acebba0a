// hipcc --porting-checks loads the installed plugin; without it hipcc runs no
// checks; --porting-checks=<globs> turns checks off;
// --porting-checks-as-errors=<globs> makes checks errors.
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
// --porting-checks-as-errors=<globs> (hipify-clang's --warnings-as-errors):
// the selected checks report errors and the compile fails; the others stay
// warnings.
// RUN: not %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks --porting-checks-as-errors=hipkit-warp-* %s 2>&1 \
// RUN:   | FileCheck --check-prefix=ASERR %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %hipcc --offload-arch=gfx942 -c --porting-checks=-*,hipkit-warp-size,hipkit-lane-mask --porting-checks-as-errors=hipkit-warp-size %s -o %t.err.o 2>&1 \
// RUN:   | FileCheck --check-prefix=ASERR %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not test -e %t.err.o
// Without it the same compile succeeds (above); with globs selecting nothing
// of what the code hits, too:
// RUN: %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks --porting-checks-as-errors=hipkit-inline-ptx %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// A glob that matches no check (a misspelling) is one error line before
// anything runs, for both options; --porting-checks-as-errors needs checks
// that run.
// RUN: not %hipcc --offload-arch=gfx942 -c --porting-checks=hipkit-wrap-size %s -o %t.bad.o 2>&1 \
// RUN:   | FileCheck --check-prefix=NOMATCH %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not test -e %t.bad.o
// RUN: not %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks=-*,-hipkit-lane-mask,hipkit-wrap-* %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NOMATCHGLOB %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks --porting-checks-as-errors=hipkit-wrap-size %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NOMATCHERR %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %hipcc --offload-arch=gfx942 -fsyntax-only --porting-checks-as-errors=hipkit-warp-size %s 2>&1 \
// RUN:   | FileCheck --check-prefix=ERRNOCHECKS %s --implicit-check-not=warning: --implicit-check-not=error:
// NOMATCH: hipcc: error: --porting-checks=: 'hipkit-wrap-size' matches no porting check; the checks are hipkit-cuda-only-feature, hipkit-device-prop-field, hipkit-inline-ptx, hipkit-lane-mask, hipkit-texture-without-images, hipkit-warp-size
// NOMATCHGLOB: hipcc: error: --porting-checks=: 'hipkit-wrap-*' matches no porting check; the checks are
// NOMATCHERR: hipcc: error: --porting-checks-as-errors=: 'hipkit-wrap-size' matches no porting check; the checks are
// ERRNOCHECKS: hipcc: error: --porting-checks-as-errors= selects checks to report as errors, but no porting checks run; add --porting-checks
// The plugin checks its arguments the same way (clang used directly).
// RUN: not %hipcc --offload-arch=gfx942 --cuda-device-only -fsyntax-only \
// RUN:   -fplugin=%hipkit_root/lib/hipkit/HipkitPortingChecks.so \
// RUN:   -Xclang -plugin-arg-hipkit-porting-checks -Xclang no-wrap-size %s 2>&1 \
// RUN:   | FileCheck --check-prefix=PLUGINNOMATCH %s
// PLUGINNOMATCH: error: hipkit-porting-checks: '-hipkit-wrap-size' matches no porting check; the checks are hipkit-cuda-only-feature,

#include <hip/hip_runtime.h>

__global__ void reduce(int *out, const int *in) {
  int v = in[threadIdx.x];
  // CHECK-DAG: hipcc-porting-checks.hip:[[@LINE+2]]:21: warning: shuffle loop starts at offset 16{{.*}}[hipkit-warp-size]
  // ASERR-DAG: hipcc-porting-checks.hip:[[@LINE+1]]:21: error: shuffle loop starts at offset 16{{.*}}[hipkit-warp-size]
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  // CHECK-DAG: hipcc-porting-checks.hip:[[@LINE+3]]:12: warning: '__ballot' returns a lane mask{{.*}}[hipkit-lane-mask]
  // NOWARP: hipcc-porting-checks.hip:[[@LINE+2]]:12: warning: '__ballot' returns a lane mask{{.*}}[hipkit-lane-mask]
  // ASERR-DAG: hipcc-porting-checks.hip:[[@LINE+1]]:12: warning: '__ballot' returns a lane mask{{.*}}[hipkit-lane-mask]
  unsigned votes = __ballot(v > 0);
  out[0] = v + votes;
}
