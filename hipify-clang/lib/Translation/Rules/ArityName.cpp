//===- ArityName.cpp - arity:N=NAME ---------------------------------------===//
//
// One CUDA name, two signatures across CUDA releases: CUDA 11's
// cudaGraphInstantiate(exec, graph, errorNode, logBuffer, bufferSize) became
// CUDA 12's cudaGraphInstantiate(exec, graph, flags). HIP keeps both under
// two names (hipGraphInstantiate, hipGraphInstantiateWithFlags), so the name
// written depends on the call: a call with N arguments gets NAME, any other
// use the row's own name. The call is found in its text, so both engines
// decide alike; a CUDA 13 parse rejects the old form, which then goes to the
// token engine.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/ADT/SmallVector.h"

using namespace hipkit::hipify;

namespace {

struct ArityCase {
  unsigned Count;
  llvm::StringRef Name; ///< Points into the constant table.
};

class ArityNameRule : public RewriteRule {
public:
  explicit ArityNameRule(llvm::SmallVector<ArityCase, 2> Cases)
      : RewriteRule(RewriteRuleKind::ArityName), Cases(std::move(Cases)) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::Rewrite)
      return true;
    std::optional<CallArguments> Call =
        findCallArguments(FT.contents(), Offset);
    if (!Call)
      return true;
    for (const ArityCase &C : Cases)
      if (Call->Arguments.size() == C.Count)
        Decision.Replacement = C.Name;
    return true;
  }

private:
  llvm::SmallVector<ArityCase, 2> Cases;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createArityNameRule(llvm::StringRef Text) {
  llvm::SmallVector<ArityCase, 2> Cases;
  llvm::SmallVector<llvm::StringRef, 2> CaseTexts;
  Text.split(CaseTexts, ';');
  for (llvm::StringRef CaseText : CaseTexts) {
    auto [Count, Name] = CaseText.split('=');
    ArityCase C;
    if (Count.getAsInteger(10, C.Count) || Name.empty())
      return nullptr;
    C.Name = Name;
    Cases.push_back(C);
  }
  return std::make_unique<ArityNameRule>(std::move(Cases));
}
