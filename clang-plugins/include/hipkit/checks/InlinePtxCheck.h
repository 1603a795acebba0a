//===- InlinePtxCheck.h - inline PTX in device code -------------*- C++ -*-===//
#ifndef HIPKIT_CHECKS_INLINEPTXCHECK_H
#define HIPKIT_CHECKS_INLINEPTXCHECK_H

#include "hipkit/checks/PortingCheck.h"

namespace hipkit::checks {

/// Flags `asm` statements in __device__/__global__ functions whose text is PTX:
/// AMD GPUs cannot assemble PTX, and the backend error comes late and without
/// a hint about what to replace the statement with. The report names the
/// first PTX instruction of the statement.
class InlinePtxCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override { return "hipkit-inline-ptx"; }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hipkit::checks

#endif
