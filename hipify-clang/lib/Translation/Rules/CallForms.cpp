//===- CallForms.cpp - forms:CASES ----------------------------------------===//
//
// A CUDA function whose HIP counterpart takes its arguments in another form,
// depending on the call: nvcc's __nv_atomic_* builtins default their scope
// argument, HIP's __hip_atomic_* need it (`__nv_atomic_load_n(p, order)` ->
// `__hip_atomic_load(p, order, __HIP_MEMORY_SCOPE_SYSTEM)`); the void
// `__nv_atomic_add` is `(void)__hip_atomic_fetch_add`; the generic forms pass
// the value through a pointer (`*(ARGUMENT)`); the fence's scope is a string
// for `__builtin_amdgcn_fence`, known only from the enumerator written.
//
// Each case is `COUNT&CONDITIONS>CALLEE(LIST)`: a call with COUNT arguments
// whose CONDITIONS hold (the `when` rule's, optional) is written as CALLEE
// followed by LIST, whose items are call argument N with its own
// translation, `*N` (the argument dereferenced) or `=TEXT`. The first case
// that fits is applied; a call none fits, or one whose dropped argument may
// have side effects, is left and reported.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

using namespace hipkit::hipify;

namespace {

struct Form {
  unsigned Count;
  llvm::SmallVector<ArgumentCondition, 1> Conditions;
  llvm::StringRef Callee; ///< Points into the constant table.
  std::vector<RuleEdits::ArgumentPiece> Pieces;
};

class CallFormsRule : public RewriteRule {
public:
  explicit CallFormsRule(std::vector<Form> Forms)
      : RewriteRule(RewriteRuleKind::CallForms), Forms(std::move(Forms)) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    bool Done;
    std::optional<CallArguments> Call = callToArrange(
        FT, Offset, Row, Decision, "takes its arguments in another form", Done);
    if (!Call)
      return Done;
    auto Fit = llvm::find_if(Forms, [&](const Form &F) {
      return F.Count == Call->Arguments.size() &&
             argumentConditionsHold(FT.contents(), *Call, F.Conditions);
    });
    if (Fit == Forms.end()) {
      FT.countUnconverted(Row);
      FT.warn(Offset, warning_names::RuleNotApplied,
              llvm::formatv("'{0}' becomes '{1}' only in {2}; left "
                            "untranslated",
                            Row.CudaName, Decision.Replacement, describe()));
      return false;
    }
    for (size_t I = 0; I != Call->Arguments.size(); ++I) {
      llvm::StringRef Text =
          FT.contents().slice(Call->Arguments[I].Begin, Call->Arguments[I].End);
      if (!uses(*Fit, I) && mayHaveSideEffects(Text)) {
        FT.countUnconverted(Row);
        FT.warn(Offset, warning_names::RuleNotApplied,
                llvm::formatv("'{0}' becomes '{1}', which has no argument "
                              "{2} ('{3}'); it may have side effects, so the "
                              "call is left untranslated (pass a variable)",
                              Row.CudaName, Fit->Callee, I, Text));
        return false;
      }
    }
    Decision.Replacement = Fit->Callee;
    return arrangeCallArguments(FT, Offset, Row, Decision.Replacement, *Call,
                                Fit->Pieces);
  }

private:
  static bool uses(const Form &F, size_t Argument) {
    return llvm::any_of(F.Pieces, [&](const RuleEdits::ArgumentPiece &P) {
      return P.Index == static_cast<int>(Argument);
    });
  }

  /// "a call with 3 arguments, or a call with 2 arguments whose argument 1
  /// is X".
  std::string describe() const {
    std::string Text;
    for (size_t I = 0; I != Forms.size(); ++I) {
      if (I)
        Text += ", or ";
      Text += llvm::formatv("a call with {0} arguments", Forms[I].Count).str();
      if (!Forms[I].Conditions.empty())
        Text += " whose " + describeConditions(Forms[I].Conditions);
    }
    return Text;
  }

  std::vector<Form> Forms;
};

/// `0,*1,=TEXT`: the `arguments` rule's items and `*N`, written `*(ARGUMENT)`.
bool parseFormItems(llvm::StringRef Spec,
                    std::vector<RuleEdits::ArgumentPiece> &Pieces) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Spec.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    unsigned Index;
    if (Item.consume_front("*")) {
      if (Item.getAsInteger(10, Index))
        return false;
      Pieces.push_back({static_cast<int>(Index), "*(", ")"});
    } else if (!parseArgumentPieces(Item, Pieces)) {
      return false;
    }
  }
  return !Pieces.empty();
}

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createCallFormsRule(llvm::StringRef Text) {
  std::vector<Form> Forms;
  llvm::SmallVector<llvm::StringRef, 4> CaseTexts;
  Text.split(CaseTexts, ';');
  for (llvm::StringRef CaseText : CaseTexts) {
    auto [Head, Call] = CaseText.split('>');
    auto [Count, Conditions] = Head.split('&');
    Form F;
    if (Count.getAsInteger(10, F.Count) ||
        (!Conditions.empty() &&
         !parseArgumentConditions(Conditions, F.Conditions)))
      return nullptr;
    size_t Open = Call.rfind('(');
    if (Open == llvm::StringRef::npos || Open == 0 || !Call.ends_with(")"))
      return nullptr;
    F.Callee = Call.take_front(Open);
    if (!parseFormItems(Call.slice(Open + 1, Call.size() - 1), F.Pieces))
      return nullptr;
    Forms.push_back(std::move(F));
  }
  return std::make_unique<CallFormsRule>(std::move(Forms));
}
