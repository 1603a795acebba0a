//===- SkippedDefinitions.cpp ---------------------------------------------===//
#include "hipkit/hipify/Engines/SkippedDefinitions.h"

#include "hipkit/hipify/Source/CudaLexer.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

/// Words that are followed by `(` without naming a function being defined.
bool isStatementWord(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("if", "for", "while", "switch", "return", "sizeof", "catch", true)
      .Cases("decltype", "alignof", "alignas", "static_assert", "noexcept",
             true)
      .Cases("__attribute__", "__declspec", "__launch_bounds__", "defined",
             true)
      .Default(false);
}

/// Words that end a type, not name a parameter (`unsigned int`).
bool isTypeWord(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("int", "char", "short", "long", "unsigned", "signed", true)
      .Cases("float", "double", "bool", "void", "const", "volatile", true)
      .Default(false);
}

/// One parameter's type tokens: without `= default` and the declarator's
/// name; empty when it cannot be read.
std::vector<std::string> parameterType(std::vector<RawToken> Tokens,
                                       llvm::StringRef Text) {
  auto Equals = llvm::find_if(
      Tokens, [](const RawToken &T) { return T.Kind == tok::equal; });
  Tokens.erase(Equals, Tokens.end());
  // `int values[4]`: the brackets go with the name.
  auto Bracket = llvm::find_if(
      Tokens, [](const RawToken &T) { return T.Kind == tok::l_square; });
  bool Array = Bracket != Tokens.end();
  Tokens.erase(Bracket, Tokens.end());
  if (Tokens.size() >= 2 && Tokens.back().Kind == tok::raw_identifier &&
      !isTypeWord(Tokens.back().Identifier) &&
      Tokens[Tokens.size() - 2].Kind != tok::coloncolon)
    Tokens.pop_back();
  std::vector<std::string> Type;
  for (const RawToken &T : Tokens)
    Type.push_back(Text.substr(T.Offset, T.Length).str());
  if (Array)
    Type.push_back("*");
  return Type;
}

} // namespace

std::vector<SkippedDefinition>
hipkit::hipify::findSkippedDefinitions(llvm::StringRef Text,
                                       OffsetRange Block) {
  // The block's tokens outside directives (a directive runs to its line's
  // end, continuations included) and comments.
  std::vector<RawToken> Tokens;
  CudaRawLexer Lex(Text, Block.Begin);
  bool InDirective = false;
  for (RawToken T = Lex.next(); T.Kind != tok::eof && T.Offset < Block.End;
       T = Lex.next()) {
    if (T.StartOfLine)
      InDirective = T.Kind == tok::hash;
    if (!InDirective && T.Kind != tok::comment)
      Tokens.push_back(T);
  }

  std::vector<SkippedDefinition> Found;
  int Depth = 0;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const RawToken &T = Tokens[I];
    if (T.Kind == tok::l_brace)
      ++Depth;
    else if (T.Kind == tok::r_brace)
      Depth = std::max(0, Depth - 1);
    if (Depth != 0 || T.Kind != tok::raw_identifier || I + 1 >= Tokens.size() ||
        Tokens[I + 1].Kind != tok::l_paren || isStatementWord(T.Identifier) ||
        I == 0)
      continue;
    // A name after a type: not a call or a member (`x.f(`, `a::f(`, `= f(`).
    const RawToken &Before = Tokens[I - 1];
    bool AfterType =
        (Before.Kind == tok::raw_identifier &&
         !isStatementWord(Before.Identifier) && Before.Identifier != "new" &&
         Before.Identifier != "else") ||
        Before.Kind == tok::star || Before.Kind == tok::amp ||
        Before.Kind == tok::greater;
    if (!AfterType)
      continue;
    // The parameter list, split at its commas; nested parentheses (function
    // pointers) and packs are not read.
    size_t Close = I + 2;
    std::vector<std::vector<RawToken>> Parameters(1);
    for (; Close < Tokens.size() && Tokens[Close].Kind != tok::r_paren;
         ++Close) {
      tok::TokenKind K = Tokens[Close].Kind;
      if (K == tok::l_paren || K == tok::ellipsis)
        break;
      if (K == tok::comma)
        Parameters.emplace_back();
      else
        Parameters.back().push_back(Tokens[Close]);
    }
    if (Close >= Tokens.size() || Tokens[Close].Kind != tok::r_paren)
      continue;
    size_t Body = Close + 1;
    while (Body < Tokens.size() && Tokens[Body].Kind == tok::raw_identifier &&
           Tokens[Body].Identifier == "const")
      ++Body;
    if (Body >= Tokens.size() || Tokens[Body].Kind != tok::l_brace)
      continue;
    SkippedDefinition Def{T.Offset, T.Identifier.str(), {}};
    if (!(Parameters.size() == 1 &&
          (Parameters[0].empty() ||
           (Parameters[0].size() == 1 &&
            Parameters[0][0].Kind == tok::raw_identifier &&
            Parameters[0][0].Identifier == "void"))))
      for (const std::vector<RawToken> &P : Parameters)
        Def.Parameters.push_back(parameterType(P, Text));
    Found.push_back(std::move(Def));
  }
  return Found;
}
