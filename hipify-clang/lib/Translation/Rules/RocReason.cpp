//===- RocReason.cpp - rocreason:TEXT -------------------------------------===//
//
// A row whose ROCm-library counterpart cannot be written (rocsolver_sgetrs has
// no devInfo argument, rocsolver_sgesvd takes other job arguments) is reported
// under --roc with TEXT, the derivation's account of the difference, rather
// than the bare "has no rocSOLVER equivalent".
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class RocReasonRule : public RewriteRule {
public:
  explicit RocReasonRule(llvm::StringRef Reason)
      : RewriteRule(RewriteRuleKind::RocReason), Reason(Reason) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportNoRocEquivalent)
      return true;
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::NoRocEquivalent,
            llvm::formatv(
                        "'{0}' has no {1} equivalent: {2}; left untranslated",
                        Row.CudaName, lookupApi(Row.Api)->RocLibrary, Reason));
    return false;
  }

private:
  llvm::StringRef Reason; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createRocReasonRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<RocReasonRule>(Text);
}
