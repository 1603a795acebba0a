//===- PrecompiledPreludes.cpp - which system includes to precompile ------===//

#include "hipkit/hipify/Engines/PrecompiledPreludes.h"
#include "hipkit/hipify/Source/SourceText.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <set>
#include <optional>
#include <tuple>

namespace hipkit::hipify {

/// Whether directive \p D of \p Source starts at token \p Token: nothing
/// but comments and blank lines between the two.
static bool startsAt(const SourceText &Source, size_t D, size_t Token) {
  return D < Source.directives().size() &&
         Source.directives()[D].FirstToken == Token;
}

/// The number of tokens of directive \p D after its `#`: 2 for `#ifndef G`.
static size_t wordsOf(const SourceText &Source, size_t D) {
  const Directive &Dir = Source.directives()[D];
  return Dir.EndToken - Dir.FirstToken - 1;
}

static bool isPragmaOnce(const SourceText &Source, size_t D) {
  const Directive &Dir = Source.directives()[D];
  return Dir.Kind == DirectiveKind::Pragma && wordsOf(Source, D) == 2 &&
         Source.tokens()[Dir.FirstToken + 2].Identifier == "once";
}

/// The directive after a conditional block whose every line is a comment, a
/// `#pragma warning(...)`, `#else`, `#elif` or the closing `#endif` (the
/// block whose `#if` is directive \p If): such a block is a no-op whatever
/// its condition (clang reads MSVC's warning pragmas only with
/// -fms-extensions, and then they only change which warnings print).
/// std::nullopt for any other block.
static std::optional<size_t> afterWarningPragmaBlock(const SourceText &Source,
                                                     size_t If) {
  llvm::ArrayRef<Directive> Directives = Source.directives();
  for (size_t D = If + 1;; ++D) {
    if (!startsAt(Source, D, Directives[D - 1].EndToken))
      return std::nullopt;
    const Directive &Dir = Directives[D];
    if (Dir.Word == "endif")
      return D + 1;
    bool Pragma = Dir.Word == "pragma" && wordsOf(Source, D) >= 2 &&
                  Source.tokens()[Dir.FirstToken + 2].Identifier == "warning";
    if (!Pragma && Dir.Word != "else" && !Dir.Word.starts_with("elif"))
      return std::nullopt;
  }
}

std::vector<LeadingInclude> leadingIncludes(const SourceText &Source,
                                            unsigned From) {
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  llvm::ArrayRef<Directive> Directives = Source.directives();
  size_t Token = llvm::partition_point(Tokens, [&](const RawToken &T) {
                   return T.Offset < From;
                 }) - Tokens.begin();
  size_t D = llvm::partition_point(Directives, [&](const Directive &Dir) {
               return Dir.FirstToken < Token;
             }) - Directives.begin();
  std::vector<LeadingInclude> Names;
  for (; startsAt(Source, D, Token); Token = Directives[D - 1].EndToken) {
    const Directive &Dir = Directives[D];
    if (Dir.Kind == DirectiveKind::If) {
      // `#ifdef WIN32` / `#pragma warning(disable : 4996)` / `#endif`.
      std::optional<size_t> After = afterWarningPragmaBlock(Source, D);
      if (!After)
        break;
      D = *After;
      continue;
    }
    // #include_next, #import and a macro-named include are unusual: stop.
    if (Dir.Word != "include" || Dir.HeaderName.empty())
      break;
    // Anything after the name but a comment is unusual too.
    if (Tokens[Dir.EndToken - 1].end() != Dir.NameEnd)
      break;
    llvm::StringRef Name = Dir.HeaderName;
    if (Name.contains('\\') || Name.contains('"') || Name.contains("/*") ||
        Name.contains("//"))
      break;
    Names.push_back({Name.str(), Dir.Angled});
    ++D;
  }
  return Names;
}

std::vector<LeadingInclude> leadingIncludes(llvm::StringRef Text) {
  return leadingIncludes(SourceText(Text));
}

unsigned afterIncludeGuard(const SourceText &Source) {
  llvm::ArrayRef<Directive> Directives = Source.directives();
  unsigned After = 0;
  size_t Token = 0;
  if (startsAt(Source, 0, 0) && isPragmaOnce(Source, 0)) {
    After = Directives[0].LineEnd;
    Token = Directives[0].EndToken;
  }
  // `#ifndef G` and `#define G` alone, with nothing but comments before.
  const std::optional<IncludeGuard> &Guard = Source.includeGuard();
  if (!Guard || !startsAt(Source, Guard->Ifndef, Token) ||
      wordsOf(Source, Guard->Ifndef) != 2 ||
      !startsAt(Source, Guard->Define, Directives[Guard->Ifndef].EndToken) ||
      wordsOf(Source, Guard->Define) != 2)
    return After;
  After = Directives[Guard->Define].LineEnd;
  size_t Next = Guard->Define + 1;
  if (startsAt(Source, Next, Directives[Guard->Define].EndToken) &&
      isPragmaOnce(Source, Next))
    After = Directives[Next].LineEnd;
  return After;
}

llvm::StringRef afterIncludeGuard(llvm::StringRef Text) {
  return Text.drop_front(afterIncludeGuard(SourceText(Text)));
}

unsigned headerCost(llvm::StringRef Header) {
  // Measured marginal costs over the CUDA wrapper (bench/README.md); what is
  // not listed is a small C or C++ library header.
  static const std::pair<llvm::StringRef, unsigned> Prefixes[] = {
      // PyTorch 2.14 at C++20 (the first match counts: the specific ones
      // come first).
      {"torch/extension.h", 160},
      {"torch/all.h", 135},
      {"torch/torch.h", 135},
      {"torch/python.h", 115},
      {"ATen/ATen.h", 75},
      {"ATen/native/cuda/", 30},
      {"ATen/core/Tensor.h", 22},
      {"ATen/cuda/", 20},
      {"c10/cuda/", 15},
      {"ATen/", 10},
      {"torch/", 20},
      {"c10/", 5},
      {"pybind11/", 15},
      {"thrust/", 40},  {"cub/", 30},         {"cooperative_groups", 13},
      {"cuda/", 10},    {"cusolver", 6},      {"cublas", 5},
      {"cusparse", 5},  {"cufft", 3},         {"curand", 4},
      {"cuda_bf16", 5}, {"cuda_fp16", 3},     {"cuda_fp8", 4},
      {"nvrtc", 2},     {"cuda.h", 1},        {"cuda_runtime", 0},
      {"cudnn", 6},     {"npp", 5},           {"nvjpeg", 2},
      {"mma.h", 3},     {"cuda_pipeline", 3}, {"cuda_awbarrier", 2},
  };
  for (const auto &[Prefix, Cost] : Prefixes)
    if (Header.starts_with(Prefix))
      return Cost;
  static const llvm::StringRef HeavyStd[] = {
      "algorithm", "chrono",  "functional",    "iostream", "map",
      "memory",    "random",  "regex",         "set",      "sstream",
      "string",    "thread",  "unordered_map", "vector",   "fstream",
      "iomanip",   "numeric", "complex",       "future",   "mutex"};
  for (llvm::StringRef Name : HeavyStd)
    if (Header == Name)
      return 4;
  // The C library in its C++ spelling (<cstdio>) and C headers are small.
  if (Header.ends_with(".h") || Header.starts_with("c"))
    return Header == "cmath" ? 1 : 0;
  return 2;
}

static unsigned preludeCost(const std::vector<std::string> &Prelude) {
  unsigned Cost = 0;
  for (const std::string &H : Prelude)
    Cost += headerCost(H);
  return Cost;
}

bool opensWith(const std::vector<std::string> &List,
               const std::vector<std::string> &Prelude) {
  return llvm::all_of(Prelude, [&](const std::string &H) {
    return llvm::is_contained(List, H);
  });
}

unsigned preludeCostOf(const std::vector<std::string> &Prelude) {
  return preludeCost(Prelude);
}

std::vector<std::vector<std::string>>
choosePreludes(const std::vector<std::vector<std::string>> &Lists,
               unsigned Limit, const PreludeCosts &Costs) {
  // Candidates: each list's costly headers, every prefix of them, and each
  // costly header alone; kept when at least two lists include all of it, or
  // one with a cache.
  std::map<std::set<std::string>, std::vector<std::string>> Unique;
  // Kept ones first: their order of headers names their entry.
  for (const std::vector<std::string> &Prelude : Costs.Kept)
    Unique.try_emplace(std::set<std::string>(Prelude.begin(), Prelude.end()),
                       Prelude);
  for (const std::vector<std::string> &List : Lists) {
    std::vector<std::string> Costly;
    for (const std::string &H : List)
      if (headerCost(H) > 0 && !llvm::is_contained(Costly, H)) {
        Costly.push_back(H);
        Unique.try_emplace(std::set<std::string>(Costly.begin(), Costly.end()),
                           Costly);
        Unique.try_emplace(std::set<std::string>{H},
                           std::vector<std::string>{H});
      }
  }
  std::vector<std::vector<std::string>> Candidates;
  for (auto &[Set, Prelude] : Unique) {
    unsigned Users = 0;
    for (const std::vector<std::string> &List : Lists)
      Users += opensWith(List, Prelude);
    if (Users >= (Costs.Persistent ? 1u : 2u))
      Candidates.push_back(std::move(Prelude));
  }
  std::vector<bool> Built;
  for (const std::vector<std::string> &C : Candidates)
    Built.push_back(Costs.IsBuilt && Costs.IsBuilt(C));
  // What each list already saves with the chosen preludes.
  std::vector<unsigned> Saved(Lists.size(), 0);
  std::vector<std::vector<std::string>> Chosen;
  // Those built already first: a rerun keeps what the first run chose, and
  // a new prelude must then pay for itself on top of them.
  bool BuiltOnly = llvm::is_contained(Built, true);
  while (Chosen.size() < Limit) {
    long BestGain = 0;
    int Best = -1;
    for (size_t C = 0; C < Candidates.size(); ++C) {
      if (BuiltOnly && !Built[C])
        continue;
      unsigned Cost = preludeCost(Candidates[C]);
      // Building it parses it once. Kept, half of that is counted where no
      // chosen prelude serves its users yet: the next run that parses one of
      // them pays the rest back. On top of one, the whole is counted: a
      // prelude is chained on the CUDA headers alone, so it parses all of its
      // own headers again, for little more than the shared one saves. Built
      // already, it is free.
      bool Served = false;
      long Gain = 0;
      for (size_t L = 0; L < Lists.size(); ++L)
        if (opensWith(Lists[L], Candidates[C])) {
          Served |= Saved[L] > 0;
          if (Cost > Saved[L])
            Gain += Cost - Saved[L];
        }
      if (!Built[C])
        Gain -= Costs.Persistent && !Served
                    ? long(std::max(Cost / 2, MinPersistentPreludeCost))
                    : long(Cost);
      if (Gain > BestGain) {
        BestGain = Gain;
        Best = int(C);
      }
    }
    if (Best < 0 && BuiltOnly) {
      BuiltOnly = false;
      continue;
    }
    if (Best < 0)
      break;
    unsigned Cost = preludeCost(Candidates[Best]);
    for (size_t L = 0; L < Lists.size(); ++L)
      if (Cost > Saved[L] && opensWith(Lists[L], Candidates[Best]))
        Saved[L] = Cost;
    Chosen.push_back(std::move(Candidates[Best]));
    Candidates.erase(Candidates.begin() + Best);
    Built.erase(Built.begin() + Best);
  }
  return Chosen;
}

int bestPrelude(const std::vector<std::vector<std::string>> &Preludes,
                const std::vector<std::string> &List) {
  int Best = -1;
  unsigned BestCost = 0;
  for (size_t I = 0; I < Preludes.size(); ++I) {
    unsigned Cost = preludeCost(Preludes[I]);
    if (opensWith(List, Preludes[I]) && (Best < 0 || Cost > BestCost)) {
      Best = int(I);
      BestCost = Cost;
    }
  }
  return Best;
}

} // namespace hipkit::hipify

namespace hipkit::hipify {

LeadingList scanLeadingIncludes(llvm::StringRef Path, llvm::StringRef Contents,
                                const UserHeaderFinder &FindUserHeader) {
  LeadingList List;
  std::set<std::string> Entered;
  // The user headers read, each with how many names were listed when its
  // code ended: those before a later name are what that name is moved past.
  std::vector<std::pair<std::string, size_t>> Ended;
  bool Stop = false, Crossed = false;
  std::function<void(llvm::StringRef, llvm::StringRef)> Scan =
      [&](llvm::StringRef Text, llvm::StringRef Folder) {
        for (const LeadingInclude &Include : leadingIncludes(Text)) {
          std::optional<std::string> User =
              FindUserHeader(Include.Name, Include.Angled, Folder);
          if (!User) {
            Stop = true;
            return;
          }
          if (User->empty()) {
            List.Names.push_back(Include.Name);
            continue;
          }
          llvm::SmallString<256> Real;
          if (Entered.size() >= MaxUserHeadersInPrelude ||
              llvm::sys::fs::real_path(*User, Real)) {
            Stop = true;
            return;
          }
          // Included again: its guard makes it a no-op, or its code is
          // already counted.
          if (!Entered.insert(std::string(Real)).second)
            continue;
          llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
              llvm::MemoryBuffer::getFile(Real);
          if (!Buffer) {
            Stop = true;
            return;
          }
          Scan(afterIncludeGuard((*Buffer)->getBuffer()),
               llvm::sys::path::parent_path(*User));
          if (Stop)
            return;
          // What the header opens with comes before its code; what follows
          // it comes after.
          Ended.push_back({std::string(Real), List.Names.size()});
          if (!Crossed) {
            Crossed = true;
            List.Settled = List.Names.size();
          }
        }
      };
  Scan(Contents, llvm::sys::path::parent_path(Path));
  if (!Crossed)
    List.Settled = List.Names.size();
  for (const auto &[File, NamesBefore] : Ended)
    if (NamesBefore < List.Names.size()) {
      List.Barrier.push_back(File);
      List.BarrierEnds.push_back(NamesBefore);
    }
  return List;
}

llvm::ArrayRef<std::string>
LeadingList::barrierBefore(llvm::StringRef Header) const {
  size_t First = llvm::find(Names, Header) - Names.begin();
  size_t Count = llvm::partition_point(BarrierEnds, [&](size_t End) {
                   return End <= First;
                 }) - BarrierEnds.begin();
  return llvm::ArrayRef(Barrier).take_front(Count);
}

static constexpr llvm::StringLiteral FactsFormat = "hipify prelude facts 6";

std::string PreludeFacts::serialize() const {
  std::vector<std::string> Lines;
  auto add = [&](llvm::StringRef Kind, const llvm::StringSet<> &Set) {
    for (const auto &Entry : Set)
      Lines.push_back(Kind.str() + " " + Entry.getKey().str());
  };
  add("d", Defined);
  for (const auto &[Header, Facts] : ByHeader) {
    // A header name holds no space (choosePreludes' are literal names).
    add("i " + Header, Facts.Identifiers);
    add("m " + Header, Facts.Macros);
    add("g " + Header, Facts.Globals);
    add("c " + Header, Facts.Called);
    // A header's spelling holds no space either.
    for (const auto &Entry : Facts.IncludedAs)
      Lines.push_back("s " + Header + " " + Entry.getKey().str() + " " +
                      llvm::join(Entry.getValue(), " "));
    if (Facts.GlobalUsingDirective)
      Lines.push_back("u " + Header);
  }
  llvm::sort(Lines);
  std::string Text = FactsFormat.str() + "\n";
  for (const std::string &Line : Lines)
    Text += Line + "\n";
  return Text;
}

std::optional<PreludeFacts> PreludeFacts::parse(llvm::StringRef Text) {
  auto [First, Rest] = Text.split('\n');
  if (First != FactsFormat)
    return std::nullopt;
  PreludeFacts Facts;
  while (!Rest.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    auto [Kind, Fields] = Line.split(' ');
    if (Kind == "d") {
      Facts.Defined.insert(Fields);
      continue;
    }
    auto [Header, Name] = Fields.split(' ');
    if (Header.empty())
      return std::nullopt;
    HeaderFacts &Of = Facts.ByHeader[Header.str()];
    if (Kind == "u")
      Of.GlobalUsingDirective = true;
    else if (Name.empty())
      return std::nullopt;
    else if (Kind == "i")
      Of.Identifiers.insert(Name);
    else if (Kind == "m")
      Of.Macros.insert(Name);
    else if (Kind == "g")
      Of.Globals.insert(Name);
    else if (Kind == "c")
      Of.Called.insert(Name);
    else if (Kind == "s") {
      auto [Macro, As] = Name.split(' ');
      if (As.empty())
        return std::nullopt;
      llvm::SmallVector<llvm::StringRef, 4> Chain;
      As.split(Chain, ' ');
      for (llvm::StringRef Spelling : Chain)
        Of.IncludedAs[Macro].push_back(Spelling.str());
    }
    else
      return std::nullopt;
  }
  return Facts;
}

/// Whether `#pragma` \p Words (after `pragma`) only says something about
/// diagnostics, loops or the file itself: what follows parses the same.
static bool isHarmlessPragma(llvm::ArrayRef<llvm::StringRef> Words) {
  if (Words.empty())
    return true;
  llvm::StringRef First = Words[0];
  if (llvm::is_contained({"once", "warning", "message", "unroll", "nounroll",
                          "region", "endregion", "mark", "comment",
                          "hd_warning_disable", "nv_exec_check_disable"},
                         First) ||
      First.starts_with("nv_diag_") || First.starts_with("diag_"))
    return true;
  return (First == "GCC" || First == "clang") && Words.size() > 1 &&
         Words[1] == "diagnostic";
}

/// The #if blocks of \p Source (SourceText's numbering) whose lines cannot
/// be taken: opened by `#ifdef X`, `#if`/`#elif` `defined(X) || ...`, with
/// no X in \p MaybeDefined.
static std::set<unsigned> deadBlocks(const SourceText &Source,
                                     const llvm::StringSet<> &MaybeDefined) {
  std::set<unsigned> Dead;
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  for (const Directive &D : Source.directives()) {
    if (D.BlocksAfter.empty() || D.Word == "else" || D.Word == "ifndef" ||
        D.Word == "elifndef" ||
        (D.Kind != DirectiveKind::If && D.Kind != DirectiveKind::Else))
      continue;
    bool False = true, Any = false;
    if (D.Word == "ifdef" || D.Word == "elifdef") {
      Any = !D.Macro.empty();
      False = Any && !MaybeDefined.contains(D.Macro);
    } else {
      // `defined X`, `defined(X)`, `||` and parentheses only.
      for (size_t T = D.FirstToken + 2; T < D.EndToken && False; ++T) {
        const RawToken &Tok = Tokens[T];
        if (Tok.Kind == clang::tok::pipepipe || Tok.Kind == clang::tok::l_paren ||
            Tok.Kind == clang::tok::r_paren)
          continue;
        if (Tok.Identifier != "defined") {
          False = false;
          break;
        }
        size_t Name = T + 1;
        if (Name < D.EndToken && Tokens[Name].Kind == clang::tok::l_paren)
          ++Name;
        if (Name >= D.EndToken || Tokens[Name].Identifier.empty() ||
            MaybeDefined.contains(Tokens[Name].Identifier))
          False = false;
        Any = true;
        T = Name;
      }
    }
    if (Any && False)
      Dead.insert(D.BlocksAfter.back());
  }
  return Dead;
}

/// Whether \p D is `#define NAME(` with no space before the `(`.
static bool isFunctionLikeDefine(const SourceText &Source, const Directive &D) {
  size_t Name = D.FirstToken + 2;
  if (D.Word != "define" || Name + 1 >= D.EndToken)
    return false;
  const RawToken &Paren = Source.tokens()[Name + 1];
  return Paren.Kind == clang::tok::l_paren &&
         Paren.Offset == Source.tokens()[Name].end();
}

/// Narrows what \p Facts says a file's first naming of \p Name comes after
/// to the system headers of \p Included (ending before token \p Token).
static void
noteIncludedBefore(BarrierFacts &Facts, llvm::StringRef Name,
                   llvm::ArrayRef<std::pair<size_t, llvm::StringRef>> Included,
                   size_t Token) {
  std::set<std::string> Before;
  for (const auto &[End, Header] : Included)
    if (End <= Token)
      Before.insert(Header.str());
  auto [It, First] = Facts.IncludedBeforeUse.try_emplace(Name, Before);
  // Named in an earlier file too: what both had included.
  if (!First)
    for (auto H = It->second.begin(); H != It->second.end();)
      H = Before.count(*H) ? std::next(H) : It->second.erase(H);
}

namespace {
/// The files of a barrier, with the user headers they include in any
/// branch, read; every macro they may define.
struct BarrierFiles {
  std::vector<std::string> Paths;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Buffers;
  std::vector<std::unique_ptr<SourceText>> Texts;
  /// Per file, its system #include lines: directive index and header name.
  std::vector<std::vector<std::pair<size_t, std::string>>> SystemIncludes;
  llvm::StringSet<> MaybeDefined;
  /// Why they are not checked ("" when they are).
  std::string Unusual;

  /// Reads the include lines of the file just read: false when unusual.
  bool addIncludes(const UserHeaderFinder &FindUserHeader,
                   std::set<std::string> &Seen);
};
} // namespace

bool BarrierFiles::addIncludes(const UserHeaderFinder &FindUserHeader,
                               std::set<std::string> &Seen) {
  constexpr size_t MaxFiles = 64;
  const std::string File = Paths[Texts.size() - 1];
  llvm::ArrayRef<Directive> Directives = Texts.back()->directives();
  for (size_t DI = 0; DI < Directives.size(); ++DI) {
    const Directive &D = Directives[DI];
    if (D.Word == "define" && !D.Macro.empty())
      MaybeDefined.insert(D.Macro);
    if (D.Kind != DirectiveKind::Include)
      continue;
    if (D.HeaderName.empty() || D.Word != "include") {
      Unusual = "'" + File + "' has an #" + D.Word.str() + " that is not checked";
      return false;
    }
    std::optional<std::string> User = FindUserHeader(
        D.HeaderName, D.Angled, llvm::sys::path::parent_path(File));
    if (!User) {
      Unusual = "'" + File + "' includes '" + D.HeaderName +
                "', which may be a user header";
      return false;
    }
    if (User->empty())
      SystemIncludes.back().emplace_back(DI, D.HeaderName);
    llvm::SmallString<256> Real;
    if (User->empty() || llvm::sys::fs::real_path(*User, Real) ||
        !Seen.insert(std::string(Real)).second)
      continue;
    if (Paths.size() == MaxFiles) {
      Unusual = "the user headers before them are too many";
      return false;
    }
    Paths.push_back(std::string(Real));
  }
  return true;
}

static BarrierFiles readBarrierFiles(llvm::ArrayRef<std::string> Files,
                                     const UserHeaderFinder &FindUserHeader,
                                     const llvm::StringSet<> &MaybeDefined) {
  BarrierFiles Read;
  Read.Paths.assign(Files.begin(), Files.end());
  Read.MaybeDefined = MaybeDefined;
  std::set<std::string> Seen(Files.begin(), Files.end());
  for (size_t I = 0; I < Read.Paths.size(); ++I) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(Read.Paths[I]);
    if (!Buffer) {
      Read.Unusual = "'" + Read.Paths[I] + "' cannot be read";
      return Read;
    }
    Read.Buffers.push_back(std::move(*Buffer));
    Read.Texts.push_back(
        std::make_unique<SourceText>(Read.Buffers.back()->getBuffer()));
    Read.SystemIncludes.emplace_back();
    if (!Read.addIncludes(FindUserHeader, Seen))
      return Read;
  }
  return Read;
}

BarrierFacts BarrierFacts::of(llvm::ArrayRef<std::string> Files,
                              const UserHeaderFinder &FindUserHeader,
                              const llvm::StringSet<> &MaybeDefined) {
  BarrierFacts Facts;
  // The files and every macro they may define; then what their live lines
  // hold.
  BarrierFiles Read = readBarrierFiles(Files, FindUserHeader, MaybeDefined);
  if (!Read.Unusual.empty()) {
    Facts.Unusual = Read.Unusual;
    return Facts;
  }
  const std::vector<std::string> &Queue = Read.Paths;
  const std::vector<std::unique_ptr<SourceText>> &Texts = Read.Texts;
  const auto &SystemIncludes = Read.SystemIncludes;
  const llvm::StringSet<> &Maybe = Read.MaybeDefined;
  llvm::StringMap<llvm::StringSet<>> Bodies;
  llvm::StringSet<> FunctionLike, ObjectLike;
  for (size_t I = 0; I < Texts.size(); ++I) {
    const SourceText &Source = *Texts[I];
    std::set<unsigned> Dead = deadBlocks(Source, Maybe);
    auto isDead = [&](llvm::ArrayRef<unsigned> Blocks) {
      return llvm::any_of(Blocks, [&](unsigned B) { return Dead.count(B); });
    };
    // The live system #include lines, by the token they end at.
    std::vector<std::pair<size_t, llvm::StringRef>> Included;
    for (const auto &[DI, Header] : SystemIncludes[I]) {
      const Directive &D = Source.directives()[DI];
      if (!isDead(D.Blocks))
        Included.emplace_back(D.EndToken, Header);
    }
    llvm::StringSet<> Named;
    // A #define's body is read where the macro is expanded: in this code
    // when the code names the macro, else only after the prelude anyway.
    for (size_t T = 0; T < Source.tokens().size(); ++T) {
      const RawToken &Tok = Source.tokens()[T];
      if (Tok.Identifier.empty() || isDead(Source.blocksAt(Tok.Offset)))
        continue;
      const Directive *D = Source.directiveHolding(T);
      if (D && D->Word == "define" && !D->Macro.empty()) {
        if (T > D->FirstToken + 2)
          Bodies[D->Macro].insert(Tok.Identifier);
        continue;
      }
      // An #include line names a file, not the words of its name.
      if (D && D->Kind == DirectiveKind::Include)
        continue;
      if (Named.insert(Tok.Identifier).second)
        noteIncludedBefore(Facts, Tok.Identifier, Included, T);
      Facts.Identifiers.insert(Tok.Identifier);
      clang::tok::TokenKind Before =
          T ? Source.tokens()[T - 1].Kind : clang::tok::unknown;
      if (Before != clang::tok::period && Before != clang::tok::arrow &&
          Before != clang::tok::coloncolon)
        Facts.Unqualified.insert(Tok.Identifier);
    }
    for (const Directive &D : Source.directives()) {
      if (isDead(D.Blocks))
        continue;
      if ((D.Word == "define" || D.Word == "undef") && !D.Macro.empty()) {
        Facts.Macros.try_emplace(D.Macro, Queue[I]);
        if (isFunctionLikeDefine(Source, D))
          FunctionLike.insert(D.Macro);
        else
          ObjectLike.insert(D.Macro);
      } else if (D.Word == "pragma") {
        std::vector<llvm::StringRef> Words;
        for (size_t T = D.FirstToken + 2; T < D.EndToken; ++T)
          Words.push_back(Source.tokens()[T].Identifier);
        if (!isHarmlessPragma(Words)) {
          Facts.Unusual = "'" + Queue[I] +
                          "' has a #pragma that may change what follows it";
          return Facts;
        }
      }
    }
  }
  for (const auto &Macro : FunctionLike)
    if (!ObjectLike.contains(Macro.getKey()))
      Facts.FunctionLike.insert(Macro.getKey());
  // The bodies of the macros the code expands, and of those they expand.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Macro, Body] : Bodies)
      if (Facts.Identifiers.contains(Macro))
        for (const auto &Name : Body) {
          Facts.Unqualified.insert(Name.getKey());
          Facts.IncludedBeforeUse.erase(Name.getKey());
          Grew |= Facts.Identifiers.insert(Name.getKey()).second;
        }
  }
  return Facts;
}

bool BarrierFacts::includesBeforeUse(llvm::StringRef Name,
                                     llvm::StringRef Header) const {
  auto It = IncludedBeforeUse.find(Name);
  return It != IncludedBeforeUse.end() && It->second.count(Header.str());
}

std::string barrierConflict(const PreludeFacts &Prelude,
                            llvm::ArrayRef<std::string> Moved,
                            const BarrierFacts &Barrier,
                            llvm::ArrayRef<std::string> Settled) {
  if (!Barrier.Unusual.empty())
    return Barrier.Unusual;
  for (const std::string &Header : Moved) {
    auto It = Prelude.ByHeader.find(Header);
    if (It == Prelude.ByHeader.end())
      continue; // It brought no file: the CUDA headers had it.
    const HeaderFacts &Facts = It->second;
    for (const auto &Macro : Barrier.Macros) {
      llvm::StringRef Name = Macro.getKey();
      if (Facts.Macros.contains(Name))
        return "'" + Macro.getValue() + "' defines '" + Name.str() +
               "', a macro <" + Header + "> defines too";
      if (Barrier.FunctionLike.contains(Name) ? Facts.Called.contains(Name)
                                              : Facts.Identifiers.contains(Name))
        return "'" + Macro.getValue() + "' defines '" + Name.str() +
               "', a name in <" + Header + ">";
    }
    if (Facts.GlobalUsingDirective)
      return "<" + Header + "> has a using-directive at global scope";
    // In source order, the code saw neither their macros nor their global
    // names.
    std::vector<llvm::StringRef> Names;
    for (const auto &Entry : Barrier.Identifiers) {
      if (!Facts.Macros.contains(Entry.getKey()) &&
          !(Facts.Globals.contains(Entry.getKey()) &&
            Barrier.Unqualified.contains(Entry.getKey())))
        continue;
      auto As = Facts.IncludedAs.find(Entry.getKey());
      bool HadIt =
          As != Facts.IncludedAs.end() &&
          llvm::any_of(As->second, [&](const std::string &Spelling) {
            return llvm::is_contained(Settled, Spelling) ||
                   Barrier.includesBeforeUse(Entry.getKey(), Spelling);
          });
      if (!HadIt)
        Names.push_back(Entry.getKey());
    }
    if (Names.empty())
      continue;
    llvm::sort(Names);
    return "the user code before it names '" + Names.front().str() +
           "', which <" + Header + "> " +
           (Facts.Macros.contains(Names.front()) ? "defines as a macro"
                                                 : "declares at global scope");
  }
  return "";
}

} // namespace hipkit::hipify

namespace hipkit::hipify {
namespace {
/// Which #include line of the prelude's main file (one `#include <X>` a
/// line) brought a file first: none for the CUDA headers included before
/// them.
class BroughtFiles {
public:
  explicit BroughtFiles(const clang::SourceManager &SM) : SM(SM) {}

  /// The facts of the header whose line brought \p Loc's file; null when
  /// none did.
  HeaderFacts *of(clang::SourceLocation Loc, PreludeFacts &Facts) {
    if (Loc.isInvalid())
      return nullptr;
    clang::FileID File = SM.getFileID(SM.getSpellingLoc(Loc));
    // Tokens come in runs from one file.
    if (File == LastFile)
      return LastFacts;
    const std::string *Header = headerOf(File);
    LastFile = File;
    LastFacts = Header ? &Facts.ByHeader[*Header] : nullptr;
    return LastFacts;
  }

private:
  const std::string *headerOf(clang::FileID File) {
    auto [It, New] = Brought.try_emplace(File, nullptr);
    if (!New)
      return It->second;
    const std::string *Result = nullptr;
    clang::SourceLocation Include = SM.getIncludeLoc(File);
    if (Include.isValid()) {
      clang::FileID Parent = SM.getFileID(Include);
      Result = Parent == SM.getMainFileID() ? lineHeader(Include)
                                            : headerOf(Parent);
    }
    return Brought[File] = Result;
  }
  const std::string *lineHeader(clang::SourceLocation Include) {
    if (Lines.empty()) {
      llvm::StringRef Rest = SM.getBufferData(SM.getMainFileID());
      while (!Rest.empty()) {
        llvm::StringRef Line;
        std::tie(Line, Rest) = Rest.split('\n');
        Line.consume_front("#include <");
        Lines.push_back(Line.drop_back(Line.ends_with(">")).str());
      }
    }
    unsigned Line = SM.getSpellingLineNumber(Include);
    return Line >= 1 && Line <= Lines.size() ? &Lines[Line - 1] : nullptr;
  }

public:
  /// How \p Loc's file was #included, each time, and how the files that
  /// included it were; then the files up its first chain of includes to the
  /// prelude's header. Asked once every #include is known.
  std::vector<std::string> includedAs(clang::SourceLocation Loc) const {
    std::set<std::string> Names;
    auto nameOf = [&](clang::FileID File) -> llvm::StringRef {
      clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
      return Entry ? Entry->getName() : "";
    };
    auto addSpellings = [&](llvm::StringRef File) {
      auto It = Spellings.find(File);
      if (It != Spellings.end())
        Names.insert(It->second.begin(), It->second.end());
    };
    clang::FileID File = SM.getFileID(SM.getSpellingLoc(Loc));
    auto Parents = Includers.find(nameOf(File));
    if (Parents != Includers.end())
      for (const auto &Parent : Parents->second)
        addSpellings(Parent.getKey());
    while (File.isValid() && File != SM.getMainFileID()) {
      addSpellings(nameOf(File));
      clang::SourceLocation Include = SM.getIncludeLoc(File);
      File = Include.isValid() ? SM.getFileID(Include) : clang::FileID();
    }
    return std::vector<std::string>(Names.begin(), Names.end());
  }
  /// Records an #include at \p Hash of \p File spelled \p Spelling.
  void included(clang::SourceLocation Hash, clang::FileEntryRef File,
                llvm::StringRef Spelling) {
    Spellings[File.getName()].insert(Spelling.str());
    if (clang::OptionalFileEntryRef From =
            SM.getFileEntryRefForID(SM.getFileID(Hash)))
      Includers[File.getName()].insert(From->getName());
  }

  /// The macros whose IncludedAs waits for the end of the parse.
  std::vector<std::tuple<HeaderFacts *, std::string, clang::SourceLocation>>
      PendingMacros;

private:
  llvm::StringMap<std::set<std::string>> Spellings;
  llvm::StringMap<llvm::StringSet<>> Includers;

public:

private:
  const clang::SourceManager &SM;
  llvm::DenseMap<clang::FileID, const std::string *> Brought;
  std::vector<std::string> Lines;
  clang::FileID LastFile;
  HeaderFacts *LastFacts = nullptr;
};

/// The macros the brought files define or undefine, and the names they
/// expand or test.
class PreludeMacroFacts : public clang::PPCallbacks {
public:
  PreludeMacroFacts(clang::Preprocessor &PP, BroughtFiles &Brought,
                    PreludeFacts &Facts)
      : PP(PP), Brought(Brought), Facts(Facts) {}

  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *MD) override {
    define(Name);
  }
  void MacroUndefined(const clang::Token &Name, const clang::MacroDefinition &,
                      const clang::MacroDirective *) override {
    define(Name);
  }
  void InclusionDirective(clang::SourceLocation Hash, const clang::Token &,
                          llvm::StringRef FileName, bool,
                          clang::CharSourceRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef, llvm::StringRef,
                          const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (File)
      Brought.included(Hash, *File, FileName);
  }
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange, const clang::MacroArgs *) override {
    use(Name);
  }
  void Defined(const clang::Token &Name, const clang::MacroDefinition &,
               clang::SourceRange) override {
    use(Name);
  }
  void Ifdef(clang::SourceLocation, const clang::Token &Name,
             const clang::MacroDefinition &) override {
    use(Name);
  }
  void Ifndef(clang::SourceLocation, const clang::Token &Name,
              const clang::MacroDefinition &) override {
    use(Name);
  }
  void Elifdef(clang::SourceLocation, const clang::Token &Name,
               const clang::MacroDefinition &) override {
    use(Name);
  }
  void Elifndef(clang::SourceLocation, const clang::Token &Name,
                const clang::MacroDefinition &) override {
    use(Name);
  }

private:
  void define(const clang::Token &Name) {
    if (Name.getIdentifierInfo())
      if (HeaderFacts *Of = Brought.of(Name.getLocation(), Facts))
        if (Of->Macros.insert(Name.getIdentifierInfo()->getName()).second)
          Brought.PendingMacros.emplace_back(
              Of, Name.getIdentifierInfo()->getName().str(),
              Name.getLocation());
  }
  void use(const clang::Token &Name) {
    if (Name.getIdentifierInfo())
      if (HeaderFacts *Of = Brought.of(Name.getLocation(), Facts)) {
        Of->Identifiers.insert(Name.getIdentifierInfo()->getName());
        Of->Called.insert(Name.getIdentifierInfo()->getName());
      }
  }
  clang::Preprocessor &PP;
  BroughtFiles &Brought;
  PreludeFacts &Facts;
};

class PreludeFactsCollector : public clang::ASTConsumer {
public:
  PreludeFactsCollector(clang::CompilerInstance &CI, PreludeFacts &Facts)
      : PP(CI.getPreprocessor()), Brought(CI.getSourceManager()),
        Facts(Facts) {
    PP.addPPCallbacks(
        std::make_unique<PreludeMacroFacts>(PP, Brought, Facts));
    // Every token the parse reads, function bodies it skips included.
    PP.setTokenWatcher([this](const clang::Token &Tok) {
      // The parser's annotation tokens (a type name looked up) hold no
      // identifier: their first token was seen as one.
      if (Tok.isAnnotation()) {
        Last = {};
        return;
      }
      if (Tok.is(clang::tok::l_paren) && Last.second)
        Called[Last.first].insert(Last.second);
      Last = {};
      if (const clang::IdentifierInfo *Name = Tok.getIdentifierInfo())
        if (HeaderFacts *Of = Brought.of(Tok.getLocation(), this->Facts)) {
          Seen[Of].insert(Name);
          Last = {Of, Name};
        }
    });
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    for (const auto &[Of, Names] : Seen)
      for (const clang::IdentifierInfo *Name : Names)
        Of->Identifiers.insert(Name->getName());
    for (const auto &[Of, Names] : Called)
      for (const clang::IdentifierInfo *Name : Names)
        Of->Called.insert(Name->getName());
    addGlobals(Ctx.getTranslationUnitDecl());
    for (const auto &[Of, Name, Loc] : Brought.PendingMacros)
      Of->IncludedAs[Name] = Brought.includedAs(Loc);
    // A macro a header #undefs and #defines again as it was before the
    // prelude (stddef.h's NULL) is no change.
    for (auto &[Header, Of] : Facts.ByHeader) {
      std::vector<llvm::StringRef> Same;
      for (const auto &Macro : Of.Macros)
        if (unchanged(PP.getIdentifierInfo(Macro.getKey())))
          Same.push_back(Macro.getKey());
      for (llvm::StringRef Name : Same)
        Of.Macros.erase(Name);
    }
    for (const auto &Macro : PP.macros())
      if (PP.isMacroDefined(Macro.first))
        Facts.Defined.insert(Macro.first->getName());
  }

private:
  /// Whether \p Name's definition at the end is the one it had before the
  /// first brought file changed it (or it is undefined in both).
  bool unchanged(const clang::IdentifierInfo *Name) {
    const clang::MacroDirective *Last = PP.getLocalMacroDirectiveHistory(Name);
    const clang::MacroDirective *Before = Last;
    while (Before && Brought.of(Before->getLocation(), Facts))
      Before = Before->getPrevious();
    auto definition = [](const clang::MacroDirective *MD)
        -> const clang::MacroInfo * {
      return MD && MD->getKind() == clang::MacroDirective::MD_Define
                 ? MD->getMacroInfo()
                 : nullptr;
    };
    const clang::MacroInfo *End = definition(Last), *Start = definition(Before);
    if (!End || !Start)
      return !End && !Start;
    return End->isIdenticalTo(*Start, PP, /*Syntactically=*/true);
  }

  void addGlobals(const clang::DeclContext *Context) {
    for (const clang::Decl *D : Context->decls()) {
      if (llvm::isa<clang::LinkageSpecDecl, clang::ExportDecl>(D)) {
        addGlobals(llvm::cast<clang::DeclContext>(D));
        continue;
      }
      HeaderFacts *Of = Brought.of(D->getLocation(), Facts);
      // A redeclaration: the first declaration's place decides.
      if (!Of || D->getCanonicalDecl() != D)
        continue;
      if (llvm::isa<clang::UsingDirectiveDecl>(D)) {
        Of->GlobalUsingDirective = true;
        continue;
      }
      // A namespace the code names existed before it (else the code would
      // not compile); reopening it changes nothing the code sees.
      if (const auto *Named = llvm::dyn_cast<clang::NamedDecl>(D))
        if (const clang::IdentifierInfo *Name = Named->getIdentifier())
          if (!llvm::isa<clang::NamespaceDecl>(D) &&
              Of->Globals.insert(Name->getName()).second)
            Of->IncludedAs[Name->getName()] =
                Brought.includedAs(D->getLocation());
      // An unscoped enumeration's enumerators are global names too.
      if (const auto *Enum = llvm::dyn_cast<clang::EnumDecl>(D))
        if (!Enum->isScoped())
          for (const clang::EnumConstantDecl *Value : Enum->enumerators())
            Of->Globals.insert(Value->getName());
    }
  }

  clang::Preprocessor &PP;
  BroughtFiles Brought;
  PreludeFacts &Facts;
  /// The identifiers each header's files lex (millions of tokens: kept as
  /// pointers until the end).
  llvm::DenseMap<HeaderFacts *, llvm::DenseSet<const clang::IdentifierInfo *>>
      Seen, Called;
  /// The identifier token just read, for a `(` after it.
  std::pair<HeaderFacts *, const clang::IdentifierInfo *> Last;
};
} // namespace

std::unique_ptr<clang::ASTConsumer>
createPreludeFactsCollector(clang::CompilerInstance &CI, PreludeFacts &Facts) {
  return std::make_unique<PreludeFactsCollector>(CI, Facts);
}

} // namespace hipkit::hipify
