//===- WarpSizeCheck.h - 32 hard-coded as the warp width --------*- C++ -*-===//
#ifndef HIPKIT_CHECKS_WARPSIZECHECK_H
#define HIPKIT_CHECKS_WARPSIZECHECK_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/DenseSet.h"

namespace hipkit::checks {

/// hipkit-warp-size: CDNA GPUs (gfx90a, gfx942) run 64 lanes per wavefront.
/// Reports lane and warp ids computed from threadIdx with 32/31/5
/// (`% 32`, `/ 32`, `& 31`, `>> 5`), __shared__ arrays of 32 per-warp slots
/// indexed by a warp id, shuffle-offset loops starting at 16, shuffle widths
/// of 32 and comparisons of warpSize with 32. Code written with warpSize is
/// not reported, nor are 32s spelled through a macro or constant whose name
/// is not a warp width (TILE_DIM).
class WarpSizeCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override { return "hipkit-warp-size"; }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkThreadIndexArithmetic(const clang::BinaryOperator *Op,
                                  const clang::ASTContext &Ctx);
  void checkPerWarpArray(const clang::ArraySubscriptExpr *Subscript,
                         const clang::VarDecl *Array,
                         const clang::ASTContext &Ctx);
  void checkShuffleLoop(const clang::ForStmt *Loop,
                        const clang::ASTContext &Ctx);
  void checkShuffleWidth(const clang::CallExpr *Call,
                         const clang::ASTContext &Ctx);
  void checkWarpSizeComparison(const clang::BinaryOperator *Op,
                               const clang::ASTContext &Ctx);
  /// Templates are checked as written; instantiations would repeat reports.
  llvm::DenseSet<const void *> Reported;
};

} // namespace hipkit::checks

#endif
