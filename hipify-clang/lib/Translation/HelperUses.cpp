//===- HelperUses.cpp -----------------------------------------------------===//
#include "hipkit/hipify/Translation/HelperUses.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace hipkit::hipify;

namespace {

/// The code of HelperBlocks.def's block \p Name; empty when there is none.
llvm::StringRef helperBlockText(llvm::StringRef Name) {
#define HIPIFY_HELPER_BLOCK(BlockName, Text)                                   \
  if (Name == #BlockName)                                                      \
    return Text;
#include "hipkit/hipify/Tables/HelperBlocks.def"
  return "";
}

/// Where a top-level declaration or directive may start at or before
/// \p Offset in \p Source's file: the start of the line after the
/// previous top-level declaration or directive, or of the directive holding
/// \p Offset (a macro body). Code inserted there is outside every brace, so
/// it is at namespace scope, before the declaration that holds \p Offset.
unsigned topLevelLineBefore(const SourceText &Source, unsigned Offset) {
  llvm::StringRef Contents = Source.contents();
  auto NextLineStart = [&](unsigned From) {
    size_t NewLine = Contents.find('\n', From);
    return NewLine == llvm::StringRef::npos ? unsigned(Contents.size())
                                            : unsigned(NewLine + 1);
  };
  unsigned Best = 0;
  auto Consider = [&](unsigned Candidate) {
    if (Candidate <= Offset && Candidate > Best)
      Best = Candidate;
  };
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  unsigned Depth = 0;
  size_t I = 0;
  while (I < Tokens.size() && Tokens[I].Offset <= Offset) {
    if (Tokens[I].Kind == clang::tok::hash && Tokens[I].StartOfLine) {
      if (Depth == 0)
        Consider(Source.lineStart(Tokens[I].Offset));
      do
        ++I;
      while (I < Tokens.size() && !Tokens[I].StartOfLine);
      if (Depth == 0 && I < Tokens.size())
        Consider(Source.lineStart(Tokens[I].Offset));
      continue;
    }
    if (Tokens[I].Kind == clang::tok::l_brace)
      ++Depth;
    else if (Tokens[I].Kind == clang::tok::r_brace && Depth > 0)
      --Depth;
    bool EndsDeclaration =
        Depth == 0 && (Tokens[I].Kind == clang::tok::semi ||
                       Tokens[I].Kind == clang::tok::r_brace);
    unsigned End = Tokens[I].end();
    ++I;
    // A declaration's closing brace may be followed by its declarators or a
    // semicolon (`struct S { ... } s;`): only a token on a later line starts
    // the next declaration.
    if (EndsDeclaration && I < Tokens.size() && Tokens[I].StartOfLine &&
        Tokens[I].Kind != clang::tok::semi)
      Consider(NextLineStart(End));
  }
  return Best;
}

} // namespace

void HelperUses::require(llvm::StringRef Block, unsigned Offset) {
  auto [It, IsNew] = FirstUse.try_emplace(Block.str(), Offset);
  if (!IsNew)
    It->second = std::min(It->second, Offset);
}

void HelperUses::insert(EditBuffer &Buffer, const SourceText &Source,
                        WarningLog &Log) {
  for (const auto &[Block, Use] : FirstUse) {
    llvm::StringRef Text = helperBlockText(Block);
    if (Text.empty())
      continue; // gen_mapping_table.py checks every block's name.
    unsigned At = topLevelLineBefore(Source, Use);
    // The block's leading newline sets it apart from the code before it.
    Buffer.add(At, 0, At == 0 ? Text.drop_front(Text.starts_with("\n")) : Text);
    unsigned Line = Source.lineAndColumn(At).first;
    Log.note(Use, warning_names::HelperDefined,
             llvm::formatv("HIP has no counterpart of this CUDA API; it is "
                           "written as calls to functions hipify-clang "
                           "defines before line {0} of this file "
                           "(HelperBlocks.def's '{1}')",
                           Line, Block));
  }
  FirstUse.clear();
}
