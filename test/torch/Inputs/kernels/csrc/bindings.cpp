// The package's Python module: each operation checked and bound with pybind11.
#include <torch/extension.h>

#include "kernels/ops.h"

namespace {

at::Tensor rms_norm_out(const at::Tensor &input, const at::Tensor &weight, double epsilon) {
  auto out = at::empty_like(input);
  kernels::rms_norm(out, input, weight, epsilon);
  return out;
}

at::Tensor silu_and_mul_out(const at::Tensor &input) {
  auto sizes = input.sizes().vec();
  sizes.back() /= 2;
  auto out = at::empty(sizes, input.options());
  kernels::silu_and_mul(out, input);
  return out;
}

} // namespace

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.doc() = "CUB block scans, reductions and fused activations";
  m.def("cumsum", &kernels::cumsum, "cumulative sum along the last dimension (CUB block scan)",
        py::arg("input"), py::arg("exclusive") = false);
  m.def("row_sum", &kernels::row_sum, "sum along the last dimension (CUB block reduce)",
        py::arg("input"));
  m.def("rms_norm", &rms_norm_out, "RMS normalisation along the last dimension",
        py::arg("input"), py::arg("weight"), py::arg("epsilon") = 1e-6);
  m.def("silu_and_mul", &silu_and_mul_out, "silu(x) * y over the halves of the last dimension",
        py::arg("input"));
}
