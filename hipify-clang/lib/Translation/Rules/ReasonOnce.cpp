//===- ReasonOnce.cpp - whyonce:TEXT --------------------------------------===//
//
// An API none of whose names HIP has (CUDA's warp matrix functions,
// nvcuda::wmma: a kernel spells fragment, load_matrix_sync, mma_sync and
// their tags dozens of times): a warning per token would bury every other
// one, so each name is reported at its first use in a file, with TEXT (what
// it is and what to write instead), and every use is counted unconverted, as
// the `why` rule counts them.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class ReasonOnceRule : public RewriteRule {
public:
  explicit ReasonOnceRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::ReasonOnce), Text(Text) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportUnsupported)
      return true;
    FT.countUnconverted(Row);
    // The file's first reference to the name is the first to ask: the
    // rewrite record keyed on the name (not an offset) remembers it.
    if (FT.firstRewriteAt(0, ("whyonce " + Row.CudaName).str()))
      FT.warn(Offset, warning_names::Unsupported,
              llvm::formatv("'{0}' has no HIP equivalent: {1}; left "
                            "untranslated (reported once per file)",
                            Row.CudaName, Text));
    return false;
  }

private:
  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createReasonOnceRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<ReasonOnceRule>(Text);
}
