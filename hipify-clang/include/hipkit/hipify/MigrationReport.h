//===- MigrationReport.h - What a run left for a person to do --*- C++ -*-===//
//
// --report=<file>: one document for the whole run, in the format the file's
// extension names: .json (for tools and CI; schema in
// docs/hipify/report.schema.json), .md, or .html (one self-contained page).
// Per file: status, translated and untranslated references per library/API,
// every warning and porting hazard with its location, source line and advice;
// and the files that need attention first.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_MIGRATIONREPORT_H
#define HIPKIT_HIPIFY_MIGRATIONREPORT_H

#include "hipkit/hipify/FileTranslation.h"
#include "hipkit/hipify/Statistics.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit::hipify {

struct ReportedWarning {
  std::string Check; ///< "hipkit-warp-size", "hipify-unsupported", ...
  unsigned Line = 0, Column = 0;
  std::string Message; ///< What, why and what to do.
  std::string SourceLine;
  bool IsHazard = false, IsError = false;
  bool IsNote = false; ///< Says what the translation did (hipify-removed).
};

struct ReportedFile {
  std::string Path;   ///< As named (or found, for a user header).
  std::string Output; ///< Where the translation went; empty when not written.
  TranslationStatistics Stats;
  std::vector<ReportedWarning> Warnings;
  /// "needs-attention" (porting hazards), "incomplete" (untranslated
  /// references), "translated", "unchanged".
  std::string status() const;
  unsigned hazards() const;
};

/// The report of one file's translation, with the warnings \p Selection
/// enables.
ReportedFile reportFile(const FileTranslation &FT,
                        const TranslationStatistics &Stats,
                        const WarningSelection &Selection,
                        llvm::StringRef Output);

enum class ReportFormat { JSON, Markdown, HTML };
/// The format \p Path's extension names; an error says which are known.
llvm::Expected<ReportFormat> reportFormatFor(llvm::StringRef Path);

/// The report's text.
std::string renderReport(const std::vector<ReportedFile> &Files,
                         ReportFormat Format);

} // namespace hipkit::hipify

#endif
