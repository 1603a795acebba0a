//===- TorchMasquerading.cpp - masquerading:NAME ---------------------------===//
//
// PyTorch 2.6 and older name parts of their CUDA API differently on ROCm: the
// streams and guards are "masquerading" HIP classes in c10::hip
// (c10::cuda::CUDAGuard is c10::hip::HIPGuardMasqueradingAsCUDA), the checks
// are C10_HIP_*, and some headers are ATen/hip/impl's. Where the run targets
// that naming (--torch-naming, or the PyTorch the command line finds), the row
// is written as NAME; the current naming writes its hip_name. That choice is
// the name policy's (Tables/NamePolicy.cpp), below the rules; this class edits
// around the name it wrote.
//
// A renamed name may change namespace where its qualifier's own row does not:
// PyTorch 2.6 keeps at::cuda (at::cuda::getCurrentDeviceProperties) but writes
// at::cuda::getCurrentCUDAStream as at::hip::getCurrentHIPStreamMasqueradingAsCUDA.
// There the written qualifier's last component is rewritten with the name.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/Basic/CharInfo.h"

using namespace hipkit::hipify;

namespace {

llvm::StringRef lastComponent(llvm::StringRef Name) {
  size_t Colons = Name.rfind("::");
  return Colons == llvm::StringRef::npos ? Name : Name.drop_front(Colons + 2);
}

/// The qualifier written right before \p Offset (`at::cuda` in
/// `at::cuda::name`, no blanks or comments between), or "".
llvm::StringRef writtenQualifier(llvm::StringRef Text, unsigned Offset) {
  unsigned Begin = Offset;
  while (Begin >= 2 && Text.substr(Begin - 2, 2) == "::") {
    unsigned Start = Begin - 2;
    while (Start && clang::isAsciiIdentifierContinue(Text[Start - 1]))
      --Start;
    if (Start == Begin - 2)
      break;
    Begin = Start;
  }
  return Begin == Offset ? "" : Text.slice(Begin, Offset - 2);
}

class TorchMasqueradingRule : public RewriteRule {
public:
  explicit TorchMasqueradingRule(llvm::StringRef Name)
      : RewriteRule(RewriteRuleKind::TorchMasquerading), Name(Name) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (!Decision.UsesRuleTarget ||
        (Decision.Action != NameAction::Rewrite &&
         Decision.Action != NameAction::KeepIdentical))
      return true;
    llvm::StringRef Qualifier = writtenQualifier(FT.contents(), Offset);
    if (Qualifier.empty())
      return true;
    // The name as written (at::cuda::getCurrentCUDAStream) has a row of its
    // own when its qualifier is not the declaring namespace.
    std::string Written =
        (Qualifier + "::" + lastComponent(Row.CudaName)).str();
    const ApiMapping *WrittenRow = FT.resolver().resolve(Written);
    const ApiMapping *NamespaceRow = FT.resolver().resolve(Qualifier);
    if (!WrittenRow || !NamespaceRow ||
        NamespaceRow->Kind != NameKind::Namespace ||
        RewriteRule::forRow(*NamespaceRow))
      return true; // c10::cuda: its own row writes c10::hip.
    const RewriteRule *WrittenRule = RewriteRule::forRow(*WrittenRow);
    if (!WrittenRule || WrittenRule->kind() != kind())
      return true;
    llvm::StringRef Target =
        static_cast<const TorchMasqueradingRule *>(WrittenRule)->Name;
    size_t Colons = Target.rfind("::");
    if (Colons == llvm::StringRef::npos)
      return true;
    llvm::StringRef TargetNamespace = lastComponent(Target.take_front(Colons));
    llvm::StringRef WrittenNamespace = lastComponent(Qualifier);
    if (TargetNamespace == WrittenNamespace)
      return true;
    FT.addEdit(Offset - 2 - WrittenNamespace.size(), WrittenNamespace.size(),
               TargetNamespace, Origin);
    return true;
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
