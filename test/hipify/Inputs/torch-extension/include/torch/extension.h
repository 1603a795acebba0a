// A stand-in for torch/extension.h: the tensor an extension's launcher takes
// (its element type, data and size) and ATen's dispatch macros.
#pragma once
#include <ATen/Dispatch.h>
#include <cstdint>

namespace at {
class Tensor {
public:
  ScalarType scalar_type() const { return Type; }
  int64_t numel() const { return Size; }
  template <typename T> T *data_ptr() const { return static_cast<T *>(Data); }

private:
  ScalarType Type = ScalarType::Float;
  void *Data = nullptr;
  int64_t Size = 0;
};
} // namespace at
namespace torch {
using at::Tensor;
} // namespace torch
