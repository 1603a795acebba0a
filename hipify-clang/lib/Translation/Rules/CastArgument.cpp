//===- CastArgument.cpp - cast:N:TYPE -------------------------------------===//
//
// A function (a kernel) passed where HIP declares only `const void *` and,
// unlike CUDA, offers no template overload: call argument N is wrapped in
// reinterpret_cast<TYPE>(...) when it is a function or function pointer: a
// kernel, a function-pointer variable, or a template kernel, also where its
// template arguments are still dependent (`fill<T>` inside a template), and a
// variable of a type still dependent that such a kernel initializes (`auto
// kernel = &scan_kernel<Traits>;`, mamba's selective scan).
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

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
    if (!namesFunction(Arg))
      return;
    unsigned Begin, End;
    RuleEdits *FT = Editor.translationAt(Arg->getBeginLoc(), Begin);
    if (!FT ||
        !Editor.fileRange(CharSourceRange::getTokenRange(Arg->getSourceRange()),
                          FT, Begin, End) ||
        !FT->firstRewriteAt(Begin, "cast"))
      return;
    FT->addEdit(Begin, 0, ("reinterpret_cast<" + Type + ">(").str(),
                EditOrigin::AST);
    FT->addEdit(End, 0, ")", EditOrigin::AST);
  }

private:
  /// A function, a function pointer, or a set of overloads or a template
  /// not resolved yet (dependent: `fill<T>`, `&fill<T>` in a template).
  /// A variable whose type is still dependent (`auto kernel =
  /// &scan_kernel<Traits>;` in a template) names a function when its
  /// initializer does.
  static bool namesFunction(const Expr *Arg, unsigned Depth = 0) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    QualType T = E->getType();
    if (T->isFunctionType() || T->isFunctionPointerType())
      return true;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        if (T->isDependentType() && Var->getInit() && Depth < 4)
          return namesFunction(Var->getInit(), Depth + 1);
    if (const auto *AddressOf = dyn_cast<UnaryOperator>(E))
      if (AddressOf->getOpcode() == UO_AddrOf)
        E = AddressOf->getSubExpr()->IgnoreParens();
    return isa<OverloadExpr>(E);
  }

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
