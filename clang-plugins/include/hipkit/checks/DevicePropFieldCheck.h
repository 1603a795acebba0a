//===- DevicePropFieldCheck.h - cudaDeviceProp fields HIP lacks -*- C++ -*-===//
#ifndef HIPKIT_CHECKS_DEVICEPROPFIELDCHECK_H
#define HIPKIT_CHECKS_DEVICEPROPFIELDCHECK_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace hipkit::checks {

/// The HIP version (major * 100 + minor) whose hipDeviceProp_t first has the
/// cudaDeviceProp field \p Field: 0 when no HIP release has it, nullopt when
/// \p Field is not a field of CUDA's cudaDeviceProp. The answers come from
/// tables/device_prop_fields.tsv, derived from the CUDA and HIP headers.
std::optional<unsigned> hipVersionWithDevicePropField(llvm::StringRef Field);

/// hipkit-device-prop-field: reads and writes of cudaDeviceProp fields that
/// hipDeviceProp_t lacks in the targeted HIP (CheckContext::TargetHipVersion).
/// hipify renames the type, so each such use stops the translation's compile
/// with "no member named". Where the targeted version is unknown, only the
/// fields no HIP release has are reported.
class DevicePropFieldCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override {
    return "hipkit-device-prop-field";
  }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// Templates and their instantiations reach one spelling more than once.
  llvm::DenseSet<clang::SourceLocation> Reported;
};

} // namespace hipkit::checks

#endif
