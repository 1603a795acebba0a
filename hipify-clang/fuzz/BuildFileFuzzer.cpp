//===- BuildFileFuzzer.cpp - libFuzzer: a build file's migration ----------===//
//
// What hipify-clang does with a build file (lib/Project/Driver.cpp: a CMake file,
// Makefile or setup.py is migrated, not parsed), in memory: the migration's
// edits and warnings, the statistics and the translated bytes, which must
// apply (two edits that disagree are a bug of the migration). For a setup.py,
// also whether it makes the project a PyTorch extension, and the renaming of
// its sources.
//
// The first input byte chooses the kind (CMake, Makefile, setup.py) and
// --roc; the rest is the file.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"
#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Source/Encoding.h"
#include "hipkit/hipify/BuildFiles/TorchExtension.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace hipkit::hipify;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1)
    return 0;
  static const char *const Names[] = {"CMakeLists.txt", "Makefile", "setup.py"};
  const char *Name = Names[(Data[0] & 3) % 3];
  NameOptions Options;
  Options.Roc = Data[0] & 4;
  NamePolicy Policy(Options);
  llvm::StringRef Text(reinterpret_cast<const char *>(Data + 1), Size - 1);
  // hipify-clang refuses such a file with an error before migrating it.
  if (llvm::Error E = checkSourceText(Name, Text)) {
    llvm::consumeError(std::move(E));
    return 0;
  }
  FileTranslation File(Name, std::string("/") + Name, Text.str(),
                       /*IsMainFile=*/true);
  // Single-file mode's names: every source listed has an output.
  OutputNameLookup OutputName = [](llvm::StringRef Source) {
    return std::optional<std::string>(Source.str() + ".hip");
  };
  migrateBuildFile(File, buildFileKind(Name), Policy,
                   Data[0] & 8 ? OutputName : OutputNameLookup());
  (void)usesTorchCppExtension(File.contents());
  unsigned Errors = 0;
  std::string Report = File.formatWarnings(WarningSelection(), Errors);
  File.finishStatistics();
  llvm::Expected<std::string> Translated = File.apply();
  if (!Translated) {
    llvm::errs() << "hipify-build-file-fuzzer: the edits do not apply: "
                 << llvm::toString(Translated.takeError()) << "\n";
    abort();
  }
  FileTranslation::TranslatedLines Lines = File.translatedLines(*Translated);
  for (unsigned Line = 1; Line < 4; ++Line)
    (void)Lines.lookup(Line);
  return 0;
}
