//===- DropArgument.cpp - drop:N ------------------------------------------===//
//
// The targeted HIP has only the older form of the function, which lacks call
// argument N (the mask of __shfl_down_sync, whose fallback is __shfl_down):
// wherever the fallback is written, the argument goes with the comma that
// separates it, and every other byte of the call stays.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"


using namespace clang;
using namespace hipkit::hipify;

namespace {

class DropArgumentRule : public RewriteRule {
public:
  explicit DropArgumentRule(unsigned Argument)
      : RewriteRule(RewriteRuleKind::DropArgument), Argument(Argument) {}

  // The AST engine removes the argument at the call (rewriteCall); a lexical
  // reference (a macro body, a skipped block) is edited by scanning the text,
  // and left with a warning when that finds no call.
  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (!Decision.UsesFallback || Origin != EditOrigin::Lexical ||
        dropByText(FT, Offset))
      return true;
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::CallNotFound,
            llvm::formatv("'{0}' needs HIP {1}, and no call was found "
                          "to rewrite into '{2}' without argument "
                          "{3}; left untranslated",
                          Row.CudaName, Row.HipAdded, Row.Fallback, Argument));
    return false;
  }

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    const CallExpr &E = Site.Call;
    const Expr *Arg = writtenArgument(E, Argument);
    if (!Arg || !Site.Decision.UsesFallback)
      return;
    unsigned NameOffset;
    RuleEdits *FT = Editor.translationAt(Site.NameLoc, NameOffset);
    if (!FT)
      return;
    SourceManager &SM = Editor.sourceManager();
    if (Site.NameLoc.isMacroID() && !SM.isMacroArgExpansion(Site.NameLoc)) {
      // The call is spelled in a macro body: edit its text there.
      dropByText(*FT, NameOffset);
      return;
    }
    bool HasNext = writtenArgument(E, Argument + 1);
    CharSourceRange Range;
    if (HasNext) // The argument and its comma, up to the next argument.
      Range = CharSourceRange::getCharRange(
          Arg->getBeginLoc(), E.getArg(Argument + 1)->getBeginLoc());
    else if (Argument > 0) // The last one, from the comma before it.
      Range = CharSourceRange::getCharRange(
          Lexer::getLocForEndOfToken(E.getArg(Argument - 1)->getEndLoc(), 0, SM,
                                     LangOptions()),
          Lexer::getLocForEndOfToken(Arg->getEndLoc(), 0, SM, LangOptions()));
    else
      Range = CharSourceRange::getTokenRange(Arg->getSourceRange());
    unsigned Begin, End;
    if (Editor.fileRange(Range, FT, Begin, End) && NameOffset < Begin &&
        Begin < End)
      FT->addArgumentDrop(NameOffset, Begin, End);
    else
      dropByText(*FT, NameOffset);
  }

private:
  /// Removes the argument of the call whose callee name is spelled at
  /// \p NameOffset by scanning the text, for calls the AST cannot locate in
  /// the file (macro bodies, skipped blocks, a failed parse). Returns false,
  /// editing nothing, if no such argument is found.
  bool dropByText(RuleEdits &FT, unsigned NameOffset) const {
    if (FT.hasArgumentDrop(NameOffset))
      return true;
    std::optional<CallArguments> Call = findCallArguments(FT.contents(), NameOffset);
    if (!Call)
      return false;
    std::optional<OffsetRange> Range =
        argumentsRange(FT.contents(), *Call, Argument, 1);
    if (!Range)
      return false;
    FT.addArgumentDrop(NameOffset, Range->Begin, Range->End);
    return true;
  }

  unsigned Argument;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createDropArgumentRule(llvm::StringRef Text) {
  unsigned Argument;
  if (Text.getAsInteger(10, Argument))
    return nullptr;
  return std::make_unique<DropArgumentRule>(Argument);
}
