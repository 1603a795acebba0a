//===- SourceText.h - One file's text, lexed once, and its directives -*- C++ -*-===//
//
// The bottom layer of the translator (lib/Source/README.md): one file's text,
// its raw tokens (CudaLexer.h) and an index of its preprocessor directives -
// include lines, #if blocks, function-like macros, the include guard - and of
// its lines, built once per file and read by every scanner above: the token
// engine, the lexical launch rewrite, the pasted-name finder, the name
// resolver, the existence tests of the rules and the prelude chooser. So they
// all agree on where a directive, a literal or a line ends, and the text is
// lexed once however many of them run.
//
// A directive is the `#` that starts a line and the tokens up to the next
// token that starts one, as clang's preprocessor reads it: an escaped line
// break, or a block comment that spans lines, continues it.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_SOURCE_SOURCETEXT_H
#define HIPKIT_HIPIFY_SOURCE_SOURCETEXT_H

#include "hipkit/hipify/Source/CudaLexer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipkit::hipify {

enum class DirectiveKind { Include, If, Else, Endif, Define, Pragma, Other };

/// One preprocessor directive.
struct Directive {
  /// Include: #include, #include_next, #import; If: #if, #ifdef, #ifndef;
  /// Else: #elif, #elifdef, #elifndef, #else; Define: #define; Pragma:
  /// #pragma; Other: anything else (#undef, #error, a line marker, `#`).
  DirectiveKind Kind = DirectiveKind::Other;
  /// The name after `#` ("include", "ifndef", "undef"); empty when none.
  llvm::StringRef Word;
  /// The `#`, and the end of its logical line (before the line break).
  unsigned HashOffset = 0, LineEnd = 0;
  /// Its tokens, [FirstToken, EndToken) of SourceText::tokens(): the `#`
  /// first, then the word.
  size_t FirstToken = 0, EndToken = 0;
  /// For Include with a literal name: the name without its delimiters, and
  /// the range of the name with them.
  std::string HeaderName;
  bool Angled = false;
  unsigned NameBegin = 0, NameEnd = 0;
  /// The macro named by #ifndef, #define and #undef.
  llvm::StringRef Macro;
  bool IsIfndef = false;
  /// The #if blocks enclosing the directive, outermost first. #elif and #else
  /// start a new block, so that what one branch holds is never taken for what
  /// a sibling branch holds.
  std::vector<unsigned> Blocks;
  /// The #if blocks the lines after the directive are in.
  std::vector<unsigned> BlocksAfter;
};

/// An #include (or #include_next, #import) line with a literal header name:
/// the name without its delimiters, and the name's range with them.
struct IncludeLine {
  std::string HeaderName;
  bool Angled = false;
  unsigned NameBegin = 0, NameEnd = 0;
};

/// A #define of a function-like macro: its parameters (`...` is
/// __VA_ARGS__) and its body's tokens.
struct FunctionLikeMacro {
  llvm::StringRef Name;
  size_t NameToken = 0;
  std::vector<llvm::StringRef> Params;
  size_t BodyBegin = 0, BodyEnd = 0; ///< Token indices, [begin, end).

  std::optional<unsigned> paramIndex(llvm::StringRef Word) const {
    for (unsigned I = 0; I < Params.size(); ++I)
      if (Params[I] == Word)
        return I;
    return std::nullopt;
  }
  bool bodyHolds(size_t Token) const {
    return BodyBegin <= Token && Token < BodyEnd;
  }
};

/// A file's include guard: `#ifndef G` followed by `#define G` as the next
/// directive, where `#ifndef` is the file's first directive or follows only
/// `#pragma once`.
struct IncludeGuard {
  llvm::StringRef Macro;
  /// The directives' indices in SourceText::directives().
  size_t Ifndef = 0, Define = 0;
  /// The #if block of the guard (what the file's code is in).
  unsigned Block = 0;
};

class SourceText {
public:
  /// Lexes \p Contents, which must be followed by a NUL byte (a
  /// std::string's contents are: the lexer's end marker) and outlive this.
  explicit SourceText(llvm::StringRef Contents);

  llvm::StringRef contents() const { return Contents; }
  /// Every raw token, in file order (comments are none).
  llvm::ArrayRef<RawToken> tokens() const { return Tokens; }
  /// The index of the token that starts at \p Offset, if one does.
  std::optional<size_t> tokenAt(unsigned Offset) const;

  /// Every directive, in file order, in #if branches or not.
  llvm::ArrayRef<Directive> directives() const { return Directives; }
  /// Whether token \p Token is one of a directive's (a macro body, an #if
  /// condition, an include line).
  bool inDirective(size_t Token) const { return directiveHolding(Token); }
  /// The directive token \p Token is one of, if any.
  const Directive *directiveHolding(size_t Token) const;
  /// The #if blocks that hold \p Offset, outermost first.
  llvm::ArrayRef<unsigned> blocksAt(unsigned Offset) const;
  /// The include lines with a literal header name, in any #if branch.
  llvm::ArrayRef<IncludeLine> includes() const { return Includes; }
  /// The function-like macros #defined, in any #if branch.
  llvm::ArrayRef<FunctionLikeMacro> functionLikeMacros() const {
    return Macros;
  }
  const std::optional<IncludeGuard> &includeGuard() const { return Guard; }

  /// True when the name at \p Offset is the operand of `defined` or of
  /// `#ifdef`/`#ifndef`/`#elifdef`/`#elifndef`: tested for existence, not
  /// used for its value.
  bool isExistenceTest(unsigned Offset) const;

  /// The offset each line starts at ('\n' ends a line): line N (1-based) at
  /// lineStarts()[N - 1].
  llvm::ArrayRef<unsigned> lineStarts() const { return LineStarts; }
  /// The start of the line holding \p Offset.
  unsigned lineStart(unsigned Offset) const;
  /// The line (1-based) and column (1-based, in bytes) of \p Offset.
  std::pair<unsigned, unsigned> lineAndColumn(unsigned Offset) const;
  /// The text of line \p Line (1-based), without its line ending; "" past
  /// the last line.
  llvm::StringRef lineText(unsigned Line) const;
  /// "\r\n" when the file's first line ends so, else "\n": lines a
  /// translation inserts match.
  llvm::StringRef lineEnding() const;

private:
  void indexDirectives();
  void indexMacros();
  void findIncludeGuard();

  llvm::StringRef Contents;
  std::vector<RawToken> Tokens;
  std::vector<Directive> Directives;
  std::vector<IncludeLine> Includes;
  std::vector<FunctionLikeMacro> Macros;
  std::optional<IncludeGuard> Guard;
  std::vector<unsigned> LineStarts;
};

} // namespace hipkit::hipify

#endif
