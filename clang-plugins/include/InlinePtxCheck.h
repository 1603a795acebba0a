//===- InlinePtxCheck.h - inline PTX in device code -------------*- C++ -*-===//
#ifndef HIPKIT_CLANG_PLUGINS_INLINEPTXCHECK_H
#define HIPKIT_CLANG_PLUGINS_INLINEPTXCHECK_H

#include "PortingCheck.h"

namespace hipkit::plugins {

/// Flags `asm` statements in __device__/__global__ functions whose text is PTX:
/// AMD GPUs cannot assemble PTX, and the backend error comes late and without
/// a hint about what to replace the statement with.
class InlinePtxCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override { return "inline-ptx"; }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hipkit::plugins

#endif
