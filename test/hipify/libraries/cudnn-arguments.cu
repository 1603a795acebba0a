// The `arguments:LIST` rule: a call whose MIOpen form takes the arguments in
// another order, fewer or more of them, is rewritten as LIST says; each
// argument moves with its own translation. The CUDA calls under LEFT_CASES are
// the ones the rule leaves, each with a warning; the output is compiled
// without them.
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- -DLEFT_CASES=1 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include

#include <cudnn.h>

#define CHECK(call) if ((call) != CUDNN_STATUS_SUCCESS) return

void forward(cudnnHandle_t h, cudnnTensorDescriptor_t xD, float *x,
             cudnnFilterDescriptor_t wD, float *w,
             cudnnConvolutionDescriptor_t convD, cudnnConvolutionFwdAlgo_t algo,
             void *ws, size_t wsSize, cudnnTensorDescriptor_t yD, float *y,
             cudnnPoolingDescriptor_t poolD, cudnnTensorDescriptor_t bD,
             float *b) {
  float one = 1, zero = 0;
  // The workspace goes last.
  // CHECK: miopenConvolutionForward(h, &one, xD, x, wD, w, convD, algo, &zero, yD, y, ws, wsSize);
  cudnnConvolutionForward(h, &one, xD, x, wD, w, convD, algo, ws, wsSize, &zero, yD, y);
  // Arguments are split as clang's lexer reads them: a digit separator starts
  // no character literal, and a ')' or ',' inside one ends nothing.
  // CHECK: miopenConvolutionForward(h, &one, xD, x, wD, w, convD, algo, &zero, yD, y, ws, wsSize + (')' == ',') * 1'000);
  cudnnConvolutionForward(h, &one, xD, x, wD, w, convD, algo, ws, wsSize + (')' == ',') * 1'000, &zero, yD, y);
  // Inside a macro argument, over several lines, with a comment.
  // CHECK: CHECK(miopenConvolutionForwardGetWorkSpaceSize(h, wD, xD, convD,
  // CHECK-NEXT: yD, &wsSize));
  CHECK(cudnnGetConvolutionForwardWorkspaceSize(h, xD, wD, convD, /* y */
                                                yD, CUDNN_CONVOLUTION_FWD_ALGO_GEMM, &wsSize));
  // Arguments are added, and the moved enumerators are translated.
  // CHECK: miopenPoolingForward(h, poolD, &one, yD, y, &zero, yD, y, false, nullptr, 0);
  cudnnPoolingForward(h, poolD, &one, yD, y, &zero, yD, y);
  // CHECK: miopenSoftmaxForward_V2(h, &one, yD, y, &zero, yD, y, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);
  cudnnSoftmaxForward(h, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &one, yD, y, &zero, yD, y);
  // y = one * b + zero * y, b broadcast: MIOpen's C = A*alpha1 + B*alpha2 + beta*C
  // with A = C = y, alpha1 = cuDNN's beta and a zero beta.
  // CHECK: miopenOpTensor(h, miopenTensorOpAdd, &zero, yD, y, &one, bD, b, &static_cast<const double &>(0.0), yD, y);
  cudnnAddTensor(h, &one, bD, b, &zero, yD, y);
}

// A call in a macro body is rewritten where it is spelled.
// CHECK: #define POOL(h, d, a, x, b, y) miopenPoolingForward(h, d, a, x, x, b, y, y, false, nullptr, 0)
#define POOL(h, d, a, x, b, y) cudnnPoolingForward(h, d, a, x, x, b, y, y)

#if LEFT_CASES
float *next();
void left(cudnnHandle_t h, cudnnTensorDescriptor_t yD, cudnnTensorDescriptor_t bD, float *b) {
  float one = 1, zero = 0;
  // WARN: cudnn-arguments.cu:[[@LINE+2]]:3: warning: 'cudnnAddTensor' becomes 'miopenOpTensor', which takes argument 6 ('next()') twice; it may have side effects, so the call is left untranslated (pass a variable)
  // CHECK: cudnnAddTensor(h, &one, bD, b, &zero, yD, next());
  cudnnAddTensor(h, &one, bD, b, &zero, yD, next());
  // WARN: cudnn-arguments.cu:[[@LINE+1]]:20: warning: 'cudnnSoftmaxForward' is used without a call, and 'miopenSoftmaxForward_V2' takes other arguments; left untranslated
  auto *softmax = &cudnnSoftmaxForward;
}
#endif
