// A stand-in for ATen/Dispatch.h (PyTorch's dispatch macros), as small as the
// extension tests need: AT_DISPATCH_FLOATING_TYPES calls its lambda with
// scalar_t bound to each floating type, inside an immediately invoked [&]
// lambda, as ATen does.
#pragma once
#include <stdexcept>

namespace at {
enum class ScalarType { Float, Double };
} // namespace at

#define AT_PRIVATE_CASE_TYPE(ENUM, TYPE, ...)                                  \
  case ENUM: {                                                                 \
    using scalar_t = TYPE;                                                     \
    return __VA_ARGS__();                                                      \
  }

#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  [&] {                                                                        \
    switch (TYPE) {                                                            \
      AT_PRIVATE_CASE_TYPE(at::ScalarType::Double, double, __VA_ARGS__)        \
      AT_PRIVATE_CASE_TYPE(at::ScalarType::Float, float, __VA_ARGS__)          \
    default:                                                                   \
      throw std::runtime_error(NAME " is not implemented for this type");      \
    }                                                                          \
  }()
