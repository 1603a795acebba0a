//===- Statistics.cpp -----------------------------------------------------===//
//
// The layouts follow AMD's hipify-clang (Statistics.cpp there), so scripts that
// read its reports read these: the same row names, ';' as the CSV separator,
// whole percentages and seconds with two decimals. hipkit adds the split of
// converted references into AST-checked and lexical ones.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/Statistics.h"

#include "hipkit/hipify/Tables/MappingTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"

#include <vector>

using namespace hipkit::hipify;

void TranslationStatistics::countConverted(const ApiMapping &Row,
                                           EditOrigin Origin) {
  countConvertedEdit(Origin, getKindName(Row.Kind), Row.Api);
  ++ConvertedByName[Row.CudaName.str()];
}

void TranslationStatistics::countConvertedEdit(EditOrigin Origin,
                                               llvm::StringRef Kind,
                                               llvm::StringRef Api) {
  ++Converted;
  ++(Origin == EditOrigin::AST ? AstChecked : Lexical);
  ++ConvertedByKind[Kind.str()];
  if (!Api.empty())
    ++ConvertedByApi[Api.str()];
}

void TranslationStatistics::countUnconverted(const ApiMapping &Row) {
  countUnconverted(Row.CudaName, Row.Api);
  ++UnconvertedByKind[getKindName(Row.Kind).str()];
}

void TranslationStatistics::countUnconverted(llvm::StringRef Name,
                                             llvm::StringRef Api) {
  ++Unconverted;
  ++UnconvertedByApi[Api.str()];
  ++UnconvertedByName[Name.str()];
}

void TranslationStatistics::uncountUnconverted(const ApiMapping &Row) {
  auto Drop = [](std::map<std::string, unsigned> &Counts, llvm::StringRef Key) {
    auto It = Counts.find(Key.str());
    if (It != Counts.end() && --It->second == 0)
      Counts.erase(It);
  };
  --Unconverted;
  Drop(UnconvertedByKind, getKindName(Row.Kind));
  Drop(UnconvertedByApi, Row.Api);
  Drop(UnconvertedByName, Row.CudaName);
}

void TranslationStatistics::add(const TranslationStatistics &O) {
  Converted += O.Converted;
  Unconverted += O.Unconverted;
  AstChecked += O.AstChecked;
  Lexical += O.Lexical;
  for (auto [Into, From] :
       {std::pair(&ConvertedByKind, &O.ConvertedByKind),
        std::pair(&ConvertedByApi, &O.ConvertedByApi),
        std::pair(&ConvertedByName, &O.ConvertedByName),
        std::pair(&UnconvertedByKind, &O.UnconvertedByKind),
        std::pair(&UnconvertedByApi, &O.UnconvertedByApi),
        std::pair(&UnconvertedByName, &O.UnconvertedByName)})
    for (const auto &[Name, Count] : *From)
      (*Into)[Name] += Count;
  ReplacedBytes += O.ReplacedBytes;
  TotalBytes += O.TotalBytes;
  ChangedLines += O.ChangedLines;
  TotalLines += O.TotalLines;
  Seconds += O.Seconds;
  Files += O.Files;
  ChangedFiles += O.ChangedFiles;
}

namespace {
/// One CSV field. File and reference names come from the user: a ';', '"' or
/// line break in one would split it into several cells (RFC 4180 quoting
/// keeps it one), and a cell starting with = + - @ (or a tab or carriage
/// return) is a formula to spreadsheets, which a name like
/// `=HYPERLINK(...)` would exploit: such a cell gets a leading '\'' (the
/// usual defence; spreadsheets show the text). Ordinary names are written
/// bare, as AMD's hipify-clang writes them.
std::string csvField(llvm::StringRef Text) {
  std::string Field;
  if (!Text.empty() && llvm::StringRef("=+-@\t\r").contains(Text.front()))
    Field += '\'';
  Field += Text;
  if (Field.find_first_of(";\"\n\r") == std::string::npos)
    return Field;
  std::string Quoted = "\"";
  for (char C : Field) {
    if (C == '"')
      Quoted += '"';
    Quoted += C;
  }
  return Quoted + "\"";
}

/// One report, written either as text or as CSV.
class Report {
public:
  Report(llvm::raw_ostream &OS, bool CSV) : OS(OS), CSV(CSV) {}

  void title(const std::string &Text) {
    if (CSV)
      OS << "\n" << csvField(Text) << "\n";
    else
      OS << "[HIPIFY] info: " << Text << "\n";
  }
  void value(llvm::StringRef Name, const llvm::Twine &Value) {
    if (CSV)
      OS << csvField(Name) << ";" << csvField(Value.str()) << "\n";
    else
      OS << "  " << Name << ": " << Value << "\n";
  }
  void table(llvm::StringRef TextTitle, llvm::StringRef CsvHeader,
             const std::vector<std::pair<std::string, unsigned>> &Rows) {
    if (Rows.empty())
      return;
    if (CSV)
      OS << "\n" << CsvHeader << "\n";
    else
      OS << "[HIPIFY] info: " << TextTitle << ":\n";
    for (const auto &[Name, Count] : Rows)
      value(Name, llvm::Twine(Count));
  }

private:
  llvm::raw_ostream &OS;
  bool CSV;
};

std::vector<std::pair<std::string, unsigned>>
rows(const std::map<std::string, unsigned> &Counts) {
  return {Counts.begin(), Counts.end()};
}

/// API categories in the table's fixed order, then any others by name.
std::vector<std::pair<std::string, unsigned>>
apiRows(const std::map<std::string, unsigned> &Counts) {
  std::vector<std::pair<std::string, unsigned>> Result;
  for (llvm::StringRef Api : getApiNames()) {
    auto It = Counts.find(Api.str());
    if (It != Counts.end())
      Result.push_back(*It);
  }
  for (const auto &Row : Counts)
    if (!llvm::is_contained(getApiNames(), llvm::StringRef(Row.first)))
      Result.push_back(Row);
  return Result;
}

unsigned percent(uint64_t Part, uint64_t Whole) {
  return Whole ? static_cast<unsigned>(100 * Part / Whole) : 0;
}

void print(llvm::raw_ostream &OS, const TranslationStatistics &S, bool IsTotal,
           bool CSV) {
  Report R(OS, CSV);
  R.title(IsTotal ? std::string("TOTAL statistics:")
                  : "file '" + S.FileName + "' statistics:");
  if (IsTotal) {
    R.value("CONVERTED files", llvm::Twine(S.ChangedFiles));
    R.value("PROCESSED files", llvm::Twine(S.Files));
  }
  R.value("CONVERTED refs count", llvm::Twine(S.Converted));
  R.value("UNCONVERTED refs count", llvm::Twine(S.Unconverted));
  R.value("CONVERSION %",
          llvm::Twine(S.Converted + S.Unconverted
                          ? percent(S.Converted, S.Converted + S.Unconverted)
                          : 100));
  R.value("REPLACED bytes", llvm::Twine(S.ReplacedBytes));
  R.value("TOTAL bytes", llvm::Twine(S.TotalBytes));
  R.value("CHANGED lines of code", llvm::Twine(S.ChangedLines));
  R.value("TOTAL lines of code", llvm::Twine(S.TotalLines));
  R.value("CODE CHANGED (in bytes) %",
          llvm::Twine(percent(S.ReplacedBytes, S.TotalBytes)));
  R.value("CODE CHANGED (in lines) %",
          llvm::Twine(percent(S.ChangedLines, S.TotalLines)));
  std::string Seconds;
  llvm::raw_string_ostream(Seconds) << llvm::format("%.2f", S.Seconds);
  R.value("TIME ELAPSED s", Seconds);
  R.value("AST-CHECKED refs count", llvm::Twine(S.AstChecked));
  R.value("LEXICAL refs count", llvm::Twine(S.Lexical));
  R.table("CONVERTED refs by type", "CUDA ref type;Count",
          rows(S.ConvertedByKind));
  R.table("CONVERTED refs by API", "CUDA API;Count", apiRows(S.ConvertedByApi));
  R.table("CONVERTED refs by names", "CUDA ref name;Count",
          rows(S.ConvertedByName));
  R.table("UNCONVERTED refs by type", "UNCONVERTED CUDA ref type;Count",
          rows(S.UnconvertedByKind));
  R.table("UNCONVERTED refs by API", "UNCONVERTED CUDA API;Count",
          apiRows(S.UnconvertedByApi));
  R.table("UNCONVERTED refs by names", "UNCONVERTED CUDA ref name;Count",
          rows(S.UnconvertedByName));
}
} // namespace

void hipkit::hipify::printStatistics(llvm::raw_ostream &OS,
                                     const TranslationStatistics &S,
                                     bool IsTotal) {
  print(OS, S, IsTotal, /*CSV=*/false);
}

void hipkit::hipify::printStatisticsCSV(llvm::raw_ostream &OS,
                                        const TranslationStatistics &S,
                                        bool IsTotal) {
  print(OS, S, IsTotal, /*CSV=*/true);
}
