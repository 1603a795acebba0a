//===- TokenEngineFuzzer.cpp - libFuzzer target: the token engine ---------===//
//
// Arbitrary bytes through hipify's token engine alone, as one whole file no
// parse reached: clang's raw lexer, the directive scan, the table lookups and
// the edits. The bytes are not checked the way hipify-clang checks a source
// (NUL bytes and invalid UTF-8 reach the lexer too): the engine must survive
// any buffer. The edits must then apply; an edit that does not is the
// "internal error" hipify-clang would report, so the fuzzer stops on it.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Engines/TokenEngine.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace hipkit::hipify;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const NamePolicy Policy{NameOptions()};
  static const TokenEngine Engine(Policy);
  FileTranslation File("fuzz.cu", "/fuzz.cu",
                       std::string(reinterpret_cast<const char *>(Data), Size),
                       /*IsMainFile=*/true);
  LexicalScope Scope;
  Scope.WholeFile = true;
  Engine.translate(File, Scope);
  llvm::Expected<std::string> Translated = File.apply();
  if (!Translated) {
    llvm::errs() << "hipify-token-fuzzer: the token engine's edits do not "
                    "apply: "
                 << llvm::toString(Translated.takeError()) << "\n";
    abort();
  }
  return 0;
}
