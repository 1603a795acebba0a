//===- BuildFileMigration.cpp - Build files to HIP ------------------------===//
//
// CMake files are read by a small lexer of CMake's own grammar (command
// invocations, quoted, bracket and unquoted arguments, line and bracket
// comments), so a CUDA word in a comment or a string of another command is
// never taken for a name. Makefiles are read as logical lines (backslash
// continuations joined): variable assignments, recipe lines and the arguments
// of ifeq/ifneq (where Makefiles look for nvcc) are the places nvcc, its flags
// and -l libraries are spelled. The rows of
// BuildFileMappings.def say what each spelling becomes, those of common's
// NvccFlags.def what each nvcc flag does. setup.py has its own reader
// (SetupPyMigration.cpp) over the same flag decisions (decideNvccFlag,
// decideMacroFlag: BuildFileEdits.cpp).
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"
#include "BuildFileEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <set>

using namespace hipkit::hipify;
using namespace hipkit::hipify::buildfile;
namespace nvcc = hipkit::nvcc;

namespace {

struct CMakeNameRow {
  llvm::StringLiteral Cuda, Hip, Why;
};
const CMakeNameRow CMakeNames[] = {
#define CMAKE_NAME(Cuda, Hip, Why) {Cuda, Hip, Why},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

struct CMakeTargetRow {
  llvm::StringLiteral Cuda, Package, Target, RocPackage, RocTarget;
};
const CMakeTargetRow CMakeTargets[] = {
#define CMAKE_TARGET(Cuda, Package, Target, RocPackage, RocTarget)             \
  {Cuda, Package, Target, RocPackage, RocTarget},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

struct CMakeLegacyRow {
  llvm::StringLiteral Command, Why;
};
const CMakeLegacyRow CMakeLegacy[] = {
#define CMAKE_LEGACY(Command, Why) {Command, Why},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

struct LinkLibraryRow {
  llvm::StringLiteral Cuda, Hip, Roc;
};
const LinkLibraryRow LinkLibraries[] = {
#define LINK_LIBRARY(Cuda, Hip, Roc) {Cuda, Hip, Roc},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

struct NvidiaLibraryRow {
  llvm::StringLiteral Cuda, Why;
};
const NvidiaLibraryRow NvidiaLibraries[] = {
#define NVIDIA_LIBRARY(Cuda, Why) {Cuda, Why},
#include "hipkit/hipify/BuildFiles/BuildFileMappings.def"
};

using hipkit::nvcc::FlagMatch;
using hipkit::nvcc::FlagRow;

/// CMake commands whose arguments list source files, and the first one that
/// may be a source (after the target or variable, or list's APPEND and
/// variable).
struct SourceListCommand {
  llvm::StringLiteral Name, SubCommand;
  size_t First;
};
const SourceListCommand SourceListCommands[] = {{"add_executable", "", 1},
                                                {"add_library", "", 1},
                                                {"target_sources", "", 1},
                                                {"set", "", 1},
                                                {"list", "APPEND", 2}};

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Whether the Makefile word \p W runs the tool \p Tool: its name, or a path
/// to it (`$(CUDA_HOME)/bin/nvcc`, `/usr/local/cuda/bin/nvcc`).
bool namesTool(llvm::StringRef W, llvm::StringRef Tool) {
  return W == Tool || (W.ends_with(Tool) && W.drop_back(Tool.size())
                                                .ends_with("/"));
}

/// What the word scanner found: [Begin, End) of the file.
struct Word {
  unsigned Begin, End;
};

/// The words of \p Text (offsets from \p Base): separated by blanks, and by
/// `;` in CMake lists. `$(...)`, `${...}` and CMake's `$<...>` (make's `$<` is
/// a variable) hold together, and a closing bracket the word did not open
/// ends it (the `)` closing a make function around the word).
std::vector<Word> splitWords(llvm::StringRef Text, unsigned Base, bool CMake) {
  bool SemicolonSeparates = CMake;
  std::vector<Word> Words;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (llvm::isSpace(C) || (SemicolonSeparates && C == ';')) {
      ++I;
      continue;
    }
    size_t Start = I;
    llvm::SmallVector<char, 4> Open;
    while (I < Text.size()) {
      C = Text[I];
      if (Open.empty() &&
          (llvm::isSpace(C) || (SemicolonSeparates && C == ';')))
        break;
      // A shell word: -Xcompiler "-fPIC -Wall" passes one value.
      if (!CMake && (C == '"' || C == '\'')) {
        size_t Close = Text.find(C, I + 1);
        I = Close == llvm::StringRef::npos ? Text.size() : Close + 1;
        continue;
      }
      if (C == '$' && I + 1 < Text.size() &&
          (Text[I + 1] == '(' || Text[I + 1] == '{' ||
           (CMake && Text[I + 1] == '<'))) {
        Open.push_back(Text[I + 1] == '('   ? ')'
                       : Text[I + 1] == '{' ? '}'
                                            : '>');
        I += 2;
        continue;
      }
      if (C == ')' || C == '}' || C == '>') {
        if (!Open.empty() && Open.back() == C) {
          Open.pop_back();
        } else if (C != '>') {
          break;
        }
      }
      ++I;
    }
    if (I > Start)
      Words.push_back({Base + unsigned(Start), Base + unsigned(I)});
    if (I == Start)
      ++I;
  }
  return Words;
}

/// Whether \p Name is in \p Text as a whole name (CUDA::cublas, not inside
/// CUDA::cublasLt).
bool containsName(llvm::StringRef Text, llvm::StringRef Name) {
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + 1)) {
    size_t End = At + Name.size();
    if ((At == 0 || !isWordChar(Text[At - 1])) &&
        (End == Text.size() || !isWordChar(Text[End])))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Make functions
//===----------------------------------------------------------------------===//

/// GNU make's functions whose arguments make passes on as text (after
/// expanding them), so an nvcc flag in one is a flag of the command line,
/// translated where it is. Arity is how many arguments the function takes:
/// the last one takes the rest, commas and all (foreach's body
/// `-gencode arch=compute_$(sm),code=sm_$(sm)`); 0: every comma separates.
/// Other functions (patsubst, addprefix, subst, ...) cut and join text, so a
/// flag in them may be a piece of one: left with a warning.
struct PassThroughFunction {
  llvm::StringLiteral Name;
  unsigned Arity;
};
const PassThroughFunction PassThroughFunctions[] = {
    {"foreach", 3}, {"if", 3},   {"or", 0},    {"and", 0},  {"strip", 1},
    {"sort", 1},    {"eval", 1}, {"shell", 1}, {"call", 0}, {"let", 3}};

/// A make function call `$(name arguments)` (or `${...}`) in the file.
struct MakeCall {
  llvm::StringRef Name;
  unsigned Begin, End; ///< The call, `$(` to `)`.
  std::vector<Word> Arguments;
};

/// The function call starting at \p Begin of \p Text (a file) and closed
/// before \p Limit, or nullopt for a variable reference (`$(NVCC)`, no blank
/// after the name) or an unclosed call.
std::optional<MakeCall> parseMakeCall(llvm::StringRef Text, unsigned Begin,
                                      unsigned Limit) {
  Text = Text.take_front(Limit);
  if (Begin + 2 > Text.size() || Text[Begin] != '$' ||
      (Text[Begin + 1] != '(' && Text[Begin + 1] != '{'))
    return std::nullopt;
  char Open = Text[Begin + 1], Close = Open == '(' ? ')' : '}';
  size_t I = Begin + 2;
  while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '-'))
    ++I;
  if (I == Begin + 2 || I >= Text.size() || (Text[I] != ' ' && Text[I] != '\t'))
    return std::nullopt;
  MakeCall Call;
  Call.Name = Text.slice(Begin + 2, I);
  Call.Begin = Begin;
  while (I < Text.size() && (Text[I] == ' ' || Text[I] == '\t'))
    ++I;
  unsigned Arity = 0;
  for (const PassThroughFunction &F : PassThroughFunctions)
    if (F.Name == Call.Name)
      Arity = F.Arity;
  // make matches the call's own kind of bracket, nested ones counted.
  unsigned Depth = 0;
  size_t ArgumentBegin = I;
  for (; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == Open) {
      ++Depth;
    } else if (C == Close) {
      if (Depth == 0)
        break;
      --Depth;
    } else if (C == ',' && Depth == 0 &&
               (Arity == 0 || Call.Arguments.size() + 1 < Arity)) {
      Call.Arguments.push_back({unsigned(ArgumentBegin), unsigned(I)});
      ArgumentBegin = I + 1;
    }
  }
  if (I >= Text.size())
    return std::nullopt;
  Call.Arguments.push_back({unsigned(ArgumentBegin), unsigned(I)});
  Call.End = I + 1;
  return Call;
}

/// The first nvcc spelling in \p Text, taken apart at blanks, commas and
/// brackets (the pieces of a function's arguments): nvcc, one of its flags,
/// a CUDA library; empty if none.
llvm::StringRef firstNvccSpelling(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 16> Pieces;
  llvm::SplitString(Text, Pieces, " \t,(){}");
  for (llvm::StringRef P : Pieces) {
    if (namesTool(P, "nvcc"))
      return P;
    // A separate flag's value may be in the next piece.
    llvm::StringRef Alone[] = {P, ""};
    if (hipkit::nvcc::matchFlag(Alone, 0))
      return P;
    for (const LinkLibraryRow &R : LinkLibraries)
      if (P.starts_with("-l") && P.drop_front(2) == R.Cuda)
        return P;
    for (const NvidiaLibraryRow &R : NvidiaLibraries)
      if (P.starts_with("-l") && P.drop_front(2) == R.Cuda)
        return P;
  }
  return "";
}

//===----------------------------------------------------------------------===//
// CMake's grammar
//===----------------------------------------------------------------------===//

struct CMakeArgument {
  unsigned Begin, End;               ///< The whole argument, quotes included.
  unsigned ContentBegin, ContentEnd; ///< Inside the quotes or brackets.
  bool Unquoted;
};

struct CMakeCommand {
  llvm::StringRef Name;
  unsigned NameOffset;
  unsigned LineStart; ///< The start of the line the command begins on.
  unsigned Close;     ///< The offset of the closing parenthesis.
  std::vector<CMakeArgument> Arguments;
};

/// The length of the bracket opening `[==[` at \p I (0 if none), and its
/// count of `=` in \p Level.
size_t bracketOpen(llvm::StringRef Text, size_t I, size_t &Level) {
  if (I >= Text.size() || Text[I] != '[')
    return 0;
  size_t J = I + 1;
  while (J < Text.size() && Text[J] == '=')
    ++J;
  if (J >= Text.size() || Text[J] != '[')
    return 0;
  Level = J - I - 1;
  return J + 1 - I;
}

/// The offset after the bracket closing `]==]` of \p Level from \p I.
size_t bracketEnd(llvm::StringRef Text, size_t I, size_t Level) {
  std::string Close = "]" + std::string(Level, '=') + "]";
  size_t At = Text.find(Close, I);
  return At == llvm::StringRef::npos ? Text.size() : At + Close.size();
}

/// Skips a comment at \p I (a `#` line comment or a `#[[ ]]` bracket one).
size_t skipComment(llvm::StringRef Text, size_t I) {
  size_t Level = 0;
  if (size_t Open = bracketOpen(Text, I + 1, Level))
    return bracketEnd(Text, I + 1 + Open, Level);
  size_t End = Text.find('\n', I);
  return End == llvm::StringRef::npos ? Text.size() : End;
}

std::vector<CMakeCommand> lexCMake(llvm::StringRef Text) {
  std::vector<CMakeCommand> Commands;
  size_t I = 0, LineStart = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '\n') {
      LineStart = ++I;
      continue;
    }
    if (llvm::isSpace(C)) {
      ++I;
      continue;
    }
    if (C == '#') {
      I = skipComment(Text, I);
      continue;
    }
    if (!(llvm::isAlpha(C) || C == '_')) {
      ++I; // Not CMake; the rest of the line is looked at anyway.
      continue;
    }
    CMakeCommand Command;
    Command.NameOffset = I;
    Command.LineStart = LineStart;
    while (I < Text.size() && isWordChar(Text[I]))
      ++I;
    Command.Name = Text.slice(Command.NameOffset, I);
    while (I < Text.size() && (Text[I] == ' ' || Text[I] == '\t'))
      ++I;
    if (I >= Text.size() || Text[I] != '(')
      continue;
    ++I;
    unsigned Depth = 1;
    while (I < Text.size() && Depth) {
      C = Text[I];
      if (C == '\n' || llvm::isSpace(C)) {
        ++I;
        continue;
      }
      if (C == '#') {
        I = skipComment(Text, I);
        continue;
      }
      if (C == '(') {
        ++Depth;
        ++I;
        continue;
      }
      if (C == ')') {
        if (--Depth == 0)
          Command.Close = I;
        ++I;
        continue;
      }
      size_t Level = 0;
      if (C == '"') {
        size_t J = I + 1;
        while (J < Text.size() && Text[J] != '"')
          J += Text[J] == '\\' ? 2 : 1;
        J = std::min(J, Text.size());
        Command.Arguments.push_back({unsigned(I),
                                     unsigned(std::min(J + 1, Text.size())),
                                     unsigned(I + 1), unsigned(J), false});
        I = J + 1;
      } else if (size_t Open = bracketOpen(Text, I, Level)) {
        size_t End = bracketEnd(Text, I + Open, Level);
        Command.Arguments.push_back({unsigned(I), unsigned(End),
                                     unsigned(I + Open), unsigned(End - Open),
                                     false});
        I = End;
      } else {
        size_t J = I;
        while (J < Text.size()) {
          char D = Text[J];
          if (llvm::isSpace(D) || D == '(' || D == ')' || D == '#' || D == '"')
            break;
          J += D == '\\' ? 2 : 1;
        }
        J = std::min(J, Text.size());
        Command.Arguments.push_back(
            {unsigned(I), unsigned(J), unsigned(I), unsigned(J), true});
        I = J;
      }
    }
    if (Depth == 0)
      Commands.push_back(std::move(Command));
  }
  return Commands;
}

//===----------------------------------------------------------------------===//
// The migration
//===----------------------------------------------------------------------===//

/// The API a CMake file's or a Makefile's edits are counted under.
llvm::StringRef apiOf(BuildFileKind Kind) {
  return Kind == BuildFileKind::CMake ? "cmake" : "make";
}

class BuildFileMigrator : public Editor {
public:
  BuildFileMigrator(FileTranslation &FT, BuildFileKind Kind,
                    const NamePolicy &Policy)
      : Editor(FT, apiOf(Kind)), Kind(Kind), Policy(Policy),
        Roc(Policy.options().Roc) {}

  void migrateCMake();
  void migrateMakefile();
  /// A Makefile variable whose value is a CUDA library's name alone, linked
  /// as -l$(NAME): the name becomes the HIP library's. True when it did.
  bool migrateLibraryNameVariable(llvm::StringRef Target, unsigned ValueBegin,
                                  unsigned ValueEnd);
  /// variablesLinkedByName of the Makefile.
  llvm::StringSet<> LinkedByName;

private:
  /// Removes [Begin, End) with the blanks before it or, when it is the first
  /// word left of the text from \p RangeBegin (the words before it removed
  /// too), the blanks after it.
  void remove(unsigned Begin, unsigned End, unsigned RangeBegin) {
    unsigned Floor = std::max(RangeBegin, RemovedUpTo);
    unsigned From = Begin;
    while (From > Floor && (Text[From - 1] == ' ' || Text[From - 1] == '\t'))
      --From;
    unsigned To = End;
    if (From == Floor) {
      From = Begin;
      while (To < Text.size() && (Text[To] == ' ' || Text[To] == '\t'))
        ++To;
    }
    replace(From, To, "");
    RemovedUpTo = To;
  }
  llvm::StringRef indentation(unsigned LineStart) const {
    unsigned I = LineStart;
    while (I < Text.size() && (Text[I] == ' ' || Text[I] == '\t'))
      ++I;
    return text(LineStart, I);
  }

  /// Maps the nvcc flags among the words of [Begin, End); true when every
  /// word there was removed.
  bool migrateFlags(unsigned Begin, unsigned End);
  /// Makefiles: nvcc named as the compiler (word \p I of \p Words) becomes
  /// hipcc.
  void migrateNvccCommand(const std::vector<Word> &Words, size_t I);
  /// A -l flag naming a CUDA library: renamed to the HIP (or ROCm) library,
  /// or removed (counted in \p Removed) where AMD has none. False for any
  /// other word.
  bool migrateLibraryFlag(const Word &Flag, unsigned RangeBegin,
                          size_t &Removed);
  /// Makefiles: a -I or -L into the CUDA installation points into HIP's.
  /// False for any other word.
  bool migrateCudaFolderFlag(const Word &Flag);
  /// Records what \p Outcome says to do with the flag spanning
  /// [SpanBegin, SpanEnd); true when it was removed.
  bool applyFlagOutcome(const FlagOutcome &Outcome, unsigned SpanBegin,
                        unsigned SpanEnd, unsigned RangeBegin);
  /// The nvcc flag at word \p I of \p Words, and where it ends.
  std::optional<FlagMatch> matchFlag(const std::vector<Word> &Words, size_t I,
                                     unsigned &SpanEnd) const;
  /// Whether the words of [Begin, End) are NVIDIA processor flags and
  /// nothing else (a foreach body making -gencode per number).
  bool onlyProcessorFlags(unsigned Begin, unsigned End) const;
  /// A Makefile's function call at \p W (from \p RangeBegin's range): nvcc
  /// flags in the arguments of one that passes text on are translated, a
  /// foreach making only processor flags becomes the one processor flag, and
  /// one that computes nvcc flags otherwise is left with a warning.
  void migrateMakeCall(const Word &W, unsigned RangeBegin);
  /// The processor flag of a Makefile, written once per logical line.
  std::string makeProcessorFlag(unsigned LineBegin);
  /// Makefiles: the arguments of an `ifeq`/`ifneq` line (`else ifeq` too),
  /// where Makefiles test for nvcc (`ifeq ($(shell which nvcc),)`) and
  /// compare against its name; false for any other line.
  bool migrateConditional(unsigned LineBegin, llvm::StringRef Line);
  /// Makefiles: the word \p I of \p Words runs a tool of NVIDIA's that AMD
  /// machines lack (nvidia-smi): left, with what to use instead.
  void leaveNvidiaTool(const std::vector<Word> &Words, size_t I);
  /// The 1-based line of \p Offset, for messages pointing at another place.
  unsigned lineOf(unsigned Offset) const {
    return 1 + Text.take_front(Offset).count('\n');
  }

  // CMake
  /// Renames the CMake names of the table in \p A, an argument of a command
  /// \p InCondition says is if() or elseif().
  void renameWords(const CMakeArgument &A, bool InCondition);
  void migrateArchitectures(const CMakeCommand &C, size_t First, size_t Last,
                            bool AsTargetProperty);
  void markCudaSources(const CMakeCommand &C, size_t First);
  void markGlobbedSources(const CMakeCommand &C);
  /// The ROCm packages the file's CUDA:: targets need (Packages), and their
  /// find_package before the first use where the file finds no CUDAToolkit.
  void findTargetPackages(const std::vector<CMakeCommand> &Commands);
  /// find_package of hip and of Packages, one a line, each with \p Mode
  /// (" REQUIRED").
  std::string findPackages(llvm::StringRef Indent, llvm::StringRef Mode) const;
  /// Fills MarkedLanguage from the file's set_source_files_properties.
  void collectMarkedLanguage(const std::vector<CMakeCommand> &Commands);
  /// The text of \p C's argument \p I; empty past the last.
  llvm::StringRef argument(const CMakeCommand &C, size_t I) const;
  void migrateCMakeCommand(const CMakeCommand &C);
  /// The CUDA language in \p C's arguments, and the names of the table.
  void migrateCMakeWords(const CMakeCommand &C, llvm::StringRef Name);
  /// Processors: set(CMAKE_CUDA_ARCHITECTURES ...) and the target property.
  void migrateCMakeArchitectures(const CMakeCommand &C, llvm::StringRef Name);
  /// Flags: set(CMAKE_CUDA_FLAGS ...), string(APPEND CMAKE_CUDA_FLAGS ...).
  void migrateCMakeFlagsVariable(const CMakeCommand &C, llvm::StringRef Name);
  /// The flags of a target's options guarded by $<COMPILE_LANGUAGE:CUDA>.
  void migrateGuardedOptions(const CMakeArgument &A);
  const CMakeTargetRow *findTarget(llvm::StringRef Name) const {
    for (const CMakeTargetRow &R : CMakeTargets)
      if (R.Cuda == Name)
        return &R;
    return nullptr;
  }

  BuildFileKind Kind;
  const NamePolicy &Policy;
  bool Roc;
  /// Makefiles: the logical lines given a processor flag, and where the
  /// HIP_ARCH default goes (the first line that is not a comment).
  std::set<unsigned> ProcessorFlagLines;
  bool NeedsProcessorVariable = false;
  unsigned CurrentLine = 0;
  /// The NVIDIA libraries (NVIDIA_LIBRARY rows) already warned about in this
  /// file, and where: a later -l of one is removed with a note.
  llvm::StringMap<unsigned> WarnedLibraries;
  /// The end of the last removal: the next one stops there.
  unsigned RemovedUpTo = 0;
  /// What separates the words a flag becomes: a blank in a command line or a
  /// flags string, `;` in a CMake list (a target's options).
  llvm::StringRef WordSeparator = " ";
  /// CMake: the sources the file gives a LANGUAGE itself
  /// (set_source_files_properties(kernel.cu PROPERTIES LANGUAGE CUDA)), which
  /// the migration makes HIP where they are.
  std::set<std::string> MarkedLanguage;
  /// CMake: the ROCm packages the file's CUDA:: targets need, in table
  /// order, hip first.
  llvm::SmallVector<llvm::StringRef, 4> Packages;
};

bool BuildFileMigrator::migrateFlags(unsigned Begin, unsigned End) {
  std::vector<Word> Words =
      splitWords(text(Begin, End), Begin, Kind == BuildFileKind::CMake);
  size_t Removed = 0;
  for (size_t I = 0; I < Words.size(); ++I) {
    llvm::StringRef W = text(Words[I].Begin, Words[I].End);
    if (Kind == BuildFileKind::Makefile && namesTool(W, "nvcc")) {
      migrateNvccCommand(Words, I);
      continue;
    }
    if (Kind == BuildFileKind::Makefile && namesTool(W, "nvidia-smi")) {
      leaveNvidiaTool(Words, I);
      continue;
    }
    if (migrateLibraryFlag(Words[I], Begin, Removed) ||
        (Kind == BuildFileKind::Makefile && migrateCudaFolderFlag(Words[I])))
      continue;
    unsigned SpanBegin = Words[I].Begin, SpanEnd = Words[I].End;
    std::optional<FlagMatch> M = matchFlag(Words, I, SpanEnd);
    // A generator expression inside a flag computes it: CMake's to evaluate,
    // and its own words are renamed where they are.
    if (Kind == BuildFileKind::CMake && text(SpanBegin, SpanEnd).contains("$<"))
      continue;
    std::optional<FlagOutcome> Outcome;
    if (M)
      Outcome = decideNvccFlag(*M, text(SpanBegin, SpanEnd));
    else
      Outcome = decideMacroFlag(W, FT, Policy);
    if (!Outcome) {
      if (Kind == BuildFileKind::Makefile)
        migrateMakeCall(Words[I], Begin);
      continue;
    }
    size_t SpanWords = 1 + (M ? M->Consumed : 0);
    if (applyFlagOutcome(*Outcome, SpanBegin, SpanEnd, Begin))
      Removed += SpanWords;
    I += SpanWords - 1;
  }
  return !Words.empty() && Removed == Words.size();
}

void BuildFileMigrator::migrateNvccCommand(const std::vector<Word> &Words,
                                           size_t I) {
  replace(Words[I].Begin, Words[I].End, "hipcc");
  // A version probe that reads nvcc's release line reads nothing.
  if (I + 1 < Words.size()) {
    llvm::StringRef Next = text(Words[I + 1].Begin, Words[I + 1].End);
    if (Next == "--version" || Next == "-V")
      note(Words[I].Begin,
           "'hipcc " + Next +
               "' prints HIP's and clang's versions ('HIP version: "
               "6.4...'), not nvcc's 'release 12.4' line: check what "
               "this command reads from it");
  }
}

bool BuildFileMigrator::migrateLibraryFlag(const Word &Flag,
                                           unsigned RangeBegin,
                                           size_t &Removed) {
  llvm::StringRef W = text(Flag.Begin, Flag.End);
  if (!W.starts_with("-l"))
    return false;
  llvm::StringRef Library = W.drop_front(2);
  if (const NvidiaLibraryRow *R = llvm::find_if(
          NvidiaLibraries,
          [&](const NvidiaLibraryRow &R) { return Library == R.Cuda; });
      R != std::end(NvidiaLibraries)) {
    remove(Flag.Begin, Flag.End, RangeBegin);
    ++Removed;
    auto [First, New] = WarnedLibraries.try_emplace(R->Cuda, lineOf(Flag.Begin));
    if (New)
      leave(Flag.Begin, "removed '" + W + "': " + R->Why);
    else
      note(Flag.Begin, "removed '" + W + "', as at line " +
                           llvm::Twine(First->second));
    return true;
  }
  if (const LinkLibraryRow *R = llvm::find_if(
          LinkLibraries,
          [&](const LinkLibraryRow &R) { return Library == R.Cuda; });
      R != std::end(LinkLibraries)) {
    llvm::StringRef Name = Roc ? R->Roc : R->Hip;
    if (Name.empty()) {
      remove(Flag.Begin, Flag.End, RangeBegin);
      ++Removed;
    } else
      replace(Flag.Begin, Flag.End, ("-l" + Name).str());
    return true;
  }
  return false;
}

bool BuildFileMigrator::migrateCudaFolderFlag(const Word &Flag) {
  llvm::StringRef W = text(Flag.Begin, Flag.End);
  // A host compiler (g++ compiling a translated .cpp, linking the driver
  // API) needs what hipcc adds itself: HIP's headers with the platform
  // macro, and its library folder. For hipcc they are redundant.
  if (!(W.starts_with("-I") || W.starts_with("-L")) ||
      W.lower().find("cuda") == std::string::npos)
    return false;
  bool Include = W.starts_with("-I");
  replace(Flag.Begin, Flag.End,
          Include ? "-D__HIP_PLATFORM_AMD__ -I$(shell hipconfig --path)/include"
                  : "-L$(shell hipconfig --path)/lib");
  note(Flag.Begin,
       "'" + W + "' pointed into the CUDA installation; it now points "
                 "into HIP's (hipconfig --path), which a host compiler "
                 "needs for HIP's " +
           (Include ? "headers" : "libamdhip64") +
           " and hipcc finds itself");
  return true;
}

bool BuildFileMigrator::applyFlagOutcome(const FlagOutcome &Outcome,
                                         unsigned SpanBegin, unsigned SpanEnd,
                                         unsigned RangeBegin) {
  using Action = FlagOutcome::Action;
  switch (Outcome.What) {
  case Action::Keep:
    return false;
  case Action::Leave:
    leave(SpanBegin, Outcome.Message);
    return false;
  case Action::Remove:
    remove(SpanBegin, SpanEnd, RangeBegin);
    if (!Outcome.Message.empty())
      note(SpanBegin, Outcome.Message);
    return true;
  case Action::Replace:
    replace(SpanBegin, SpanEnd, llvm::join(Outcome.Words, WordSeparator));
    return false;
  case Action::Processor:
    if (Kind == BuildFileKind::CMake) {
      remove(SpanBegin, SpanEnd, RangeBegin);
      note(SpanBegin, "removed nvcc's '" + text(SpanBegin, SpanEnd) +
                          "': CMAKE_HIP_ARCHITECTURES (or the target's "
                          "HIP_ARCHITECTURES) chooses the AMD processors");
      return true;
    }
    std::string Flag = makeProcessorFlag(CurrentLine);
    if (Flag.empty())
      remove(SpanBegin, SpanEnd, RangeBegin);
    else
      replace(SpanBegin, SpanEnd, Flag);
    return false;
  }
  llvm_unreachable("every flag outcome is handled");
}

std::optional<FlagMatch>
BuildFileMigrator::matchFlag(const std::vector<Word> &Words, size_t I,
                             unsigned &SpanEnd) const {
  std::vector<llvm::StringRef> Texts;
  for (size_t J = I; J < Words.size() && J < I + 2; ++J)
    Texts.push_back(text(Words[J].Begin, Words[J].End));
  std::optional<FlagMatch> M = nvcc::matchFlag(Texts, 0);
  if (M)
    SpanEnd = Words[I + M->Consumed].End;
  return M;
}

bool BuildFileMigrator::onlyProcessorFlags(unsigned Begin, unsigned End) const {
  std::vector<Word> Words = splitWords(text(Begin, End), Begin, false);
  for (size_t I = 0; I < Words.size(); ++I) {
    unsigned SpanEnd;
    std::optional<FlagMatch> M = matchFlag(Words, I, SpanEnd);
    if (!M || !M->Row->namesProcessors() || !namesNvidiaProcessors(*M->Value))
      return false;
    I += M->Consumed;
  }
  return !Words.empty();
}

void BuildFileMigrator::migrateMakeCall(const Word &W, unsigned RangeBegin) {
  std::optional<MakeCall> Call = parseMakeCall(Text, W.Begin, W.End);
  if (!Call)
    return; // A variable reference: its value is translated where it is set.
  const PassThroughFunction *F =
      llvm::find_if(PassThroughFunctions, [&](const PassThroughFunction &F) {
        return F.Name == Call->Name;
      });
  // Messages to the user, not flags: nvcc in them is a word of a sentence.
  if (Call->Name == "info" || Call->Name == "warning" || Call->Name == "error")
    return;
  if (F == std::end(PassThroughFunctions)) {
    llvm::StringRef Spelling = firstNvccSpelling(text(Call->Begin, Call->End));
    if (!Spelling.empty())
      leave(Call->Begin,
            "'" + text(Call->Begin, Call->End) + "' computes nvcc flags ('" +
                Spelling + "') with $(" + Call->Name +
                " ...), which hipify does not rewrite; write the HIP flags "
                "here (--offload-arch=$(HIP_ARCH) for NVIDIA processors)");
    return;
  }
  // $(foreach sm,$(SMS),-gencode arch=compute_$(sm),code=sm_$(sm)): one
  // flag per NVIDIA number, where HIP has one AMD processor list.
  if (Call->Name == "foreach" && Call->Arguments.size() == 3 &&
      onlyProcessorFlags(Call->Arguments[2].Begin, Call->Arguments[2].End)) {
    std::string Flag = makeProcessorFlag(CurrentLine);
    if (Flag.empty())
      remove(Call->Begin, Call->End, RangeBegin);
    else
      replace(Call->Begin, Call->End, Flag);
    return;
  }
  for (const Word &Argument : Call->Arguments)
    migrateFlags(Argument.Begin, Argument.End);
}

std::string BuildFileMigrator::makeProcessorFlag(unsigned LineBegin) {
  if (!ProcessorFlagLines.insert(LineBegin).second)
    return "";
  NeedsProcessorVariable = true;
  return "--offload-arch=$(HIP_ARCH)";
}

void BuildFileMigrator::leaveNvidiaTool(const std::vector<Word> &Words,
                                        size_t I) {
  // AMD's tools take other options and print other text, so no command
  // line of nvidia-smi's has a rewrite; the processor query has a better
  // answer than a tool: hipcc's own choice of the machine's GPU.
  llvm::StringRef Next =
      I + 1 < Words.size() ? text(Words[I + 1].Begin, Words[I + 1].End) : "";
  if (Next.starts_with("--query-gpu=") && Next.contains("compute_cap")) {
    leave(Words[I].Begin,
          "'" + text(Words[I].Begin, Words[I].End) + " " +
              Next.take_until([](char C) { return C == ','; }) +
              "' reads an NVIDIA GPU's compute capability, which AMD GPUs "
              "lack: name the AMD processor to compile for instead "
              "(amdgpu-arch prints this machine's, e.g. gfx942; hipcc's "
              "--offload-arch=native compiles for it)");
    return;
  }
  leave(Words[I].Begin,
        "'" + text(Words[I].Begin, Words[I].End) +
            "' is NVIDIA's GPU tool, which AMD machines lack: use amd-smi or "
            "rocm-smi here (other options, other output), or amdgpu-arch for "
            "the GPU's processor (gfx942)");
}

bool BuildFileMigrator::migrateConditional(unsigned LineBegin,
                                           llvm::StringRef Line) {
  llvm::StringRef Rest = Line.ltrim();
  if (Rest.consume_front("else") && !Rest.empty() && !llvm::isSpace(Rest[0]))
    return false; // elsewhere = ...
  Rest = Rest.ltrim();
  if (!Rest.consume_front("ifeq") && !Rest.consume_front("ifneq"))
    return false;
  if (!Rest.empty() && !llvm::isSpace(Rest[0]) && Rest[0] != '(' &&
      Rest[0] != '"' && Rest[0] != '\'')
    return false; // ifeqx = ...
  Rest = Rest.ltrim();
  unsigned At = LineBegin + unsigned(Line.size() - Rest.size());
  std::vector<Word> Arguments;
  if (Rest.starts_with("(")) {
    // ifeq (a,b): make splits at the comma outside any reference.
    unsigned Depth = 0, ArgumentBegin = At + 1;
    for (size_t I = 1; I < Rest.size(); ++I) {
      char C = Rest[I];
      if (C == '(' || C == '{') {
        ++Depth;
      } else if ((C == ')' || C == '}') && Depth) {
        --Depth;
      } else if (C == ')') {
        Arguments.push_back({ArgumentBegin, At + unsigned(I)});
        break;
      } else if (C == ',' && !Depth) {
        Arguments.push_back({ArgumentBegin, At + unsigned(I)});
        ArgumentBegin = At + unsigned(I) + 1;
      }
    }
  } else {
    // ifeq "a" "b", or with single quotes: the text inside each pair.
    for (size_t I = 0; I < Rest.size(); ++I) {
      char Quote = Rest[I];
      if (Quote != '"' && Quote != '\'')
        continue;
      size_t Close = Rest.find(Quote, I + 1);
      if (Close == llvm::StringRef::npos)
        break;
      Arguments.push_back({At + unsigned(I) + 1, At + unsigned(Close)});
      I = Close;
    }
  }
  for (const Word &A : Arguments)
    migrateFlags(A.Begin, A.End);
  return true;
}

void BuildFileMigrator::renameWords(const CMakeArgument &A, bool InCondition) {
  // A bracket argument is literal text; a quoted one is text (a message)
  // with variable references and generator expressions in it, and only those
  // name things.
  if (Text[A.Begin] == '[')
    return;
  llvm::StringRef Content = text(A.ContentBegin, A.ContentEnd);
  llvm::SmallVector<char, 4> Open;
  size_t I = 0;
  while (I < Content.size()) {
    if (!isWordChar(Content[I])) {
      char C = Content[I];
      if (C == '$' && I + 1 < Content.size() &&
          (Content[I + 1] == '{' || Content[I + 1] == '<')) {
        Open.push_back(Content[I + 1] == '{' ? '}' : '>');
        ++I;
      } else if (!Open.empty() && C == Open.back()) {
        Open.pop_back();
      }
      ++I;
      continue;
    }
    size_t Start = I;
    while (I < Content.size() && isWordChar(Content[I]))
      ++I;
    if (!A.Unquoted && Open.empty())
      continue;
    llvm::StringRef W = Content.slice(Start, I);
    // Words inside a longer name (MY_CMAKE_CUDA_FLAGS) were skipped whole.
    unsigned At = A.ContentBegin + Start;
    if (W == "CUDA" && Content.substr(I).starts_with("::")) {
      size_t End = I + 2;
      while (End < Content.size() && isWordChar(Content[End]))
        ++End;
      llvm::StringRef Target = Content.slice(Start, End);
      if (const CMakeTargetRow *R = findTarget(Target))
        replace(At, A.ContentBegin + End, Roc ? R->RocTarget : R->Target);
      else
        leave(At, "'" + Target +
                      "' has no ROCm counterpart hipify knows; link the ROCm "
                      "library that replaces it, or remove it");
      I = End;
      continue;
    }
    if (W == "CUDA") {
      llvm::StringRef Before = Content.take_front(Start);
      if (Before.ends_with("COMPILE_LANGUAGE:"))
        replace(At, At + 4, "HIP");
      else if (Before.ends_with("COMPILE_LANG_AND_ID:"))
        leave(At, "a generator expression testing CUDA's compiler; HIP's is "
                  "Clang: rewrite it with $<COMPILE_LANGUAGE:HIP>");
      continue;
    }
    // check_language(CUDA) (now HIP) sets CMAKE_CUDA_COMPILER when a compiler
    // is found; testing it is testing for HIP. Setting it is not.
    if (InCondition && W == "CMAKE_CUDA_COMPILER") {
      replace(At, At + W.size(), "CMAKE_HIP_COMPILER");
      continue;
    }
    for (const CMakeNameRow &R : CMakeNames) {
      if (W != R.Cuda)
        continue;
      if (R.Hip.empty())
        leave(At, "'" + W + "' is left: " + R.Why);
      else if (R.Hip != R.Cuda)
        replace(At, At + W.size(), R.Hip);
      break;
    }
  }
}

void BuildFileMigrator::migrateArchitectures(const CMakeCommand &C,
                                             size_t First, size_t Last,
                                             bool AsTargetProperty) {
  if (First >= Last)
    return;
  const CMakeArgument &A = C.Arguments[First];
  const CMakeArgument &B = C.Arguments[Last - 1];
  std::string Values;
  bool Nvidia = true;
  for (size_t I = First; I < Last; ++I) {
    const CMakeArgument &V = C.Arguments[I];
    for (llvm::StringRef Item :
         llvm::split(text(V.ContentBegin, V.ContentEnd), ';')) {
      Item = Item.trim();
      if (Item.empty())
        continue;
      Values += (Values.empty() ? "" : " ") + Item.str();
      llvm::StringRef Number = Item;
      Number.consume_back("-real") || Number.consume_back("-virtual");
      Number.consume_back("a") || Number.consume_back("f");
      if (!llvm::all_of(Number, llvm::isDigit) && !namesNvidiaProcessors(Item))
        Nvidia = false;
    }
  }
  if (Values == "OFF" || Values.empty())
    return;
  if (!Nvidia || llvm::StringRef(Values).contains("${")) {
    leave(A.Begin, "processors '" + Values +
                       "' are left: HIP needs AMD processors (gfx942, "
                       "gfx90a, ...); set them here");
    return;
  }
  if (AsTargetProperty) {
    replace(A.Begin, B.End, "${CMAKE_HIP_ARCHITECTURES}");
    note(A.Begin, "NVIDIA processors '" + Values +
                      "' have no AMD counterpart: the target compiles for "
                      "CMAKE_HIP_ARCHITECTURES (-DCMAKE_HIP_ARCHITECTURES="
                      "gfx942;gfx90a, or the machine's GPU)");
  } else {
    replace(A.Begin, B.End, DefaultProcessor);
    note(A.Begin, "NVIDIA processors '" + Values +
                      "' have no AMD counterpart: gfx942, hipkit's default "
                      "processor; name the AMD processors to build for here");
  }
}

void BuildFileMigrator::markCudaSources(const CMakeCommand &C, size_t First) {
  std::string Names;
  for (size_t I = First; I < C.Arguments.size(); ++I) {
    const CMakeArgument &A = C.Arguments[I];
    llvm::StringRef Name = text(A.ContentBegin, A.ContentEnd);
    if (Name.ends_with(".cu") && !Name.contains("${") && !Name.contains("$<") &&
        !MarkedLanguage.count(Name.str()))
      Names += " " + text(A.Begin, A.End).str();
  }
  if (Names.empty())
    return;
  // CMake compiles .cu as CUDA: the HIP language takes them by property, in
  // the directory the target is created in (source properties are scoped so).
  std::string Line = FT.lineEnding().str() + indentation(C.LineStart).str() +
                     "set_source_files_properties(" + Names.substr(1) +
                     " PROPERTIES LANGUAGE HIP)";
  replace(C.Close + 1, C.Close + 1, Line);
}

void BuildFileMigrator::markGlobbedSources(const CMakeCommand &C) {
  // file(GLOB VAR [LIST_DIRECTORIES b] [RELATIVE path] [CONFIGURE_DEPENDS]
  // patterns...): the variable holds .cu files CMake would compile as CUDA.
  if (C.Arguments.size() < 3)
    return;
  unsigned CudaPatterns = 0, OtherPatterns = 0;
  for (size_t I = 2; I < C.Arguments.size(); ++I) {
    llvm::StringRef Word =
        text(C.Arguments[I].ContentBegin, C.Arguments[I].ContentEnd);
    if (Word == "LIST_DIRECTORIES" || Word == "RELATIVE") {
      ++I; // Its value.
      continue;
    }
    if (Word == "CONFIGURE_DEPENDS" || Word == "FOLLOW_SYMLINKS")
      continue;
    ++(Word.ends_with(".cu") ? CudaPatterns : OtherPatterns);
  }
  if (!CudaPatterns)
    return;
  const CMakeArgument &Var = C.Arguments[1];
  llvm::StringRef Name = text(Var.ContentBegin, Var.ContentEnd);
  if (OtherPatterns) {
    leave(Var.Begin, "'" + Name +
                         "' holds .cu files among others, which CMake "
                         "compiles as CUDA: mark them with "
                         "set_source_files_properties(... PROPERTIES "
                         "LANGUAGE HIP)");
    return;
  }
  replace(C.Close + 1, C.Close + 1,
          (FT.lineEnding() + indentation(C.LineStart) +
           "set_source_files_properties(${" + Name +
           "} PROPERTIES LANGUAGE HIP)")
              .str());
}

void BuildFileMigrator::migrateCMake() {
  std::vector<CMakeCommand> Commands = lexCMake(Text);
  findTargetPackages(Commands);
  collectMarkedLanguage(Commands);
  for (const CMakeCommand &C : Commands)
    migrateCMakeCommand(C);
}

void BuildFileMigrator::findTargetPackages(
    const std::vector<CMakeCommand> &Commands) {
  std::optional<unsigned> FirstTargetUse;
  bool HasToolkitPackage = false;
  for (const CMakeCommand &C : Commands) {
    if (C.Name.equals_insensitive("find_package") && !C.Arguments.empty() &&
        text(C.Arguments[0].ContentBegin, C.Arguments[0].ContentEnd) ==
            "CUDAToolkit")
      HasToolkitPackage = true;
    for (const CMakeArgument &A : C.Arguments)
      for (const CMakeTargetRow &R : CMakeTargets)
        if (containsName(text(A.ContentBegin, A.ContentEnd), R.Cuda)) {
          llvm::StringRef Package = Roc ? R.RocPackage : R.Package;
          if (!llvm::is_contained(Packages, Package))
            Packages.push_back(Package);
          if (!FirstTargetUse)
            FirstTargetUse = C.LineStart;
        }
  }
  llvm::stable_sort(Packages, [](llvm::StringRef A, llvm::StringRef B) {
    return (A == "hip") > (B == "hip");
  });
  if (!HasToolkitPackage && FirstTargetUse) {
    // The targets come from a find_package in a parent folder's file; its
    // migration finds hip, this one the packages its own targets need.
    llvm::StringRef Indent = indentation(*FirstTargetUse);
    replace(*FirstTargetUse, *FirstTargetUse,
            Indent.str() + findPackages(Indent, " REQUIRED") +
                FT.lineEnding().str());
  }
}

std::string BuildFileMigrator::findPackages(llvm::StringRef Indent,
                                            llvm::StringRef Mode) const {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 4> All(Packages);
  if (!llvm::is_contained(All, "hip"))
    All.insert(All.begin(), "hip");
  for (llvm::StringRef P : All)
    Out += (Out.empty() ? "" : FT.lineEnding().str() + Indent.str()) +
           "find_package(" + P.str() + Mode.str() + ")";
  return Out;
}

void BuildFileMigrator::collectMarkedLanguage(
    const std::vector<CMakeCommand> &Commands) {
  for (const CMakeCommand &C : Commands) {
    if (!C.Name.equals_insensitive("set_source_files_properties"))
      continue;
    size_t Properties = 0;
    while (Properties < C.Arguments.size() &&
           text(C.Arguments[Properties].ContentBegin,
                C.Arguments[Properties].ContentEnd) != "PROPERTIES")
      ++Properties;
    bool SetsLanguage = false;
    for (size_t I = Properties; I < C.Arguments.size(); ++I)
      SetsLanguage |= text(C.Arguments[I].ContentBegin,
                           C.Arguments[I].ContentEnd) == "LANGUAGE";
    for (size_t I = 0; SetsLanguage && I < Properties; ++I)
      MarkedLanguage.insert(
          text(C.Arguments[I].ContentBegin, C.Arguments[I].ContentEnd).str());
  }
}

llvm::StringRef BuildFileMigrator::argument(const CMakeCommand &C,
                                            size_t I) const {
  return I < C.Arguments.size()
             ? text(C.Arguments[I].ContentBegin, C.Arguments[I].ContentEnd)
             : llvm::StringRef();
}

void BuildFileMigrator::migrateCMakeCommand(const CMakeCommand &C) {
  std::string Name = C.Name.lower();
  auto arg = [&](size_t I) { return argument(C, I); };
  if (const CMakeLegacyRow *R = llvm::find_if(
          CMakeLegacy,
          [&](const CMakeLegacyRow &R) { return R.Command == Name; });
      R != std::end(CMakeLegacy)) {
    leave(C.NameOffset, "'" + C.Name + "' is left: " + R->Why);
    return;
  }
  if (Name == "find_package" && arg(0) == "CUDA") {
    leave(C.NameOffset,
          "find_package(CUDA) is left: FindCUDA builds with nvcc; use "
          "project(... LANGUAGES HIP) and find_package(hip)");
    return;
  }
  if (Name == "find_package" && arg(0) == "CUDAToolkit") {
    std::string Mode;
    for (const CMakeArgument &A : C.Arguments) {
      llvm::StringRef Word = text(A.ContentBegin, A.ContentEnd);
      if (Word == "REQUIRED" || Word == "QUIET")
        Mode += " " + Word.str();
    }
    replace(C.NameOffset, C.Close + 1,
            findPackages(indentation(C.LineStart), Mode));
    return;
  }
  migrateCMakeWords(C, Name);
  migrateCMakeArchitectures(C, Name);
  migrateCMakeFlagsVariable(C, Name);
  if (Name == "target_compile_options" || Name == "add_compile_options")
    for (const CMakeArgument &A : C.Arguments)
      migrateGuardedOptions(A);
  if (Name == "file" && (arg(0) == "GLOB" || arg(0) == "GLOB_RECURSE"))
    markGlobbedSources(C);
  for (const SourceListCommand &L : SourceListCommands)
    if (Name == L.Name && (L.SubCommand.empty() || arg(0) == L.SubCommand))
      markCudaSources(C, L.First);
}

void BuildFileMigrator::migrateCMakeWords(const CMakeCommand &C,
                                          llvm::StringRef Name) {
  bool Languages = Name == "project" || Name == "enable_language" ||
                   Name == "check_language";
  for (size_t I = 0; I < C.Arguments.size(); ++I) {
    const CMakeArgument &A = C.Arguments[I];
    llvm::StringRef Word = argument(C, I);
    llvm::StringRef Before = I ? argument(C, I - 1) : "";
    if (Word == "CUDA" && A.Unquoted &&
        (Languages || Before == "LANGUAGE" || Before == "LINKER_LANGUAGE")) {
      replace(A.Begin, A.End, "HIP");
      continue;
    }
    renameWords(A, Name == "if" || Name == "elseif");
  }
}

void BuildFileMigrator::migrateCMakeArchitectures(const CMakeCommand &C,
                                                  llvm::StringRef Name) {
  if (Name == "set" && argument(C, 0) == "CMAKE_CUDA_ARCHITECTURES") {
    size_t Last = 1;
    while (Last < C.Arguments.size() && argument(C, Last) != "CACHE" &&
           argument(C, Last) != "PARENT_SCOPE")
      ++Last;
    migrateArchitectures(C, 1, Last, /*AsTargetProperty=*/false);
  }
  if (Name == "set_target_properties" || Name == "set_property")
    for (size_t I = 0; I + 1 < C.Arguments.size(); ++I)
      if (argument(C, I) == "CUDA_ARCHITECTURES")
        migrateArchitectures(
            C, I + 1, Name == "set_property" ? C.Arguments.size() : I + 2,
            /*AsTargetProperty=*/true);
}

void BuildFileMigrator::migrateCMakeFlagsVariable(const CMakeCommand &C,
                                                  llvm::StringRef Name) {
  size_t FlagsFrom = 0;
  if ((Name == "set" && argument(C, 0).starts_with("CMAKE_CUDA_FLAGS")))
    FlagsFrom = 1;
  else if ((Name == "string" || Name == "list") &&
           (argument(C, 0) == "APPEND" || argument(C, 0) == "PREPEND") &&
           argument(C, 1).starts_with("CMAKE_CUDA_FLAGS"))
    FlagsFrom = 2;
  if (!FlagsFrom)
    return;
  for (size_t I = FlagsFrom; I < C.Arguments.size(); ++I) {
    const CMakeArgument &A = C.Arguments[I];
    // An argument whose flags all go goes too, quotes and all (list(APPEND
    // CMAKE_CUDA_FLAGS "--expt-relaxed-constexpr") would keep "").
    if (migrateFlags(A.ContentBegin, A.ContentEnd) && !A.Unquoted) {
      unsigned From = A.Begin;
      while (From > 0 && (Text[From - 1] == ' ' || Text[From - 1] == '\t'))
        --From;
      FT.addEdit(From, A.End - From, "", EditOrigin::Lexical);
    }
  }
}

void BuildFileMigrator::migrateGuardedOptions(const CMakeArgument &A) {
  llvm::StringRef Content = text(A.ContentBegin, A.ContentEnd);
  constexpr llvm::StringLiteral Guard = "COMPILE_LANGUAGE:CUDA>:";
  // Each guarded expression's flags: up to the `>` closing the `$<`
  // the guard is the condition of (nested ones counted).
  for (size_t At = Content.find(Guard); At != llvm::StringRef::npos;
       At = Content.find(Guard, At + Guard.size())) {
    size_t From = At + Guard.size(), End = From;
    for (unsigned Depth = 1; End < Content.size(); ++End) {
      if (Content.substr(End).starts_with("$<")) {
        ++Depth;
        ++End;
      } else if (Content[End] == '>' && --Depth == 0) {
        break;
      }
    }
    if (End >= Content.size() || End == From)
      continue;
    WordSeparator = ";";
    migrateFlags(A.ContentBegin + From, A.ContentBegin + End);
    WordSeparator = " ";
  }
}

/// Whether the logical line \p Line of a Makefile assigns a variable, and
/// where its value starts.
std::optional<size_t> assignmentValue(llvm::StringRef Line) {
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (C == '#')
      return std::nullopt;
    if (C == ':' &&
        !(I + 1 < Line.size() && (Line[I + 1] == '=' || Line[I + 1] == ':')))
      return std::nullopt; // A rule.
    if (C == '=')
      return I + 1;
  }
  return std::nullopt;
}

bool BuildFileMigrator::migrateLibraryNameVariable(llvm::StringRef Target,
                                                   unsigned ValueBegin,
                                                   unsigned ValueEnd) {
  // `CUDARTLIB ?= cudart` linked as -l${CUDARTLIB}, `LIBRARIES += nccl` as
  // $(LIBRARIES:%=-l%): the libraries' names alone are the value, so no -l
  // flag shows them.
  llvm::StringRef Name = Target.drop_back().rtrim(" \t?:+!").rtrim();
  if (Name.empty() || Name.find_first_of(" \t$") != llvm::StringRef::npos)
    return false;
  if (!LinkedByName.contains(Name))
    return false;
  llvm::StringRef Value = text(ValueBegin, ValueEnd);
  llvm::SmallVector<llvm::StringRef, 4> Words;
  Value.split(Words, ' ', -1, /*KeepEmpty=*/false);
  bool Changed = false;
  for (llvm::StringRef Word : Words) {
    Word = Word.trim(" \t");
    const LinkLibraryRow *R =
        llvm::find_if(LinkLibraries, [&](const LinkLibraryRow &R) {
          return Word == R.Cuda;
        });
    if (Word.empty() || R == std::end(LinkLibraries))
      continue;
    llvm::StringRef HipName = Roc ? R->Roc : R->Hip;
    unsigned WordBegin = ValueBegin + unsigned(Word.data() - Value.data());
    replace(WordBegin, WordBegin + unsigned(Word.size()), HipName);
    note(WordBegin, "'" + Name + "' names libraries the Makefile links (-l): '" +
                        Word + "' became '" + HipName + "'");
    Changed = true;
  }
  return Changed;
}

/// The variables a Makefile links by their values alone: `-l$(NAME)`,
/// `-l${NAME}`, `$(NAME:%=-l%)`, `${NAME:%=-l%}`. One pass over the text.
static llvm::StringSet<> variablesLinkedByName(llvm::StringRef Text) {
  llvm::StringSet<> Names;
  for (size_t At = Text.find('$'); At != llvm::StringRef::npos;
       At = Text.find('$', At + 1)) {
    if (At + 1 >= Text.size() || (Text[At + 1] != '(' && Text[At + 1] != '{'))
      continue;
    char Close = Text[At + 1] == '(' ? ')' : '}';
    llvm::StringRef Rest = Text.drop_front(At + 2);
    llvm::StringRef Name = Rest.take_until([&](char C) {
      return C == Close || C == ':' || C == '$' || C == '\n' || C == ' ';
    });
    Rest = Rest.drop_front(Name.size());
    bool AfterL = At >= 2 && Text.substr(At - 2, 2) == "-l";
    if ((AfterL && Rest.starts_with(std::string(1, Close))) ||
        Rest.starts_with((":%=-l%" + std::string(1, Close))))
      Names.insert(Name);
  }
  return Names;
}

void BuildFileMigrator::migrateMakefile() {
  LinkedByName = variablesLinkedByName(Text);
  std::optional<unsigned> FirstStatement;
  bool InDefine = false;
  for (size_t I = 0; I < Text.size();) {
    // A logical line: backslash-newline continues it.
    size_t End = I;
    while (End < Text.size() && Text[End] != '\n') {
      if (Text[End] == '\\' && End + 1 < Text.size() && Text[End + 1] == '\n')
        ++End;
      ++End;
    }
    llvm::StringRef Line = text(I, End);
    if (Line.ends_with("\r"))
      Line = Line.drop_back();
    unsigned Begin = I;
    I = End + 1;
    llvm::StringRef Trimmed = Line.ltrim();
    if (Trimmed.empty() || Trimmed.starts_with("#"))
      continue;
    if (!FirstStatement)
      FirstStatement = Begin;
    CurrentLine = Begin;
    if (Trimmed.starts_with("define ")) {
      InDefine = true;
      continue;
    }
    if (Trimmed.starts_with("endef")) {
      InDefine = false;
      continue;
    }
    if (Line.starts_with("\t")) {
      // A recipe: the shell command, comments and all.
      migrateFlags(Begin + 1, Begin + Line.size());
      continue;
    }
    if (InDefine) {
      // A define body is a variable's value (a canned recipe, a template
      // for $(call ...)): its flags are translated like an assignment's.
      migrateFlags(Begin, Begin + Line.size());
      continue;
    }
    if (migrateConditional(Begin, Line))
      continue;
    // $(foreach sm,$(SMS),$(eval GENCODE_FLAGS += ...)): a statement that is
    // a function call, with its assignments inside.
    if (parseMakeCall(Text, Begin + unsigned(Line.size() - Trimmed.size()),
                      Begin + Line.size())) {
      migrateFlags(Begin, Begin + Line.size());
      continue;
    }
    std::optional<size_t> Value = assignmentValue(Line);
    if (!Value)
      continue;
    size_t ValueEnd = Line.size();
    for (size_t J = *Value; J < Line.size(); ++J)
      if (Line[J] == '#' && Line[J - 1] != '\\') {
        ValueEnd = J;
        break;
      }
    if (migrateLibraryNameVariable(Line.take_front(*Value), Begin + *Value,
                                   Begin + ValueEnd))
      continue;
    migrateFlags(Begin + *Value, Begin + ValueEnd);
  }
  if (NeedsProcessorVariable && !Text.contains("HIP_ARCH")) {
    unsigned At = FirstStatement.value_or(0);
    replace(At, At,
            ("HIP_ARCH ?= " + DefaultProcessor + FT.lineEnding()).str());
    note(At, "NVIDIA processors have no AMD counterpart: HIP_ARCH names the "
             "AMD processor (gfx942, hipcc's default; choose with make "
             "HIP_ARCH=gfx90a)");
  }
}

} // namespace

BuildFileKind hipkit::hipify::buildFileKind(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return BuildFileKind::CMake;
  if (Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
      Name.starts_with("Makefile.") || Name.ends_with(".mk"))
    return BuildFileKind::Makefile;
  if (Name == "setup.py")
    return BuildFileKind::SetupPy;
  return BuildFileKind::None;
}

void hipkit::hipify::migrateBuildFile(FileTranslation &FT, BuildFileKind Kind,
                                      const NamePolicy &Policy,
                                      const OutputNameLookup &OutputName) {
  if (Kind == BuildFileKind::SetupPy) {
    migrateSetupPy(FT, Policy, OutputName);
    return;
  }
  BuildFileMigrator Migrator(FT, Kind, Policy);
  if (Kind == BuildFileKind::CMake)
    Migrator.migrateCMake();
  else if (Kind == BuildFileKind::Makefile)
    Migrator.migrateMakefile();
}
