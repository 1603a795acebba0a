//===- CudaLexer.cpp ------------------------------------------------------===//
#include "hipkit/hipify/Source/CudaLexer.h"

using namespace hipkit::hipify;

namespace {

/// Offsets are distances from this location: the raw lexer needs no
/// SourceManager, so nothing is allocated per file but the tokens.
const clang::SourceLocation Base = clang::SourceLocation::getFromRawEncoding(1);

clang::LangOptions makeCudaLangOptions() {
  clang::LangOptions Opts;
  Opts.CPlusPlus = Opts.CPlusPlus11 = Opts.CPlusPlus14 = Opts.CPlusPlus17 = 1;
  Opts.CUDA = 1;
  Opts.LineComment = 1;
  Opts.Bool = 1;
  Opts.Digraphs = 1;
  return Opts;
}

} // namespace

const clang::LangOptions &hipkit::hipify::cudaLangOptions() {
  static const clang::LangOptions Opts = makeCudaLangOptions();
  return Opts;
}

CudaRawLexer::CudaRawLexer(llvm::StringRef Text, unsigned Offset)
    : Lex(Base, cudaLangOptions(), Text.begin(), Text.begin() + Offset,
          Text.end()) {}

RawToken CudaRawLexer::next() {
  clang::Token Tok;
  Lex.LexFromRawLexer(Tok);
  RawToken T;
  T.Kind = Tok.getKind();
  T.Offset = Tok.getLocation().getRawEncoding() - Base.getRawEncoding();
  T.Length = Tok.getLength();
  T.StartOfLine = Tok.isAtStartOfLine();
  if (Tok.is(clang::tok::raw_identifier))
    T.Identifier = Tok.getRawIdentifier();
  return T;
}

std::vector<RawToken> hipkit::hipify::lexRawTokens(llvm::StringRef Contents) {
  CudaRawLexer Lex(Contents);
  std::vector<RawToken> Tokens;
  for (RawToken T = Lex.next(); T.Kind != clang::tok::eof; T = Lex.next())
    Tokens.push_back(T);
  return Tokens;
}
