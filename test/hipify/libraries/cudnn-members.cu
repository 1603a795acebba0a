// The `members:MEMBERS` rule: MIOpen's miopenConvAlgoPerf_t keeps the chosen
// algorithm in `fwd_algo` (forward), cuDNN's cudnnConvolutionFwdAlgoPerf_t in
// `algo`; accesses through the type, arrays of it and pointers to it are
// renamed, `time` and `memory` keep their names, and a member MIOpen lacks is
// left with a warning (under LEFT_CASES; the output is compiled without it).
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- -DLEFT_CASES=1 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --implicit-check-not=algo,
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include

#include <cudnn.h>

// CHECK: miopenConvFwdAlgorithm_t best(const miopenConvAlgoPerf_t *perf, int n, miopenConvAlgoPerf_t one) {
cudnnConvolutionFwdAlgo_t best(const cudnnConvolutionFwdAlgoPerf_t *perf, int n, cudnnConvolutionFwdAlgoPerf_t one) {
  cudnnConvolutionFwdAlgoPerf_t all[4];
  // CHECK: miopenConvFwdAlgorithm_t chosen = perf->fwd_algo;
  cudnnConvolutionFwdAlgo_t chosen = perf->algo;
  for (int i = 0; i < n; ++i)
    // CHECK: if (perf[i].time < all[0].time && perf[i].memory == 0)
    // CHECK-NEXT: chosen = perf[i].fwd_algo;
    if (perf[i].time < all[0].time && perf[i].memory == 0)
      chosen = perf[i].algo;
  // CHECK: return one.fwd_algo == chosen ? all[1].fwd_algo : chosen;
  return one.algo == chosen ? all[1].algo : chosen;
}

#if LEFT_CASES
bool usable(const cudnnConvolutionFwdAlgoPerf_t &perf) {
  // WARN: cudnn-members.cu:[[@LINE+1]]:15: warning: 'cudnnConvolutionFwdAlgoPerf_t' has no member 'status' in 'miopenConvAlgoPerf_t'; left untranslated
  return perf.status == CUDNN_STATUS_SUCCESS;
}
#endif
