//===- CheckRegistry.h - Every porting check, by name -----------*- C++ -*-===//
//
// Every porting check (PortingChecks.def, like a clang-tidy module) paired
// with its class; the names and the glob lists that select them are in
// CheckNames.h.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CHECKS_CHECKREGISTRY_H
#define HIPKIT_CHECKS_CHECKREGISTRY_H

#include "hipkit/checks/CheckNames.h"
#include "hipkit/checks/PortingCheck.h"

#include <memory>
#include <vector>

namespace hipkit::checks {

struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Summary; ///< One line for --list-checks and the docs index.
  std::unique_ptr<PortingCheck> (*Create)();
};

/// Every porting check, in name order.
llvm::ArrayRef<CheckInfo> allPortingChecks();

/// The checks whose names \p Enabled contains.
std::vector<std::unique_ptr<PortingCheck>>
createPortingChecks(const GlobList &Enabled);

} // namespace hipkit::checks

#endif
