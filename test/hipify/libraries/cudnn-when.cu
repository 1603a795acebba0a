// The `when:CASES` rule: a call whose MIOpen form depends on the enumerator an
// argument is written as. cuDNN's tensor and filter formats: MIOpen's 4-d
// descriptors are NCHW, so only CUDNN_TENSOR_NCHW translates; convolution
// descriptors: MIOpen's miopenConvolution is cuDNN's cross-correlation, with
// float computation; activation descriptors: MIOpen's alpha, beta and gamma
// per mode (its tanh is beta * tanh(alpha * x)). Calls under LEFT_CASES fit no
// case and are left with a warning; the output is compiled without them.
// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- -DLEFT_CASES=1 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include

#include <cudnn.h>

void describe(cudnnTensorDescriptor_t xD, cudnnFilterDescriptor_t wD,
              cudnnConvolutionDescriptor_t convD,
              cudnnActivationDescriptor_t actD, double clip) {
  // CHECK: miopenSet4dTensorDescriptor(xD, miopenFloat, 8, 3, 32, 32);
  cudnnSetTensor4dDescriptor(xD, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 8, 3, 32, 32);
  // Comments and parentheses around the enumerator do not matter.
  // CHECK: miopenSet4dTensorDescriptor(xD, miopenHalf, 8, 3, 32, 32);
  cudnnSetTensor4dDescriptor(xD, /* layout */ (CUDNN_TENSOR_NCHW), CUDNN_DATA_HALF, 8, 3, 32, 32);
  // Filters are tensor descriptors in MIOpen.
  // CHECK: miopenSet4dTensorDescriptor(wD, miopenFloat, 16, 3, 5, 5);
  cudnnSetFilter4dDescriptor(wD, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, 16, 3, 5, 5);
  // CHECK: miopenInitConvolutionDescriptor(convD, miopenConvolution, 2, 2, 1, 1, 1, 1);
  cudnnSetConvolution2dDescriptor(convD, 2, 2, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
  // CHECK: miopenSetActivationDescriptor(actD, miopenActivationRELU, 0.0, 0.0, 0.0);
  cudnnSetActivationDescriptor(actD, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0);
  // cuDNN's tanh ignores its coefficient; MIOpen's needs alpha = beta = 1.
  // CHECK: miopenSetActivationDescriptor(actD, miopenActivationTANH, 1.0, 1.0, 0.0);
  cudnnSetActivationDescriptor(actD, CUDNN_ACTIVATION_TANH, CUDNN_NOT_PROPAGATE_NAN, 0.0);
  // The clipped ReLU's ceiling is MIOpen's alpha.
  // CHECK: miopenSetActivationDescriptor(actD, miopenActivationCLIPPEDRELU, clip, 0.0, 0.0);
  cudnnSetActivationDescriptor(actD, CUDNN_ACTIVATION_CLIPPED_RELU, CUDNN_PROPAGATE_NAN, clip);
}

#if LEFT_CASES
void left(cudnnTensorDescriptor_t xD, cudnnTensorFormat_t format,
          cudnnConvolutionDescriptor_t convD, cudnnActivationDescriptor_t actD) {
  // WARN: cudnn-when.cu:[[@LINE+1]]:3: warning: 'cudnnSetTensor4dDescriptor' becomes 'miopenSet4dTensorDescriptor' only in a call whose argument 1 is CUDNN_TENSOR_NCHW; left untranslated
  cudnnSetTensor4dDescriptor(xD, CUDNN_TENSOR_NHWC, CUDNN_DATA_FLOAT, 8, 3, 32, 32);
  // A variable may hold any format.
  // WARN: cudnn-when.cu:[[@LINE+1]]:3: warning: 'cudnnSetTensor4dDescriptor' becomes 'miopenSet4dTensorDescriptor' only in a call whose argument 1 is CUDNN_TENSOR_NCHW; left untranslated
  cudnnSetTensor4dDescriptor(xD, format, CUDNN_DATA_FLOAT, 8, 3, 32, 32);
  // WARN: cudnn-when.cu:[[@LINE+2]]:3: warning: 'cudnnSetConvolution2dDescriptor' becomes 'miopenInitConvolutionDescriptor' only in a call whose argument 7 is CUDNN_CROSS_CORRELATION and argument 8 is CUDNN_DATA_FLOAT; left untranslated
  // WARN: cudnn-when.cu:[[@LINE+1]]:60: warning: 'CUDNN_CONVOLUTION' has no MIOpen equivalent: MIOpen has no convolution with a flipped filter (its miopenConvolution is cuDNN's CUDNN_CROSS_CORRELATION); flip the filter and use CUDNN_CROSS_CORRELATION; left untranslated
  cudnnSetConvolution2dDescriptor(convD, 0, 0, 1, 1, 1, 1, CUDNN_CONVOLUTION, CUDNN_DATA_FLOAT);
  // WARN: cudnn-when.cu:[[@LINE+2]]:3: warning: 'cudnnSetActivationDescriptor' becomes 'miopenSetActivationDescriptor' only in a call whose argument 1 is CUDNN_ACTIVATION_RELU or CUDNN_ACTIVATION_SIGMOID or CUDNN_ACTIVATION_IDENTITY, or whose argument 1 is CUDNN_ACTIVATION_TANH, or whose argument 1 is CUDNN_ACTIVATION_CLIPPED_RELU or CUDNN_ACTIVATION_ELU; left untranslated
  // WARN: cudnn-when.cu:[[@LINE+1]]:38: warning: 'CUDNN_ACTIVATION_SWISH' has no HIP equivalent; left untranslated
  cudnnSetActivationDescriptor(actD, CUDNN_ACTIVATION_SWISH, CUDNN_NOT_PROPAGATE_NAN, 1.0);
}
#endif
