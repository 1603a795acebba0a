//===- Value.cpp - value:TEXT ---------------------------------------------===//
//
// A name used for its value (CUDART_VERSION >= 11020, __CUDA_ARCH__ < 600)
// becomes TEXT; `defined X` and `#ifdef X` keep the HIP name, since they test
// whether it exists.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class ValueRule : public RewriteRule {
public:
  explicit ValueRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::Value), Text(Text) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &,
                        EditOrigin, NameDecision &Decision) const override {
    if ((Decision.Action == NameAction::Rewrite ||
         Decision.Action == NameAction::KeepIdentical) &&
        !FT.source().isExistenceTest(Offset)) {
      Decision.Replacement = Text;
      Decision.Action = NameAction::Rewrite;
    }
    return true;
  }

private:
  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createValueRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<ValueRule>(Text);
}
