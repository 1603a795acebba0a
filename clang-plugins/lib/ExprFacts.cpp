//===- ExprFacts.cpp ------------------------------------------------------===//
#include "hipkit/checks/ExprFacts.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hipkit::checks {

static bool namesWarpWidth(StringRef Name) {
  std::string Lower = Name.lower();
  StringRef L(Lower);
  return L.contains("warp") || L.contains("lane") || L.contains("wave");
}

bool derivesFromThreadIndex(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var)
      return false;
    if (Var->getName() == "threadIdx")
      return true;
    // A local copy (`int tid = threadIdx.x;`), not a parameter or global.
    if (Var->isLocalVarDecl() && Var->getInit())
      return derivesFromThreadIndex(Var->getInit(), Depth + 1);
    return false;
  }
  // HIP's threadIdx.x is a property (a pseudo-object over opaque values,
  // which list no children).
  if (const auto *Pseudo = dyn_cast<PseudoObjectExpr>(E))
    return derivesFromThreadIndex(Pseudo->getSyntacticForm(), Depth);
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(E))
    return derivesFromThreadIndex(Opaque->getSourceExpr(), Depth);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // HIP spells threadIdx.x as calls under its builtin struct; CUDA's
    // member access is a call of the __fetch_builtin_x getter.
    StringRef Name = calleeName(Call);
    if (Name.starts_with("__fetch_builtin_") || Name == "__hip_get_thread_idx" ||
        Name == "__ockl_get_local_id" || Name.starts_with("__builtin_amdgcn_workitem_id"))
      return true;
  }
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
      if (derivesFromThreadIndex(ChildExpr, Depth))
        return true;
  return false;
}

std::optional<int64_t> warpWidthConstant(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  // warpSize is the portable spelling, whatever CUDA's headers define it as.
  if (readsWarpSize(E, Ctx))
    return std::nullopt;
  std::optional<llvm::APSInt> Value = E->getIntegerConstantExpr(Ctx);
  if (!Value)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = E->getBeginLoc();
  const LangOptions &LO = Ctx.getLangOpts();
  if (Begin.isMacroID() && Lexer::isAtStartOfMacroExpansion(Begin, SM, LO) &&
      Lexer::isAtEndOfMacroExpansion(E->getEndLoc(), SM, LO)) {
    // The constant is a whole macro (WARP_SIZE yes, TILE_DIM no); a literal
    // inside a larger macro body is judged as a literal, below.
    if (!namesWarpWidth(Lexer::getImmediateMacroName(Begin, SM, LO)))
      return std::nullopt;
  } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (!namesWarpWidth(Ref->getDecl()->getName()))
      return std::nullopt;
  } else if (!isa<IntegerLiteral>(E)) {
    return std::nullopt; // 8 * 4, sizeof(x): not written as a warp width.
  }
  return Value->getExtValue();
}

StringRef calleeName(const CallExpr *Call) {
  if (!Call)
    return "";
  if (const FunctionDecl *F = Call->getDirectCallee())
    if (F->getDeclName().isIdentifier())
      return F->getName();
  // A call in a template, not yet resolved.
  if (const auto *Lookup =
          dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImpCasts()))
    if (Lookup->getName().isIdentifier())
      return Lookup->getName().getAsIdentifierInfo()->getName();
  return "";
}

bool isLaneMaskCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  StringRef Name = calleeName(Call);
  return Name == "__ballot" || Name == "__ballot_sync" ||
         Name == "__activemask" || Name.starts_with("__match_any") ||
         Name.starts_with("__match_all");
}

bool readsWarpSize(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getName() == "warpSize";
  SourceLocation Begin = E->getBeginLoc();
  return Begin.isMacroID() &&
         Lexer::getImmediateMacroName(Begin, Ctx.getSourceManager(),
                                      Ctx.getLangOpts()) == "warpSize";
}

/// True when \p F is a lambda's call operator whose execution-space
/// attributes are clang's implicit ones (every unmarked lambda gets
/// __host__ __device__), not written.
static bool isUnmarkedLambda(const FunctionDecl *F) {
  if (!isLambdaCallOperator(F))
    return false;
  const auto *Host = F->getAttr<CUDAHostAttr>();
  const auto *Device = F->getAttr<CUDADeviceAttr>();
  return (!Host || Host->isImplicit()) && (!Device || Device->isImplicit());
}

bool runsOnDevice(const FunctionDecl *F) {
  // An unmarked lambda's code runs where the function defining it runs;
  // one at namespace scope is host code.
  while (F && isUnmarkedLambda(F))
    F = dyn_cast_or_null<FunctionDecl>(
        cast<CXXMethodDecl>(F)->getParent()->getParentFunctionOrMethod());
  return F && (F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>());
}

} // namespace hipkit::checks
