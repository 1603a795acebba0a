//===- CheckRegistry.h - Every porting check, by name -----------*- C++ -*-===//
//
// The one list of porting checks (like a clang-tidy module) and the glob
// lists that select them: `--checks=` and `--warnings-as-errors=` take
// clang-tidy's syntax, comma-separated globs where `*` matches anything, a
// leading `-` removes, and the last glob that matches a name decides.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CHECKS_CHECKREGISTRY_H
#define HIPKIT_CHECKS_CHECKREGISTRY_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace hipkit::checks {

/// A clang-tidy style glob list ("hipkit-*,-hipkit-warp-size").
class GlobList {
public:
  /// An error names the glob that is malformed.
  static llvm::Expected<GlobList> parse(llvm::StringRef Text);
  /// Whether the last glob matching \p Name is a positive one.
  bool contains(llvm::StringRef Name) const;
  bool empty() const { return Globs.empty(); }

private:
  struct Glob {
    bool Positive;
    std::string Pattern;
    std::shared_ptr<llvm::Regex> Regex;
  };
  std::vector<Glob> Globs;
};

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

/// The glob list used when the user gives none: every check.
inline constexpr llvm::StringLiteral DefaultChecks = "*";

} // namespace hipkit::checks

#endif
