//===- ASTEngine.cpp ------------------------------------------------------===//
#include "hipkit/hipify/Engines/ASTEngine.h"
#include "hipkit/hipify/Engines/TestHooks.h"

#include "hipkit/Support/OutputTree.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Translation/RewriteRule.h"
#include "hipkit/hipify/Engines/TranslationCollisions.h"
#include "hipkit/hipify/Source/Encoding.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <csignal>
#include <cstdlib>
#include <set>

using namespace clang;
using namespace hipkit::hipify;
using hipkit::realPathOf;

namespace {

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty() || !Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() ||
         llvm::sys::path::is_separator(Path[Dir.size()]) ||
         llvm::sys::path::is_separator(Dir.back());
}

/// The folder whose user headers a source's translation covers.
std::string userRoot(const ASTEngineOptions &Options,
                     const FileTranslation &Main) {
  if (!Options.UserRoot.empty())
    return Options.UserRoot;
  return llvm::sys::path::parent_path(Main.realPath()).str();
}

/// The state shared by the AST visitor and the preprocessor callbacks of one
/// parse: which files are the user's, and their translations.
class TranslationContext {
public:
  TranslationContext(const ASTEngineOptions &Options, SourceTranslation &Out)
      : Options(Options), Out(Out) {
    for (const std::string &Dir : Options.SystemDirs)
      SystemDirs.push_back(realPathOf(Dir));
  }

  void beginFile(SourceManager &SourceMgr) {
    SM = &SourceMgr;
    Out.Parsed = true;
    FileID Main = SM->getMainFileID();
    FileIndex[Main] = 0;
    RealPathIndex[Out.Files[0]->realPath()] = 0;
    MainDir = userRoot(Options, *Out.Files[0]);
    Out.Scopes.resize(Out.Files.size());
  }

  SourceManager &sourceManager() { return *SM; }
  const FileTranslation &mainFile() const { return *Out.Files[0]; }
  const NamePolicy &policy() const { return *Options.Policy; }
  const ASTEngineOptions &options() const { return Options; }

  /// The index of \p FID's translation, creating it on first sight of a user
  /// header; -1 for files that are not the user's.
  int fileIndex(FileID FID) {
    if (FID.isInvalid())
      return -1;
    auto Known = FileIndex.find(FID);
    if (Known != FileIndex.end())
      return Known->second;
    int Index = classify(FID);
    FileIndex[FID] = Index;
    return Index;
  }

  FileTranslation *translationAt(SourceLocation Loc, unsigned &Offset) {
    if (Loc.isInvalid())
      return nullptr;
    SourceLocation Spelling = SM->getSpellingLoc(Loc);
    if (!Spelling.isFileID())
      return nullptr;
    int Index = fileIndex(SM->getFileID(Spelling));
    if (Index < 0)
      return nullptr;
    Offset = SM->getFileOffset(Spelling);
    return Out.Files[Index].get();
  }

  std::vector<std::pair<FileTranslation *, std::vector<OffsetRange>>>
  skippedBlocks() {
    std::vector<std::pair<FileTranslation *, std::vector<OffsetRange>>> All;
    for (size_t I = 0; I != Out.Files.size(); ++I)
      if (!Out.Scopes[I].Skipped.empty())
        All.emplace_back(Out.Files[I].get(), Out.Scopes[I].Skipped);
    return All;
  }

  LexicalScope *scopeOf(FileID FID) {
    int Index = fileIndex(FID);
    return Index < 0 ? nullptr : &Out.Scopes[Index];
  }

  bool isUserLocation(SourceLocation Loc) {
    if (Loc.isInvalid())
      return false;
    return fileIndex(SM->getFileID(SM->getExpansionLoc(Loc))) >= 0;
  }

  /// A reference to the CUDA name \p Name (spelled unqualified at \p Loc),
  /// resolved by the resolver of the file spelling it (resolverAt(Loc)).
  /// \p NeedsRuntimeHeader is false for a name the C or C++ library declares
  /// too (`sqrt`, `clock`): using it does not make the file CUDA code.
  void recordName(SourceLocation Loc, llvm::StringRef Name,
                  const Resolution &Resolved, bool NeedsRuntimeHeader = true) {
    unsigned Offset;
    FileTranslation *FT = translationAt(Loc, Offset);
    if (!FT || !spells(*FT, Offset, Name))
      return;
    FT->addReference(Offset, Resolved, EditOrigin::AST, policy(),
                     NeedsRuntimeHeader);
  }

  /// Whether a header of the C or C++ library (a system header that is not
  /// CUDA's, clang's or hipify's) declares \p D: CUDA redeclares the C math
  /// functions and `clock` for device code, but a host file calling them
  /// needs no HIP header (a C library's `matrix.h` calling `sqrt`).
  bool isStandardLibraryDecl(const Decl *D) {
    for (const Decl *Redecl : D->redecls()) {
      FileID FID = SM->getFileID(SM->getExpansionLoc(Redecl->getLocation()));
      auto [Known, IsNew] = StandardLibraryFiles.try_emplace(FID, false);
      if (IsNew) {
        OptionalFileEntryRef File = SM->getFileEntryRefForID(FID);
        Known->second = File &&
                        SM->getFileCharacteristic(
                            SM->getLocForStartOfFile(FID)) != SrcMgr::C_User &&
                        !isUnderSystemDir(realPathOf(File->getName()));
      }
      if (Known->second)
        return true;
    }
    return false;
  }

  void recordNotCuda(SourceLocation Loc, llvm::StringRef Name) {
    unsigned Offset;
    FileTranslation *FT = translationAt(Loc, Offset);
    if (FT && spells(*FT, Offset, Name))
      FT->markNotCuda(Offset);
  }

  void markUsesCuda(SourceLocation Loc) {
    if (Loc.isInvalid())
      return;
    SourceLocation Expansion = SM->getExpansionLoc(Loc);
    int Index = fileIndex(SM->getFileID(Expansion));
    if (Index >= 0)
      Out.Files[Index]->markCudaUse(SM->getFileOffset(Expansion));
  }

  /// The CUDA library whose header declares (or defines) what is at \p Loc:
  /// cuBLAS for cublas_api.h. Names are looked up in that library's rows
  /// first, since libraries may share a name.
  const ApiInfo *libraryAt(SourceLocation Loc) {
    if (Loc.isInvalid())
      return nullptr;
    SourceLocation Spelling = SM->getSpellingLoc(Loc);
    OptionalFileEntryRef File =
        SM->getFileEntryRefForID(SM->getFileID(Spelling));
    return File ? lookupLibraryOfHeader(File->getName()) : nullptr;
  }

  /// The resolver of the user's file spelling \p Loc (NameResolver.h), else
  /// one that knows only what the parse saw included.
  const NameResolver &resolverAt(SourceLocation Loc) {
    unsigned Offset;
    if (FileTranslation *FT = translationAt(Loc, Offset))
      return FT->resolver();
    return UnitResolver;
  }

  /// A user file of the translation unit includes \p File, a CUDA header:
  /// every file's resolver may count on its library's declarations.
  void noteCudaHeaderIncluded(SourceLocation HashLoc, llvm::StringRef File) {
    const ApiInfo *Library = lookupLibraryOfHeader(File);
    if (!Library || !isUserLocation(HashLoc))
      return;
    if (llvm::is_contained(UnitLibraries, Library->Kind))
      return;
    UnitLibraries.push_back(Library->Kind);
    UnitResolver.addIncludedLibrary(Library->Kind);
    for (auto &FT : Out.Files)
      FT->resolver().addIncludedLibrary(Library->Kind);
  }

  /// The resolution of a reference at \p UseLoc to a declaration of the CUDA
  /// headers, by the resolver of the file of the reference (NameResolver::
  /// rowFor decides how its qualified name is tried, and the resolution what
  /// the run's options make of its row): empty when no row has its name.
  Resolution resolutionOf(const NamedDecl *D, SourceLocation UseLoc) {
    return resolutionOf(D, resolverAt(UseLoc));
  }
  Resolution resolutionOf(const NamedDecl *D, const NameResolver &Resolver) {
    if (!D || !D->getDeclName().isIdentifier())
      return Resolution();
    std::string Qualified = D->getQualifiedNameAsString();
    return Resolver.resolve(NameReference::declared(Qualified, D->getName(),
                                                    libraryAt(D->getLocation()),
                                                    isAtGlobalScope(D)),
                            policy());
  }

  static bool isAtGlobalScope(const NamedDecl *D) {
    const DeclContext *DC = D->getDeclContext()->getRedeclContext();
    while (DC && (DC->isExternCContext() || DC->isExternCXXContext()))
      DC = DC->getParent()->getRedeclContext();
    return DC && DC->isTranslationUnit();
  }

  /// A name of a CUDA library's header that no row lists.
  void recordUnknownLibraryName(SourceLocation Loc, llvm::StringRef Name,
                                const ApiInfo &Library) {
    unsigned Offset;
    FileTranslation *FT = translationAt(Loc, Offset);
    if (FT && spells(*FT, Offset, Name))
      FT->addUnknownLibraryName(Offset, Name, Library);
  }

  /// A reference at \p Loc to \p D.
  void referenceDecl(const NamedDecl *D, SourceLocation Loc) {
    if (!D || !D->getDeclName().isIdentifier() || Loc.isInvalid())
      return;
    if (isUserLocation(D->getLocation())) {
      recordNotCuda(Loc, D->getName());
      return;
    }
    if (Resolution Resolved = resolutionOf(D, Loc)) {
      if (Resolved.Row->Kind != NameKind::Header)
        recordName(Loc, D->getName(), Resolved, !isStandardLibraryDecl(D));
      return;
    }
    if (isAtGlobalScope(D)) {
      // A top-level namespace is a library's name only by its own row
      // (`cub`): PyTorch's `at` is declared in its CUDA headers too, and is
      // no API. A namespace inside a library's (`cub::detail`) is reported
      // below like any of its names without a row.
      if (isa<NamespaceDecl>(D))
        return;
      if (const ApiInfo *Library = libraryAt(D->getLocation()))
        recordUnknownLibraryName(Loc, D->getName(), *Library);
    } else if (const ApiInfo *Library = libraryOfEnclosingNamespace(D)) {
      recordUnknownLibraryName(Loc, D->getName(), *Library);
    }
  }

  /// A member access at \p Loc, `object.Name` (`->` when \p IsArrow), on an
  /// object of type \p Base: when the class is a CUDA header's with a
  /// `member` row for Name (`cooperative_groups::thread_block_tile::ballot`),
  /// a reference to that row. The class is the one the type names after
  /// typedefs, `auto`, references and the pointer of `->`; in a template, a
  /// dependent specialization of a CUDA class template
  /// (`thread_block_tile<N>`) names that template. A type a template
  /// parameter is, or a user's class, has no rows. A member of an anonymous
  /// union or struct is the enclosing class's (`cudaGraphNodeParams::
  /// conditional`); the unnamed member clang accesses to reach it has no name
  /// and no row (an empty DeclarationName counts as an identifier, without
  /// one).
  void referenceMember(QualType Base, bool IsArrow, DeclarationName Name,
                       SourceLocation Loc) {
    if (Base.isNull() || !Name.isIdentifier() ||
        !Name.getAsIdentifierInfo() || Loc.isInvalid())
      return;
    if (IsArrow) {
      const auto *Pointer = Base->getAs<PointerType>();
      if (!Pointer)
        return;
      Base = Pointer->getPointeeType();
    }
    Base = Base.getNonReferenceType();
    const NamedDecl *Class = Base->getAsCXXRecordDecl();
    while (const auto *Record = dyn_cast_or_null<RecordDecl>(Class)) {
      if (!Record->isAnonymousStructOrUnion())
        break;
      Class = dyn_cast<RecordDecl>(Record->getDeclContext());
    }
    if (!Class)
      if (const auto *Specialization =
              Base->getAs<TemplateSpecializationType>())
        Class = Specialization->getTemplateName().getAsTemplateDecl();
    if (!Class || isUserLocation(Class->getLocation()))
      return;
    llvm::StringRef Member = Name.getAsIdentifierInfo()->getName();
    std::string Qualified =
        NameResolver::withoutAbiNamespaces(Class->getQualifiedNameAsString()) +
        "::" + Member.str();
    Resolution Resolved = resolverAt(Loc).resolve(
        NameReference::declared(Qualified, Member,
                                libraryAt(Class->getLocation()),
                                /*AtGlobalScope=*/false),
        policy());
    if (Resolved && Resolved.Row->Kind == NameKind::Member)
      recordName(Loc, Name.getAsIdentifierInfo()->getName(), Resolved);
  }

  /// The library whose namespace (a `namespace` row: `cub`) directly contains
  /// \p D, looking through inline namespaces (CUB's ABI-versioned one) and
  /// unscoped enums; nullptr for members of classes and nested namespaces
  /// without a row (`cub::detail`), which are the library's internals.
  static const ApiInfo *libraryOfEnclosingNamespace(const NamedDecl *D) {
    const DeclContext *DC = D->getDeclContext()->getRedeclContext();
    while (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isInline())
        return lookupLibraryOfNamespace(NS->getQualifiedNameAsString());
      DC = NS->getDeclContext()->getRedeclContext();
    }
    return nullptr;
  }

  void addHeaderInclude(SourceLocation HashLoc, CharSourceRange FilenameRange,
                        llvm::StringRef Spelled, llvm::StringRef HeaderPath) {
    unsigned Begin, End;
    FileTranslation *FT = translationAt(FilenameRange.getBegin(), Begin);
    if (!FT || FilenameRange.getEnd().isMacroID())
      return;
    End = SM->getFileOffset(FilenameRange.getEnd());
    int Including = fileIndex(SM->getFileID(SM->getSpellingLoc(HashLoc)));
    Out.HeaderIncludes.push_back({static_cast<unsigned>(Including), Begin, End,
                                  Spelled.str(), realPathOf(HeaderPath)});
  }

  /// An include spelled like a CUDA header (`"cuda_runtime.h"`) that finds
  /// the user's own file, not CUDA's: the token engine must leave it, or the
  /// user's declarations are lost.
  void keepUserHeaderSpelledLikeCuda(CharSourceRange FilenameRange,
                                     llvm::StringRef Spelled,
                                     llvm::StringRef HeaderPath) {
    if (!NameResolver::resolveHeader(Spelled))
      return;
    if (isUnderSystemDir(realPathOf(HeaderPath)))
      return;
    unsigned Begin;
    FileTranslation *FT = translationAt(FilenameRange.getBegin(), Begin);
    if (!FT || FilenameRange.getBegin().isMacroID())
      return;
    FT->markNotCuda(Begin + 1);
    FT->note(Begin + 1, warning_names::UserHeaderKept,
             llvm::formatv("'{0}' is the user's own header '{1}', not "
                           "CUDA's; the include is left",
                           Spelled, HeaderPath));
  }

private:
  /// Whether \p RealPath is CUDA's, clang's or hipify's stand-ins'.
  bool isUnderSystemDir(llvm::StringRef RealPath) const {
    return llvm::any_of(SystemDirs, [&](const std::string &Dir) {
      return isUnder(RealPath, Dir);
    });
  }

  static bool spells(const FileTranslation &FT, unsigned Offset,
                     llvm::StringRef Name) {
    llvm::StringRef Text = FT.contents();
    if (Text.substr(Offset, Name.size()) != Name)
      return false;
    unsigned After = Offset + Name.size();
    return After >= Text.size() || !isAsciiIdentifierContinue(Text[After]);
  }

  int classify(FileID FID) {
    if (!Options.TranslateUserHeaders)
      return -1;
    OptionalFileEntryRef File = SM->getFileEntryRefForID(FID);
    if (!File)
      return -1;
    if (SM->getFileCharacteristic(SM->getLocForStartOfFile(FID)) !=
        SrcMgr::C_User)
      return -1;
    std::string Real = realPathOf(File->getName());
    if (isUnderSystemDir(Real))
      return -1;
    if (!isUnder(Real, MainDir)) {
      recordOutsideRoot(FID, *File, Real);
      return -1;
    }
    auto Known = RealPathIndex.find(Real);
    if (Known != RealPathIndex.end())
      return Known->second;
    std::optional<llvm::StringRef> Buffer = SM->getBufferDataOrNone(FID);
    if (!Buffer)
      return -1;
    int Index = Out.Files.size();
    Out.Files.push_back(std::make_unique<FileTranslation>(
        File->getName().str(), Real, Buffer->str(), /*IsMainFile=*/false));
    Out.Scopes.emplace_back();
    for (ApiKind Library : UnitLibraries)
      Out.Files[Index]->resolver().addIncludedLibrary(Library);
    RealPathIndex[Real] = Index;
    return Index;
  }

  /// A user header outside the root: left, but the driver says so when it
  /// uses CUDA names (once per header, naming the file that included it).
  void recordOutsideRoot(FileID FID, FileEntryRef File, llvm::StringRef Real) {
    if (!OutsideRootSeen.insert(Real).second)
      return;
    std::string From;
    SourceLocation IncludeLoc = SM->getIncludeLoc(FID);
    if (IncludeLoc.isValid())
      if (OptionalFileEntryRef Includer =
              SM->getFileEntryRefForID(SM->getFileID(IncludeLoc)))
        From = Includer->getName().str();
    Out.OutsideRoot.push_back({Real.str(), File.getName().str(), From});
  }

  const ASTEngineOptions &Options;
  SourceTranslation &Out;
  SourceManager *SM = nullptr;
  /// The root whose user headers are translated.
  std::string MainDir;
  llvm::StringSet<> OutsideRootSeen;
  std::vector<std::string> SystemDirs;
  llvm::DenseMap<FileID, int> FileIndex;
  llvm::DenseMap<FileID, bool> StandardLibraryFiles;
  llvm::StringMap<int> RealPathIndex;
  /// The libraries whose headers the user's files include, as parsed.
  std::vector<ApiKind> UnitLibraries;
  NameResolver UnitResolver;
};

/// Macro references, header inclusions, untaken branches and macro bodies.
class PreprocessorTracker : public PPCallbacks {
public:
  PreprocessorTracker(TranslationContext &Ctx) : Ctx(Ctx) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason == EnterFile)
      Ctx.fileIndex(Ctx.sourceManager().getFileID(Loc));
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          llvm::StringRef FileName, bool IsAngled,
                          CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind FileType) override {
    if (File && FileType == SrcMgr::C_User)
      Ctx.keepUserHeaderSpelledLikeCuda(FilenameRange, FileName,
                                        File->getName());
    if (File && FileType != SrcMgr::C_User)
      Ctx.noteCudaHeaderIncluded(HashLoc, File->getName());
    if (IsAngled || !File || !Ctx.options().TranslateUserHeaders)
      return;
    Ctx.addHeaderInclude(HashLoc, FilenameRange, FileName, File->getName());
  }

  void MacroExpands(const Token &NameTok, const MacroDefinition &MD,
                    SourceRange, const MacroArgs *) override {
    macroReference(NameTok, MD.getMacroInfo(), /*MustBeDefined=*/true);
  }
  void Defined(const Token &NameTok, const MacroDefinition &MD,
               SourceRange) override {
    macroReference(NameTok, MD.getMacroInfo(), false);
  }
  void Ifdef(SourceLocation, const Token &NameTok,
             const MacroDefinition &MD) override {
    macroReference(NameTok, MD.getMacroInfo(), false);
  }
  void Ifndef(SourceLocation, const Token &NameTok,
              const MacroDefinition &MD) override {
    macroReference(NameTok, MD.getMacroInfo(), false);
  }
  void Elifdef(SourceLocation, const Token &NameTok,
               const MacroDefinition &MD) override {
    macroReference(NameTok, MD.getMacroInfo(), false);
  }
  void Elifndef(SourceLocation, const Token &NameTok,
                const MacroDefinition &MD) override {
    macroReference(NameTok, MD.getMacroInfo(), false);
  }

  void MacroDefined(const Token &NameTok, const MacroDirective *MD) override {
    // A macro body in the user's file is translated token by token: the AST
    // sees only the expansions it meets, and a body may never be expanded.
    const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
    SourceManager &SM = Ctx.sourceManager();
    if (!MI || MI->isBuiltinMacro() || NameTok.getLocation().isMacroID())
      return;
    FileID FID = SM.getFileID(NameTok.getLocation());
    LexicalScope *Scope = Ctx.scopeOf(FID);
    if (!Scope || MI->getNumTokens() == 0)
      return;
    SourceLocation First = MI->getReplacementToken(0).getLocation();
    SourceLocation Last = MI->getDefinitionEndLoc();
    if (First.isMacroID() || Last.isMacroID() || SM.getFileID(Last) != FID)
      return;
    Scope->Ranges.push_back(
        {SM.getFileOffset(First), SM.getFileOffset(Lexer::getLocForEndOfToken(
                                      Last, 0, SM, LangOptions()))});
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    SourceManager &SM = Ctx.sourceManager();
    if (Range.getBegin().isMacroID())
      return;
    FileID FID = SM.getFileID(Range.getBegin());
    LexicalScope *Scope = Ctx.scopeOf(FID);
    if (!Scope)
      return;
    OffsetRange Skipped{SM.getFileOffset(Range.getBegin()),
                        SM.getFileOffset(Range.getEnd())};
    Scope->Skipped.push_back(Skipped);
    if (!Ctx.options().SkipExcludedBlocks)
      Scope->Ranges.push_back(Skipped);
  }

private:
  void macroReference(const Token &NameTok, const MacroInfo *MI,
                      bool MustBeDefined) {
    const IdentifierInfo *II = NameTok.getIdentifierInfo();
    if (!II)
      return;
    if (MustBeDefined && !MI)
      return;
    // A macro the user defines is the user's, whatever its name.
    if (MI && Ctx.isUserLocation(MI->getDefinitionLoc())) {
      if (lookupCudaName(II->getName()))
        Ctx.recordNotCuda(NameTok.getLocation(), II->getName());
      return;
    }
    const ApiInfo *Library = MI ? Ctx.libraryAt(MI->getDefinitionLoc()) : nullptr;
    // Macros have no scope: declared at global scope.
    Resolution Resolved =
        Ctx.resolverAt(NameTok.getLocation())
            .resolve(NameReference::declared(II->getName(), II->getName(),
                                             Library, /*AtGlobalScope=*/true),
                     Ctx.policy());
    if (!Resolved) {
      if (Library)
        Ctx.recordUnknownLibraryName(NameTok.getLocation(), II->getName(),
                                     *Library);
      return;
    }
    if (Resolved.Row->Kind == NameKind::Header)
      return;
    Ctx.recordName(NameTok.getLocation(), II->getName(), Resolved);
  }

  TranslationContext &Ctx;
};

/// Declarations, expressions and types written in the user's files.
class ReferenceVisitor : public RecursiveASTVisitor<ReferenceVisitor>,
                         public CallEditor {
public:
  ReferenceVisitor(TranslationContext &Ctx, ASTContext &AST)
      : Ctx(Ctx), AST(AST) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Ctx.referenceDecl(E->getDecl(), E->getLocation());
    return true;
  }
  // A call in a template whose arguments depend on its parameters is not
  // resolved until instantiation; its candidates are known already.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    for (const NamedDecl *D : E->decls()) {
      Ctx.referenceDecl(D->getUnderlyingDecl(), E->getNameLoc());
      break;
    }
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    Ctx.referenceDecl(TL.getTypedefNameDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    Ctx.referenceDecl(TL.getDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    if (TemplateDecl *TD =
            TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      Ctx.referenceDecl(TD, TL.getTemplateNameLoc());
    return true;
  }
  bool VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc) { return true; }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (NNS) {
      NestedNameSpecifier *Spec = NNS.getNestedNameSpecifier();
      if (NamespaceDecl *NS = Spec->getAsNamespace())
        Ctx.referenceDecl(NS, NNS.getLocalBeginLoc());
      // A library's own alias (`namespace cuda = ...` in a header) is looked
      // up as the name it declares; the user's aliases stay the user's.
      else if (NamespaceAliasDecl *Alias = Spec->getAsNamespaceAlias())
        Ctx.referenceDecl(Alias, NNS.getLocalBeginLoc());
    }
    return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
  }
  // `namespace cb = cub;` and `using namespace cub;`: the target is written
  // after its qualifier (`thrust::cuda`), which the traversal visits; an alias
  // of the library's own is referenced as itself.
  bool VisitNamespaceAliasDecl(NamespaceAliasDecl *D) {
    NamedDecl *Target = D->getAliasedNamespace();
    Ctx.referenceDecl(isa<NamespaceAliasDecl>(Target) ? Target : D->getNamespace(),
                      D->getTargetNameLoc());
    return true;
  }
  bool VisitUsingDirectiveDecl(UsingDirectiveDecl *D) {
    NamedDecl *Target = D->getNominatedNamespaceAsWritten();
    Ctx.referenceDecl(isa<NamespaceAliasDecl>(Target)
                          ? Target
                          : D->getNominatedNamespace(),
                      D->getIdentLocation());
    return true;
  }
  bool VisitDecl(Decl *D) {
    if ((D->hasAttr<CUDAGlobalAttr>() || D->hasAttr<CUDADeviceAttr>() ||
         D->hasAttr<CUDASharedAttr>() || D->hasAttr<CUDAConstantAttr>()) &&
        !D->isImplicit())
      Ctx.markUsesCuda(D->getLocation());
    // The user's own declaration of a name the table knows stays the user's.
    if (auto *ND = dyn_cast<NamedDecl>(D))
      if (ND->getDeclName().isIdentifier() && lookupCudaName(ND->getName()))
        Ctx.recordNotCuda(ND->getLocation(), ND->getName());
    return true;
  }
  /// Calls whose row has a rewrite rule ("drop:N", "cast:N:TYPE").
  bool VisitCallExpr(CallExpr *E) {
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    const NamedDecl *D = nullptr;
    SourceLocation NameLoc;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
      D = Ref->getDecl();
      NameLoc = Ref->getLocation();
    } else if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
      if (Lookup->getNumDecls())
        D = (*Lookup->decls_begin())->getUnderlyingDecl();
      NameLoc = Lookup->getNameLoc();
    }
    if (!D || Ctx.isUserLocation(D->getLocation()))
      return true;
    // The rule gets the reference's one resolution: its decision is the one
    // addReference writes for the callee's name (--roc included).
    Resolution Resolved = Ctx.resolutionOf(D, NameLoc);
    if (const RewriteRule *Rule = RewriteRule::forResolution(Resolved))
      Rule->rewriteCall(*this, CallSite(*E, NameLoc, Resolved));
    return true;
  }

  /// Member accesses whose object's type has a row with a rewrite rule
  /// ("members:..."): the type as written, through typedefs, for pointers
  /// (`->`) the pointee's.
  bool VisitMemberExpr(MemberExpr *E) {
    // The object as written: a member of a base class is accessed through an
    // implicit derived-to-base cast to the base's type (CUDA's tiles inherit
    // ballot from an internal base), which names no row.
    Ctx.referenceMember(E->getBase()->IgnoreImpCasts()->getType(), E->isArrow(),
                        E->getMemberNameInfo().getName(), E->getMemberLoc());
    QualType T = E->getBase()->getType();
    if (E->isArrow() && !T->isPointerType())
      return true;
    if (E->isArrow())
      T = T->getPointeeType();
    while (!T.isNull()) {
      if (const auto *TT = T->getAs<TypedefType>()) {
        const TypedefNameDecl *D = TT->getDecl();
        if (!Ctx.isUserLocation(D->getLocation()))
          if (Resolution Resolved = Ctx.resolutionOf(D, E->getMemberLoc()))
            if (const RewriteRule *Rule =
                    RewriteRule::forResolution(Resolved)) {
              Rule->rewriteMember(*this, *E, *Resolved.Row);
              return true;
            }
        T = TT->desugar();
        continue;
      }
      break;
    }
    return true;
  }

  // Member calls in templates: an overloaded or template member called with
  // dependent arguments (tile.shfl_down(v, d) in a template), and a member
  // of an object whose type depends on a template parameter
  // (thread_block_tile<N>).
  bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *E) {
    if (!E->isImplicitAccess())
      Ctx.referenceMember(E->getBaseType(), E->isArrow(), E->getMemberName(),
                          E->getMemberLoc());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    if (!E->isImplicitAccess())
      Ctx.referenceMember(E->getBaseType(), E->isArrow(), E->getMember(),
                          E->getMemberLoc());
    return true;
  }

  /// `acc = {};` on a half or bfloat16 object: both CUDA's class and HIP's
  /// have several assignment operators that `{}` selects equally; nvcc takes
  /// the move assignment, clang rejects the call with either header set. Its
  /// recovery keeps both sides: the left one's type (through typedefs, as
  /// written) names the row whose rule writes the braces.
  bool VisitRecoveryExpr(RecoveryExpr *E) {
    llvm::ArrayRef<Expr *> Sides = E->subExpressions();
    if (Sides.size() != 2 || !Sides[0] || !Sides[1] ||
        Sides[0]->isTypeDependent())
      return true;
    const auto *List = dyn_cast<InitListExpr>(Sides[1]->IgnoreImplicit());
    if (!List || List->getNumInits() != 0 || List->getLBraceLoc().isMacroID())
      return true;
    // The recovery of a binary operator records no operator: an assignment
    // has `=` alone between its sides.
    SourceManager &SM = Ctx.sourceManager();
    SourceLocation AfterLeft = Lexer::getLocForEndOfToken(
        Sides[0]->getEndLoc(), 0, SM, AST.getLangOpts());
    if (AfterLeft.isInvalid() ||
        Lexer::getSourceText(
            CharSourceRange::getCharRange(AfterLeft, List->getLBraceLoc()), SM,
            AST.getLangOpts())
                .trim() != "=")
      return true;
    QualType T = Sides[0]->getType();
    while (!T.isNull()) {
      const NamedDecl *D = nullptr;
      if (const auto *TT = T->getAs<TypedefType>())
        D = TT->getDecl();
      else
        D = T->getAsTagDecl();
      if (D && !Ctx.isUserLocation(D->getLocation()))
        if (Resolution Resolved = Ctx.resolutionOf(D, List->getLBraceLoc()))
          if (const RewriteRule *Rule = RewriteRule::forResolution(Resolved)) {
            Rule->rewriteEmptyBraces(*this, List->getLBraceLoc(),
                                     *Resolved.Row);
            return true;
          }
      const auto *TT = T->getAs<TypedefType>();
      if (!TT)
        break;
      T = TT->desugar();
    }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    Ctx.markUsesCuda(E->getBeginLoc());
    if (Ctx.options().HipKernelExecutionSyntax)
      rewriteLaunch(E);
    return true;
  }

  // CallEditor, for the rules rewriting calls.
  SourceManager &sourceManager() override { return Ctx.sourceManager(); }
  FileTranslation *translationAt(SourceLocation Loc,
                                 unsigned &Offset) override {
    return Ctx.translationAt(Loc, Offset);
  }
  /// The offsets of \p Range in \p FT when the user wrote it there as one
  /// piece of text: in the file itself or as a macro argument (CUDA_CHECK(
  /// cudaFuncGetAttributes(&attr, kernel))), not from a macro body.
  bool fileRange(CharSourceRange Range, RuleEdits *FT, unsigned &Begin,
                 unsigned &End) override {
    SourceManager &SM = Ctx.sourceManager();
    CharSourceRange File = Lexer::makeFileCharRange(Range, SM, LangOptions());
    if (File.isInvalid() || !SM.isWrittenInSameFile(File.getBegin(), File.getEnd()))
      return false;
    for (SourceLocation Loc : {Range.getBegin(), Range.getEnd()})
      if (Loc.isMacroID() && !SM.isMacroArgExpansion(Loc))
        return false;
    unsigned At;
    if (Ctx.translationAt(File.getBegin(), At) != FT)
      return false;
    Begin = At;
    End = SM.getFileOffset(File.getEnd());
    return Begin <= End;
  }

private:
  /// kernel<<<grid, block[, shmem[, stream]]>>>(args) becomes
  /// hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args)
  /// by editing only the punctuation around the user's expressions, so names
  /// inside them are still translated independently. Launches written through
  /// macros are left as they are (HIP accepts <<<>>>).
  void rewriteLaunch(CUDAKernelCallExpr *E) {
    SourceManager &SM = Ctx.sourceManager();
    const CallExpr *Config = E->getConfig();
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    if (!Config)
      return;
    llvm::SmallVector<const Expr *, 4> ConfigArgs, CallArgs;
    for (const Expr *A : Config->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        ConfigArgs.push_back(A);
    for (const Expr *A : E->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        CallArgs.push_back(A);
    if (ConfigArgs.size() < 2 || ConfigArgs.size() > 4)
      return;
    SourceLocation LLL = Config->getCallee()->getBeginLoc();
    SourceLocation GGG = Config->getRParenLoc();
    SourceLocation CalleeBegin = Callee->getBeginLoc();
    llvm::SmallVector<SourceLocation, 8> Locs = {LLL, GGG, CalleeBegin,
                                                 E->getRParenLoc()};
    for (const Expr *A : llvm::ArrayRef(ConfigArgs).take_front(2)) {
      Locs.push_back(A->getBeginLoc());
      Locs.push_back(A->getEndLoc());
    }
    for (SourceLocation L : Locs)
      if (L.isInvalid() || L.isMacroID())
        return;
    FileID FID = SM.getFileID(LLL);
    for (SourceLocation L : Locs)
      if (SM.getFileID(L) != FID)
        return;
    unsigned Offset;
    FileTranslation *FT = Ctx.translationAt(LLL, Offset);
    if (!FT || !RewrittenLaunches.insert({FT, Offset}).second)
      return;
    std::optional<Token> LParen =
        Lexer::findNextToken(GGG, SM, AST.getLangOpts());
    if (!LParen || LParen->isNot(tok::l_paren) ||
        LParen->getLocation().isMacroID())
      return;
    auto offsetOf = [&](SourceLocation L) { return SM.getFileOffset(L); };
    auto endOf = [&](const Expr *A) {
      return offsetOf(
          Lexer::getLocForEndOfToken(A->getEndLoc(), 0, SM, AST.getLangOpts()));
    };
    bool ExplicitTemplateArgs = false;
    if (auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      ExplicitTemplateArgs = DRE->hasExplicitTemplateArgs();
    else if (auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
      ExplicitTemplateArgs = ULE->hasExplicitTemplateArgs();

    FT->addEdit(offsetOf(CalleeBegin), 0,
                ExplicitTemplateArgs ? "hipLaunchKernelGGL(HIP_KERNEL_NAME("
                                     : "hipLaunchKernelGGL(",
                EditOrigin::AST, "kernel_launch",
                getApiName(ApiKind::Runtime));
    FT->addEdit(offsetOf(LLL), 3, ExplicitTemplateArgs ? "), dim3(" : ", dim3(",
                EditOrigin::AST);
    FT->addEdit(endOf(ConfigArgs[0]), 0, ")", EditOrigin::AST);
    FT->addEdit(offsetOf(ConfigArgs[1]->getBeginLoc()), 0, "dim3(",
                EditOrigin::AST);
    FT->addEdit(endOf(ConfigArgs[1]), 0, ")", EditOrigin::AST);
    std::string Tail = ConfigArgs.size() == 2   ? ", 0, 0"
                       : ConfigArgs.size() == 3 ? ", 0"
                                                : "";
    if (!CallArgs.empty())
      Tail += ", ";
    unsigned GGGOffset = offsetOf(GGG);
    unsigned AfterLParen = offsetOf(LParen->getLocation()) + 1;
    FT->addEdit(GGGOffset, AfterLParen - GGGOffset, Tail, EditOrigin::AST);
  }

  TranslationContext &Ctx;
  ASTContext &AST;
  std::set<std::pair<FileTranslation *, unsigned>> RewrittenLaunches;
};

/// The collision finder's view of the translation: references resolved as
/// FileTranslation::addReference receives them.
class TranslationNames : public TranslatedNames {
public:
  explicit TranslationNames(TranslationContext &Ctx) : Ctx(Ctx) {}

  Resolution resolutionOf(const NamedDecl &D, FileTranslation &In) override {
    if (!D.getDeclName().isIdentifier() || Ctx.isUserLocation(D.getLocation()))
      return Resolution();
    return Ctx.resolutionOf(&D, In.resolver());
  }
  Resolution resolutionOfSpelling(llvm::StringRef Spelled,
                                  FileTranslation &In) override {
    return In.resolver().resolve(NameReference::written({}, Spelled),
                                 Ctx.policy());
  }
  FileTranslation *translationAt(SourceLocation Loc,
                                 unsigned &Offset) override {
    return Ctx.translationAt(Loc, Offset);
  }
  std::vector<std::pair<FileTranslation *, std::vector<OffsetRange>>>
  skippedBlocks() override {
    return Ctx.skippedBlocks();
  }

private:
  TranslationContext &Ctx;
};

/// The test hook crash-in-parse=NAME (TestHooks.h): the parse of a source
/// whose file name is NAME crashes here, once its edits are recorded, with
/// SIGSEGV, or abort() for `abort:NAME`. The driver's crash isolation is
/// tested with it, whatever real crashes are fixed.
void crashIfTestAsks(llvm::StringRef SourcePath) {
  for (const std::string &Value :
       hipkit::hipify::driver::testHookValues("crash-in-parse")) {
    llvm::StringRef Name = Value;
    bool Abort = Name.consume_front("abort:");
    if (Name != llvm::sys::path::filename(SourcePath))
      continue;
    if (Abort)
      std::abort();
    std::raise(SIGSEGV);
  }
}

class ReferenceConsumer : public ASTConsumer {
public:
  explicit ReferenceConsumer(TranslationContext &Ctx) : Ctx(Ctx) {}

  // Only declarations parsed in this translation unit arrive here (not those
  // of a precompiled header); of those, only the user's files are visited.
  // Template instantiations arrive here too (for code generation); they are
  // the user's templates again, already visited as written.
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (Ctx.isUserLocation(D->getLocation()) && !isInstantiation(D))
        UserDecls.push_back(D);
    return true;
  }

  // Bodies of functions the system headers define are not parsed
  // (HipifyAction turns skipping on): nothing in them is translated or
  // checked, and user code sees only their declarations. Clang parses those
  // it cannot skip (constexpr, deduced return types).
  bool shouldSkipFunctionBody(Decl *D) override {
    const SourceManager &SM = D->getASTContext().getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    ReferenceVisitor Visitor(Ctx, AST);
    for (Decl *D : UserDecls)
      Visitor.TraverseDecl(D);
    TranslationNames Names(Ctx);
    resolveTranslationCollisions(UserDecls, AST, Names);
    crashIfTestAsks(Ctx.mainFile().displayPath());
  }

private:
  static bool isInstantiation(const Decl *D) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return FD->isTemplateInstantiation();
    if (const auto *RD = dyn_cast<ClassTemplateSpecializationDecl>(D))
      return RD->getSpecializationKind() == TSK_ImplicitInstantiation;
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return isTemplateInstantiation(VD->getTemplateSpecializationKind());
    return false;
  }

  TranslationContext &Ctx;
  std::vector<Decl *> UserDecls;
};

/// Porting checks report into the file translation of the spelling, so that
/// hazards print with hipify's other warnings and go into the report.
class HazardRecorder : public hipkit::checks::HazardSink {
public:
  explicit HazardRecorder(TranslationContext &Ctx) : Ctx(Ctx) {}
  void report(SourceLocation Loc, llvm::StringRef Check,
              const llvm::Twine &Message) override {
    unsigned Offset;
    if (FileTranslation *FT = Ctx.translationAt(Loc, Offset))
      FT->diagnostics().addHazard(Offset, Check, Message);
  }

private:
  TranslationContext &Ctx;
};

/// Runs the porting checks over the user's declarations only: CUDA's headers
/// are large and never reported on.
class HazardConsumer : public ASTConsumer {
public:
  HazardConsumer(TranslationContext &Ctx,
                 std::vector<std::unique_ptr<hipkit::checks::PortingCheck>> C)
      : Ctx(Ctx), Checks(std::move(C)), Recorder(Ctx) {
    for (auto &Check : Checks) {
      Check->setSink(&Recorder);
      Check->registerMatchers(Finder);
    }
  }
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (Ctx.isUserLocation(D->getLocation()))
        UserDecls.push_back(D);
    return true;
  }
  void HandleTranslationUnit(ASTContext &AST) override {
    if (Checks.empty() || UserDecls.empty())
      return;
    AST.setTraversalScope(UserDecls);
    Finder.matchAST(AST);
  }

private:
  TranslationContext &Ctx;
  std::vector<std::unique_ptr<hipkit::checks::PortingCheck>> Checks;
  HazardRecorder Recorder;
  ast_matchers::MatchFinder Finder;
  std::vector<Decl *> UserDecls;
};

class HipifyAction : public ASTFrontendAction {
public:
  explicit HipifyAction(TranslationContext &Ctx) : Ctx(Ctx) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    Ctx.beginFile(CI.getSourceManager());
    // Each consumer says which bodies (ReferenceConsumer: system headers').
    if (Ctx.options().SkipSystemFunctionBodies)
      CI.getFrontendOpts().SkipFunctionBodies = true;
    // "N errors generated" would go straight to stderr, out of order with
    // the buffered diagnostics of parallel parses; the driver says it instead.
    CI.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<PreprocessorTracker>(Ctx));
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<ReferenceConsumer>(Ctx));
    if (const hipkit::checks::GlobList *Enabled = Ctx.options().Checks) {
      auto Checks = hipkit::checks::createPortingChecks(*Enabled);
      // A CUDA parse: no AMD GPU is known, only the HIP the port targets.
      hipkit::checks::CheckContext Context;
      if (const NamePolicy *Policy = Ctx.options().Policy)
        Context.TargetHipVersion = Policy->options().TargetHipVersion;
      for (auto &Check : Checks) {
        Check->setContext(Context);
        Check->registerPPCallbacks(CI.getPreprocessor());
      }
      Consumers.push_back(
          std::make_unique<HazardConsumer>(Ctx, std::move(Checks)));
    }
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  TranslationContext &Ctx;
};

/// Prints the compiler's diagnostics into a buffer (the first few errors in
/// full; the rest are only counted) and remembers the first error.
class BufferedDiagnostics : public TextDiagnosticPrinter {
public:
  BufferedDiagnostics(llvm::raw_ostream &OS, DiagnosticOptions *Opts,
                      SourceTranslation &Out)
      : TextDiagnosticPrinter(OS, Opts), Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Out.CompileErrors;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    // The driver's first error is the one that counts; what follows it
    // ("expected exactly one compiler job") only says nothing was compiled.
    if (!Out.CommandLineError.empty())
      return;
    if (Info.getID() >= diag::DIAG_START_DRIVER &&
        Info.getID() < diag::DIAG_START_FRONTEND) {
      Out.CommandLineError = std::string(Text);
      return;
    }
    // A header that includes itself (directly or through others) without a
    // guard nests until clang gives up; each diagnostic from then on would
    // print the whole include stack, hundreds of lines. The driver's one
    // warning names the header instead.
    // An acyclic chain of more than clang's 200 headers ends the same way,
    // and is no cycle: the include stack tells them apart.
    bool TooDeep = Info.getID() == diag::err_pp_include_too_deep;
    if (TooDeep && Info.hasSourceManager()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc Loc = SM.getPresumedLoc(Info.getLocation());
      if (Loc.isValid())
        Text =
            (onIncludeCycle(SM, Info.getLocation())
                 ? "'" + llvm::Twine(Loc.getFilename()) +
                       "' includes itself, directly or through other "
                       "headers (" +
                       Text + ")"
                 : "an #include in '" + llvm::Twine(Loc.getFilename()) +
                       "' is nested " + llvm::Twine(ClangMaxIncludeDepth) +
                       " files deep, clang's limit, in a chain of headers "
                       "without a cycle (" +
                       Text + "); the headers below were read without a parse")
                .str();
    }
    if (Out.FirstError.empty())
      Out.FirstError = std::string(Text);
    SawIncludeTooDeep |= TooDeep;
    if (Out.CompileErrors <= MaxPrinted && !SawIncludeTooDeep)
      TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
  }
  static constexpr unsigned MaxPrinted = 5;
  /// Preprocessor::MaxAllowedIncludeStackDepth, which clang keeps private.
  static constexpr unsigned ClangMaxIncludeDepth = 200;
  bool sawIncludeTooDeep() const { return SawIncludeTooDeep; }

private:
  /// Whether a file is on the include stack at \p Loc twice: a real cycle.
  static bool onIncludeCycle(const SourceManager &SM, SourceLocation Loc) {
    llvm::DenseSet<const FileEntry *> OnStack;
    FileID FID = SM.getFileID(SM.getExpansionLoc(Loc));
    while (FID.isValid()) {
      if (OptionalFileEntryRef File = SM.getFileEntryRefForID(FID))
        if (!OnStack.insert(&File->getFileEntry()).second)
          return true;
      SourceLocation IncludedAt = SM.getIncludeLoc(FID);
      if (IncludedAt.isInvalid())
        break;
      FID = SM.getFileID(SM.getExpansionLoc(IncludedAt));
    }
    return false;
  }

  SourceTranslation &Out;
  bool SawIncludeTooDeep = false;
};

/// clang refuses #includes nested deeper than 200 files, so the user headers
/// below that depth were never entered. They are the project's all the same:
/// found by reading the include lines of every user file known (a worklist,
/// so no depth limit) and translated by tokens, like the rest of a source
/// that did not parse, so that --o-dir writes the whole project.
void addHeadersBelowIncludeLimit(SourceTranslation &Out,
                                 const ASTEngineOptions &Options) {
  std::string MainDir = userRoot(Options, *Out.Files[0]);
  std::vector<std::string> SystemDirs;
  for (const std::string &Dir : Options.SystemDirs)
    SystemDirs.push_back(realPathOf(Dir));
  llvm::StringMap<unsigned> Known;
  for (unsigned I = 0; I < Out.Files.size(); ++I)
    Known[Out.Files[I]->realPath()] = I;
  std::set<std::pair<unsigned, unsigned>> Recorded;
  for (const UserHeaderInclude &Inc : Out.HeaderIncludes)
    Recorded.insert({Inc.IncludingFile, Inc.NameBegin});
  for (unsigned I = 0; I < Out.Files.size(); ++I) { // Out.Files grows.
    std::string Including = Out.Files[I]->realPath().str();
    std::string Display = Out.Files[I]->displayPath().str();
    for (const IncludeLine &Line : Out.Files[I]->source().includes()) {
      // Quoted includes of the user's headers, beside the including file.
      if (Line.Angled)
        continue;
      llvm::SmallString<256> Path(llvm::sys::path::parent_path(Including));
      llvm::sys::path::append(Path, Line.HeaderName);
      if (!llvm::sys::fs::is_regular_file(Path))
        continue;
      std::string Real = realPathOf(Path);
      if (!isUnder(Real, MainDir) ||
          llvm::any_of(SystemDirs, [&](const std::string &Dir) {
            return isUnder(Real, Dir);
          }))
        continue;
      auto [It, New] = Known.try_emplace(Real, Out.Files.size());
      if (New) {
        auto Buffer = llvm::MemoryBuffer::getFile(Real);
        if (!Buffer) {
          Known.erase(It);
          continue;
        }
        if (llvm::Error E = checkSourceText(Real, (*Buffer)->getBuffer())) {
          llvm::consumeError(std::move(E));
          Known.erase(It);
          continue;
        }
        llvm::SmallString<256> Shown(llvm::sys::path::parent_path(Display));
        llvm::sys::path::append(Shown, Line.HeaderName);
        Out.Files.push_back(std::make_unique<FileTranslation>(
            std::string(Shown), Real, (*Buffer)->getBuffer().str(),
            /*IsMainFile=*/false));
        Out.Scopes.emplace_back();
      }
      // Where a header's translation is renamed (<header>.hip), its includes
      // are pointed at it; the parse recorded only those it entered.
      if (Recorded.insert({I, Line.NameBegin}).second)
        Out.HeaderIncludes.push_back(
            {I, Line.NameBegin, Line.NameEnd, Line.HeaderName, Real});
    }
  }
}

} // namespace

void hipkit::hipify::runASTEngine(llvm::ArrayRef<std::string> Command,
                                  const ASTEngineOptions &Options,
                                  SourceTranslation &Out) {
  TranslationContext Ctx(Options, Out);
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(
      FileSystemOptions(), llvm::vfs::createPhysicalFileSystem()));
  tooling::ToolInvocation Invocation(
      std::vector<std::string>(Command.begin(), Command.end()),
      std::make_unique<HipifyAction>(Ctx), Files.get());
  llvm::raw_string_ostream MessageStream(Out.CompilerMessages);
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(new DiagnosticOptions());
  BufferedDiagnostics Diagnostics(MessageStream, DiagOpts.get(), Out);
  Invocation.setDiagnosticConsumer(&Diagnostics);
  Invocation.run();
  if (Out.CompileErrors > BufferedDiagnostics::MaxPrinted &&
      !Diagnostics.sawIncludeTooDeep())
    MessageStream << (Out.CompileErrors - BufferedDiagnostics::MaxPrinted)
                  << " more errors not shown\n";
  MessageStream.flush();
  if (Out.Scopes.size() < Out.Files.size())
    Out.Scopes.resize(Out.Files.size());
  if (Diagnostics.sawIncludeTooDeep() && Options.TranslateUserHeaders)
    addHeadersBelowIncludeLimit(Out, Options);
}
