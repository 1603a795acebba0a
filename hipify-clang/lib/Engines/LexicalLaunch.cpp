//===- LexicalLaunch.cpp - Kernel launches rewritten without a parse ------===//
#include "hipkit/hipify/Engines/LexicalLaunch.h"

#include "hipkit/hipify/Source/SourceText.h"

#include <optional>
#include <vector>

using namespace hipkit::hipify;
using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {

bool isOpening(TokenKind K) {
  return K == tok::l_paren || K == tok::l_square || K == tok::l_brace;
}
bool isClosing(TokenKind K) {
  return K == tok::r_paren || K == tok::r_square || K == tok::r_brace;
}

/// The index of the first token of the callee ending just before \p Launch
/// (the <<< token): `name`, `ns::name`, `name<T, N>`; std::nullopt when the
/// tokens there are no such name. Sets \p Templated when it ends in template
/// arguments.
std::optional<size_t> findCallee(llvm::ArrayRef<RawToken> Tokens,
                                 size_t Launch, bool &Templated) {
  Templated = false;
  if (Launch == 0)
    return std::nullopt;
  size_t I = Launch - 1;
  if (Tokens[I].Kind == tok::greater || Tokens[I].Kind == tok::greatergreater) {
    // Template arguments: back to the matching <, brackets balanced.
    int Angles = 0, Brackets = 0;
    for (;; --I) {
      TokenKind K = Tokens[I].Kind;
      if (K == tok::greater)
        ++Angles;
      else if (K == tok::greatergreater)
        Angles += 2;
      else if (K == tok::less && Brackets == 0)
        --Angles;
      else if (isClosing(K))
        ++Brackets;
      else if (isOpening(K))
        --Brackets;
      else if (K == tok::semi || K == tok::l_brace || K == tok::r_brace)
        return std::nullopt;
      if (Brackets < 0 || Angles < 0)
        return std::nullopt;
      if (Angles == 0 && Brackets == 0)
        break;
      if (I == 0)
        return std::nullopt;
    }
    if (I == 0)
      return std::nullopt;
    --I;
    Templated = true;
  }
  if (Tokens[I].Kind != tok::raw_identifier)
    return std::nullopt;
  // Qualifiers: ns::name, ::name.
  while (I >= 1 && Tokens[I - 1].Kind == tok::coloncolon) {
    if (I >= 2 && Tokens[I - 2].Kind == tok::raw_identifier)
      I -= 2;
    else {
      I -= 1;
      break;
    }
  }
  return I;
}

} // namespace

void hipkit::hipify::rewriteLaunchesLexically(FileTranslation &FT) {
  // A launch on a directive's line (a macro body) is kept.
  const SourceText &Source = FT.source();
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  for (size_t L = 0; L < Tokens.size(); ++L) {
    if (Tokens[L].Kind != tok::lesslessless || Source.inDirective(L))
      continue;
    bool Templated;
    std::optional<size_t> Callee = findCallee(Tokens, L, Templated);
    if (!Callee)
      continue;
    // The configuration: arguments split at commas outside brackets, up to
    // the >>> at depth 0.
    std::vector<std::pair<size_t, size_t>> Args; // first, last token
    size_t ArgBegin = L + 1, G = L + 1;
    int Depth = 0;
    bool Balanced = false;
    for (; G < Tokens.size(); ++G) {
      TokenKind K = Tokens[G].Kind;
      if (Source.inDirective(G) || K == tok::semi)
        break;
      if (isOpening(K))
        ++Depth;
      else if (isClosing(K) && --Depth < 0)
        break;
      else if (Depth == 0 && (K == tok::comma || K == tok::greatergreatergreater)) {
        if (G == ArgBegin)
          break; // An empty argument.
        Args.push_back({ArgBegin, G - 1});
        ArgBegin = G + 1;
        if (K == tok::greatergreatergreater) {
          Balanced = true;
          break;
        }
      }
    }
    if (!Balanced || Args.size() < 2 || Args.size() > 4 ||
        G + 1 >= Tokens.size() || Tokens[G + 1].Kind != tok::l_paren)
      continue;
    // The call's arguments: is there any? Its ) must close.
    size_t LParen = G + 1;
    Depth = 0;
    size_t RParen = LParen;
    for (; RParen < Tokens.size(); ++RParen) {
      TokenKind K = Tokens[RParen].Kind;
      if (isOpening(K))
        ++Depth;
      else if (isClosing(K) && --Depth == 0)
        break;
    }
    if (RParen == Tokens.size() || Tokens[RParen].Kind != tok::r_paren)
      continue;
    bool HasCallArgs = RParen > LParen + 1;

    FT.markCudaFile();
    FT.addEdit(Tokens[*Callee].Offset, 0,
               Templated ? "hipLaunchKernelGGL(HIP_KERNEL_NAME("
                         : "hipLaunchKernelGGL(",
               EditOrigin::Lexical, "kernel_launch", "runtime");
    FT.addEdit(Tokens[L].Offset, Tokens[L].Length,
               Templated ? "), dim3(" : ", dim3(", EditOrigin::Lexical);
    FT.addEdit(Tokens[Args[0].second].end(), 0, ")", EditOrigin::Lexical);
    FT.addEdit(Tokens[Args[1].first].Offset, 0, "dim3(", EditOrigin::Lexical);
    FT.addEdit(Tokens[Args[1].second].end(), 0, ")", EditOrigin::Lexical);
    std::string Tail = Args.size() == 2   ? ", 0, 0"
                       : Args.size() == 3 ? ", 0"
                                          : "";
    if (HasCallArgs)
      Tail += ", ";
    unsigned GGG = Tokens[G].Offset;
    FT.addEdit(GGG, Tokens[LParen].end() - GGG, Tail, EditOrigin::Lexical);
    L = G;
  }
}
