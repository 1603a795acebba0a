//===- WarpSizeCheck.cpp --------------------------------------------------===//
#include "hipkit/checks/WarpSizeCheck.h"

#include "hipkit/checks/ExprFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

namespace {
AST_MATCHER(VarDecl, isCudaShared) { return Node.hasAttr<CUDASharedAttr>(); }

/// True when \p S contains a call of a __shfl* function that reads \p Var.
bool shufflesWith(const Stmt *S, const VarDecl *Var) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (calleeName(Call).starts_with("__shfl"))
      for (const Expr *Arg : Call->arguments())
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
          if (Ref->getDecl() == Var)
            return true;
  for (const Stmt *Child : S->children())
    if (shufflesWith(Child, Var))
      return true;
  return false;
}

/// A warp id: threadIdx-derived / 32 or >> 5, or a variable named like one
/// initialised from such an expression.
bool isWarpId(const Expr *E, const ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> Width = warpWidthConstant(Op->getRHS(), Ctx);
    return Width && derivesFromThreadIndex(Op->getLHS()) &&
           ((Op->getOpcode() == BO_Div && *Width == 32) ||
            (Op->getOpcode() == BO_Shr && *Width == 5));
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (Var->isLocalVarDecl() && Var->getInit())
        return isWarpId(Var->getInit(), Ctx, Depth + 1);
  return false;
}
} // namespace

void WarpSizeCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      binaryOperator(hasAnyOperatorName("%", "/", "&", ">>", "%=", "/=",
                                        "&=", ">>="))
          .bind("arith"),
      this);
  Finder.addMatcher(
      binaryOperator(hasAnyOperatorName("==", "!=")).bind("compare"), this);
  Finder.addMatcher(
      arraySubscriptExpr(hasBase(ignoringParenImpCasts(declRefExpr(
                             to(varDecl(isCudaShared()).bind("array"))))))
          .bind("subscript"),
      this);
  Finder.addMatcher(forStmt().bind("loop"), this);
  Finder.addMatcher(callExpr().bind("call"), this);
}

void WarpSizeCheck::run(const MatchFinder::MatchResult &Result) {
  const ASTContext &Ctx = *Result.Context;
  if (const auto *Op = Result.Nodes.getNodeAs<BinaryOperator>("arith"))
    checkThreadIndexArithmetic(Op, Ctx);
  if (const auto *Op = Result.Nodes.getNodeAs<BinaryOperator>("compare"))
    checkWarpSizeComparison(Op, Ctx);
  if (const auto *Subscript =
          Result.Nodes.getNodeAs<ArraySubscriptExpr>("subscript"))
    checkPerWarpArray(Subscript, Result.Nodes.getNodeAs<VarDecl>("array"),
                      Ctx);
  if (const auto *Loop = Result.Nodes.getNodeAs<ForStmt>("loop"))
    checkShuffleLoop(Loop, Ctx);
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call"))
    checkShuffleWidth(Call, Ctx);
}

void WarpSizeCheck::checkThreadIndexArithmetic(const BinaryOperator *Op,
                                               const ASTContext &Ctx) {
  std::optional<int64_t> Width = warpWidthConstant(Op->getRHS(), Ctx);
  if (!Width)
    return;
  StringRef Meaning;
  BinaryOperatorKind Kind = Op->getOpcode();
  if ((Kind == BO_Rem || Kind == BO_RemAssign) && *Width == 32)
    Meaning = "a lane id";
  else if ((Kind == BO_Div || Kind == BO_DivAssign) && *Width == 32)
    Meaning = "a warp id";
  else if ((Kind == BO_And || Kind == BO_AndAssign) && *Width == 31)
    Meaning = "a lane id";
  else if ((Kind == BO_Shr || Kind == BO_ShrAssign) && *Width == 5)
    Meaning = "a warp id";
  else
    return;
  if (!derivesFromThreadIndex(Op->getLHS()) || !Reported.insert(Op).second)
    return;
  report(Ctx.getSourceManager(), Op->getOperatorLoc(),
         llvm::formatv("{0} computed from threadIdx with '{1} {2}' assumes "
                       "32 lanes per warp, but wavefronts have 64 lanes on "
                       "CDNA GPUs (gfx90a, gfx942); use warpSize "
                       "({3})",
                       Meaning, Op->getOpcodeStr(), *Width,
                       Kind == BO_Shr || Kind == BO_ShrAssign
                           ? "divide by warpSize"
                           : (Kind == BO_And || Kind == BO_AndAssign
                                  ? "'% warpSize' or '& (warpSize - 1)'"
                                  : Kind == BO_Rem || Kind == BO_RemAssign
                                        ? "'% warpSize'"
                                        : "'/ warpSize'")));
}

void WarpSizeCheck::checkPerWarpArray(const ArraySubscriptExpr *Subscript,
                                      const VarDecl *Array,
                                      const ASTContext &Ctx) {
  if (!Array || Reported.contains(Array))
    return;
  const auto *Type = Ctx.getAsConstantArrayType(Array->getType());
  if (!Type || Type->getSize() != 32 || !isWarpId(Subscript->getIdx(), Ctx))
    return;
  // A size spelled TILE_DIM is a tile, not one slot per warp.
  if (const auto *Sized = Type->getSizeExpr())
    if (!warpWidthConstant(Sized, Ctx))
      return;
  Reported.insert(Array);
  report(Ctx.getSourceManager(), Array->getLocation(),
         llvm::formatv("__shared__ array '{0}' has 32 slots indexed by a warp "
                       "id: a block of 1024 threads has 16 wavefronts of 64 "
                       "on CDNA GPUs, so this assumes 32 lanes per warp; size "
                       "it by the block size divided by warpSize",
                       Array->getName()));
}

void WarpSizeCheck::checkShuffleLoop(const ForStmt *Loop,
                                     const ASTContext &Ctx) {
  // for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset)
  const VarDecl *Var = nullptr;
  const Expr *Start = nullptr;
  if (const auto *Decl = dyn_cast_or_null<DeclStmt>(Loop->getInit()))
    if (Decl->isSingleDecl())
      if ((Var = dyn_cast<VarDecl>(Decl->getSingleDecl())))
        Start = Var->getInit();
  if (!Var || !Start || !Reported.insert(Loop).second)
    return;
  std::optional<int64_t> Value = warpWidthConstant(Start, Ctx);
  if (!Value || *Value != 16 || !shufflesWith(Loop->getBody(), Var))
    return;
  report(Ctx.getSourceManager(), Start->getExprLoc(),
         "shuffle loop starts at offset 16, which reduces over 32 lanes; a "
         "wavefront of 64 lanes on CDNA GPUs (gfx90a, gfx942) needs offsets "
         "from 32: start at warpSize / 2");
}

void WarpSizeCheck::checkShuffleWidth(const CallExpr *Call,
                                      const ASTContext &Ctx) {
  StringRef Name = calleeName(Call);
  if (!Name.starts_with("__shfl"))
    return;
  unsigned WidthIndex = Name.ends_with("_sync") ? 3 : 2;
  if (Call->getNumArgs() <= WidthIndex)
    return;
  const Expr *Width = Call->getArg(WidthIndex);
  if (isa<CXXDefaultArgExpr>(Width))
    return;
  std::optional<int64_t> Value = warpWidthConstant(Width, Ctx);
  if (!Value || *Value != 32 || !Reported.insert(Call).second)
    return;
  report(Ctx.getSourceManager(), Width->getExprLoc(),
         llvm::formatv("'{0}' with width 32 shuffles within half of a "
                       "64-lane wavefront on CDNA GPUs (gfx90a, gfx942); "
                       "pass warpSize, or leave the width out",
                       Name));
}

void WarpSizeCheck::checkWarpSizeComparison(const BinaryOperator *Op,
                                            const ASTContext &Ctx) {
  const Expr *Other = nullptr;
  if (readsWarpSize(Op->getLHS(), Ctx))
    Other = Op->getRHS();
  else if (readsWarpSize(Op->getRHS(), Ctx))
    Other = Op->getLHS();
  if (!Other)
    return;
  std::optional<llvm::APSInt> Value =
      Other->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx);
  if (!Value || *Value != 32 || !Reported.insert(Op).second)
    return;
  report(Ctx.getSourceManager(), Op->getOperatorLoc(),
         "warpSize compared with 32: warpSize is 64 on CDNA GPUs (gfx90a, "
         "gfx942), so code on the 32 side of this test never runs there and "
         "the other side must be right for 64; handle both sizes, or write "
         "the code with warpSize");
}

} // namespace hipkit::checks
