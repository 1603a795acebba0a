//===- ConditionalArguments.cpp - when:CASES ------------------------------===//
//
// The ROCm function's arguments depend on what the CUDA call passes: an
// enumerator the ROCm function has no parameter for (cuDNN's tensor format:
// miopenSet4dTensorDescriptor's tensors are NCHW), or one that decides what
// the ROCm parameters must be (MIOpen's tanh activation is beta*tanh(alpha*x),
// so cuDNN's tanh needs alpha = beta = 1). Each case is CONDITIONS>LIST:
// CONDITIONS are `N=NAME|NAME` joined by `&` (call argument N is written as
// one of the names), LIST is the `arguments` rule's. The first case whose
// conditions hold is applied; a call that none fits (another format, a
// variable) is left, saying which arguments MIOpen's form needs.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

using namespace hipkit::hipify;

namespace {

struct Case {
  llvm::SmallVector<ArgumentCondition, 2> Conditions;
  std::vector<RuleEdits::ArgumentPiece> Pieces;
};

class ConditionalArgumentsRule : public RewriteRule {
public:
  explicit ConditionalArgumentsRule(std::vector<Case> Cases)
      : RewriteRule(RewriteRuleKind::ConditionalArguments),
        Cases(std::move(Cases)) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (!awaitsArrangement(FT, Offset, Decision))
      return true;
    std::optional<CallArguments> Call =
        findCallArguments(FT.contents(), Offset);
    if (Call)
      for (const Case &C : Cases)
        if (argumentConditionsHold(FT.contents(), *Call, C.Conditions))
          return arrangeCallArguments(FT, Offset, Row, Decision.Replacement,
                                      *Call, C.Pieces);
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::RuleNotApplied,
            llvm::formatv("'{0}' becomes '{1}' only {2}; left "
                          "untranslated",
                          Row.CudaName, Decision.Replacement, describe()));
    return false;
  }

private:
  /// "in a call whose argument 1 is CUDNN_TENSOR_NCHW, or ...".
  std::string describe() const {
    std::string Text = "in a call whose ";
    for (size_t I = 0; I != Cases.size(); ++I) {
      if (I)
        Text += ", or whose ";
      Text += describeConditions(Cases[I].Conditions);
    }
    return Text;
  }

  std::vector<Case> Cases;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createConditionalArgumentsRule(llvm::StringRef Text) {
  std::vector<Case> Cases;
  llvm::SmallVector<llvm::StringRef, 4> CaseTexts;
  Text.split(CaseTexts, ';');
  for (llvm::StringRef CaseText : CaseTexts) {
    auto [ConditionText, List] = CaseText.split('>');
    Case C;
    if (!parseArgumentConditions(ConditionText, C.Conditions) ||
        !parseArgumentPieces(List, C.Pieces))
      return nullptr;
    Cases.push_back(std::move(C));
  }
  return std::make_unique<ConditionalArgumentsRule>(std::move(Cases));
}
