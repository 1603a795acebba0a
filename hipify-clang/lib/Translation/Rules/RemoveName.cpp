//===- RemoveName.cpp - remove:TEXT ---------------------------------------===//
//
// A CUDA name HIP needs nothing in place of: a calling-convention macro in a
// callback's declaration (`void CUDART_CB done(...)`), a kernel-parameter
// qualifier whose meaning HIP has by default (`__grid_constant__`). Left in
// place, the name is undefined under hipcc and the declaration no longer
// compiles; removed (with the blanks after it) the code means what it meant.
// A note says so, with TEXT as the reason. `#ifdef X` and `defined X` test
// whether CUDA defines the name and are left, reported like any name HIP
// lacks. The row is unsupported (it has no HIP name); the rule is what
// translates it.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class RemoveNameRule : public RewriteRule {
public:
  explicit RemoveNameRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::RemoveName), Text(Text) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportUnsupported ||
        FT.source().isExistenceTest(Offset))
      return true;
    llvm::StringRef After =
        FT.contents().drop_front(Offset + Row.CudaName.size());
    unsigned Blanks = After.size() - After.ltrim(" \t").size();
    FT.removeName(Offset, Row.CudaName.size() + Blanks, Row, Origin,
                  llvm::formatv("'{0}' removed: {1}", Row.CudaName, Text));
    return false;
  }

private:
  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createRemoveNameRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<RemoveNameRule>(Text);
}
