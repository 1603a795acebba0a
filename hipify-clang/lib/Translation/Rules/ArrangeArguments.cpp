//===- ArrangeArguments.cpp - arguments:LIST ------------------------------===//
//
// The ROCm function takes the CUDA call's arguments in another order, fewer
// of them, or more: LIST says, for each of its parameters, which CUDA
// argument goes there (N) or what is written (=TEXT). cudnnConvolutionForward
// passes its workspace before beta, miopenConvolutionForward last:
// `arguments:0,1,2,3,4,5,6,7,10,11,12,8,9`. The arguments move with their own
// translations; a use that is no call is left and reported.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class ArrangeArgumentsRule : public RewriteRule {
public:
  explicit ArrangeArgumentsRule(std::vector<RuleEdits::ArgumentPiece> Pieces)
      : RewriteRule(RewriteRuleKind::ArrangeArguments),
        Pieces(std::move(Pieces)) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    bool Done;
    std::optional<CallArguments> Call =
        callToArrange(FT, Offset, Row, Decision, "takes other arguments", Done);
    if (!Call)
      return Done;
    return arrangeCallArguments(FT, Offset, Row, Decision.Replacement, *Call,
                                Pieces);
  }

private:
  std::vector<RuleEdits::ArgumentPiece> Pieces;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createArrangeArgumentsRule(llvm::StringRef Text) {
  std::vector<RuleEdits::ArgumentPiece> Pieces;
  if (!parseArgumentPieces(Text, Pieces))
    return nullptr;
  return std::make_unique<ArrangeArgumentsRule>(std::move(Pieces));
}
