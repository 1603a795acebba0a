// Python binding of the LLTM cell: checks its arguments, then runs the CUDA code.
#include <torch/extension.h>

#include <vector>

#include "lltm/lltm.h"

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

std::vector<torch::Tensor> lltm_forward(torch::Tensor input, torch::Tensor weights,
                                        torch::Tensor bias, torch::Tensor old_h,
                                        torch::Tensor old_cell) {
  CHECK_INPUT(input);
  CHECK_INPUT(weights);
  CHECK_INPUT(bias);
  CHECK_INPUT(old_h);
  CHECK_INPUT(old_cell);
  return lltm_cuda_forward(input, weights, bias, old_h, old_cell);
}

std::vector<torch::Tensor> lltm_backward(torch::Tensor grad_h, torch::Tensor grad_cell,
                                         torch::Tensor new_cell, torch::Tensor input_gate,
                                         torch::Tensor output_gate, torch::Tensor candidate_cell,
                                         torch::Tensor X, torch::Tensor gates,
                                         torch::Tensor weights) {
  CHECK_INPUT(grad_h);
  CHECK_INPUT(grad_cell);
  CHECK_INPUT(input_gate);
  CHECK_INPUT(output_gate);
  CHECK_INPUT(candidate_cell);
  CHECK_INPUT(X);
  CHECK_INPUT(gates);
  CHECK_INPUT(weights);
  return lltm_cuda_backward(grad_h, grad_cell, new_cell, input_gate, output_gate,
                            candidate_cell, X, gates, weights);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("forward", &lltm_forward, "LLTM forward (CUDA)");
  m.def("backward", &lltm_backward, "LLTM backward (CUDA)");
}
