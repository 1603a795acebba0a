//===- CastArgument.cpp - cast:N:TYPE -------------------------------------===//
//
// A function (a kernel) passed where HIP declares only `const void *` and,
// unlike CUDA, offers no template overload: call argument N is wrapped in
// reinterpret_cast<TYPE>(...) when it is a function or function pointer.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/RewriteRule.h"

#include "clang/AST/Expr.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

class CastArgumentRule : public RewriteRule {
public:
  CastArgumentRule(unsigned Argument, llvm::StringRef Type)
      : RewriteRule(RewriteRuleKind::CastArgument), Argument(Argument),
        Type(Type) {}

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    const Expr *Arg = writtenArgument(Site.Call, Argument);
    if (!Arg)
      return;
    QualType T = Arg->IgnoreParenImpCasts()->getType();
    if (!T->isFunctionType() && !T->isFunctionPointerType())
      return;
    unsigned Begin, End;
    FileTranslation *FT = Editor.translationAt(Arg->getBeginLoc(), Begin);
    if (!FT ||
        !Editor.fileRange(CharSourceRange::getTokenRange(Arg->getSourceRange()),
                          FT, Begin, End))
      return;
    FT->addEdit(Begin, 0, ("reinterpret_cast<" + Type + ">(").str(),
                EditOrigin::AST);
    FT->addEdit(End, 0, ")", EditOrigin::AST);
  }

private:
  unsigned Argument;
  llvm::StringRef Type; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createCastArgumentRule(llvm::StringRef Text) {
  auto [Index, Type] = Text.split(':');
  unsigned Argument;
  if (Index.getAsInteger(10, Argument) || Type.empty())
    return nullptr;
  return std::make_unique<CastArgumentRule>(Argument, Type);
}
