// The package's operations, defined in csrc/*/*.cu and bound in csrc/bindings.cpp.
#pragma once

#include <ATen/core/Tensor.h>

namespace kernels {

// Cumulative sum along the last dimension (inclusive, or exclusive), accumulated in
// at::acc_type: CUB block load, scan and store.
at::Tensor cumsum(const at::Tensor &input, bool exclusive);

// Sum along the last dimension, accumulated in at::acc_type: CUB block reduce.
at::Tensor row_sum(const at::Tensor &input);

// out = input / sqrt(mean(input^2, last dimension) + epsilon) * weight.
void rms_norm(at::Tensor &out, const at::Tensor &input, const at::Tensor &weight, double epsilon);

// out = silu(input[..., :d]) * input[..., d:], d = input.size(-1) / 2.
void silu_and_mul(at::Tensor &out, const at::Tensor &input);

} // namespace kernels
