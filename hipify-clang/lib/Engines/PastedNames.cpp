//===- PastedNames.cpp ----------------------------------------------------===//
#include "hipkit/hipify/Engines/PastedNames.h"

#include "hipkit/hipify/Tables/MappingTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

using namespace hipkit::hipify;

namespace {

/// The prefixes of the CUDA APIs' names. A paste whose literal part starts
/// with one (and begins some row's name) forms CUDA names even where the
/// file does not say which: an invocation through a parameter, or none.
/// The libraries' are the registry's `prefixes` (libraries.tsv, generated
/// into CudaPrefixes.inc); the runtime is no registry library, so its prefix
/// is written here (registry.py --check fails on a library's written here).
constexpr llvm::StringLiteral CudaPrefixes[] = {
    "cuda",
#define CUDA_PREFIX(Prefix) Prefix,
#include "hipkit/hipify/CudaPrefixes.inc"
};

/// A use of a macro: its name's token and each argument's tokens.
struct Invocation {
  size_t NameToken;
  std::vector<std::pair<size_t, size_t>> Args;
  /// The macro whose body holds the invocation, if any.
  const FunctionLikeMacro *Enclosing = nullptr;
};

std::vector<Invocation> invocationsOf(const FunctionLikeMacro &M,
                                      llvm::ArrayRef<RawToken> Tokens,
                                      llvm::ArrayRef<FunctionLikeMacro> Macros) {
  std::vector<Invocation> Found;
  for (size_t J = 0; J + 1 < Tokens.size(); ++J) {
    if (Tokens[J].Kind != clang::tok::raw_identifier ||
        Tokens[J].Identifier != M.Name || J == M.NameToken || M.bodyHolds(J) ||
        Tokens[J + 1].Kind != clang::tok::l_paren)
      continue;
    if (J > 0 && (Tokens[J - 1].Kind == clang::tok::period ||
                  Tokens[J - 1].Kind == clang::tok::arrow))
      continue;
    Invocation Use{J, {}};
    int Depth = 0;
    size_t Start = J + 2;
    bool Closed = false;
    for (size_t K = J + 2; K < Tokens.size() && !Closed; ++K) {
      switch (Tokens[K].Kind) {
      case clang::tok::l_paren:
      case clang::tok::l_square:
      case clang::tok::l_brace:
        ++Depth;
        break;
      case clang::tok::r_paren:
        if (Depth == 0) {
          Use.Args.push_back({Start, K});
          Closed = true;
        } else {
          --Depth;
        }
        break;
      case clang::tok::r_square:
      case clang::tok::r_brace:
        --Depth;
        break;
      case clang::tok::comma:
        if (Depth == 0) {
          Use.Args.push_back({Start, K});
          Start = K + 1;
        }
        break;
      default:
        break;
      }
    }
    if (!Closed)
      continue;
    for (const FunctionLikeMacro &Other : Macros)
      if (Other.bodyHolds(J))
        Use.Enclosing = &Other;
    Found.push_back(std::move(Use));
  }
  return Found;
}

/// \p Use's arguments as text: what a paste of each one forms, or why that
/// cannot be known.
MacroUse describeUse(const Invocation &Use, llvm::ArrayRef<RawToken> Tokens,
                     llvm::StringRef Contents) {
  MacroUse Described;
  Described.Offset = Tokens[Use.NameToken].Offset;
  for (auto [Begin, End] : Use.Args) {
    MacroUse::Argument A;
    if (End == Begin + 1) {
      A.Text = Contents.substr(Tokens[Begin].Offset, Tokens[Begin].Length);
      A.Token = Begin;
      if (Use.Enclosing && Tokens[Begin].Kind == clang::tok::raw_identifier &&
          Use.Enclosing->paramIndex(A.Text))
        A.Why = llvm::formatv("'{0}', a parameter of '{1}'", A.Text,
                              Use.Enclosing->Name)
                    .str();
    } else if (End > Begin) {
      A.Text = Contents.slice(Tokens[Begin].Offset, Tokens[End - 1].end());
      A.Why = llvm::formatv("'{0}', which is not one name", A.Text).str();
    }
    Described.Args.push_back(std::move(A));
  }
  return Described;
}

/// The function-like macros of \p Tokens that paste one of their parameters.
std::vector<FunctionLikeMacro>
pastingMacros(llvm::ArrayRef<RawToken> Tokens,
              llvm::ArrayRef<FunctionLikeMacro> Macros) {
  std::vector<FunctionLikeMacro> Pasting;
  for (const FunctionLikeMacro &M : Macros)
    for (size_t K = M.BodyBegin + 1; K + 1 < M.BodyEnd; ++K)
      if (Tokens[K].Kind == clang::tok::hashhash &&
          ((Tokens[K - 1].Kind == clang::tok::raw_identifier &&
            M.paramIndex(Tokens[K - 1].Identifier)) ||
           (Tokens[K + 1].Kind == clang::tok::raw_identifier &&
            M.paramIndex(Tokens[K + 1].Identifier)))) {
        Pasting.push_back(M);
        break;
      }
  return Pasting;
}

bool isCudaPrefix(llvm::StringRef Prefix) {
  return llvm::any_of(
             CudaPrefixes,
             [&](llvm::StringRef P) { return Prefix.starts_with(P); }) &&
         !NameResolver::apiOfPrefix(Prefix).empty();
}

/// One `a ## b ## ...` of a macro body and what it forms in the file.
class PasteChain {
public:
  PasteChain(FileTranslation &FT, llvm::ArrayRef<RawToken> Tokens,
             const FunctionLikeMacro &Macro, std::vector<size_t> Pieces,
             const NamePolicy &Policy, llvm::ArrayRef<ForeignMacroUse> Foreign)
      : FT(FT), Tokens(Tokens), Macro(Macro), Pieces(std::move(Pieces)),
        Policy(Policy), Foreign(Foreign) {}

  void translate(llvm::ArrayRef<FunctionLikeMacro> Macros) {
    if (!llvm::any_of(Pieces, [&](size_t P) { return paramOf(P); }))
      return; // Nothing from the invocations: the same text every time.
    std::optional<llvm::StringRef> Prefix;
    if (!paramOf(Pieces.front()) &&
        Tokens[Pieces.front()].Kind == clang::tok::raw_identifier)
      Prefix = Tokens[Pieces.front()].Identifier;
    std::vector<Invocation> Uses = invocationsOf(Macro, Tokens, Macros);
    for (const Invocation &Use : Uses)
      form(describeUse(Use, Tokens, FT.contents()), /*Where=*/"");
    for (const ForeignMacroUse &Use : Foreign)
      form(Use.Use, Use.Where);
    bool Used = !Uses.empty() || !Foreign.empty();
    bool FormsCuda = llvm::any_of(
        Formed, [](const FormedName &F) { return bool(F.Resolved); });
    if (!FormsCuda && !(Prefix && isCudaPrefix(*Prefix) &&
                        (!Unknown.empty() || !Used)))
      return;
    // The pieces are no names of their own: `curand` has a row.
    for (size_t P : Pieces)
      FT.markNotCuda(Tokens[P].Offset);
    for (size_t T : PastedArguments)
      FT.markNotCuda(Tokens[T].Offset);
    unsigned At = Tokens[Pieces.front()].Offset;
    std::vector<const ApiMapping *> FormedRows;
    for (const FormedName &F : Formed)
      FormedRows.push_back(F.Resolved.Row);
    llvm::StringRef Api =
        NameResolver::pastedApi(FormedRows, Prefix.value_or(""));
    for (const UnknownName &U : Unknown) {
      FT.warn(U.Where.empty() ? U.Offset : At, warning_names::PastedName,
              llvm::formatv("'{0}' pastes '{1}' with {2}{3}: the name it "
                            "forms is not known here; left untranslated",
                            Macro.Name, U.Spelled, U.Why,
                            U.Where.empty() ? "" : " (used at " + U.Where + ")"));
      FT.statistics().countUnconverted(U.Spelled, Api);
    }
    if (!Used) {
      FT.warn(At, warning_names::PastedName,
              llvm::formatv("'{0}' forms CUDA names, but '{1}' is used "
                            "nowhere in this file or the files translated "
                            "with it, so which names is not known; left "
                            "untranslated",
                            spelling(), Macro.Name));
      FT.statistics().countUnconverted(spelling(), Api);
      return;
    }
    if (Prefix && Unknown.empty() && rewritePrefix(*Prefix, At))
      return;
    if (Unknown.empty() || !Formed.empty())
      FT.warn(At, warning_names::PastedName, whyLeft(Prefix));
    for (const FormedName &F : Formed)
      if (F.Resolved)
        FT.countUnconverted(*F.Resolved.Row);
  }

private:
  struct FormedName {
    std::string Name;
    /// The resolution of the name, empty when it has no row (or a header's).
    Resolution Resolved;
  };
  struct UnknownName {
    unsigned Offset;   ///< Of the use, in this file.
    std::string Where; ///< The use in another file: "file:line"; or "".
    std::string Spelled, Why;
  };

  std::optional<unsigned> paramOf(size_t Token) const {
    if (Tokens[Token].Kind != clang::tok::raw_identifier)
      return std::nullopt;
    return Macro.paramIndex(Tokens[Token].Identifier);
  }
  llvm::StringRef textOf(size_t Token) const {
    return FT.contents().substr(Tokens[Token].Offset, Tokens[Token].Length);
  }
  std::string spelling() const {
    std::string Text;
    for (size_t P : Pieces)
      Text += (Text.empty() ? "" : "##") + textOf(P).str();
    return Text;
  }

  /// The name \p Use forms, or why it cannot be known. \p Where names a use
  /// in another file ("" for this file's).
  void form(const MacroUse &Use, llvm::StringRef Where) {
    std::string Name, Spelled;
    std::optional<std::string> Why;
    for (size_t P : Pieces) {
      std::string Piece = textOf(P).str();
      if (std::optional<unsigned> Param = paramOf(P)) {
        Piece.clear();
        if (*Param < Use.Args.size()) {
          const MacroUse::Argument &A = Use.Args[*Param];
          Piece = A.Text;
          if (A.Why)
            Why = *A.Why;
          else if (Where.empty() && A.Token != MacroUse::Argument::NoToken)
            PastedArguments.push_back(A.Token);
        }
      }
      Name += Piece;
      Spelled += (Spelled.empty() ? "" : "##") + Piece;
    }
    if (Why) {
      Unknown.push_back({Use.Offset, Where.str(), Spelled, *Why});
      return;
    }
    Resolution Resolved =
        FT.resolver().resolve(NameReference::written({}, Name), Policy);
    if (Resolved && Resolved.Row->Kind == NameKind::Header)
      Resolved = Resolution();
    Formed.push_back({Name, Resolved});
  }

  /// Rewrites \p Prefix when every formed name maps by one change of it.
  bool rewritePrefix(llvm::StringRef Prefix, unsigned At) {
    std::optional<std::string> NewPrefix;
    std::vector<const Resolution *> Decided;
    for (const FormedName &F : Formed) {
      // Only plain names, renamed or kept, can map by a prefix.
      std::optional<llvm::StringRef> Written = F.Resolved.writtenName();
      if (!Written)
        return false;
      llvm::StringRef Rest = llvm::StringRef(F.Name).drop_front(Prefix.size());
      if (!Written->ends_with(Rest) || Written->size() == Rest.size())
        return false;
      std::string Candidate = Written->drop_back(Rest.size()).str();
      if (NewPrefix && *NewPrefix != Candidate)
        return false;
      NewPrefix = Candidate;
      Decided.push_back(&F.Resolved);
    }
    if (!NewPrefix)
      return false;
    FT.markCudaUse(At);
    if (*NewPrefix != Prefix)
      FT.addEdit(At, Prefix.size(), *NewPrefix, EditOrigin::Lexical);
    for (const Resolution *Resolved : Decided) {
      if (Resolved->Decision.Action == NameAction::Rewrite)
        FT.countConverted(*Resolved->Row, EditOrigin::Lexical);
      FT.diagnostics().warnIfNewerThanTarget(At, *Resolved->Row,
                                             Resolved->Decision, Policy);
    }
    return true;
  }

  /// The warning for a paste that is left: its first name that does not map
  /// like the others.
  std::string whyLeft(std::optional<llvm::StringRef> Prefix) const {
    std::string Chain = spelling();
    if (!Prefix) {
      for (const FormedName &F : Formed)
        if (F.Resolved)
          return llvm::formatv("'{0}' forms '{1}' by pasting; left "
                               "untranslated",
                               Chain, F.Name);
      return llvm::formatv("'{0}' forms CUDA names by pasting; left "
                           "untranslated",
                           Chain);
    }
    std::optional<std::string> NewPrefix;
    for (const FormedName &F : Formed) {
      auto Left = [&](const llvm::Twine &What) {
        return llvm::formatv("'{0}' forms '{1}', {2}; the macro is left "
                             "untranslated",
                             Chain, F.Name, What.str())
            .str();
      };
      if (!F.Resolved)
        return Left("which is not a CUDA name hipkit knows");
      const NameDecision &Decision = F.Resolved.Decision;
      switch (Decision.Action) {
      case NameAction::ReportUnsupported:
        return Left("which has no HIP equivalent");
      case NameAction::ReportExperimental:
        return Left("which is experimental (--experimental translates it)");
      case NameAction::ReportNoRocEquivalent:
        return Left("which has no " + F.Resolved.Library->RocLibrary +
                    " equivalent");
      case NameAction::KeepIdentical:
      case NameAction::Rewrite:
        break;
      }
      if (F.Resolved.hasRule())
        return Left("which is translated by more than a new name");
      llvm::StringRef Written = Decision.Action == NameAction::Rewrite
                                    ? Decision.Replacement
                                    : llvm::StringRef(F.Name);
      llvm::StringRef Rest = llvm::StringRef(F.Name).drop_front(Prefix->size());
      if (!Written.ends_with(Rest) || Written.size() == Rest.size())
        return Left(
            "which becomes '" + Written + "', not " +
            (NewPrefix ? "'" + *NewPrefix + "'" : std::string("a new prefix")) +
            " followed by the pasted text");
      std::string Candidate = Written.drop_back(Rest.size()).str();
      if (NewPrefix && *NewPrefix != Candidate)
        return Left("which becomes '" + Written + "', not '" + *NewPrefix +
                    "' followed by the pasted text");
      NewPrefix = Candidate;
    }
    return llvm::formatv("'{0}' forms names that cannot all be known; the "
                         "macro is left untranslated",
                         Chain);
  }

  FileTranslation &FT;
  llvm::ArrayRef<RawToken> Tokens;
  const FunctionLikeMacro &Macro;
  std::vector<size_t> Pieces;
  const NamePolicy &Policy;
  llvm::ArrayRef<ForeignMacroUse> Foreign;
  std::vector<FormedName> Formed;
  std::vector<UnknownName> Unknown;
  std::vector<size_t> PastedArguments;
};

} // namespace

void PastingUses::collect(llvm::ArrayRef<const FileTranslation *> Files) {
  std::vector<llvm::ArrayRef<RawToken>> Tokens;
  std::vector<llvm::ArrayRef<FunctionLikeMacro>> Macros;
  llvm::StringSet<> Pasting;
  for (const FileTranslation *FT : Files) {
    Tokens.push_back(FT->source().tokens());
    Macros.push_back(FT->source().functionLikeMacros());
    for (const FunctionLikeMacro &M : pastingMacros(Tokens.back(), Macros.back()))
      Pasting.insert(M.Name);
  }
  if (Pasting.empty())
    return;
  // A file's uses of a macro it defines itself are its own; the other
  // files' uses count for every file defining a macro of that name.
  for (size_t F = 0; F < Files.size(); ++F) {
    llvm::StringSet<> OwnDefinitions;
    for (const FunctionLikeMacro &M : Macros[F])
      OwnDefinitions.insert(M.Name);
    for (const auto &Entry : Pasting) {
      llvm::StringRef Name = Entry.getKey();
      if (OwnDefinitions.contains(Name))
        continue;
      FunctionLikeMacro Probe;
      Probe.Name = Name;
      Probe.NameToken = SIZE_MAX;
      for (const Invocation &Use : invocationsOf(Probe, Tokens[F], Macros[F])) {
        ForeignMacroUse Found;
        Found.File = Files[F];
        Found.Use = describeUse(Use, Tokens[F], Files[F]->contents());
        Found.Where = (llvm::sys::path::filename(Files[F]->displayPath()) +
                       ":" +
                       llvm::Twine(1 + Files[F]->contents()
                                           .take_front(Found.Use.Offset)
                                           .count('\n')))
                          .str();
        Uses[Name].push_back(std::move(Found));
      }
    }
  }
}

std::vector<ForeignMacroUse>
PastingUses::usesOutside(llvm::StringRef Macro,
                         const FileTranslation &Defining) const {
  std::vector<ForeignMacroUse> Found;
  auto It = Uses.find(Macro);
  if (It != Uses.end())
    for (const ForeignMacroUse &U : It->second)
      if (U.File != &Defining)
        Found.push_back(U);
  return Found;
}

PastingMacroUses
PastingUses::macroUsesIn(const FileTranslation &Defining) const {
  PastingMacroUses Found;
  llvm::ArrayRef<RawToken> Tokens = Defining.source().tokens();
  for (const FunctionLikeMacro &M : Defining.source().functionLikeMacros()) {
    bool Pastes = false;
    for (size_t K = M.BodyBegin + 1; K + 1 < M.BodyEnd && !Pastes; ++K)
      Pastes = Tokens[K].Kind == clang::tok::hashhash;
    if (!Pastes)
      continue;
    std::set<std::string> &Uses = Found[M.Name.str()];
    for (const ForeignMacroUse &U : usesOutside(M.Name, Defining)) {
      std::string Text = M.Name.str() + "(";
      for (const MacroUse::Argument &A : U.Use.Args)
        Text += (&A == &U.Use.Args.front() ? "" : ", ") + A.Text;
      Uses.insert(Text + ")");
    }
  }
  return Found;
}

void hipkit::hipify::translatePastedNames(FileTranslation &FT,
                                          const NamePolicy &Policy,
                                          const PastingUses *Others) {
  llvm::ArrayRef<RawToken> Tokens = FT.source().tokens();
  llvm::ArrayRef<FunctionLikeMacro> Macros = FT.source().functionLikeMacros();
  for (const FunctionLikeMacro &M : Macros) {
    std::vector<std::vector<size_t>> Chains;
    for (size_t K = M.BodyBegin + 1; K + 1 < M.BodyEnd; ++K) {
      if (Tokens[K].Kind != clang::tok::hashhash)
        continue;
      if (!Chains.empty() && Chains.back().back() == K - 1)
        Chains.back().push_back(K + 1);
      else
        Chains.push_back({K - 1, K + 1});
    }
    std::vector<ForeignMacroUse> Foreign;
    if (Others && !Chains.empty())
      Foreign = Others->usesOutside(M.Name, FT);
    for (std::vector<size_t> &Pieces : Chains)
      PasteChain(FT, Tokens, M, std::move(Pieces), Policy, Foreign)
          .translate(Macros);
  }
}
