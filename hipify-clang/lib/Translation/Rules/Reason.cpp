//===- Reason.cpp - why:TEXT ----------------------------------------------===//
//
// A name with no ROCm counterpart whose row knows why: the warning says so
// (cudnnGetConvolutionForwardAlgorithm_v7: MIOpen chooses algorithms only by
// running them, in its find step), so that the user learns what to write
// instead. The only rule an unsupported row may have. The library named is the
// one the translation writes (NameDecision::TargetLibrary: hipSPARSE, or
// rocSPARSE under --roc), so TEXT names none.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class ReasonRule : public RewriteRule {
public:
  explicit ReasonRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::Reason), Text(Text) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportUnsupported)
      return true;
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::Unsupported,
            llvm::formatv("'{0}' has no {1} equivalent: {2}; left "
                          "untranslated",
                          Row.CudaName, Decision.TargetLibrary, Text));
    return false;
  }

private:
  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createReasonRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<ReasonRule>(Text);
}
