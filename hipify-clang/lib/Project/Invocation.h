//===- Invocation.h - A run's validated options (internal) -----*- C++ -*-===//
//
// The first phase of a run: the option table's values, checked once and
// completed (the roots as the user means them, the targeted HIP version, the
// warning selections, the report's format), then never changed. Every later
// phase takes the Invocation by const reference.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_LIB_INVOCATION_H
#define HIPKIT_HIPIFY_LIB_INVOCATION_H

#include "hipkit/checks/CheckRegistry.h"
#include "hipkit/hipify/Report/MigrationReport.h"
#include "hipkit/hipify/Tables/Options.h"
#include "hipkit/hipify/Project/OutputPlan.h"

#include <optional>
#include <string>

namespace hipkit::hipify::driver {

struct Invocation {
  /// As given, with --in-root and --out-root normalised
  /// (normalisedRootName) and the targeted HIP version parsed.
  HipifyOptions Options;
  /// --checks and --warnings-as-errors: which warnings (hipify-* and the
  /// porting checks, hipkit-*) are printed, and which as errors.
  checks::GlobList EnabledWarnings, ErrorWarnings;
  /// --report's format, by its file name; none without --report.
  std::optional<ReportFormat> ReportAs;

  /// --o-stats, else hipify_stats.csv in --o-dir or the current folder.
  std::string statisticsPath() const;

  /// Checks \p Options; nullopt after reporting, in one line, the first
  /// thing wrong.
  static std::optional<Invocation> create(HipifyOptions Options);

private:
  Invocation() = default;
};

/// \p Globs of the option \p Option, a glob list over every warning and
/// porting check name; a malformed glob, or one that matches no name (a
/// misspelt check would otherwise select nothing, silently), is reported as
/// an error and gives nullopt.
std::optional<checks::GlobList> parseWarningSelection(llvm::StringRef Option,
                                                      llvm::StringRef Globs);

/// \p Root as written, without '.' components or trailing separators: how
/// project mode names its roots (and so its outputs, in messages and reports).
std::string normalisedRootName(llvm::StringRef Root);

/// What the run's messages advise, in the command line of the front end that
/// started it: hipify-perl has AMD's (-o, -inplace, standard output) and
/// rejects hipify-clang's --o-dir and --no-backup, so advising them there
/// would be advice the user cannot take.
const OutputAdvice &adviceFor(Frontend Tool);

} // namespace hipkit::hipify::driver

#endif
