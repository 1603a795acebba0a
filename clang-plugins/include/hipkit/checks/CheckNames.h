//===- CheckNames.h - Porting-check names, globs over them ------*- C++ -*-===//
//
// What tools need to select checks without running them (hipcc validates
// --porting-checks= before it starts clang; it links LLVM's Support library
// only, not clang): the check names and clang-tidy style glob lists.
// `--checks=` and `--warnings-as-errors=` take clang-tidy's syntax,
// comma-separated globs where `*` matches anything, a leading `-` removes,
// and the last glob that matches a name decides.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_CHECKS_CHECKNAMES_H
#define HIPKIT_CHECKS_CHECKNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <optional>
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
  /// The first glob, as written ("-hipkit-wrap-size"), that matches none of
  /// \p Names: a misspelt check name, which would otherwise select nothing
  /// without a word. nullopt when every glob matches some name.
  std::optional<std::string>
  globMatchingNone(llvm::ArrayRef<llvm::StringRef> Names) const;

private:
  struct Glob {
    bool Positive;
    std::string Pattern;
    std::shared_ptr<llvm::Regex> Regex;
  };
  std::vector<Glob> Globs;
};

struct CheckName {
  llvm::StringRef Name;
  llvm::StringRef Summary; ///< One line for --list-checks and the docs index.
};

/// Every porting check's name, in name order (PortingChecks.def).
llvm::ArrayRef<CheckName> portingCheckNames();

/// Parses \p Text and fails, naming the glob, when it is malformed or one of
/// its globs matches none of \p Names ("'hipkit-wrap-size' matches no
/// <NamesAre>").
llvm::Expected<GlobList> parseSelection(llvm::StringRef Text,
                                        llvm::ArrayRef<llvm::StringRef> Names,
                                        llvm::StringRef NamesAre);

/// The glob list used when the user gives none: every check.
inline constexpr llvm::StringLiteral DefaultChecks = "*";

} // namespace hipkit::checks

#endif
