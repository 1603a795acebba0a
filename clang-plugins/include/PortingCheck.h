//===- PortingCheck.h - One porting-hazard diagnostic -----------*- C++ -*-===//
//
// A porting check looks at the AST of a translation unit compiled as CUDA or
// HIP and reports constructs that do not carry over to AMD GPUs.  Each check is
// one small class; the plugin runs all of them after the main action.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CLANG_PLUGINS_PORTINGCHECK_H
#define HIPKIT_CLANG_PLUGINS_PORTINGCHECK_H

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringRef.h"

namespace hipkit::plugins {

class PortingCheck : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  virtual ~PortingCheck() = default;
  /// The name users pass to -plugin-arg-hipkit-porting-checks to disable it.
  virtual llvm::StringRef getName() const = 0;
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
};

} // namespace hipkit::plugins

#endif
