//===- TokenEngine.cpp ----------------------------------------------------===//
#include "hipkit/hipify/Engines/TokenEngine.h"

#include "hipkit/hipify/Source/CudaLexer.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Engines/PastedNames.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/Basic/IdentifierTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

using namespace hipkit::hipify;

namespace {

/// True when \p Word is a keyword of CUDA C++ (never a name, whatever a table
/// row says). The table of keywords is built once and only read after, so
/// parallel translations share it.
bool isKeyword(llvm::StringRef Word) {
  const clang::LangOptions &Opts = cudaLangOptions();
  static const clang::IdentifierTable Keywords(Opts);
  auto It = Keywords.find(Word);
  return It != Keywords.end() && It->second->isKeyword(Opts);
}

/// `#pragma weak NAME=TARGET` (nccl-tests names its test engine so) in a
/// file that uses CUDA: clang's device compilation emits no host variable
/// and rejects the alias ("alias must point to a defined variable or
/// function"), where nvcc's ignores it; the host compilation keeps it.
void guardWeakAlias(FileTranslation &FT, const Directive &D) {
  if (!FT.isMainFile() && !FT.usesCuda())
    return;
  llvm::StringRef Contents = FT.contents();
  llvm::StringRef Line = Contents.slice(D.HashOffset, D.LineEnd);
  llvm::StringRef Rest = Line.drop_front(1).ltrim(" \t");
  if (!Rest.consume_front("pragma"))
    return;
  Rest = Rest.ltrim(" \t");
  if (!Rest.consume_front("weak") || !Rest.contains('=') ||
      Line.contains("__HIP_DEVICE_COMPILE__"))
    return;
  unsigned Begin = FT.source().lineStart(D.HashOffset);
  llvm::StringRef EOL = FT.lineEnding();
  FT.addEdit(Begin, 0,
             ("#if !defined(__HIP_DEVICE_COMPILE__)" + EOL).str(),
             EditOrigin::Lexical, "");
  FT.addEdit(D.LineEnd, 0, (EOL + "#endif").str(), EditOrigin::Lexical, "");
  FT.note(D.HashOffset, warning_names::HostOnlyAlias,
          "a weak alias of host code, which clang's device compilation "
          "rejects: kept for the host compilation only");
}

/// Which tokens belong to lines whose identifiers must not be translated:
/// include lines (handled as headers), the macro name of #define/#undef,
/// #pragma, #error, #warning, #line and the directive words themselves.
std::vector<bool> untranslatableTokens(const SourceText &Source) {
  std::vector<bool> Untranslatable(Source.tokens().size(), false);
  for (const Directive &D : Source.directives()) {
    size_t I = D.FirstToken, End = D.EndToken;
    Untranslatable[I] = true;
    if (I + 1 < End)
      Untranslatable[I + 1] = true;
    if (D.Kind == DirectiveKind::If || D.Kind == DirectiveKind::Else ||
        D.Kind == DirectiveKind::Endif)
      continue;
    if (D.Word == "define" || D.Word == "undef") {
      // The macro being (un)defined is the user's name, not a reference.
      if (I + 2 < End)
        Untranslatable[I + 2] = true;
      continue;
    }
    for (size_t J = I; J < End; ++J)
      Untranslatable[J] = true;
  }
  return Untranslatable;
}

bool inAnyRange(llvm::ArrayRef<OffsetRange> Ranges, unsigned Offset) {
  return llvm::any_of(Ranges,
                      [&](const OffsetRange &R) { return R.contains(Offset); });
}

bool isPrefix(llvm::ArrayRef<unsigned> Prefix, llvm::ArrayRef<unsigned> Of) {
  return Prefix.size() <= Of.size() && Of.take_front(Prefix.size()) == Prefix;
}

/// The explicit instantiations among \p Tokens (`template void f<float>(float
/// *, cudaStream_t);`, `extern template ...`, `template __global__ void
/// k<int>(int *);`): from `template` to its `;`. clang keeps no declaration
/// for the written form of a function's or variable's explicit instantiation
/// (Sema records only the specialization, whose types are the template's), so
/// the AST engine never sees the names written there; they are translated by
/// tokens like macro bodies. A `template` followed by `<` declares a template;
/// after `::`, `.` or `->` it is a disambiguator.
std::vector<OffsetRange>
explicitInstantiations(llvm::ArrayRef<RawToken> Tokens) {
  std::vector<OffsetRange> Ranges;
  for (size_t I = 0; I + 1 < Tokens.size(); ++I) {
    if (Tokens[I].Kind != clang::tok::raw_identifier ||
        Tokens[I].Identifier != "template" ||
        Tokens[I + 1].Kind == clang::tok::less)
      continue;
    if (I > 0 && (Tokens[I - 1].Kind == clang::tok::coloncolon ||
                  Tokens[I - 1].Kind == clang::tok::period ||
                  Tokens[I - 1].Kind == clang::tok::arrow))
      continue;
    // Up to the `;` outside brackets; a `{` or a directive means this was no
    // explicit instantiation.
    int Depth = 0;
    for (size_t J = I + 1; J < Tokens.size(); ++J) {
      const RawToken &T = Tokens[J];
      if ((T.Kind == clang::tok::hash && T.StartOfLine) ||
          T.Kind == clang::tok::l_brace || T.Kind == clang::tok::r_brace)
        break;
      if (T.Kind == clang::tok::l_paren || T.Kind == clang::tok::l_square)
        ++Depth;
      else if (T.Kind == clang::tok::r_paren || T.Kind == clang::tok::r_square)
        --Depth;
      else if (T.Kind == clang::tok::semi && Depth <= 0) {
        Ranges.push_back({Tokens[I].Offset, T.Offset + 1});
        I = J;
        break;
      }
    }
  }
  return Ranges;
}

// CUDA's execution-space and memory-space keywords. Seeing one means the file
// is CUDA code (it needs hip/hip_runtime.h under HIP) even if it calls no API.
bool isCudaLanguageKeyword(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("__global__", "__device__", "__host__", "__shared__",
             "__constant__", "__managed__", "__launch_bounds__", true)
      .Default(false);
}

/// Where the braces outside directives open: `{` offsets, each with whether
/// it opens a linkage specification (`extern "C" {`).
struct BraceOpener {
  unsigned Offset;
  bool Linkage;
};

/// The braces open at \p Offset, outermost first.
std::vector<BraceOpener> openBracesAt(const SourceText &Source,
                                      unsigned Offset) {
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  std::vector<BraceOpener> Open;
  for (size_t I = 0; I < Tokens.size() && Tokens[I].Offset < Offset; ++I) {
    if (Source.inDirective(I))
      continue; // A directive's own tokens.
    if (Tokens[I].Kind == clang::tok::l_brace)
      Open.push_back(
          {Tokens[I].Offset,
           I > 0 && Tokens[I - 1].Kind == clang::tok::string_literal});
    else if (Tokens[I].Kind == clang::tok::r_brace && !Open.empty())
      Open.pop_back();
  }
  return Open;
}

/// A namespace alias the file declares (`namespace cub = hipcub;`): the
/// user's own name, never a CUDA one. From the end of its declaration on, in
/// its #if branch (and the branches nested in it) and until the braces around
/// it close, the name is the alias: `cub::BlockScan` there names the user's
/// alias, whatever its target.
struct NamespaceAlias {
  llvm::StringRef Name;
  unsigned Begin = 0, End = 0;
  std::vector<unsigned> Blocks;
};

/// The file's namespace aliases; their declared names become untranslatable.
std::vector<NamespaceAlias>
namespaceAliases(const SourceText &Source, std::vector<bool> &Untranslatable) {
  llvm::StringRef Contents = Source.contents();
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  auto IsWord = [&](size_t J, llvm::StringRef Word) {
    return Tokens[J].Kind == clang::tok::raw_identifier &&
           Tokens[J].Identifier == Word;
  };
  std::vector<NamespaceAlias> Aliases;
  for (size_t I = 0; I + 2 < Tokens.size(); ++I) {
    if (!IsWord(I, "namespace") ||
        Tokens[I + 1].Kind != clang::tok::raw_identifier ||
        Tokens[I + 2].Kind != clang::tok::equal)
      continue;
    Untranslatable[I + 1] = true;
    NamespaceAlias Alias;
    Alias.Name = Tokens[I + 1].Identifier;
    Alias.Blocks = Source.blocksAt(Tokens[I].Offset).vec();
    Alias.End = Contents.size();
    size_t J = I + 3;
    while (J < Tokens.size() && Tokens[J].Kind != clang::tok::semi)
      ++J;
    Alias.Begin = J < Tokens.size() ? Tokens[J].Offset : Contents.size();
    // The braces of directives (macro bodies) are not the file's.
    int Depth = 0;
    for (++J; J < Tokens.size(); ++J) {
      if (Source.inDirective(J))
        continue;
      if (Tokens[J].Kind == clang::tok::l_brace)
        ++Depth;
      else if (Tokens[J].Kind == clang::tok::r_brace && --Depth < 0) {
        Alias.End = Tokens[J].Offset;
        break;
      }
    }
    Aliases.push_back(std::move(Alias));
  }
  return Aliases;
}

/// Whether \p Name at \p Offset is one of the file's namespace aliases.
bool namesAlias(llvm::ArrayRef<NamespaceAlias> Aliases,
                const SourceText &Source, llvm::StringRef Name,
                unsigned Offset) {
  return llvm::any_of(Aliases, [&](const NamespaceAlias &A) {
    return A.Name == Name && A.Begin < Offset && Offset < A.End &&
           isPrefix(A.Blocks, Source.blocksAt(Offset));
  });
}

/// What the header row's rule adds around its include (`define`).
void rewriteInclude(FileTranslation &FT, const Directive &D,
                    const ApiMapping &Row, llvm::StringRef HipHeader,
                    const NamePolicy &Policy) {
  if (const RewriteRule *Rule = RewriteRule::forRow(Row))
    Rule->rewriteInclude(FT, FT.source().lineStart(D.HashOffset),
                         D.NameBegin + 1,
                         Row, HipHeader, Policy);
}

constexpr llvm::StringLiteral HipRuntimeHeader = "hip/hip_runtime.h";
constexpr llvm::StringLiteral HipRuntimeApiHeader = "hip/hip_runtime_api.h";

/// Where nvcc's implicit cuda_runtime.h goes when a file using CUDA has no
/// HIP include: what the include lines showed.
struct RuntimeIncludePlace {
  /// The line of the first include at file scope (in the guard's block).
  std::optional<unsigned> FirstTopLevelInclude;
  /// The include guard's #if block.
  std::optional<unsigned> GuardBlock;
  /// The end of the guard's #define or of a top-level `#pragma once`.
  unsigned AfterGuardOrPragmaOnce = 0;
};

/// Adds hip/hip_runtime.h to \p FT, which uses CUDA and includes no HIP
/// header.
void insertRuntimeInclude(FileTranslation &FT,
                          const RuntimeIncludePlace &Place,
                          EditOrigin Origin) {
  llvm::StringRef Contents = FT.contents();
  const SourceText &Source = FT.source();
  llvm::ArrayRef<Directive> Directives = Source.directives();
  llvm::StringRef EOL = FT.lineEnding();
  const std::optional<unsigned> &FirstTopLevelInclude =
      Place.FirstTopLevelInclude;
  const std::optional<unsigned> &GuardBlock = Place.GuardBlock;
  unsigned AfterGuardOrPragmaOnce = Place.AfterGuardOrPragmaOnce;
  unsigned At = 0;
  std::string Include = ("#include <" + HipRuntimeHeader + ">").str();
  std::string Text = Include + EOL.str();
  // nvcc's implicit include is needed where the file uses CUDA: in the #if
  // block that holds every use (a header's `#ifdef __CUDACC__`, so that C
  // sources including it never see HIP), before the first use, and at file
  // scope (never inside `extern "C" {`, where HIP's C++ cannot be).
  std::vector<unsigned> Common;
  if (!FT.cudaUseOffsets().empty()) {
    Common = Source.blocksAt(FT.cudaUseOffsets().front()).vec();
    for (unsigned Use : FT.cudaUseOffsets()) {
      llvm::ArrayRef<unsigned> Blocks = Source.blocksAt(Use);
      size_t Same = 0;
      while (Same < Common.size() && Same < Blocks.size() &&
             Common[Same] == Blocks[Same])
        ++Same;
      Common.resize(Same);
    }
  }
  if (GuardBlock && Common.size() == 1 && Common[0] == *GuardBlock)
    Common.clear();
  unsigned FirstUse = FT.cudaUseOffsets().empty()
                          ? Contents.size()
                          : *llvm::min_element(FT.cudaUseOffsets());
  std::optional<unsigned> InBlock;
  // Where the block's opening directive ends, the include starts a line.
  std::string InBlockText = Text;
  std::vector<BraceOpener> Braces;
  if (!Common.empty()) {
    // The first include of that block, else the line after the directive
    // that opens it.
    for (const Directive &D : Directives) {
      if (D.HashOffset >= FirstUse)
        break;
      if (D.Kind == DirectiveKind::Include && D.Blocks == Common &&
          openBracesAt(Source, D.HashOffset).empty()) {
        InBlock = Source.lineStart(D.HashOffset);
        InBlockText = Include + EOL.str();
        break;
      }
      if ((D.Kind == DirectiveKind::If || D.Kind == DirectiveKind::Else) &&
          D.BlocksAfter == Common) {
        InBlock = D.LineEnd;
        InBlockText = EOL.str() + Include;
        Braces = openBracesAt(Source, D.HashOffset);
      }
    }
  }
  if (InBlock &&
      llvm::all_of(Braces, [](const BraceOpener &B) { return B.Linkage; })) {
    At = *InBlock;
    Text = InBlockText;
    // Inside `extern "C" {` (a C header's `#ifdef __CUDACC__` block): HIP's
    // headers need C++ linkage.
    if (!Braces.empty())
      Text = (EOL + "extern \"C++\" {" + EOL + Include + EOL + "}").str();
  } else if (FirstTopLevelInclude) {
    At = *FirstTopLevelInclude;
  } else if (AfterGuardOrPragmaOnce) {
    At = AfterGuardOrPragmaOnce;
    Text = (EOL + "#include <" + HipRuntimeHeader + ">").str();
  } else if (Contents.starts_with("\xEF\xBB\xBF")) {
    At = 3; // After a UTF-8 byte order mark.
  }
  FT.addEdit(At, 0, Text, Origin);
}

} // namespace

void TokenEngine::translate(FileTranslation &FT,
                            const LexicalScope &Scope) const {
  translateNames(FT, Scope);
  translateIncludes(FT, Scope);
}

void TokenEngine::translateNames(FileTranslation &FT,
                                 const LexicalScope &Scope) const {
  const SourceText &Source = FT.source();
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  std::vector<bool> Untranslatable = untranslatableTokens(Source);
  std::vector<NamespaceAlias> Aliases =
      namespaceAliases(Source, Untranslatable);
  std::vector<OffsetRange> Instantiations =
      Scope.WholeFile ? std::vector<OffsetRange>()
                      : explicitInstantiations(Tokens);
  // Before the names: the pieces of a CUDA name built by `##` are not
  // names of their own.
  translatePastedNames(FT, Policy, Scope.Pasting);

  // Names.
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const RawToken &T = Tokens[I];
    if (T.Kind == clang::tok::lesslessless)
      FT.markCudaUse(T.Offset);
    if (T.Kind != clang::tok::raw_identifier || Untranslatable[I])
      continue;
    if (isCudaLanguageKeyword(T.Identifier))
      FT.markCudaUse(T.Offset);
    if (isKeyword(T.Identifier))
      continue;
    if (!Scope.WholeFile && !inAnyRange(Scope.Ranges, T.Offset) &&
        !inAnyRange(Instantiations, T.Offset))
      continue;
    // A member (x.name, p->name) is never a CUDA API name; a qualified name
    // (ns::name, thrust::system::cuda) is one only if the table has a row for
    // it qualified (NameResolver::rowFor).
    clang::tok::TokenKind Previous =
        I ? Tokens[I - 1].Kind : clang::tok::unknown;
    if (Previous == clang::tok::period || Previous == clang::tok::arrow)
      continue;
    size_t First = I;
    // A keyword before `::` (`return ::cudaMalloc(...)`) qualifies nothing.
    while (First >= 2 && Tokens[First - 1].Kind == clang::tok::coloncolon &&
           Tokens[First - 2].Kind == clang::tok::raw_identifier &&
           !isKeyword(Tokens[First - 2].Identifier))
      First -= 2;
    // A name qualified by the file's own alias (`cub::BlockScan` after
    // `namespace cub = hipcub;`), or the alias itself, is the user's.
    if (!Aliases.empty() &&
        namesAlias(Aliases, Source, Tokens[First].Identifier,
                   Tokens[First].Offset))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> Qualifiers;
    for (size_t J = First; J < I; J += 2)
      Qualifiers.push_back(Tokens[J].Identifier);
    const ApiMapping *Row =
        FT.resolver().rowFor(NameReference::written(Qualifiers, T.Identifier));
    // A namespace's bare name (`cub`) only where a namespace is named:
    // before `::`, or after `namespace` (`using namespace cub;`,
    // `namespace cb = cub;` has `=` between; the name an alias declares,
    // `namespace cub = hipcub;`, is the user's and untranslatable).
    if (Row && Row->Kind == NameKind::Namespace && Qualifiers.empty()) {
      bool BeforeColons =
          I + 1 < Tokens.size() && Tokens[I + 1].Kind == clang::tok::coloncolon;
      auto IsWord = [&](size_t J, llvm::StringRef Word) {
        return Tokens[J].Kind == clang::tok::raw_identifier &&
               Tokens[J].Identifier == Word;
      };
      bool AfterNamespace = (I >= 1 && IsWord(I - 1, "namespace")) ||
                            (I >= 3 && Previous == clang::tok::equal &&
                             IsWord(I - 3, "namespace"));
      if (!BeforeColons && !AfterNamespace)
        Row = nullptr;
    }
    // Member rows (cooperative_groups::thread_block_tile::ballot) need the
    // object's type, which only the AST engine knows.
    if (!Row || Row->Kind == NameKind::Header ||
        Row->Kind == NameKind::Member || FT.isMarkedNotCuda(T.Offset))
      continue;
    FT.addReference(T.Offset, FT.resolver().resolution(*Row, Policy),
                    EditOrigin::Lexical, Policy);
  }
}

void TokenEngine::translateIncludes(FileTranslation &FT,
                                    const LexicalScope &Scope) const {
  llvm::StringRef Contents = FT.contents();
  const SourceText &Source = FT.source();
  llvm::ArrayRef<Directive> Directives = Source.directives();
  struct EmittedHeader {
    std::string Name;
    std::vector<unsigned> Blocks;
  };
  std::vector<EmittedHeader> Emitted;
  auto isRedundant = [&](llvm::StringRef Name,
                         llvm::ArrayRef<unsigned> Blocks) {
    return llvm::any_of(Emitted, [&](const EmittedHeader &E) {
      return E.Name == Name && isPrefix(E.Blocks, Blocks);
    });
  };
  llvm::StringRef EOL = FT.lineEnding();
  RuntimeIncludePlace Place;
  std::optional<unsigned> &FirstTopLevelInclude = Place.FirstTopLevelInclude;
  std::optional<unsigned> &GuardBlock = Place.GuardBlock;
  unsigned &AfterGuardOrPragmaOnce = Place.AfterGuardOrPragmaOnce;
  // A guard after `#pragma once` is not one here: the runtime include then
  // goes after the pragma.
  if (const std::optional<IncludeGuard> &Guard = Source.includeGuard();
      Guard && Guard->Ifndef == 0) {
    GuardBlock = Guard->Block;
    AfterGuardOrPragmaOnce = Directives[Guard->Define].LineEnd;
  }
  for (const Directive &D : Directives) {
    if (D.Kind == DirectiveKind::Pragma)
      guardWeakAlias(FT, D);
    if (D.Kind == DirectiveKind::Pragma && D.Blocks.empty() &&
        !AfterGuardOrPragmaOnce &&
        Contents.slice(D.HashOffset, D.LineEnd).contains("once"))
      AfterGuardOrPragmaOnce = D.LineEnd;
    if (D.Kind != DirectiveKind::Include || D.HeaderName.empty())
      continue;
    bool TopLevel = D.Blocks.empty() || (GuardBlock && D.Blocks.size() == 1 &&
                                         D.Blocks[0] == *GuardBlock);
    if (TopLevel && !FirstTopLevelInclude &&
        openBracesAt(Source, D.HashOffset).empty())
      FirstTopLevelInclude = Source.lineStart(D.HashOffset);
    bool InSkipped = inAnyRange(Scope.Skipped, D.HashOffset);
    EditOrigin Origin = InSkipped ? EditOrigin::Lexical : Scope.IncludeOrigin;
    // The AST found the user's own file under a CUDA header's name.
    if (FT.isMarkedNotCuda(D.NameBegin + 1))
      continue;
    Resolution Resolved = FT.resolver().resolveInclude(D.HeaderName, Policy);
    const ApiMapping *Row = Resolved.Row;
    std::string HipHeader;
    if (Row) {
      FT.markCudaFile();
      NameDecision Decision = Resolved.Decision;
      // The header's rule may have translated every use of its names
      // (`tilereduce`: cg::reduce on a tile): the include then names HIP's.
      const RewriteRule *Rule = RewriteRule::forResolution(Resolved);
      std::optional<llvm::StringRef> Instead;
      if (Rule && Decision.Action == NameAction::ReportUnsupported)
        Instead = Rule->includeReplacement(FT, *Row);
      if (Instead) {
        Decision.Action = NameAction::Rewrite;
        Decision.Replacement = *Instead;
      } else if (Decision.Action == NameAction::ReportUnsupported ||
                 Decision.Action == NameAction::ReportExperimental ||
                 Decision.Action == NameAction::ReportNoRocEquivalent) {
        // Counted and reported like any other name.
        FT.addReference(D.NameBegin + 1, Resolved, Origin, Policy);
        continue;
      }
      HipHeader = Decision.Replacement.str();
      FT.diagnostics().warnIfRocKeepsHipName(D.NameBegin + 1, *Row, Decision,
                                             Policy);
      FT.diagnostics().warnIfNewerThanTarget(D.NameBegin + 1, *Row, Decision,
                                             Policy);
      if (InSkipped) {
        FT.addEdit(D.NameBegin, D.NameEnd - D.NameBegin,
                   (D.Angled ? "<" : "\"") + HipHeader +
                       (D.Angled ? ">" : "\""),
                   Origin, "include", Row->Api);
        rewriteInclude(FT, D, *Row, HipHeader, Policy);
        continue;
      }
    } else if (llvm::StringRef(D.HeaderName).starts_with("hip/")) {
      HipHeader = D.HeaderName; // Already HIP (e.g. the tool's own output).
      if (InSkipped)
        continue;
    } else {
      continue;
    }
    bool IsRuntime = HipHeader == HipRuntimeHeader;
    if (isRedundant(HipHeader, D.Blocks)) {
      FT.addEdit(D.HashOffset, D.NameEnd - D.HashOffset, "", Origin, "include",
                 Row ? Row->Api : "");
      continue;
    }
    if (!IsRuntime && HipHeader != HipRuntimeApiHeader &&
        !isRedundant(HipRuntimeHeader, D.Blocks)) {
      FT.addEdit(Source.lineStart(D.HashOffset), 0,
                 ("#include <" + HipRuntimeHeader + ">" + EOL).str(), Origin);
      Emitted.push_back({HipRuntimeHeader.str(), D.Blocks});
    }
    if (Row) {
      FT.addEdit(D.NameBegin, D.NameEnd - D.NameBegin,
                 (D.Angled ? "<" : "\"") + HipHeader + (D.Angled ? ">" : "\""),
                 Origin, "include", Row->Api);
      rewriteInclude(FT, D, *Row, HipHeader, Policy);
    }
    Emitted.push_back({HipHeader, D.Blocks});
  }

  if (Emitted.empty() && FT.usesCuda())
    insertRuntimeInclude(FT, Place, Scope.IncludeOrigin);
}

bool hipkit::hipify::isHipSource(const SourceText &Source) {
  bool IncludesHip = false;
  for (const IncludeLine &Line : Source.includes()) {
    if (NameResolver::resolveHeader(Line.HeaderName))
      return false;
    IncludesHip |= llvm::StringRef(Line.HeaderName).starts_with("hip/");
  }
  return IncludesHip;
}

bool hipkit::hipify::isHipSource(llvm::StringRef Contents) {
  return isHipSource(SourceText(Contents));
}
