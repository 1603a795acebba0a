//===- Statistics.h - What a translation changed ---------------*- C++ -*-===//
//
// Counts per file and totals over a run, printed as text (--print-stats) or as
// the semicolon-separated CSV AMD's hipify-clang writes (--print-stats-csv).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_STATISTICS_H
#define HIPKIT_HIPIFY_STATISTICS_H

#include "hipkit/hipify/Tables/MappingTable.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>

namespace hipkit::hipify {

/// Which engine proved an edit: the AST engine (the parse resolved the name to
/// a CUDA declaration) or the token engine (the spelling matched a table row).
/// The statistics count converted references by it.
enum class EditOrigin { AST, Lexical };

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

  /// A reference to \p Row translated, proved by the engine \p Origin.
  void countConverted(const ApiMapping &Row, EditOrigin Origin);
  /// An edit that is not a name's (an include line, a kernel launch), of the
  /// category \p Kind and, unless empty, the API \p Api.
  void countConvertedEdit(EditOrigin Origin, llvm::StringRef Kind,
                          llvm::StringRef Api);
  /// A reference to \p Row left untranslated.
  void countUnconverted(const ApiMapping &Row);
  /// A reference left untranslated to \p Name, which no row names, of the
  /// API \p Api.
  void countUnconverted(llvm::StringRef Name, llvm::StringRef Api);
  /// Takes back one countUnconverted(\p Row): a later edit translated it.
  void uncountUnconverted(const ApiMapping &Row);
};

/// AMD's text layout: "[HIPIFY] info: file 'x' statistics:" then the counts.
void printStatistics(llvm::raw_ostream &OS, const TranslationStatistics &S,
                     bool IsTotal);
/// AMD's CSV layout (';'-separated name;value rows and per-category tables).
void printStatisticsCSV(llvm::raw_ostream &OS, const TranslationStatistics &S,
                        bool IsTotal);

} // namespace hipkit::hipify

#endif
