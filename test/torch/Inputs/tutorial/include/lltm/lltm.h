// The LLTM cell's CUDA entry points (csrc/lltm_cuda_kernel.cu), called by the
// binding (csrc/lltm_cuda.cpp).
#pragma once

#include <torch/extension.h>

#include <vector>

std::vector<torch::Tensor> lltm_cuda_forward(torch::Tensor input, torch::Tensor weights,
                                             torch::Tensor bias, torch::Tensor old_h,
                                             torch::Tensor old_cell);

std::vector<torch::Tensor> lltm_cuda_backward(torch::Tensor grad_h, torch::Tensor grad_cell,
                                              torch::Tensor new_cell, torch::Tensor input_gate,
                                              torch::Tensor output_gate,
                                              torch::Tensor candidate_cell, torch::Tensor X,
                                              torch::Tensor gates, torch::Tensor weights);
