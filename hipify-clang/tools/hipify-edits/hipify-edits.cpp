//===- hipify-edits.cpp - Apply edits to a file, as hipify-clang does -----===//
//
// A test tool (built for the lit suite, not installed): applies a list of edits
// to a file through FileTranslation, the class that holds both engines' edits,
// so tests can give it edits no real input provokes (two rules rewriting the
// same bytes differently). Each line of the edit list is
//
//   LINE:COLUMN LENGTH TEXT
//
// replacing LENGTH bytes from LINE:COLUMN (from 1) with TEXT, the rest of the
// line after one space (possibly empty; "\n" stands for a line break). The
// translated file goes to standard output; with --line-map, instead, each
// original line's number, its number in the translation and its text there
// (FileTranslation::translatedLines, the migration report's side-by-side view).
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/hipify/Translation/FileTranslation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace hipkit::hipify;

static std::string readFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    hipkit::exitWithError("cannot read '" + Path +
                          "': " + Buffer.getError().message());
  return (*Buffer)->getBuffer().str();
}

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  hipkit::setToolName("hipify-edits");
  bool LineMap = Argc == 4 && llvm::StringRef(Argv[3]) == "--line-map";
  if (Argc != 3 && !LineMap)
    hipkit::exitWithError(
        "usage: hipify-edits <file> <edit list> [--line-map]");
  FileTranslation FT(Argv[1], Argv[1], readFile(Argv[1]), /*IsMainFile=*/true);
  std::vector<unsigned> LineStarts = {0};
  for (unsigned I = 0; I != FT.contents().size(); ++I)
    if (FT.contents()[I] == '\n')
      LineStarts.push_back(I + 1);

  std::string List = readFile(Argv[2]);
  unsigned Number = 0;
  for (llvm::StringRef Line : llvm::split(List, '\n')) {
    ++Number;
    if (Line.empty() || Line.starts_with("#"))
      continue;
    auto [Position, Rest] = Line.split(' ');
    auto [LengthText, Text] = Rest.split(' ');
    auto [LineText, ColumnText] = Position.split(':');
    unsigned At, Column, Length;
    if (LineText.getAsInteger(10, At) || ColumnText.getAsInteger(10, Column) ||
        LengthText.getAsInteger(10, Length) || At == 0 ||
        At > LineStarts.size() || Column == 0)
      hipkit::exitWithError(llvm::Twine(Argv[2]) + ":" + llvm::Twine(Number) +
                            ": expected 'LINE:COLUMN LENGTH TEXT'");
    std::string Replacement;
    for (size_t I = 0; I < Text.size(); ++I) {
      if (Text.substr(I).starts_with("\\n")) {
        Replacement += '\n';
        ++I;
      } else {
        Replacement += Text[I];
      }
    }
    FT.addEdit(LineStarts[At - 1] + Column - 1, Length, Replacement,
               EditOrigin::AST);
  }
  llvm::Expected<std::string> Translated = FT.apply();
  if (!Translated)
    hipkit::exitWithError(Translated.takeError());
  if (!LineMap) {
    llvm::outs() << *Translated;
    return 0;
  }
  FileTranslation::TranslatedLines Lines = FT.translatedLines(*Translated);
  for (unsigned Line = 1; Line <= LineStarts.size(); ++Line) {
    auto T = Lines.lookup(Line);
    if (!T) {
      llvm::outs() << Line << " -> none\n";
      continue;
    }
    std::string Text;
    for (char C : T->Text)
      Text += C == '\n' ? std::string("\\n") : std::string(1, C);
    llvm::outs() << Line << " -> " << T->Number << ": " << Text << "\n";
  }
  return 0;
}
