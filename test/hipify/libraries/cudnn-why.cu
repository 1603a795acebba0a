// The `why:TEXT` rule: a cuDNN name without a MIOpen counterpart whose row
// knows why is left with a warning that says so, and what to write instead;
// names of the cuDNN graph (backend) API say what MIOpen's graph API lacks, and
// those it has are experimental: --experimental translates them.
// REQUIRES: cuda
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s

#include <cudnn.h>

// CHECK: void search(miopenHandle_t h, miopenTensorDescriptor_t xD, miopenTensorDescriptor_t wD,
void search(cudnnHandle_t h, cudnnTensorDescriptor_t xD, cudnnFilterDescriptor_t wD,
            cudnnConvolutionDescriptor_t convD, cudnnTensorDescriptor_t yD,
            cudnnConvolutionFwdAlgoPerf_t *perf) {
  int found;
  // WARN: cudnn-why.cu:[[@LINE+2]]:3: warning: 'cudnnGetConvolutionForwardAlgorithm_v7' has no MIOpen equivalent: MIOpen has no algorithm heuristics without buffers, and runs only algorithms its find step chose: call miopenFindConvolutionForwardAlgorithm (cudnnFindConvolutionForwardAlgorithmEx's counterpart) instead; left untranslated
  // CHECK: cudnnGetConvolutionForwardAlgorithm_v7(h, xD, wD, convD, yD, 1, &found, perf);
  cudnnGetConvolutionForwardAlgorithm_v7(h, xD, wD, convD, yD, 1, &found, perf);
  // WARN: cudnn-why.cu:[[@LINE+1]]:3: warning: 'cudnnFindConvolutionForwardAlgorithm' has no MIOpen equivalent: MIOpen finds algorithms by running them on the caller's buffers: call the buffer-taking miopenFindConvolutionForwardAlgorithm (cudnnFindConvolutionForwardAlgorithmEx's counterpart) instead; left untranslated
  cudnnFindConvolutionForwardAlgorithm(h, xD, wD, convD, yD, 1, &found, perf);
}

// WARN: cudnn-why.cu:[[@LINE+1]]:1: warning: 'cudnnBackendDescriptor_t' maps to 'miopenBackendDescriptor_t', which is experimental; pass --experimental to translate it
cudnnBackendDescriptor_t graph(cudnnHandle_t h) {
  // WARN: cudnn-why.cu:[[@LINE+1]]:3: warning: 'cudnnBackendDescriptor_t' maps to 'miopenBackendDescriptor_t', which is experimental
  cudnnBackendDescriptor_t plan;
  // WARN: cudnn-why.cu:[[@LINE+3]]:3: warning: 'cudnnBackendCreateDescriptor' maps to 'miopenBackendCreateDescriptor', which is experimental
  // WARN: cudnn-why.cu:[[@LINE+2]]:32: warning: 'CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR' has no MIOpen equivalent: part of the cuDNN graph (backend) API; MIOpen's graph API (miopenBackend*, under MIOPEN_BETA_API) has no MIOPEN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR in miopenBackendDescriptorType_t; port this code by hand; left untranslated
  // CHECK: cudnnBackendCreateDescriptor(CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR, &plan);
  cudnnBackendCreateDescriptor(CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR, &plan);
  return plan;
}
