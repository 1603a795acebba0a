//===- SourceText.cpp -----------------------------------------------------===//
#include "hipkit/hipify/Source/SourceText.h"

#include <algorithm>

using namespace hipkit::hipify;
namespace tok = clang::tok;

namespace {

/// The end of the logical line holding \p Offset (before its line break;
/// backslash-newline continues a line).
unsigned logicalLineEnd(llvm::StringRef Contents, unsigned Offset) {
  size_t I = Offset;
  while (I < Contents.size()) {
    size_t NewLine = Contents.find('\n', I);
    if (NewLine == llvm::StringRef::npos)
      return Contents.size();
    size_t Last = NewLine;
    if (Last > 0 && Contents[Last - 1] == '\r')
      --Last;
    if (Last > 0 && Contents[Last - 1] == '\\') {
      I = NewLine + 1;
      continue;
    }
    return Last;
  }
  return Contents.size();
}

/// The header name of an include line: `<...>` or `"..."` after the word
/// ending at \p After, before \p LineEnd.
void readHeaderName(llvm::StringRef Contents, unsigned After, Directive &D) {
  unsigned P = After;
  while (P < D.LineEnd && (Contents[P] == ' ' || Contents[P] == '\t'))
    ++P;
  if (P >= D.LineEnd || (Contents[P] != '<' && Contents[P] != '"'))
    return;
  char Close = Contents[P] == '<' ? '>' : '"';
  size_t Closing = Contents.find(Close, P + 1);
  if (Closing == llvm::StringRef::npos || Closing >= D.LineEnd)
    return;
  D.Angled = Close == '>';
  D.NameBegin = P;
  D.NameEnd = Closing + 1;
  D.HeaderName = Contents.slice(P + 1, Closing).str();
}

} // namespace

SourceText::SourceText(llvm::StringRef Contents)
    : Contents(Contents), Tokens(lexRawTokens(Contents)) {
  LineStarts.push_back(0);
  for (unsigned I = 0, E = Contents.size(); I != E; ++I)
    if (Contents[I] == '\n')
      LineStarts.push_back(I + 1);
  indexDirectives();
  indexMacros();
  findIncludeGuard();
}

void SourceText::indexDirectives() {
  std::vector<unsigned> Blocks;
  unsigned NextBlock = 0;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (Tokens[I].Kind != tok::hash || !Tokens[I].StartOfLine)
      continue;
    Directive D;
    D.FirstToken = I;
    D.EndToken = I + 1;
    while (D.EndToken < Tokens.size() && !Tokens[D.EndToken].StartOfLine)
      ++D.EndToken;
    D.HashOffset = Tokens[I].Offset;
    // From its last token: a block comment or a raw string may span lines.
    D.LineEnd = logicalLineEnd(Contents, Tokens[D.EndToken - 1].end());
    size_t End = D.EndToken;
    if (I + 1 < End && Tokens[I + 1].Kind == tok::raw_identifier)
      D.Word = Tokens[I + 1].Identifier;
    llvm::StringRef Word = D.Word;
    if (Word == "include" || Word == "include_next" || Word == "import") {
      D.Kind = DirectiveKind::Include;
      readHeaderName(Contents, Tokens[I + 1].Offset + Word.size(), D);
      if (!D.HeaderName.empty())
        Includes.push_back({D.HeaderName, D.Angled, D.NameBegin, D.NameEnd});
    } else if (Word == "if" || Word == "ifdef" || Word == "ifndef") {
      D.Kind = DirectiveKind::If;
      D.Blocks = Blocks;
      Blocks.push_back(NextBlock++);
      if (Word == "ifndef" && I + 2 < End &&
          Tokens[I + 2].Kind == tok::raw_identifier) {
        D.IsIfndef = true;
        D.Macro = Tokens[I + 2].Identifier;
      }
    } else if (Word == "elif" || Word == "elifdef" || Word == "elifndef" ||
               Word == "else") {
      D.Kind = DirectiveKind::Else;
      if (!Blocks.empty())
        Blocks.back() = NextBlock++;
    } else if (Word == "endif") {
      D.Kind = DirectiveKind::Endif;
      if (!Blocks.empty())
        Blocks.pop_back();
    } else {
      if (Word == "define")
        D.Kind = DirectiveKind::Define;
      else if (Word == "pragma")
        D.Kind = DirectiveKind::Pragma;
      if ((Word == "define" || Word == "undef") && I + 2 < End &&
          Tokens[I + 2].Kind == tok::raw_identifier)
        D.Macro = Tokens[I + 2].Identifier;
    }
    if (D.Kind != DirectiveKind::If)
      D.Blocks = Blocks;
    D.BlocksAfter = Blocks;
    Directives.push_back(std::move(D));
    I = End - 1;
  }
}

void SourceText::indexMacros() {
  for (const Directive &D : Directives) {
    size_t I = D.FirstToken, End = D.EndToken;
    if (D.Kind != DirectiveKind::Define || I + 2 >= End ||
        Tokens[I + 2].Kind != tok::raw_identifier)
      continue;
    size_t B = I + 3;
    // Function-like only when `(` follows the name without a blank.
    if (B >= End || Tokens[B].Kind != tok::l_paren ||
        Tokens[B].Offset != Tokens[I + 2].end())
      continue;
    FunctionLikeMacro M;
    M.Name = Tokens[I + 2].Identifier;
    M.NameToken = I + 2;
    for (++B; B < End && Tokens[B].Kind != tok::r_paren; ++B) {
      if (Tokens[B].Kind == tok::raw_identifier)
        M.Params.push_back(Tokens[B].Identifier);
      else if (Tokens[B].Kind == tok::ellipsis)
        M.Params.push_back("__VA_ARGS__");
    }
    M.BodyBegin = std::min(B + 1, End);
    M.BodyEnd = End;
    Macros.push_back(std::move(M));
  }
}

void SourceText::findIncludeGuard() {
  size_t I = 0;
  if (I < Directives.size() && Directives[I].Kind == DirectiveKind::Pragma &&
      Directives[I].EndToken - Directives[I].FirstToken == 3 &&
      Tokens[Directives[I].FirstToken + 2].Identifier == "once")
    ++I;
  if (I + 1 >= Directives.size() || !Directives[I].IsIfndef ||
      Directives[I + 1].Kind != DirectiveKind::Define ||
      Directives[I + 1].Macro != Directives[I].Macro)
    return;
  Guard = IncludeGuard{Directives[I].Macro, I, I + 1,
                       Directives[I].BlocksAfter.back()};
}

std::optional<size_t> SourceText::tokenAt(unsigned Offset) const {
  auto It = llvm::partition_point(
      Tokens, [&](const RawToken &T) { return T.Offset < Offset; });
  if (It == Tokens.end() || It->Offset != Offset)
    return std::nullopt;
  return It - Tokens.begin();
}

const Directive *SourceText::directiveHolding(size_t Token) const {
  auto It = llvm::partition_point(
      Directives, [&](const Directive &D) { return D.FirstToken <= Token; });
  if (It == Directives.begin() || Token >= std::prev(It)->EndToken)
    return nullptr;
  return &*std::prev(It);
}

llvm::ArrayRef<unsigned> SourceText::blocksAt(unsigned Offset) const {
  auto It = llvm::partition_point(
      Directives, [&](const Directive &D) { return D.HashOffset < Offset; });
  if (It == Directives.begin())
    return {};
  return std::prev(It)->BlocksAfter;
}

bool SourceText::isExistenceTest(unsigned Offset) const {
  std::optional<size_t> Name = tokenAt(Offset);
  if (!Name)
    return false;
  size_t I = *Name;
  // `defined(X)`, `#ifdef (X)`.
  if (I >= 1 && Tokens[I - 1].Kind == tok::l_paren)
    --I;
  if (I >= 1 && Tokens[I - 1].Identifier == "defined")
    return true;
  if (I < 2 || Tokens[I - 2].Kind != tok::hash || !Tokens[I - 2].StartOfLine)
    return false;
  llvm::StringRef Word = Tokens[I - 1].Identifier;
  return Word == "ifdef" || Word == "ifndef" || Word == "elifdef" ||
         Word == "elifndef";
}

unsigned SourceText::lineStart(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  return *std::prev(It);
}

std::pair<unsigned, unsigned> SourceText::lineAndColumn(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = It - LineStarts.begin();
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

llvm::StringRef SourceText::lineText(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return "";
  llvm::StringRef Rest = Contents.drop_front(LineStarts[Line - 1]);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

llvm::StringRef SourceText::lineEnding() const {
  // The first line's, from the line index: a search for it would scan the
  // whole of a one-line file for each line inserted there.
  if (LineStarts.size() > 1 && LineStarts[1] >= 2 &&
      Contents[LineStarts[1] - 2] == '\r')
    return "\r\n";
  return "\n";
}
