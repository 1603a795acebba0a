//===- SetupPyMigration.cpp - A PyTorch extension's setup.py to HIP -------===//
//
// A PyTorch CUDA extension is built by a setup.py calling
// torch.utils.cpp_extension's CUDAExtension. On a ROCm PyTorch the same call
// builds HIP (cpp_extension compiles .cu sources with hipcc), so the call and
// its sources stay; what names CUDA is in the flags, extra_compile_args: the
// `nvcc` list of its dict (or a plain list, which both compilers get) holds
// nvcc's flags, whose counterparts are NvccFlags.def's rows, and CUDA's macro
// switches (-U__CUDA_NO_HALF_OPERATORS__), which the mapping tables answer; the
// `cxx` list only the macros.
//
// The file is read with a small lexer of Python's tokens (strings with their
// prefixes and triple quotes, comments, brackets, logical lines), so a flag
// in a comment or a docstring is never taken for one. The flags are followed
// from the extension's keyword through the shapes setup.py files write them
// in: list and dict literals, dict(nvcc=...), a variable (assigned, `+=`,
// `.append`, `.extend`, `.insert`, also `args["nvcc"]`), `+` of those,
// `a if c else b`, and a function of the file whose result the flags are
// (`append_nvcc_threads(flags)`: its return expressions). Each variable's
// words, in file order, are one list, so that `-gencode` appended in one
// statement and its value in the next are one flag. A flag in a list hipify
// does not reach is reported where its string is.
//
//===----------------------------------------------------------------------===//
#include "BuildFileEdits.h"
#include "hipkit/hipify/BuildFiles/TorchExtension.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>
#include <set>

using namespace hipkit::hipify;
using namespace hipkit::hipify::buildfile;
namespace nvcc = hipkit::nvcc;

namespace {

struct PythonNameRow {
  llvm::StringLiteral Cuda, Why;
};
const PythonNameRow PythonNames[] = {
#define PYTHON_NAME(Cuda, Why) {Cuda, Why},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

/// The calls that build a CUDA extension: their flags are migrated.
const llvm::StringLiteral ExtensionCalls[] = {"CUDAExtension"};

//===----------------------------------------------------------------------===//
// Python's tokens
//===----------------------------------------------------------------------===//

enum class TokenKind { Name, String, Number, Op };

struct Token {
  TokenKind Kind;
  unsigned Begin, End;
  /// Strings: the text between the quotes, and the quote ("'", '"""').
  unsigned ContentBegin = 0, ContentEnd = 0;
  llvm::StringRef Quote;
  bool Formatted = false; ///< An f-string.
  unsigned Line = 0;      ///< Index of its logical line.
};

/// A logical line: a statement (or several, joined by `;`), its physical
/// lines joined inside brackets and after a backslash.
struct LogicalLine {
  unsigned Begin, End; ///< From its first column to after its newline.
  unsigned Indent;     ///< Columns before its first token.
  size_t FirstToken, EndToken;
};

class PythonLexer {
public:
  explicit PythonLexer(llvm::StringRef Text) : Text(Text) {}
  void lex(std::vector<Token> &Tokens, std::vector<LogicalLine> &Lines);

private:
  /// The string starting at \p I (its prefix included), or false.
  bool lexString(size_t I, Token &T) const;
  llvm::StringRef Text;
};

bool PythonLexer::lexString(size_t I, Token &T) const {
  size_t J = I;
  bool Formatted = false;
  while (J < Text.size() && J - I < 2 &&
         llvm::StringRef("rRbBuUfF").contains(Text[J])) {
    Formatted |= Text[J] == 'f' || Text[J] == 'F';
    ++J;
  }
  if (J >= Text.size() || (Text[J] != '"' && Text[J] != '\''))
    return false;
  llvm::StringRef Rest = Text.substr(J);
  llvm::StringRef Quote = Rest.starts_with("\"\"\"") ? Rest.take_front(3)
                          : Rest.starts_with("'''")  ? Rest.take_front(3)
                                                     : Rest.take_front(1);
  size_t K = J + Quote.size();
  size_t End = Text.size(), ContentEnd = Text.size();
  while (K < Text.size()) {
    if (Text[K] == '\\') {
      K += 2;
      continue;
    }
    if (Quote.size() == 1 && Text[K] == '\n') {
      End = ContentEnd = K; // Unclosed: Python refuses it; stop at the line.
      break;
    }
    if (Text.substr(K).starts_with(Quote)) {
      ContentEnd = K;
      End = K + Quote.size();
      break;
    }
    ++K;
  }
  T.Kind = TokenKind::String;
  T.Begin = I;
  T.End = std::min(End, Text.size());
  T.ContentBegin = J + Quote.size();
  T.ContentEnd = std::min(ContentEnd, Text.size());
  T.Quote = Quote;
  T.Formatted = Formatted;
  return true;
}

void PythonLexer::lex(std::vector<Token> &Tokens,
                      std::vector<LogicalLine> &Lines) {
  size_t I = 0;
  unsigned Depth = 0;
  bool LineOpen = false;
  LogicalLine Current{};
  auto closeLine = [&](size_t End) {
    if (!LineOpen)
      return;
    Current.End = End;
    Current.EndToken = Tokens.size();
    Lines.push_back(Current);
    LineOpen = false;
  };
  auto startToken = [&](size_t At) {
    if (LineOpen)
      return;
    size_t LineStart = Text.rfind('\n', At);
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    Current = LogicalLine{unsigned(LineStart), 0, unsigned(At - LineStart),
                          Tokens.size(), 0};
    LineOpen = true;
  };
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '\n') {
      if (Depth == 0)
        closeLine(I + 1);
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
      ++I;
      continue;
    }
    if (C == '\\' && I + 1 < Text.size() &&
        (Text[I + 1] == '\n' || Text[I + 1] == '\r')) {
      I = Text.find('\n', I);
      I = I == llvm::StringRef::npos ? Text.size() : I + 1;
      continue;
    }
    if (C == '#') {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        I = Text.size();
      continue;
    }
    Token T{};
    if (lexString(I, T)) {
      startToken(I);
      T.Line = Lines.size();
      Tokens.push_back(T);
      I = T.End;
      continue;
    }
    startToken(I);
    T.Begin = I;
    T.Line = Lines.size();
    if (llvm::isAlpha(C) || C == '_' || (unsigned char)C >= 0x80) {
      while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_' ||
                                 (unsigned char)Text[I] >= 0x80))
        ++I;
      T.Kind = TokenKind::Name;
    } else if (llvm::isDigit(C)) {
      while (I < Text.size() &&
             (llvm::isAlnum(Text[I]) || Text[I] == '.' || Text[I] == '_'))
        ++I;
      T.Kind = TokenKind::Number;
    } else {
      T.Kind = TokenKind::Op;
      static const llvm::StringLiteral Long[] = {
          "**=", "//=", ">>=", "<<=", "...", "->", ":=", "+=",
          "-=",  "*=",  "/=",  "%=",  "&=",  "|=", "^=", "@=",
          "==",  "!=",  "<=",  ">=",  "**",  "//", "<<", ">>"};
      size_t Size = 1;
      for (llvm::StringRef L : Long)
        if (Text.substr(I).starts_with(L)) {
          Size = L.size();
          break;
        }
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && Depth)
        --Depth;
      I += Size;
    }
    T.End = I;
    Tokens.push_back(T);
  }
  closeLine(Text.size());
}

//===----------------------------------------------------------------------===//
// The migration
//===----------------------------------------------------------------------===//

/// Which compiler a list of flags is for.
enum class FlagsFor {
  Arguments, ///< extra_compile_args itself: a dict says, a list is both.
  Nvcc,      ///< nvcc (or both compilers: a plain list).
  Cxx,       ///< the C++ compiler: only CUDA's macros are CUDA's.
};

/// One element of a list of flags, as the flag machinery sees it.
struct FlagWord {
  /// The string token, or SIZE_MAX for an element that is not one string
  /// (a variable, a call): its value is not known here.
  size_t Token = SIZE_MAX;
  /// What removing the element removes ([Begin, End)), when it can be
  /// removed: a list element with its comma, or an `append` statement.
  std::optional<std::pair<unsigned, unsigned>> Removal;
  /// The statement's logical line, for a removed statement (a block whose
  /// statements all go gets `pass`).
  std::optional<size_t> StatementLine;
  /// A list element (several words may replace it).
  bool ListElement = false;
  /// The `append` of `x.append("...")`, which becomes `extend` when several
  /// words replace the one.
  std::optional<size_t> AppendName;
  /// A comprehension `[f"..." for ...]` whose element this is: the whole
  /// list is what a processor flag replaces.
  std::optional<std::pair<unsigned, unsigned>> Comprehension;
  /// The indentation of its statement: of a processor flag in several
  /// places, the least indented (unconditional) one is kept.
  unsigned Indent = 0;
};

class SetupPyMigrator : public Editor {
public:
  SetupPyMigrator(FileTranslation &FT, const NamePolicy &Policy,
                  const OutputNameLookup &OutputName)
      : Editor(FT, "setup.py"), Policy(Policy),
        OutputName(OutputName) {}
  void migrate();

private:
  // Tokens and expressions.
  llvm::StringRef tokenText(size_t I) const {
    return text(Tokens[I].Begin, Tokens[I].End);
  }
  bool isOp(size_t I, llvm::StringRef Op) const {
    return I < Tokens.size() && Tokens[I].Kind == TokenKind::Op &&
           tokenText(I) == Op;
  }
  bool isName(size_t I, llvm::StringRef Name) const {
    return I < Tokens.size() && Tokens[I].Kind == TokenKind::Name &&
           tokenText(I) == Name;
  }
  llvm::StringRef content(size_t I) const {
    return text(Tokens[I].ContentBegin, Tokens[I].ContentEnd);
  }
  /// The token after the bracket opened at \p Open.
  size_t closing(size_t Open) const;
  /// [Begin, End) split at the top-level \p Separator tokens.
  std::vector<std::pair<size_t, size_t>> split(size_t Begin, size_t End,
                                               llvm::StringRef Separator) const;
  /// The key `name` or `name['key']` of the target at \p I, and the token
  /// after it.
  std::optional<std::string> targetKey(size_t I, size_t &After) const;

  // Following the flags.
  void findDefinitions();
  void collect(size_t Begin, size_t End, FlagsFor For,
               std::vector<FlagWord> *Into);
  void collectList(size_t Open, FlagsFor For, std::vector<FlagWord> *Into);
  void collectDict(size_t Open, FlagsFor For);
  void useVariable(const std::string &Key, FlagsFor For);
  void addWord(size_t Begin, size_t End, const FlagWord &Base,
               std::vector<FlagWord> &Into);

  // Writing.
  void migrateWords(std::vector<FlagWord> &Words, FlagsFor For);
  /// Records the removal of \p W; false when it cannot be removed where it
  /// is written. \p Counted: the removal is the flag's edit in the
  /// statistics (not its value's).
  bool removeWord(const FlagWord &W, bool Counted);
  /// Removes what removeWord recorded; a block left empty gets `pass`.
  void applyRemovals();
  void writeWords(const FlagWord &W, llvm::ArrayRef<std::string> Words,
                  bool Counted);
  std::string quoted(const FlagWord &W, llvm::StringRef Word) const;
  void reportNames();
  void reportUnreachedFlags();

  /// The sources an extension lists, renamed where the run writes them
  /// under other names.
  void renameSources(size_t Begin, size_t End, std::set<std::string> &Seen);

  const NamePolicy &Policy;
  const OutputNameLookup &OutputName;
  std::vector<Token> Tokens;
  std::vector<LogicalLine> Lines;
  /// A variable's definitions: statements assigning or extending it.
  struct Definition {
    size_t Line;
    size_t Begin, End; ///< The expression's tokens.
    enum { Assign, Extend, Append } How;
    size_t AppendName = 0;
  };
  std::map<std::string, std::vector<Definition>> Definitions;
  /// Functions of the file: their return expressions.
  llvm::StringMap<std::vector<std::pair<size_t, size_t>>> Returns;
  /// Variables reached, with the compiler their flags are for (Nvcc wins).
  std::map<std::string, FlagsFor> Variables;
  std::set<std::string> Visiting;
  std::set<std::string> FunctionsVisited;
  /// Lists of flags reached (literals written in an extension's arguments).
  std::vector<std::pair<std::vector<FlagWord>, FlagsFor>> Lists;
  /// Every string token reached as a flag or value.
  std::set<size_t> Reached;
  struct Removal {
    unsigned Begin, End;
    std::optional<size_t> StatementLine;
    bool Counted;
  };
  std::vector<Removal> Removals;
};

size_t SetupPyMigrator::closing(size_t Open) const {
  unsigned Depth = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    if (Tokens[I].Kind != TokenKind::Op)
      continue;
    llvm::StringRef T = tokenText(I);
    if (T == "(" || T == "[" || T == "{")
      ++Depth;
    else if ((T == ")" || T == "]" || T == "}") && --Depth == 0)
      return I;
  }
  return Tokens.size();
}

std::vector<std::pair<size_t, size_t>>
SetupPyMigrator::split(size_t Begin, size_t End,
                       llvm::StringRef Separator) const {
  std::vector<std::pair<size_t, size_t>> Parts;
  size_t From = Begin;
  for (size_t I = Begin; I < End; ++I) {
    if (Tokens[I].Kind == TokenKind::String ||
        Tokens[I].Kind == TokenKind::Number)
      continue;
    llvm::StringRef T = tokenText(I);
    if (Tokens[I].Kind == TokenKind::Op && (T == "(" || T == "[" || T == "{")) {
      I = closing(I);
      continue;
    }
    if (T == Separator) {
      Parts.push_back({From, I});
      From = I + 1;
    }
  }
  if (From < End)
    Parts.push_back({From, End});
  return Parts;
}

std::optional<std::string> SetupPyMigrator::targetKey(size_t I,
                                                      size_t &After) const {
  if (I >= Tokens.size() || Tokens[I].Kind != TokenKind::Name)
    return std::nullopt;
  std::string Key = tokenText(I).str();
  After = I + 1;
  // args["nvcc"]: a key of a dict the variable holds.
  if (isOp(After, "[") && After + 2 < Tokens.size() &&
      Tokens[After + 1].Kind == TokenKind::String && isOp(After + 2, "]")) {
    Key += "[" + content(After + 1).str() + "]";
    After += 3;
  }
  return Key;
}

void SetupPyMigrator::findDefinitions() {
  for (size_t L = 0; L < Lines.size(); ++L) {
    const LogicalLine &Line = Lines[L];
    size_t I = Line.FirstToken, End = Line.EndToken;
    // def f(...): the returns of its body.
    if (isName(I, "def") && I + 1 < End &&
        Tokens[I + 1].Kind == TokenKind::Name) {
      llvm::StringRef Function = tokenText(I + 1);
      auto &Found = Returns[Function];
      for (size_t B = L + 1; B < Lines.size() && Lines[B].Indent > Line.Indent;
           ++B)
        if (isName(Lines[B].FirstToken, "return") &&
            Lines[B].FirstToken + 1 < Lines[B].EndToken)
          Found.push_back({Lines[B].FirstToken + 1, Lines[B].EndToken});
      continue;
    }
    size_t After;
    std::optional<std::string> Key = targetKey(I, After);
    if (!Key)
      continue;
    if (isOp(After, "=") || isOp(After, "+=")) {
      Definitions[*Key].push_back(
          {L, After + 1, End,
           isOp(After, "=") ? Definition::Assign : Definition::Extend});
      continue;
    }
    // x.append(...), x.extend(...), x.insert(i, ...): the whole statement.
    if (isOp(After, ".") && After + 2 < End && isOp(After + 2, "(") &&
        closing(After + 2) + 1 == End) {
      llvm::StringRef Method = tokenText(After + 1);
      size_t Open = After + 2, Close = closing(Open);
      if (Method == "append" || Method == "extend")
        Definitions[*Key].push_back(
            {L, Open + 1, Close,
             Method == "append" ? Definition::Append : Definition::Extend,
             After + 1});
      else if (Method == "insert") {
        auto Arguments = split(Open + 1, Close, ",");
        if (Arguments.size() == 2)
          Definitions[*Key].push_back({L, Arguments[1].first,
                                       Arguments[1].second, Definition::Append,
                                       After + 1});
      }
    }
  }
}

void SetupPyMigrator::useVariable(const std::string &Key, FlagsFor For) {
  // nvcc's flags are the most a list can hold; a plain list as
  // extra_compile_args is both compilers' (the same).
  auto Rank = [](FlagsFor F) {
    return F == FlagsFor::Cxx ? 0 : F == FlagsFor::Arguments ? 1 : 2;
  };
  auto [It, New] = Variables.try_emplace(Key, For);
  if (!New && Rank(For) <= Rank(It->second))
    return;
  It->second = For;
  // A dict variable: its keys' variables too (args["nvcc"].append(...)).
  if (For != FlagsFor::Arguments)
    return;
  for (const auto &Entry : Definitions) {
    llvm::StringRef Other = Entry.first;
    if (!Other.starts_with(Key + "["))
      continue;
    llvm::StringRef Subkey = Other.drop_front(Key.size() + 1).drop_back();
    if (Subkey == "nvcc")
      useVariable(Other.str(), FlagsFor::Nvcc);
    else if (Subkey == "cxx")
      useVariable(Other.str(), FlagsFor::Cxx);
  }
}

void SetupPyMigrator::addWord(size_t Begin, size_t End, const FlagWord &Base,
                              std::vector<FlagWord> &Into) {
  FlagWord W = Base;
  // One string (or several, which Python joins: "-gencode=" "arch=..."; only
  // a single one is rewritten).
  if (End == Begin + 1 && Tokens[Begin].Kind == TokenKind::String) {
    W.Token = Begin;
    Reached.insert(Begin);
  } else {
    for (size_t I = Begin; I < End; ++I)
      if (Tokens[I].Kind == TokenKind::String)
        Reached.insert(I);
  }
  Into.push_back(W);
}

void SetupPyMigrator::collectList(size_t Open, FlagsFor For,
                                  std::vector<FlagWord> *Into) {
  size_t Close = closing(Open);
  std::vector<FlagWord> Own;
  std::vector<FlagWord> &Words = Into ? *Into : Own;
  // [f"-gencode=arch=compute_{a},code=sm_{a}" for a in archs]
  std::vector<std::pair<size_t, size_t>> Generator =
      split(Open + 1, Close, "for");
  if (Generator.size() > 1 && Generator[0].second > Generator[0].first) {
    FlagWord W;
    W.Comprehension = {Tokens[Open].Begin, Tokens[Close].End};
    W.Indent = Lines[Tokens[Open].Line].Indent;
    addWord(Generator[0].first, Generator[0].second, W, Words);
  } else {
    std::vector<std::pair<size_t, size_t>> Elements =
        split(Open + 1, Close, ",");
    for (size_t E = 0; E < Elements.size(); ++E) {
      auto [Begin, End] = Elements[E];
      if (isOp(Begin, "*") && End == Begin + 2 &&
          Tokens[Begin + 1].Kind == TokenKind::Name) {
        useVariable(tokenText(Begin + 1).str(), For);
        continue;
      }
      FlagWord W;
      W.ListElement = true;
      W.Indent = Lines[Tokens[Begin].Line].Indent;
      // The element with the comma after it (or, for the last, the one
      // before it); a line of its own goes whole.
      unsigned From = Tokens[Begin].Begin, To = Tokens[End - 1].End;
      bool CommaAfter = End < Close && isOp(End, ",");
      unsigned LineStart = Text.rfind('\n', From) + 1;
      unsigned AfterComma = CommaAfter ? Tokens[End].End : To;
      size_t LineEnd = Text.find('\n', AfterComma);
      if (llvm::StringRef(Text.slice(LineStart, From)).trim().empty() &&
          LineEnd != llvm::StringRef::npos &&
          Text.slice(AfterComma, LineEnd).trim().empty()) {
        W.Removal = {LineStart, unsigned(LineEnd + 1)};
      } else if (CommaAfter) {
        unsigned Next = Tokens[End].End;
        while (Next < Text.size() && (Text[Next] == ' ' || Text[Next] == '\t'))
          ++Next;
        W.Removal = {From, Next};
      } else if (E > 0) {
        unsigned Previous = Tokens[Begin - 1].Begin; // The comma before.
        W.Removal = {Previous, To};
      } else {
        W.Removal = {From, To};
      }
      if (End == Begin + 1 && Tokens[Begin].Kind == TokenKind::String) {
        addWord(Begin, End, W, Words);
        continue;
      }
      // A variable, a call, an expression: followed where it leads; its
      // place in the list is a word of unknown value.
      collect(Begin, End, For, nullptr);
      W.Removal.reset();
      addWord(Begin, End, W, Words);
    }
  }
  if (!Into)
    Lists.push_back({std::move(Own), For});
}

void SetupPyMigrator::collectDict(size_t Open, FlagsFor For) {
  size_t Close = closing(Open);
  for (auto [Begin, End] : split(Open + 1, Close, ",")) {
    if (isOp(Begin, "**")) {
      collect(Begin + 1, End, For, nullptr);
      continue;
    }
    std::vector<std::pair<size_t, size_t>> Entry = split(Begin, End, ":");
    if (Entry.size() != 2 || Entry[0].second != Entry[0].first + 1 ||
        Tokens[Entry[0].first].Kind != TokenKind::String)
      continue;
    llvm::StringRef Key = content(Entry[0].first);
    if (Key == "nvcc")
      collect(Entry[1].first, Entry[1].second, FlagsFor::Nvcc, nullptr);
    else if (Key == "cxx")
      collect(Entry[1].first, Entry[1].second, FlagsFor::Cxx, nullptr);
  }
}

void SetupPyMigrator::collect(size_t Begin, size_t End, FlagsFor For,
                              std::vector<FlagWord> *Into) {
  if (Begin >= End)
    return;
  // a if c else b
  std::vector<std::pair<size_t, size_t>> Choice = split(Begin, End, "if");
  if (Choice.size() == 2) {
    collect(Choice[0].first, Choice[0].second, For, Into);
    std::vector<std::pair<size_t, size_t>> Rest =
        split(Choice[1].first, Choice[1].second, "else");
    if (Rest.size() == 2)
      collect(Rest[1].first, Rest[1].second, For, Into);
    return;
  }
  std::vector<std::pair<size_t, size_t>> Terms = split(Begin, End, "+");
  if (Terms.size() > 1) {
    for (auto [B, E] : Terms)
      collect(B, E, For, nullptr);
    return;
  }
  if (isOp(Begin, "(") && closing(Begin) + 1 == End) {
    collect(Begin + 1, End - 1, For, Into);
    return;
  }
  if (isOp(Begin, "[") && closing(Begin) + 1 == End) {
    collectList(Begin, For, Into);
    return;
  }
  if (isOp(Begin, "{") && closing(Begin) + 1 == End) {
    if (For == FlagsFor::Arguments)
      collectDict(Begin, For);
    return;
  }
  if (End == Begin + 1 && Tokens[Begin].Kind == TokenKind::String) {
    if (Into)
      addWord(Begin, End, FlagWord(), *Into);
    return;
  }
  size_t After;
  if (std::optional<std::string> Key = targetKey(Begin, After)) {
    if (After == End) {
      useVariable(*Key, For);
      return;
    }
    // A call: dict(nvcc=..., cxx=...), list(...), or a function of this file
    // whose result the flags are.
    if (isOp(After, "(") && closing(After) + 1 == End) {
      llvm::StringRef Callee = tokenText(Begin);
      auto Arguments = split(After + 1, End - 1, ",");
      if (Callee == "dict") {
        for (auto [B, E] : Arguments)
          if (E > B + 2 && Tokens[B].Kind == TokenKind::Name &&
              isOp(B + 1, "=")) {
            llvm::StringRef Key = tokenText(B);
            if (Key == "nvcc")
              collect(B + 2, E, FlagsFor::Nvcc, nullptr);
            else if (Key == "cxx")
              collect(B + 2, E, FlagsFor::Cxx, nullptr);
          }
        return;
      }
      auto Function = Returns.find(Callee);
      if (Callee != "list" && Callee != "tuple" && Function == Returns.end())
        return;
      for (auto [B, E] : Arguments)
        collect(B, E, For, nullptr);
      if (Function != Returns.end() &&
          FunctionsVisited.insert(Callee.str()).second)
        for (auto [B, E] : Function->second)
          collect(B, E, For, nullptr);
    }
  }
}

std::string SetupPyMigrator::quoted(const FlagWord &W,
                                    llvm::StringRef Word) const {
  llvm::StringRef Quote =
      W.Token == SIZE_MAX ? llvm::StringRef("\"") : Tokens[W.Token].Quote;
  if (Quote.size() == 3)
    Quote = Quote.take_front(1);
  return (Quote + Word + Quote).str();
}

void SetupPyMigrator::writeWords(const FlagWord &W,
                                 llvm::ArrayRef<std::string> Words,
                                 bool Counted) {
  std::string List;
  for (const std::string &Word : Words)
    List += (List.empty() ? "" : ", ") + quoted(W, Word);
  auto edit = [&](unsigned Begin, unsigned End, llvm::StringRef With) {
    if (Counted)
      replace(Begin, End, With);
    else
      FT.addEdit(Begin, End - Begin, With, EditOrigin::Lexical);
    Counted = false;
  };
  if (W.Comprehension) {
    edit(W.Comprehension->first, W.Comprehension->second, "[" + List + "]");
    return;
  }
  const Token &T = Tokens[W.Token];
  if (Words.size() > 1 && W.AppendName) {
    // x.append("-dc") -> x.extend(["-fgpu-rdc", "-c"])
    edit(T.Begin, T.End, "[" + List + "]");
    edit(Tokens[*W.AppendName].Begin, Tokens[*W.AppendName].End, "extend");
    return;
  }
  edit(T.Begin, T.End, List);
}

bool SetupPyMigrator::removeWord(const FlagWord &W, bool Counted) {
  if (!W.Removal)
    return false;
  Removals.push_back(
      {W.Removal->first, W.Removal->second, W.StatementLine, Counted});
  return true;
}

void SetupPyMigrator::migrateWords(std::vector<FlagWord> &Words, FlagsFor For) {
  // The words' texts; an element that is not a string matches no flag.
  std::vector<llvm::StringRef> Texts;
  for (const FlagWord &W : Words)
    Texts.push_back(W.Token == SIZE_MAX ? llvm::StringRef("\x01")
                                        : content(W.Token));
  struct Decided {
    size_t Index, Consumed;
    FlagOutcome Outcome;
  };
  std::vector<Decided> Flags;
  for (size_t I = 0; I < Words.size(); ++I) {
    if (Words[I].Token == SIZE_MAX)
      continue;
    std::optional<nvcc::FlagMatch> M;
    if (For != FlagsFor::Cxx)
      M = nvcc::matchFlag(Texts, I);
    std::optional<FlagOutcome> Outcome;
    if (M) {
      std::string Spelling = Texts[I].str();
      if (M->Consumed)
        Spelling += " " + Texts[I + 1].str();
      Outcome = decideNvccFlag(*M, Spelling);
    } else {
      Outcome = decideMacroFlag(Texts[I], FT, Policy);
    }
    if (!Outcome)
      continue;
    Flags.push_back({I, M ? M->Consumed : 0, std::move(*Outcome)});
    if (M)
      I += M->Consumed;
  }
  // The processor flag kept: the least indented, so that a flag added only
  // under a condition is not the one.
  std::optional<size_t> Processor;
  for (size_t F = 0; F < Flags.size(); ++F)
    if (Flags[F].Outcome.What == FlagOutcome::Action::Processor &&
        (!Processor ||
         Words[Flags[F].Index].Indent < Words[Flags[*Processor].Index].Indent))
      Processor = F;

  using Action = FlagOutcome::Action;
  for (size_t F = 0; F < Flags.size(); ++F) {
    Decided &D = Flags[F];
    const FlagWord &First = Words[D.Index];
    unsigned At = Tokens[First.Token].Begin;
    std::string Spelling = Texts[D.Index].str();
    if (D.Consumed)
      Spelling += " " + Texts[D.Index + 1].str();
    bool ValueKnown = !D.Consumed || Words[D.Index + 1].Token != SIZE_MAX;
    // Words after the first (a separate value) go wherever the flag goes.
    auto removeValue = [&]() {
      for (size_t J = 1; J <= D.Consumed; ++J)
        if (!Words[D.Index + J].Removal)
          return false;
      for (size_t J = 1; J <= D.Consumed; ++J)
        removeWord(Words[D.Index + J], /*Counted=*/false);
      return true;
    };
    auto cannot = [&](llvm::StringRef What) {
      leave(At, "nvcc's '" + Spelling + "' " + What +
                    ", but hipify cannot rewrite it where it is written "
                    "(a computed value or element): do it by hand");
    };
    switch (D.Outcome.What) {
    case Action::Keep:
      break;
    case Action::Leave:
      leave(At, D.Outcome.Message);
      break;
    case Action::Processor: {
      if (F != *Processor) {
        if (First.Comprehension || !First.Removal || !removeValue())
          cannot("names NVIDIA processors and is removed");
        else
          removeWord(First, /*Counted=*/true);
        break;
      }
      std::string Flag = ("--offload-arch=" + DefaultProcessor).str();
      if ((First.Comprehension || !D.Consumed || removeValue())) {
        writeWords(First, {Flag}, /*Counted=*/true);
        note(At, "NVIDIA processors ('" + Spelling +
                     "') have no AMD counterpart: " + DefaultProcessor +
                     ", hipkit's default processor; while the flags name one, "
                     "a ROCm PyTorch's cpp_extension builds for it alone (it "
                     "reads PYTORCH_ROCM_ARCH only when they name none): name "
                     "the AMD processors here, or remove the flag");
      } else {
        cannot("names NVIDIA processors");
      }
      break;
    }
    case Action::Remove:
      if (First.Comprehension || !First.Removal || !removeValue()) {
        cannot("has no use on AMD");
        break;
      }
      removeWord(First, /*Counted=*/true);
      if (!D.Outcome.Message.empty())
        note(At, D.Outcome.Message);
      break;
    case Action::Replace:
      if (!ValueKnown || First.Comprehension || Tokens[First.Token].Formatted ||
          (D.Outcome.Words.size() > 1 && !First.ListElement &&
           !First.AppendName) ||
          !removeValue()) {
        cannot("becomes '" + llvm::join(D.Outcome.Words, " ") + "'");
        break;
      }
      writeWords(First, D.Outcome.Words, /*Counted=*/true);
      break;
    }
  }
}

void SetupPyMigrator::applyRemovals() {
  std::set<size_t> RemovedLines;
  for (const Removal &R : Removals)
    if (R.StatementLine)
      RemovedLines.insert(*R.StatementLine);
  // A block whose statements all go keeps `pass` in the first one's place:
  // Python refuses an empty block.
  std::set<size_t> Pass;
  for (size_t L = 0; L < Lines.size(); ++L) {
    const LogicalLine &Opener = Lines[L];
    if (Opener.EndToken == Opener.FirstToken || !isOp(Opener.EndToken - 1, ":"))
      continue;
    size_t B = L + 1;
    bool AllRemoved = B < Lines.size() && Lines[B].Indent > Opener.Indent;
    for (; B < Lines.size() && Lines[B].Indent > Opener.Indent; ++B)
      AllRemoved &= RemovedLines.count(B) > 0;
    if (AllRemoved)
      Pass.insert(L + 1);
  }
  // Neighbouring elements share the comma between them: their removals are
  // joined.
  llvm::sort(Removals, [](const Removal &A, const Removal &B) {
    return A.Begin < B.Begin;
  });
  std::vector<Removal> Joined;
  for (const Removal &R : Removals) {
    if (!Joined.empty() && R.Begin < Joined.back().End) {
      Joined.back().End = std::max(Joined.back().End, R.End);
      Joined.back().Counted |= R.Counted;
      continue;
    }
    Joined.push_back(R);
  }
  for (const Removal &R : Joined) {
    std::string With;
    if (R.StatementLine && Pass.count(*R.StatementLine)) {
      const LogicalLine &Line = Lines[*R.StatementLine];
      With = (text(Line.Begin, Line.Begin + Line.Indent) + "pass" +
              FT.lineEnding())
                 .str();
    }
    if (R.Counted)
      replace(R.Begin, R.End, With);
    else
      FT.addEdit(R.Begin, R.End - R.Begin, With, EditOrigin::Lexical);
  }
}

void SetupPyMigrator::reportNames() {
  llvm::StringSet<> Reported;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    if (T.Kind != TokenKind::Name &&
        (T.Kind != TokenKind::String || T.Formatted))
      continue;
    for (const PythonNameRow &R : PythonNames) {
      llvm::StringRef Cuda = R.Cuda;
      bool Matches;
      if (T.Kind == TokenKind::String) {
        Matches = content(I) == Cuda; // os.environ["TORCH_CUDA_ARCH_LIST"]
      } else if (!Cuda.contains('.')) {
        Matches = tokenText(I) == Cuda; // also cpp_extension.CUDA_HOME
      } else {
        // torch.version.cuda: the name's parts, as tokens, from its start.
        std::string Spelled = tokenText(I).str();
        if (I > 0 && isOp(I - 1, "."))
          continue;
        for (size_t J = I + 1; J + 1 < Tokens.size() && isOp(J, ".") &&
                               Tokens[J + 1].Kind == TokenKind::Name &&
                               Spelled.size() < Cuda.size();
             J += 2)
          Spelled += "." + tokenText(J + 1).str();
        Matches = Spelled == Cuda;
      }
      if (Matches && Reported.insert(Cuda).second)
        leave(T.Begin, "'" + Cuda + "' is left: " + R.Why);
    }
  }
}

void SetupPyMigrator::reportUnreachedFlags() {
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (Tokens[I].Kind != TokenKind::String || Reached.count(I))
      continue;
    llvm::StringRef Word = content(I);
    llvm::StringRef Alone[] = {Word, ""};
    if (std::optional<nvcc::FlagMatch> M = nvcc::matchFlag(Alone, 0);
        M && (!M->Row->namesProcessors() || M->Value->empty() ||
              namesNvidiaProcessors(*M->Value)))
      leave(Tokens[I].Begin,
            "nvcc's '" + Word +
                "' is no whole element of a list hipify follows into a "
                "CUDAExtension's extra_compile_args (a flag computed, or "
                "in a list no extension uses); translate it by hand "
                "(docs/hipify-clang.md lists what each nvcc flag becomes)");
  }
}

void SetupPyMigrator::renameSources(size_t Begin, size_t End,
                                    std::set<std::string> &Seen) {
  for (auto [B, E] : split(Begin, End, "+")) {
    if (isOp(B, "[") && closing(B) + 1 == E) {
      for (auto [First, Last] : split(B + 1, E - 1, ","))
        renameSources(First, Last, Seen);
      continue;
    }
    if (E == B + 1 && Tokens[B].Kind == TokenKind::String &&
        !Tokens[B].Formatted) {
      std::optional<std::string> Output = OutputName(content(B));
      if (Output && *Output != content(B))
        replace(Tokens[B].ContentBegin, Tokens[B].ContentEnd, *Output);
      continue;
    }
    // A variable holding the list: its definitions, once.
    if (E == B + 1 && Tokens[B].Kind == TokenKind::Name &&
        Seen.insert(tokenText(B).str()).second)
      for (const Definition &D : Definitions[tokenText(B).str()])
        renameSources(D.Begin, D.End, Seen);
  }
}

void SetupPyMigrator::migrate() {
  PythonLexer(Text).lex(Tokens, Lines);
  findDefinitions();
  // The extensions' flags.
  for (size_t I = 0; I + 1 < Tokens.size(); ++I) {
    if (Tokens[I].Kind != TokenKind::Name || !isOp(I + 1, "(") ||
        !llvm::is_contained(ExtensionCalls, tokenText(I)))
      continue;
    size_t Close = closing(I + 1);
    std::vector<std::pair<size_t, size_t>> Arguments = split(I + 2, Close, ",");
    for (size_t A = 0; A < Arguments.size(); ++A) {
      auto [Begin, End] = Arguments[A];
      bool Keyword = End > Begin + 2 && Tokens[Begin].Kind == TokenKind::Name &&
                     isOp(Begin + 1, "=");
      if (Keyword && isName(Begin, "extra_compile_args"))
        collect(Begin + 2, End, FlagsFor::Arguments, nullptr);
      // CUDAExtension(name, sources, ...)
      std::set<std::string> Seen;
      if (OutputName && Keyword && isName(Begin, "sources"))
        renameSources(Begin + 2, End, Seen);
      else if (OutputName && !Keyword && A == 1)
        renameSources(Begin, End, Seen);
    }
  }
  // Each variable reached is one list: its definitions' words in order.
  // Following one may reach others, whose lists are made in turn.
  std::set<std::string> Done;
  for (bool More = true; More;) {
    More = false;
    for (auto [Key, For] : std::map<std::string, FlagsFor>(Variables)) {
      if (!Done.insert(Key).second)
        continue;
      More = true;
      std::vector<FlagWord> Words;
      for (const Definition &D : Definitions[Key]) {
        if (D.How == Definition::Append) {
          FlagWord W;
          const LogicalLine &Line = Lines[D.Line];
          W.Indent = Line.Indent;
          W.StatementLine = D.Line;
          W.AppendName = D.AppendName;
          if (Tokens[Lines[D.Line].FirstToken].Begin ==
              Line.Begin + Line.Indent)
            W.Removal = {Line.Begin, Line.End};
          if (D.End == D.Begin + 1 && Tokens[D.Begin].Kind == TokenKind::String)
            addWord(D.Begin, D.End, W, Words);
          else {
            collect(D.Begin, D.End, For, nullptr);
            W.Removal.reset();
            addWord(D.Begin, D.End, W, Words);
          }
          continue;
        }
        collect(D.Begin, D.End, For, &Words);
      }
      if (For == FlagsFor::Arguments)
        For = FlagsFor::Nvcc; // A plain list: both compilers.
      Lists.push_back({std::move(Words), For});
    }
  }
  for (auto &[Words, For] : Lists)
    migrateWords(Words, For == FlagsFor::Arguments ? FlagsFor::Nvcc : For);
  applyRemovals();
  reportNames();
  reportUnreachedFlags();
}

} // namespace

void buildfile::migrateSetupPy(FileTranslation &FT, const NamePolicy &Policy,
                               const OutputNameLookup &OutputName) {
  SetupPyMigrator(FT, Policy, OutputName).migrate();
}

bool hipkit::hipify::usesTorchCppExtension(llvm::StringRef Text) {
  // Tokens, so that a comment or a string naming the module is not its use:
  // `torch.utils.cpp_extension` or `from torch.utils import cpp_extension`.
  std::vector<Token> Tokens;
  std::vector<LogicalLine> Lines;
  PythonLexer(Text).lex(Tokens, Lines);
  auto is = [&](size_t I, llvm::StringRef Spelling) {
    return I < Tokens.size() && Tokens[I].Kind != TokenKind::String &&
           Text.slice(Tokens[I].Begin, Tokens[I].End) == Spelling;
  };
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (!is(I, "cpp_extension"))
      continue;
    if (I >= 4 && is(I - 1, ".") && is(I - 2, "utils") && is(I - 3, ".") &&
        is(I - 4, "torch"))
      return true;
    const LogicalLine &Line = Lines[Tokens[I].Line];
    size_t F = Line.FirstToken;
    if (is(F, "from") && is(F + 1, "torch") && is(F + 2, ".") &&
        is(F + 3, "utils") && is(F + 4, "import"))
      return true;
  }
  return false;
}
