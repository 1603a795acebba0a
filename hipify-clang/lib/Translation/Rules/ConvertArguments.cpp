//===- ConvertArguments.cpp - convert:TYPE --------------------------------===//
//
// CUDA's typed helpers (umin, llmax) become HIP's overloaded or template
// min/max, which pick their overload from the arguments' types: every call
// argument is converted to the type of the CUDA function's parameters, so
// that `umin(a, b)` with int arguments still compares them as unsigned.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class ConvertArgumentsRule : public RewriteRule {
public:
  explicit ConvertArgumentsRule(llvm::StringRef Type)
      : RewriteRule(RewriteRuleKind::ConvertArguments), Type(Type) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    // A pointer to `min` would name an overload set or a template.
    bool Done;
    std::optional<CallArguments> Call =
        callToArrange(FT, Offset, Row, Decision,
                      "is overloaded on its arguments' types", Done);
    if (!Call)
      return Done;
    std::vector<RuleEdits::ArgumentPiece> Pieces;
    for (size_t I = 0; I != Call->Arguments.size(); ++I)
      Pieces.push_back(
          {static_cast<int>(I), ("static_cast<" + Type + ">(").str(), ")"});
    return arrangeCallArguments(FT, Offset, Row, Decision.Replacement, *Call,
                                Pieces);
  }

private:
  llvm::StringRef Type; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createConvertArgumentsRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<ConvertArgumentsRule>(Text);
}
