//===- PrecompiledPreludes.cpp - which system includes to precompile ------===//

#include "hipkit/hipify/Engines/PrecompiledPreludes.h"
#include "hipkit/hipify/Source/SourceText.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
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
