// REQUIRES: cuda, rocm-6.4-libraries
// RUN: %hipify %s -o %t.hip --rocm-path=%rocm_libraries -- 2>&1 | FileCheck %s --check-prefix=PARSE --allow-empty
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP --implicit-check-not='{{cuda|cudnn|CUDNN}}'
// RUN: %hipcc -c %t.hip -o %t.o --offload-arch=gfx942 -I%rocm_libraries/include
// A valid program translates without errors or warnings.
// PARSE-NOT: {{error:|warning:|could not be parsed}}
// MIOpen is both the default and the --roc output.
// RUN: %hipify --roc %s -o %t.roc.hip --rocm-path=%rocm_libraries -- 2>&1 | count 0
// RUN: diff %t.hip %t.roc.hip
//
// cuDNN (link with -lcudnn): one small network layer, NCHW floats: a 3x3
// convolution (padding 1) of a 1x2x8x8 image into 3 channels, with the
// algorithm chosen by running them (cudnnFindConvolutionForwardAlgorithmEx),
// then a per-channel bias (cudnnAddTensor), ReLU, 2x2 max pooling and a softmax
// across channels. Each stage is checked against a host computation.
// HIP: #include <hip/hip_runtime.h>
// HIP: #include <miopen/miopen.h>
#include <cuda_runtime.h>
#include <cudnn.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      fprintf(stderr, "runtime error at %s:%d\n", __FILE__, __LINE__);         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
// HIP: miopenStatus_t s = (call);
// HIP-NEXT: if (s != miopenStatusSuccess) {
// HIP-NEXT: fprintf(stderr, "cuDNN error %s at %s:%d\n", miopenGetErrorString(s),
#define CHECK_DNN(call)                                                        \
  do {                                                                         \
    cudnnStatus_t s = (call);                                                  \
    if (s != CUDNN_STATUS_SUCCESS) {                                           \
      fprintf(stderr, "cuDNN error %s at %s:%d\n", cudnnGetErrorString(s),     \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const int N = 1, C = 2, H = 8, W = 8, K = 3, R = 3, S = 3;

int main() {
  std::vector<float> x(N * C * H * W), w(K * C * R * S), bias(K);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = (float)((i * 7) % 11) / 11.0f - 0.4f;
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = (float)((i * 5) % 13) / 13.0f - 0.5f;
  for (int k = 0; k < K; ++k)
    bias[k] = 0.1f * (k - 1);

  // HIP: miopenHandle_t handle;
  // HIP-NEXT: CHECK_DNN(miopenCreate(&handle));
  // HIP-NEXT: miopenTensorDescriptor_t xDesc, yDesc, biasDesc, poolDesc4, outDesc;
  // HIP-NEXT: miopenTensorDescriptor_t wDesc;
  // HIP-NEXT: miopenConvolutionDescriptor_t convDesc;
  // HIP-NEXT: miopenActivationDescriptor_t actDesc;
  // HIP-NEXT: miopenPoolingDescriptor_t poolDesc;
  // HIP: CHECK_DNN(miopenCreateTensorDescriptor(&wDesc));
  cudnnHandle_t handle;
  CHECK_DNN(cudnnCreate(&handle));
  cudnnTensorDescriptor_t xDesc, yDesc, biasDesc, poolDesc4, outDesc;
  cudnnFilterDescriptor_t wDesc;
  cudnnConvolutionDescriptor_t convDesc;
  cudnnActivationDescriptor_t actDesc;
  cudnnPoolingDescriptor_t poolDesc;
  CHECK_DNN(cudnnCreateTensorDescriptor(&xDesc));
  CHECK_DNN(cudnnCreateTensorDescriptor(&yDesc));
  CHECK_DNN(cudnnCreateTensorDescriptor(&biasDesc));
  CHECK_DNN(cudnnCreateTensorDescriptor(&poolDesc4));
  CHECK_DNN(cudnnCreateTensorDescriptor(&outDesc));
  CHECK_DNN(cudnnCreateFilterDescriptor(&wDesc));
  CHECK_DNN(cudnnCreateConvolutionDescriptor(&convDesc));
  CHECK_DNN(cudnnCreateActivationDescriptor(&actDesc));
  CHECK_DNN(cudnnCreatePoolingDescriptor(&poolDesc));

  // HIP: CHECK_DNN(miopenSet4dTensorDescriptor(xDesc, miopenFloat, N, C, H, W));
  // HIP-NEXT: CHECK_DNN(miopenSet4dTensorDescriptor(wDesc, miopenFloat, K, C, R, S));
  // HIP-NEXT: CHECK_DNN(miopenInitConvolutionDescriptor(convDesc, miopenConvolution, 1, 1, 1, 1, 1, 1));
  // HIP: CHECK_DNN(miopenGetConvolutionForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &wd));
  // HIP: CHECK_DNN(miopenSetActivationDescriptor(actDesc, miopenActivationRELU, 0.0, 0.0, 0.0));
  // HIP-NEXT: CHECK_DNN(miopenSet2dPoolingDescriptor(poolDesc, miopenPoolingMax, 2, 2, 0, 0, 2, 2));
  // HIP: CHECK_DNN(miopenGetPoolingForwardOutputDim(poolDesc, yDesc, &pn, &pc, &ph, &pw));
  CHECK_DNN(cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  CHECK_DNN(cudnnSetFilter4dDescriptor(wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, K, C, R, S));
  CHECK_DNN(cudnnSetConvolution2dDescriptor(convDesc, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
  int n, c, h, wd;
  CHECK_DNN(cudnnGetConvolution2dForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &wd));
  if (n != N || c != K || h != H || wd != W) {
    fprintf(stderr, "FAIL: convolution output %dx%dx%dx%d\n", n, c, h, wd);
    return 1;
  }
  CHECK_DNN(cudnnSetTensor4dDescriptor(yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, K, H, W));
  CHECK_DNN(cudnnSetTensor4dDescriptor(biasDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, K, 1, 1));
  CHECK_DNN(cudnnSetActivationDescriptor(actDesc, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0));
  CHECK_DNN(cudnnSetPooling2dDescriptor(poolDesc, CUDNN_POOLING_MAX, CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2));
  int pn, pc, ph, pw;
  CHECK_DNN(cudnnGetPooling2dForwardOutputDim(poolDesc, yDesc, &pn, &pc, &ph, &pw));
  if (pn != N || pc != K || ph != H / 2 || pw != W / 2) {
    fprintf(stderr, "FAIL: pooling output %dx%dx%dx%d\n", pn, pc, ph, pw);
    return 1;
  }
  CHECK_DNN(cudnnSetTensor4dDescriptor(poolDesc4, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, pn, pc, ph, pw));
  CHECK_DNN(cudnnSetTensor4dDescriptor(outDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, pn, pc, ph, pw));

  const int ySize = N * K * H * W, pSize = pn * pc * ph * pw;
  float *dX, *dW, *dBias, *dY, *dAct, *dPool, *dOut;
  CHECK_RT(cudaMalloc(&dX, x.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dW, w.size() * sizeof(float)));
  CHECK_RT(cudaMalloc(&dBias, K * sizeof(float)));
  CHECK_RT(cudaMalloc(&dY, ySize * sizeof(float)));
  CHECK_RT(cudaMalloc(&dAct, ySize * sizeof(float)));
  CHECK_RT(cudaMalloc(&dPool, pSize * sizeof(float)));
  CHECK_RT(cudaMalloc(&dOut, pSize * sizeof(float)));
  CHECK_RT(cudaMemcpy(dX, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dW, w.data(), w.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dBias, bias.data(), K * sizeof(float), cudaMemcpyHostToDevice));

  // A workspace for the algorithms the search may try, then the search.
  // HIP: CHECK_DNN(miopenConvolutionForwardGetWorkSpaceSize(handle, wDesc, xDesc, convDesc, yDesc, &wsSize));
  // HIP: miopenConvAlgoPerf_t perf;
  // HIP: CHECK_DNN(miopenFindConvolutionForwardAlgorithm(handle, xDesc, dX, wDesc, dW, convDesc, yDesc, dY, 1, &found, &perf, ws, wsSize, false));
  // HIP: CHECK_DNN(miopenConvolutionForward(handle, &one, xDesc, dX, wDesc, dW, convDesc, perf.fwd_algo, &zero, yDesc, dY, ws, wsSize));
  // HIP-NEXT: CHECK_DNN(miopenOpTensor(handle, miopenTensorOpAdd, &one, yDesc, dY, &one, biasDesc, dBias, &static_cast<const double &>(0.0), yDesc, dY));
  // HIP-NEXT: CHECK_DNN(miopenActivationForward(handle, actDesc, &one, yDesc, dY, &zero, yDesc, dAct));
  // HIP-NEXT: CHECK_DNN(miopenPoolingForward(handle, poolDesc, &one, yDesc, dAct, &zero, poolDesc4, dPool, false, nullptr, 0));
  // HIP-NEXT: CHECK_DNN(miopenSoftmaxForward_V2(handle, &one, poolDesc4, dPool, &zero, outDesc, dOut, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL));
  size_t wsSize = 0;
  CHECK_DNN(cudnnGetConvolutionForwardWorkspaceSize(handle, xDesc, wDesc, convDesc, yDesc,
                                                    CUDNN_CONVOLUTION_FWD_ALGO_GEMM, &wsSize));
  if (wsSize < (1 << 20))
    wsSize = 1 << 20;
  void *ws;
  CHECK_RT(cudaMalloc(&ws, wsSize));
  cudnnConvolutionFwdAlgoPerf_t perf;
  int found = 0;
  CHECK_DNN(cudnnFindConvolutionForwardAlgorithmEx(handle, xDesc, dX, wDesc, dW, convDesc, yDesc, dY,
                                                   1, &found, &perf, ws, wsSize));
  if (found < 1) {
    fprintf(stderr, "FAIL: no convolution algorithm found\n");
    return 1;
  }
  float one = 1.0f, zero = 0.0f;
  CHECK_DNN(cudnnConvolutionForward(handle, &one, xDesc, dX, wDesc, dW, convDesc, perf.algo, ws, wsSize,
                                    &zero, yDesc, dY));
  CHECK_DNN(cudnnAddTensor(handle, &one, biasDesc, dBias, &one, yDesc, dY));
  CHECK_DNN(cudnnActivationForward(handle, actDesc, &one, yDesc, dY, &zero, yDesc, dAct));
  CHECK_DNN(cudnnPoolingForward(handle, poolDesc, &one, yDesc, dAct, &zero, poolDesc4, dPool));
  CHECK_DNN(cudnnSoftmaxForward(handle, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &one,
                                poolDesc4, dPool, &zero, outDesc, dOut));
  std::vector<float> out(pSize);
  CHECK_RT(cudaMemcpy(out.data(), dOut, pSize * sizeof(float), cudaMemcpyDeviceToHost));

  // The host computation of the same layer.
  std::vector<float> act(ySize), pool(pSize), expect(pSize);
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < H; ++i)
      for (int j = 0; j < W; ++j) {
        float sum = bias[k];
        for (int ch = 0; ch < C; ++ch)
          for (int r = 0; r < R; ++r)
            for (int s = 0; s < S; ++s) {
              int ii = i + r - 1, jj = j + s - 1;
              if (ii >= 0 && ii < H && jj >= 0 && jj < W)
                sum += x[(ch * H + ii) * W + jj] * w[((k * C + ch) * R + r) * S + s];
            }
        act[(k * H + i) * W + j] = sum > 0 ? sum : 0;
      }
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < ph; ++i)
      for (int j = 0; j < pw; ++j) {
        float m = act[(k * H + 2 * i) * W + 2 * j];
        for (int r = 0; r < 2; ++r)
          for (int s = 0; s < 2; ++s)
            m = fmaxf(m, act[(k * H + 2 * i + r) * W + 2 * j + s]);
        pool[(k * ph + i) * pw + j] = m;
      }
  for (int i = 0; i < ph * pw; ++i) {
    float m = pool[i], total = 0;
    for (int k = 1; k < K; ++k)
      m = fmaxf(m, pool[k * ph * pw + i]);
    for (int k = 0; k < K; ++k)
      total += expf(pool[k * ph * pw + i] - m);
    for (int k = 0; k < K; ++k)
      expect[k * ph * pw + i] = expf(pool[k * ph * pw + i] - m) / total;
  }
  for (int i = 0; i < pSize; ++i)
    if (fabsf(out[i] - expect[i]) > 1e-4f) {
      fprintf(stderr, "FAIL: output[%d] = %f, expected %f\n", i, out[i], expect[i]);
      return 1;
    }

  CHECK_RT(cudaFree(ws));
  CHECK_RT(cudaFree(dX));
  CHECK_RT(cudaFree(dW));
  CHECK_RT(cudaFree(dBias));
  CHECK_RT(cudaFree(dY));
  CHECK_RT(cudaFree(dAct));
  CHECK_RT(cudaFree(dPool));
  CHECK_RT(cudaFree(dOut));
  // HIP: CHECK_DNN(miopenDestroyPoolingDescriptor(poolDesc));
  // HIP-NEXT: CHECK_DNN(miopenDestroyActivationDescriptor(actDesc));
  // HIP-NEXT: CHECK_DNN(miopenDestroyConvolutionDescriptor(convDesc));
  // HIP-NEXT: CHECK_DNN(miopenDestroyTensorDescriptor(wDesc));
  // HIP: CHECK_DNN(miopenDestroy(handle));
  CHECK_DNN(cudnnDestroyPoolingDescriptor(poolDesc));
  CHECK_DNN(cudnnDestroyActivationDescriptor(actDesc));
  CHECK_DNN(cudnnDestroyConvolutionDescriptor(convDesc));
  CHECK_DNN(cudnnDestroyFilterDescriptor(wDesc));
  CHECK_DNN(cudnnDestroyTensorDescriptor(outDesc));
  CHECK_DNN(cudnnDestroyTensorDescriptor(poolDesc4));
  CHECK_DNN(cudnnDestroyTensorDescriptor(biasDesc));
  CHECK_DNN(cudnnDestroyTensorDescriptor(yDesc));
  CHECK_DNN(cudnnDestroyTensorDescriptor(xDesc));
  CHECK_DNN(cudnnDestroy(handle));
  printf("PASS\n");
  return 0;
}
