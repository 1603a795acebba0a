//===- MigrationReport.h - What a run left for a person to do --*- C++ -*-===//
//
// --report=<file>: one document for the whole run, in the format the file's
// extension names: .json (for tools and CI; schema in
// docs/hipify-report.schema.json), .md, or .html (one self-contained page
// with a sortable, filterable file table). Per file: status, translated and
// untranslated references per library/API, every warning and porting hazard
// with its location, its original and translated line and advice. Per run:
// the files that need attention first, headers outside the translated root,
// files skipped as unchanged or copied, and the facts that shaped the run.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_MIGRATIONREPORT_H
#define HIPKIT_HIPIFY_MIGRATIONREPORT_H

#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Translation/Statistics.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit::hipify {

struct ReportedWarning {
  std::string Check; ///< "hipkit-warp-size", "hipify-unsupported", ...
  unsigned Line = 0, Column = 0;
  std::string Message; ///< What, why and what to do.
  std::string SourceLine; ///< The original line.
  /// The line as translated and its number in the translation; 0 and empty
  /// when the translation could not be computed.
  unsigned TranslatedLineNumber = 0;
  std::string TranslatedLine;
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

/// A header a source includes that lies outside the translated root and uses
/// CUDA names: left untranslated, never counted as converted.
struct OutsideRootHeader {
  std::string Path;         ///< As found.
  std::string IncludedFrom; ///< The first source (in run order) including it.
  unsigned CudaReferences = 0;
  std::vector<std::string> FirstNames; ///< The first few CUDA names, in order.
};

/// What shaped the run. Nothing here depends on the date or the machine's
/// paths, so the same run gives the same report.
struct RunFacts {
  std::string HipkitVersion;
  std::string HipVersion; ///< The targeted HIP version; empty when unknown.
  /// The options that change the translation, as written ("--roc",
  /// "--hip-version=6.4", "--in-root=src").
  std::vector<std::string> Options;
};

/// Everything one run reports.
struct ProjectReport {
  std::vector<ReportedFile> Files; ///< Translated this run, in output order.
  std::vector<OutsideRootHeader> OutsideRoot;
  /// Skipped because neither they nor their inputs changed since the last run
  /// (incremental mode).
  std::vector<std::string> Unchanged;
  /// Files without CUDA, copied as they are (project mode).
  std::vector<std::string> Copied;
  RunFacts Run;
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

/// The report's text. User text (paths, source lines, messages) is escaped
/// for the format: no file name or line can add markup or script.
std::string renderReport(const ProjectReport &Report, ReportFormat Format);

} // namespace hipkit::hipify

#endif
