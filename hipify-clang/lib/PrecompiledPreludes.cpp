//===- PrecompiledPreludes.cpp - which system includes to precompile ------===//

#include "PrecompiledPreludes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <set>
#include <optional>
#include <tuple>

namespace hipkit::hipify {

/// \p Text from its first directive or code, after blank lines and comments.
static llvm::StringRef skipComments(llvm::StringRef Text) {
  for (;;) {
    Text = Text.ltrim(" \t\r\n\f\v");
    if (Text.starts_with("//")) {
      size_t End = Text.find('\n');
      if (Text.take_front(End).rtrim(" \t\r").ends_with("\\"))
        return Text;
      Text = End == llvm::StringRef::npos ? "" : Text.drop_front(End);
    } else if (Text.starts_with("/*")) {
      size_t End = Text.find("*/", 2);
      if (End == llvm::StringRef::npos)
        return Text;
      Text = Text.drop_front(End + 2);
    } else {
      return Text;
    }
  }
}

/// The directive that opens \p Text (after comments): its words, and the
/// text after its line; no words when it is no simple directive.
static std::pair<llvm::SmallVector<llvm::StringRef, 3>, llvm::StringRef>
openingDirective(llvm::StringRef Text) {
  Text = skipComments(Text);
  llvm::SmallVector<llvm::StringRef, 3> Words;
  if (!Text.consume_front("#"))
    return {Words, Text};
  llvm::StringRef Line = Text.take_until([](char C) { return C == '\n'; });
  // A continued line or a comment on it: not simple.
  if (Line.rtrim(" \t\r").ends_with("\\") || Line.contains("/*") ||
      Line.contains("//"))
    return {{}, Text};
  Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef &W : Words)
    W = W.trim(" \t\r");
  return {Words, Text.drop_front(Line.size())};
}

/// \p Text after a conditional block whose every line is a comment, a
/// `#pragma warning(...)`, `#else`, `#elif` or the closing `#endif` (the
/// block that opens \p Text after its `#if` line): such a block is a no-op
/// whatever its condition (clang reads MSVC's warning pragmas only with
/// -fms-extensions, and then they only change which warnings print).
/// std::nullopt for any other block.
static std::optional<llvm::StringRef> afterWarningPragmaBlock(llvm::StringRef Text) {
  for (;;) {
    auto [Words, After] = openingDirective(Text);
    if (Words.empty())
      return std::nullopt;
    if (Words[0] == "endif")
      return After;
    bool Pragma = Words[0] == "pragma" && Words.size() > 1 &&
                  (Words[1] == "warning" || Words[1].starts_with("warning("));
    if (!Pragma && Words[0] != "else" && !Words[0].starts_with("elif"))
      return std::nullopt;
    Text = After;
  }
}

std::vector<LeadingInclude> leadingIncludes(llvm::StringRef Text) {
  std::vector<LeadingInclude> Names;
  while (!Text.empty()) {
    Text = Text.ltrim(" \t\r\n\f\v");
    if (Text.consume_front("//")) {
      size_t End = Text.find('\n');
      // A comment continued by a backslash swallows the next line.
      if (Text.take_front(End).rtrim(" \t\r").ends_with("\\"))
        break;
      Text = End == llvm::StringRef::npos ? "" : Text.drop_front(End);
      continue;
    }
    if (Text.consume_front("/*")) {
      size_t End = Text.find("*/");
      if (End == llvm::StringRef::npos)
        break;
      Text = Text.drop_front(End + 2);
      continue;
    }
    if (!Text.consume_front("#"))
      break;
    llvm::StringRef Line = Text.take_until([](char C) { return C == '\n'; });
    Text = Text.drop_front(Line.size());
    Line = Line.rtrim(" \t\r");
    llvm::StringRef Rest = Line.ltrim(" \t");
    if (Rest.starts_with("if")) {
      // `#ifdef WIN32` / `#pragma warning(disable : 4996)` / `#endif`.
      std::optional<llvm::StringRef> After = afterWarningPragmaBlock(Text);
      if (!After)
        break;
      Text = *After;
      continue;
    }
    if (!Rest.consume_front("include"))
      break;
    Rest = Rest.ltrim(" \t");
    bool Angled = Rest.consume_front("<");
    if (!Angled && !Rest.consume_front("\""))
      break;
    size_t Close = Rest.find(Angled ? '>' : '"');
    if (Close == llvm::StringRef::npos || Close == 0)
      break;
    llvm::StringRef Name = Rest.take_front(Close);
    llvm::StringRef After = Rest.drop_front(Close + 1).ltrim(" \t");
    // Anything after the name but a line comment is unusual: stop.
    if (!After.empty() && !After.starts_with("//"))
      break;
    if (Name.contains('\\') || Name.contains('"') || Name.contains("/*") ||
        Name.contains("//"))
      break;
    Names.push_back({Name.str(), Angled});
  }
  return Names;
}

llvm::StringRef afterIncludeGuard(llvm::StringRef Text) {
  auto isPragmaOnce = [](llvm::ArrayRef<llvm::StringRef> W) {
    return W.size() == 2 && W[0] == "pragma" && W[1] == "once";
  };
  auto [First, AfterFirst] = openingDirective(Text);
  if (isPragmaOnce(First))
    std::tie(First, AfterFirst) = openingDirective(Text = AfterFirst);
  if (First.size() == 2 && First[0] == "ifndef") {
    auto [Second, AfterSecond] = openingDirective(AfterFirst);
    if (Second.size() == 2 && Second[0] == "define" && Second[1] == First[1]) {
      Text = AfterSecond;
      auto [Third, AfterThird] = openingDirective(Text);
      if (isPragmaOnce(Third))
        Text = AfterThird;
    }
  }
  return Text;
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
