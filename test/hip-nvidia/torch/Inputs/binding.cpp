// The extension's Python module (bench/torch-extensions/nvidia_torch_smoke.py
// builds it on an NVIDIA GPU; the lit tests compile the other sources only).
#include <torch/extension.h>

at::Tensor scale_cuda(const at::Tensor &in, double factor);
void sync_current();
int stream_priority_on(c10::DeviceIndex device);
void set_invalid_device();

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale_cuda, "in * factor, in in's type (CUDA)");
  m.def("sync_current", &sync_current, "synchronize the current stream");
  m.def("stream_priority_on", &stream_priority_on,
        "the priority of a high-priority pool stream of a device");
  m.def("set_invalid_device", &set_invalid_device,
        "cudaSetDevice(-1) under C10_CUDA_CHECK: raises");
}
