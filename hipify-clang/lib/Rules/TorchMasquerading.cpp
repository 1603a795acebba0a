//===- TorchMasquerading.cpp - masquerading:NAME ---------------------------===//
//
// PyTorch 2.6 and older name parts of their CUDA API differently on ROCm: the
// streams and guards are "masquerading" HIP classes in c10::hip
// (c10::cuda::CUDAGuard is c10::hip::HIPGuardMasqueradingAsCUDA), the checks
// are C10_HIP_*, and some headers are ATen/hip/impl's. Where the run targets
// that naming (--torch-naming, or the PyTorch the command line finds), the row
// is written as NAME; the current naming writes its hip_name.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class TorchMasqueradingRule : public RewriteRule {
public:
  explicit TorchMasqueradingRule(llvm::StringRef Name)
      : RewriteRule(RewriteRuleKind::TorchMasquerading), Name(Name) {}

  std::optional<llvm::StringRef>
  target(const ApiMapping &, const NameOptions &Options) const override {
    if (Options.Torch != TorchNaming::Masquerading)
      return std::nullopt;
    return Name;
  }

private:
  llvm::StringRef Name; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createTorchMasqueradingRule(llvm::StringRef Name) {
  if (Name.empty())
    return nullptr;
  return std::make_unique<TorchMasqueradingRule>(Name);
}
