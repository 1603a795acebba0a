//===- LaneMaskCheck.h - Lane masks that hold only 32 lanes -----*- C++ -*-===//
#ifndef HIPKIT_CHECKS_LANEMASKCHECK_H
#define HIPKIT_CHECKS_LANEMASKCHECK_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/DenseSet.h"

namespace hipkit::checks {

/// hipkit-lane-mask: on a 64-lane wavefront a lane mask has 64 bits. Reports
/// results of __ballot*, __activemask and __match* stored in 32-bit
/// variables, 0xffffffff passed as the mask of a *_sync function, and
/// __popc/__ffs applied to a ballot (the 64-bit forms are __popcll/__ffsll).
/// `auto` variables and 64-bit variables are not reported.
class LaneMaskCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override { return "hipkit-lane-mask"; }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  llvm::DenseSet<const void *> Reported;
};

} // namespace hipkit::checks

#endif
