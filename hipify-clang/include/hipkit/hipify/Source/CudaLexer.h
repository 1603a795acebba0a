//===- CudaLexer.h - clang's raw lexer over a CUDA source -------*- C++ -*-===//
//
// Every part of hipify that reads a source's text without a parse (the token
// engine, the rules that split a call's arguments) reads it through this one
// lexer, so they all agree on where a literal, a comment or a line ends: a
// character literal left open at a line's end, a digit separator (1'000) or a
// raw string would otherwise be read one way by one scanner and another way
// by the next, and their edits would overlap.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_CUDALEXER_H
#define HIPKIT_HIPIFY_CUDALEXER_H

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace hipkit::hipify {

/// The language hipify reads sources as: C++17 with CUDA's keywords.
const clang::LangOptions &cudaLangOptions();

/// A token of a raw lex: its kind, where it starts and its length.
struct RawToken {
  clang::tok::TokenKind Kind = clang::tok::eof;
  unsigned Offset = 0, Length = 0;
  /// The identifier's text, for raw identifiers.
  llvm::StringRef Identifier;
  bool StartOfLine = false;

  unsigned end() const { return Offset + Length; }
};

/// clang's raw lexer (no preprocessing: directives and macro bodies are
/// tokens like any other) over \p Text from \p Offset on. \p Text must be
/// followed by a NUL byte, as a std::string's contents are: the lexer's end
/// marker.
class CudaRawLexer {
public:
  CudaRawLexer(llvm::StringRef Text, unsigned Offset = 0);

  /// The next token; eof at the end of the text.
  RawToken next();

private:
  clang::Lexer Lex;
};

/// Every raw token of \p Contents (NUL-terminated, as for CudaRawLexer).
std::vector<RawToken> lexRawTokens(llvm::StringRef Contents);

} // namespace hipkit::hipify

#endif
