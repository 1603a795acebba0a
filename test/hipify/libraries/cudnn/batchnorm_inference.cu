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
// cuDNN (link with -lcudnn): spatial batch normalization for inference of a
// 2x3x4x5 NCHW float tensor with per-channel scale, bias, running mean and
// variance (a descriptor derived by cudnnDeriveBNTensorDescriptor), checked
// against y = scale * (x - mean) / sqrt(var + eps) + bias on the host.
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
// HIP: if ((call) != miopenStatusSuccess) {
#define CHECK_DNN(call)                                                        \
  do {                                                                         \
    if ((call) != CUDNN_STATUS_SUCCESS) {                                      \
      fprintf(stderr, "cuDNN error at %s:%d\n", __FILE__, __LINE__);           \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const int N = 2, C = 3, H = 4, W = 5;

int main() {
  const int size = N * C * H * W;
  const double eps = 1e-5;
  std::vector<float> x(size), scale(C), bias(C), mean(C), var(C);
  for (int i = 0; i < size; ++i)
    x[i] = (float)((i * 37) % 17) / 4.0f - 2.0f;
  for (int c = 0; c < C; ++c) {
    scale[c] = 0.5f + c;
    bias[c] = 0.25f * c - 0.1f;
    mean[c] = 0.3f * c - 0.2f;
    var[c] = 1.0f + 0.5f * c;
  }

  // HIP: miopenHandle_t handle;
  // HIP-NEXT: CHECK_DNN(miopenCreate(&handle));
  // HIP-NEXT: miopenTensorDescriptor_t xDesc, bnDesc;
  cudnnHandle_t handle;
  CHECK_DNN(cudnnCreate(&handle));
  cudnnTensorDescriptor_t xDesc, bnDesc;
  CHECK_DNN(cudnnCreateTensorDescriptor(&xDesc));
  CHECK_DNN(cudnnCreateTensorDescriptor(&bnDesc));
  // HIP: CHECK_DNN(miopenSet4dTensorDescriptor(xDesc, miopenFloat, N, C, H, W));
  // HIP-NEXT: CHECK_DNN(miopenDeriveBNTensorDescriptor(bnDesc, xDesc, miopenBNSpatial));
  CHECK_DNN(cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  CHECK_DNN(cudnnDeriveBNTensorDescriptor(bnDesc, xDesc, CUDNN_BATCHNORM_SPATIAL));

  float *dX, *dY, *dScale, *dBias, *dMean, *dVar;
  CHECK_RT(cudaMalloc(&dX, size * sizeof(float)));
  CHECK_RT(cudaMalloc(&dY, size * sizeof(float)));
  CHECK_RT(cudaMalloc(&dScale, C * sizeof(float)));
  CHECK_RT(cudaMalloc(&dBias, C * sizeof(float)));
  CHECK_RT(cudaMalloc(&dMean, C * sizeof(float)));
  CHECK_RT(cudaMalloc(&dVar, C * sizeof(float)));
  CHECK_RT(cudaMemcpy(dX, x.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dScale, scale.data(), C * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dBias, bias.data(), C * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dMean, mean.data(), C * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(dVar, var.data(), C * sizeof(float), cudaMemcpyHostToDevice));

  // MIOpen takes the scaling factors and parameters through non-const pointers.
  float one = 1.0f, zero = 0.0f;
  // HIP: CHECK_DNN(miopenBatchNormalizationForwardInference(handle, miopenBNSpatial, &one, &zero, xDesc, dX, xDesc, dY,
  // HIP-NEXT: bnDesc, dScale, dBias, dMean, dVar, eps));
  CHECK_DNN(cudnnBatchNormalizationForwardInference(handle, CUDNN_BATCHNORM_SPATIAL, &one, &zero, xDesc, dX, xDesc, dY,
                                                    bnDesc, dScale, dBias, dMean, dVar, eps));
  std::vector<float> y(size);
  CHECK_RT(cudaMemcpy(y.data(), dY, size * sizeof(float), cudaMemcpyDeviceToHost));

  for (int n = 0; n < N; ++n)
    for (int c = 0; c < C; ++c)
      for (int i = 0; i < H * W; ++i) {
        int at = (n * C + c) * H * W + i;
        float expect = scale[c] * (x[at] - mean[c]) / sqrtf(var[c] + (float)eps) + bias[c];
        if (fabsf(y[at] - expect) > 1e-4f) {
          fprintf(stderr, "FAIL: y[%d] = %f, expected %f\n", at, y[at], expect);
          return 1;
        }
      }

  CHECK_RT(cudaFree(dX));
  CHECK_RT(cudaFree(dY));
  CHECK_RT(cudaFree(dScale));
  CHECK_RT(cudaFree(dBias));
  CHECK_RT(cudaFree(dMean));
  CHECK_RT(cudaFree(dVar));
  // HIP: CHECK_DNN(miopenDestroyTensorDescriptor(bnDesc));
  // HIP-NEXT: CHECK_DNN(miopenDestroyTensorDescriptor(xDesc));
  // HIP-NEXT: CHECK_DNN(miopenDestroy(handle));
  CHECK_DNN(cudnnDestroyTensorDescriptor(bnDesc));
  CHECK_DNN(cudnnDestroyTensorDescriptor(xDesc));
  CHECK_DNN(cudnnDestroy(handle));
  printf("PASS\n");
  return 0;
}
