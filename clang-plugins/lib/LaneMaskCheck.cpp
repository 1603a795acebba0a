//===- LaneMaskCheck.cpp --------------------------------------------------===//
#include "hipkit/checks/LaneMaskCheck.h"

#include "hipkit/checks/ExprFacts.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

static bool is32BitInteger(QualType T, const ASTContext &Ctx) {
  return T->isIntegerType() && Ctx.getTypeSize(T) == 32;
}

/// A ballot, or a local variable holding one.
static bool holdsLaneMask(const Expr *E) {
  E = E->IgnoreParenCasts(); // __ffs((unsigned)__ballot(p)) too

  if (isLaneMaskCall(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return Var->isLocalVarDecl() && Var->getInit() &&
             isLaneMaskCall(Var->getInit());
  return false;
}

void LaneMaskCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(varDecl(hasInitializer(expr())).bind("var"), this);
  Finder.addMatcher(binaryOperator(isAssignmentOperator()).bind("assign"),
                    this);
  Finder.addMatcher(callExpr().bind("call"), this);
}

void LaneMaskCheck::run(const MatchFinder::MatchResult &Result) {
  const ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  auto reportNarrowStore = [&](SourceLocation Loc, const Expr *Value,
                               StringRef Target) {
    const auto *Call = cast<CallExpr>(Value->IgnoreParenImpCasts());
    report(SM, Loc,
           llvm::formatv("'{0}' returns a lane mask with one bit per lane, 64 "
                         "bits on CDNA GPUs (gfx90a, gfx942), but {1} keeps "
                         "only 32; store it in a 64-bit type (unsigned long "
                         "long, uint64_t) or auto",
                         calleeName(Call), Target));
  };

  if (const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var")) {
    const Expr *Init = Var->getInit();
    bool WrittenAuto = Var->getTypeSourceInfo() &&
                       !Var->getTypeSourceInfo()
                            ->getTypeLoc()
                            .getContainedAutoTypeLoc()
                            .isNull();
    if (!WrittenAuto && isLaneMaskCall(Init) &&
        is32BitInteger(Var->getType(), Ctx) && Reported.insert(Var).second)
      reportNarrowStore(Var->getLocation(), Init,
                        ("'" + Var->getName() + "'").str());
  }
  if (const auto *Assign = Result.Nodes.getNodeAs<BinaryOperator>("assign")) {
    if (isLaneMaskCall(Assign->getRHS()) &&
        is32BitInteger(Assign->getLHS()->getType(), Ctx) &&
        Reported.insert(Assign).second)
      reportNarrowStore(Assign->getOperatorLoc(), Assign->getRHS(),
                        "the assigned variable");
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call || !Reported.insert(Call).second)
    return;
  StringRef Name = calleeName(Call);
  if (Name.ends_with("_sync") && Call->getNumArgs() > 0) {
    const Expr *Mask = Call->getArg(0);
    std::optional<llvm::APSInt> Value =
        Mask->IgnoreParenImpCasts()->isValueDependent()
            ? std::nullopt
            : Mask->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx);
    if (Value && Value->getActiveBits() <= 32 &&
        Value->getZExtValue() == 0xffffffffu)
      report(SM, Mask->getExprLoc(),
             llvm::formatv("mask 0xffffffff passed to '{0}' names lanes 0-31 "
                           "only; a wavefront on CDNA GPUs (gfx90a, gfx942) "
                           "has 64 lanes, so lanes 32-63 are left out; pass "
                           "__activemask() or a 64-bit mask (~0ull)",
                           Name));
  }
  if ((Name == "__popc" || Name == "__ffs") && Call->getNumArgs() == 1 &&
      holdsLaneMask(Call->getArg(0)))
    report(SM, Call->getBeginLoc(),
           llvm::formatv("'{0}' of a lane mask counts only lanes 0-31; on "
                         "64-lane wavefronts (gfx90a, gfx942) use '{0}ll'",
                         Name));
}

} // namespace hipkit::checks
