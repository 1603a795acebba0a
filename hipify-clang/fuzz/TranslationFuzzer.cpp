//===- TranslationFuzzer.cpp - libFuzzer: a translation without CUDA -----===//
//
// What hipify-clang does with one source when no CUDA installation is found
// (lib/Project/Driver.cpp: HipifyRun::translate and emit), in memory and writing no
// file: the source check, the token engine over the whole file, the warnings,
// the statistics (text and CSV, of the file and as a total) and the
// translated bytes.
//
// The first input byte chooses the command line's name options (--roc,
// --miopen, --experimental, --use-hip-data-types and the targeted HIP
// version, which selects fallbacks such as __shfl_down for __shfl_down_sync);
// the rest is the source.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Source/Encoding.h"
#include "hipkit/hipify/Translation/Statistics.h"
#include "hipkit/hipify/Engines/TokenEngine.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace hipkit::hipify;

namespace {
NameOptions nameOptionsFrom(uint8_t Byte) {
  // Unknown, Debian's HIP, and versions around the tables' hip_added values.
  static const char *const TargetHipVersions[] = {"", "5.2", "6.0", "6.2"};
  NameOptions Names;
  Names.Roc = Byte & 1;
  Names.MIOpen = Byte & 2;
  Names.Experimental = Byte & 4;
  Names.UseHipDataTypes = Byte & 8;
  Names.TargetHipVersionText = TargetHipVersions[(Byte >> 4) & 3];
  Names.TargetHipVersion = NamePolicy::parseVersion(Names.TargetHipVersionText);
  return Names;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1)
    return 0;
  NamePolicy Policy(nameOptionsFrom(Data[0]));
  llvm::StringRef Source(reinterpret_cast<const char *>(Data + 1), Size - 1);
  // hipify-clang refuses such a source with an error before translating.
  if (llvm::Error E = checkSourceText("fuzz.cu", Source)) {
    llvm::consumeError(std::move(E));
    return 0;
  }

  FileTranslation File("fuzz.cu", "/fuzz.cu", Source.str(),
                       /*IsMainFile=*/true);
  LexicalScope Scope;
  Scope.WholeFile = true;
  Scope.IncludeOrigin = EditOrigin::Lexical;
  TokenEngine(Policy).translate(File, Scope);

  unsigned Errors = 0;
  std::string Report = File.formatWarnings(WarningSelection(), Errors);
  File.finishStatistics();
  TranslationStatistics Stats = File.statistics();
  Stats.ChangedFiles = File.changesAnything();
  llvm::Expected<std::string> Translated = File.apply();
  if (!Translated) {
    llvm::errs() << "hipify-translation-fuzzer: the edits do not apply: "
                 << llvm::toString(Translated.takeError()) << "\n";
    abort();
  }
  TranslationStatistics Total;
  Total.Files = 0;
  Total.add(Stats);
  llvm::raw_string_ostream OS(Report);
  printStatistics(OS, Stats, /*IsTotal=*/false);
  printStatistics(OS, Total, /*IsTotal=*/true);
  printStatisticsCSV(OS, Stats, /*IsTotal=*/false);
  printStatisticsCSV(OS, Total, /*IsTotal=*/true);
  return 0;
}
