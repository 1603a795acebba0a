//===- CallArguments.cpp --------------------------------------------------===//
#include "hipkit/hipify/CallArguments.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

/// The offset after the comment or literal starting at \p I, or \p I.
unsigned skipCommentOrLiteral(llvm::StringRef Text, unsigned I) {
  if (Text.substr(I).starts_with("//")) {
    size_t End = Text.find('\n', I);
    return End == llvm::StringRef::npos ? Text.size() : End;
  }
  if (Text.substr(I).starts_with("/*")) {
    size_t End = Text.find("*/", I + 2);
    return End == llvm::StringRef::npos ? Text.size() : End + 2;
  }
  char Quote = Text[I];
  if (Quote != '"' && Quote != '\'')
    return I;
  for (++I; I < Text.size() && Text[I] != Quote; ++I)
    if (Text[I] == '\\')
      ++I;
  return std::min<unsigned>(I + 1, Text.size());
}

OffsetRange trimmed(llvm::StringRef Text, unsigned Begin, unsigned End) {
  while (Begin < End && clang::isWhitespace(Text[Begin]))
    ++Begin;
  while (End > Begin && clang::isWhitespace(Text[End - 1]))
    --End;
  return {Begin, End};
}

} // namespace

std::optional<CallArguments>
hipkit::hipify::findCallArguments(llvm::StringRef Text, unsigned NameOffset) {
  unsigned I = NameOffset;
  while (I < Text.size() && clang::isAsciiIdentifierContinue(Text[I]))
    ++I;
  while (I < Text.size() && clang::isWhitespace(Text[I]))
    ++I;
  if (I >= Text.size() || Text[I] != '(')
    return std::nullopt;
  CallArguments Call;
  Call.List.Begin = I + 1;
  unsigned ArgumentBegin = I + 1, Depth = 0;
  for (++I; I < Text.size();) {
    unsigned Skipped = skipCommentOrLiteral(Text, I);
    if (Skipped != I) {
      I = Skipped;
      continue;
    }
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (Depth == 0)
        break;
      --Depth;
    } else if (C == ',' && Depth == 0) {
      Call.Arguments.push_back(trimmed(Text, ArgumentBegin, I));
      ArgumentBegin = I + 1;
    }
    ++I;
  }
  if (I >= Text.size())
    return std::nullopt;
  Call.List.End = I;
  OffsetRange Last = trimmed(Text, ArgumentBegin, I);
  if (!Call.Arguments.empty() || Last.Begin != Last.End)
    Call.Arguments.push_back(Last);
  return Call;
}

std::string hipkit::hipify::argumentWord(llvm::StringRef Text,
                                         OffsetRange Argument) {
  std::string Word;
  for (unsigned I = Argument.Begin; I < Argument.End;) {
    unsigned Skipped = skipCommentOrLiteral(Text, I);
    if (Skipped != I && Text[I] == '/') {
      I = Skipped;
      continue;
    }
    if (!clang::isWhitespace(Text[I]))
      Word += Text[I];
    ++I;
  }
  llvm::StringRef W = Word;
  while (W.starts_with("(") && W.ends_with(")"))
    W = W.drop_front().drop_back();
  W.consume_front("::");
  return W.str();
}

bool hipkit::hipify::parseArgumentPieces(
    llvm::StringRef Spec, std::vector<FileTranslation::ArgumentPiece> &Pieces) {
  llvm::SmallVector<llvm::StringRef, 16> Items;
  Spec.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    unsigned Index;
    if (Item.starts_with("=") && Item.size() > 1)
      Pieces.push_back({-1, Item.drop_front().str()});
    else if (!Item.getAsInteger(10, Index))
      Pieces.push_back({static_cast<int>(Index), ""});
    else
      return false;
  }
  return !Pieces.empty();
}

bool hipkit::hipify::arrangeCallArguments(
    FileTranslation &FT, unsigned NameOffset, const ApiMapping &Row,
    llvm::StringRef Written, const CallArguments &Call,
    const std::vector<FileTranslation::ArgumentPiece> &Pieces) {
  unsigned Needed = 0;
  llvm::SmallVector<unsigned, 16> Uses(Call.Arguments.size() + 1);
  for (const FileTranslation::ArgumentPiece &Piece : Pieces)
    if (Piece.Index >= 0) {
      Needed = std::max<unsigned>(Needed, Piece.Index + 1);
      if (static_cast<size_t>(Piece.Index) < Call.Arguments.size())
        ++Uses[Piece.Index];
    }
  if (Call.Arguments.size() < Needed) {
    FT.countUnconverted(Row);
    FT.warn(NameOffset, warning_names::RuleNotApplied,
            llvm::formatv("'{0}' is called with {1} arguments, but its form "
                          "'{2}' needs at least {3} of them; left untranslated",
                          Row.CudaName, Call.Arguments.size(), Written, Needed));
    return false;
  }
  // An argument written twice is evaluated twice: only names, members and
  // constants may be.
  for (size_t I = 0; I != Call.Arguments.size(); ++I) {
    if (Uses[I] < 2)
      continue;
    llvm::StringRef Text = FT.contents().slice(Call.Arguments[I].Begin,
                                               Call.Arguments[I].End);
    if (Text.find_first_of("(=") != llvm::StringRef::npos ||
        Text.contains("++") || Text.contains("--")) {
      FT.countUnconverted(Row);
      FT.warn(NameOffset, warning_names::RuleNotApplied,
              llvm::formatv("'{0}' becomes '{1}', which takes argument {2} "
                            "('{3}') twice; it may have side effects, so the "
                            "call is left untranslated (pass a variable)",
                            Row.CudaName, Written, I, Text));
      return false;
    }
  }
  FT.addArgumentArrangement(NameOffset, Call.List, Call.Arguments, Pieces);
  return true;
}
