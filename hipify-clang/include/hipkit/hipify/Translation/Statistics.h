//===- Statistics.h - What a translation changed ---------------*- C++ -*-===//
//
// Counts per file and totals over a run, printed as text (--print-stats) or as
// the semicolon-separated CSV AMD's hipify-clang writes (--print-stats-csv).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_STATISTICS_H
#define HIPKIT_HIPIFY_STATISTICS_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>

namespace hipkit::hipify {

struct TranslationStatistics {
  std::string FileName;
  unsigned Converted = 0, Unconverted = 0;
  /// Converted references proved by the AST engine vs. matched by the token
  /// engine.
  unsigned AstChecked = 0, Lexical = 0;
  std::map<std::string, unsigned> ConvertedByKind, ConvertedByApi,
      ConvertedByName;
  std::map<std::string, unsigned> UnconvertedByKind, UnconvertedByApi,
      UnconvertedByName;
  uint64_t ReplacedBytes = 0, TotalBytes = 0;
  unsigned ChangedLines = 0, TotalLines = 0;
  double Seconds = 0;
  /// Files counted (1 for one file) and, of those, files the translation
  /// changed.
  unsigned Files = 1, ChangedFiles = 0;

  /// Adds \p Other's counts (for the totals over a run).
  void add(const TranslationStatistics &Other);
};

/// AMD's text layout: "[HIPIFY] info: file 'x' statistics:" then the counts.
void printStatistics(llvm::raw_ostream &OS, const TranslationStatistics &S,
                     bool IsTotal);
/// AMD's CSV layout (';'-separated name;value rows and per-category tables).
void printStatisticsCSV(llvm::raw_ostream &OS, const TranslationStatistics &S,
                        bool IsTotal);

} // namespace hipkit::hipify

#endif
