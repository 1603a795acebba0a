//===- TranslationCollisions.cpp ------------------------------------------===//
#include "hipkit/hipify/Engines/TranslationCollisions.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "hipkit/hipify/Engines/SkippedDefinitions.h"
#include "hipkit/hipify/Translation/TypeSugar.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace clang;
using namespace hipkit::hipify;

namespace {

/// The name the translation writes for a resolved reference when it renames
/// it (a plain rename: no rule may change it).
std::optional<std::string> writtenFor(const Resolution &Resolved) {
  if (std::optional<llvm::StringRef> Written = Resolved.renamedTo())
    return Written->str();
  return std::nullopt;
}

/// The name the translation of \p In writes for a reference to \p D.
std::optional<std::string> hipNameOf(TranslatedNames &Names, const NamedDecl &D,
                                     FileTranslation &In) {
  return writtenFor(Names.resolutionOf(D, In));
}

/// A type, template argument or signature as the translation writes it. Key
/// compares: two CUDA types whose names map to one HIP name give one key. Text
/// is the HIP spelling, for messages. Rewritten says whether a CUDA name in it
/// is rewritten: only then can the translation have made it collide.
struct Translated {
  std::string Key, Text;
  bool Rewritten = false;
};

/// Maps types through the tables the way the translation rewrites their
/// spellings: a CUDA typedef or tag with a row becomes its HIP name, the user's
/// typedefs stand for what they name, pointers, references, arrays, cv and
/// template arguments are taken apart. Anything else keys on its canonical
/// type: two such types are never taken for one (a collision may be missed,
/// never invented).
class TypeTranslator {
public:
  TypeTranslator(TranslatedNames &Names, FileTranslation &In, ASTContext &AST)
      : Names(Names), In(In), Policy(AST.getPrintingPolicy()) {
    Policy.SuppressTagKeyword = true;
  }

  void type(QualType T, Translated &Out, bool DropTopLevelCV = false) {
    if (T.isNull()) {
      Out.Key += "?";
      return;
    }
    Qualifiers Q = T.getLocalQualifiers();
    if (DropTopLevelCV) {
      Q.removeConst();
      Q.removeVolatile();
    }
    std::string CV = Q.getAsString(Policy);
    const Type *Ty = T.getTypePtr();
    bool Declarator = isa<PointerType, ReferenceType>(Ty);
    if (!CV.empty() && !Declarator) {
      Out.Key += CV + " ";
      Out.Text += CV + " ";
    }
    unqualified(Ty, Out, DropTopLevelCV);
    if (!CV.empty() && Declarator) {
      Out.Key += " " + CV;
      Out.Text += CV;
    }
  }

  void argument(const TemplateArgument &A, Translated &Out) {
    switch (A.getKind()) {
    case TemplateArgument::Type:
      type(A.getAsType(), Out);
      return;
    case TemplateArgument::Integral:
      Out.Key += "i:" + llvm::toString(A.getAsIntegral(), 10);
      Out.Text += llvm::toString(A.getAsIntegral(), 10);
      return;
    case TemplateArgument::Pack:
      for (const TemplateArgument &P : A.pack_elements()) {
        argument(P, Out);
        Out.Key += ",";
        Out.Text += ", ";
      }
      return;
    default: {
      std::string Printed;
      llvm::raw_string_ostream OS(Printed);
      A.print(Policy, OS, /*IncludeType=*/true);
      Out.Key += "a:" + Printed;
      Out.Text += Printed;
      return;
    }
    }
  }

  void arguments(llvm::ArrayRef<TemplateArgument> Args, Translated &Out) {
    Out.Key += "<";
    Out.Text += "<";
    for (size_t I = 0; I != Args.size(); ++I) {
      if (I) {
        Out.Key += ",";
        Out.Text += ", ";
      }
      argument(Args[I], Out);
    }
    Out.Key += ">";
    Out.Text += ">";
  }

private:
  bool named(const NamedDecl *D, Translated &Out) {
    if (!D)
      return false;
    std::optional<std::string> Hip = hipNameOf(Names, *D, In);
    if (!Hip)
      return false;
    Out.Key += "hip:" + *Hip;
    Out.Text += *Hip;
    Out.Rewritten = true;
    return true;
  }

  void canonical(const Type *Ty, Translated &Out) {
    QualType T(Ty, 0);
    Out.Key += "c:" + T.getCanonicalType().getAsString(Policy);
    Out.Text += T.getAsString(Policy);
  }

  void unqualified(const Type *Ty, Translated &Out, bool DropTopLevelCV) {
    if (const auto *E = dyn_cast<ElaboratedType>(Ty))
      return type(E->getNamedType(), Out, DropTopLevelCV);
    if (const auto *P = dyn_cast<ParenType>(Ty))
      return type(P->getInnerType(), Out, DropTopLevelCV);
    if (const auto *A = dyn_cast<AdjustedType>(Ty)) // Decayed parameters.
      return type(A->getAdjustedType(), Out, DropTopLevelCV);
    if (const auto *S = dyn_cast<SubstTemplateTypeParmType>(Ty))
      return type(S->getReplacementType(), Out, DropTopLevelCV);
    if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
      if (named(TT->getDecl(), Out))
        return;
      // The typedef's name stays in the output; what it names is translated.
      Translated Meaning;
      type(TT->desugar(), Meaning);
      Out.Key += Meaning.Key;
      Out.Text += TT->getDecl()->getName();
      Out.Rewritten |= Meaning.Rewritten;
      return;
    }
    if (const auto *U = dyn_cast<UsingType>(Ty))
      return type(U->desugar(), Out);
    if (const auto *Tag = dyn_cast<TagType>(Ty)) {
      const TagDecl *D = Tag->getDecl();
      if (named(D, Out) || named(D->getTypedefNameForAnonDecl(), Out))
        return;
      return canonical(Ty, Out);
    }
    if (const auto *P = dyn_cast<PointerType>(Ty)) {
      type(P->getPointeeType(), Out);
      Out.Key += "*";
      Out.Text += " *";
      return;
    }
    if (const auto *R = dyn_cast<ReferenceType>(Ty)) {
      type(R->getPointeeTypeAsWritten(), Out);
      Out.Key += isa<LValueReferenceType>(R) ? "&" : "&&";
      Out.Text += isa<LValueReferenceType>(R) ? " &" : " &&";
      return;
    }
    if (const auto *A = dyn_cast<ConstantArrayType>(Ty)) {
      type(A->getElementType(), Out);
      std::string Bound = "[" + llvm::toString(A->getSize(), 10, false) + "]";
      Out.Key += Bound;
      Out.Text += Bound;
      return;
    }
    if (const auto *A = dyn_cast<IncompleteArrayType>(Ty)) {
      type(A->getElementType(), Out);
      Out.Key += "[]";
      Out.Text += "[]";
      return;
    }
    if (const auto *P = dyn_cast<TemplateTypeParmType>(Ty)) {
      Out.Key += llvm::formatv("t:{0}:{1}", P->getDepth(), P->getIndex()).str();
      Out.Text += QualType(Ty, 0).getAsString(Policy);
      return;
    }
    if (const auto *S = dyn_cast<TemplateSpecializationType>(Ty)) {
      if (S->isTypeAlias())
        return type(S->getAliasedType(), Out);
      TemplateDecl *TD = S->getTemplateName().getAsTemplateDecl();
      if (!TD)
        return canonical(Ty, Out);
      Out.Key += llvm::formatv("tmpl:{0}", TD->getCanonicalDecl()).str();
      Out.Text += TD->getName();
      arguments(S->template_arguments(), Out);
      return;
    }
    canonical(Ty, Out);
  }

  TranslatedNames &Names;
  FileTranslation &In;
  PrintingPolicy Policy;
};

/// One C++ entity (a function, an explicit specialization) declared in the
/// user's files, with its translated signature.
struct Entity {
  const Decl *Canonical = nullptr;
  /// Its declarations in the user's files, in the order visited.
  std::vector<const Decl *> Decls;
  SourceLocation First;
  std::string CudaText;
  Translated Signature;
  /// The return type, for functions: a redeclaration that differs in it only
  /// is an error.
  std::string ReturnKey;
};

/// An `#if 0` or `#endif` line to insert.
struct GuardLine {
  FileTranslation *FT;
  unsigned Offset;
  bool IsEnd;
  std::string Text;
};

class CollisionFinder : public RecursiveASTVisitor<CollisionFinder> {
public:
  CollisionFinder(ASTContext &AST, TranslatedNames &Names)
      : AST(AST), SM(AST.getSourceManager()), Names(Names) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isImplicit() || FD->isInvalidDecl() ||
        FD->isTemplateInstantiation() || FD->isExternC() ||
        isa<CXXDeductionGuideDecl>(FD))
      return true;
    FileTranslation *FT = translationOf(FD);
    if (!FT)
      return true;
    guardIfHipDefines(*FD);
    Entity *E = entityOf(FD);
    if (!E->Decls.empty()) {
      E->Decls.push_back(FD);
      return true;
    }
    E->Decls.push_back(FD);
    E->First = FD->getLocation();
    TypeTranslator Types(Names, *FT, AST);
    Translated &Sig = E->Signature;
    Sig.Key = scopeKey(FD) + FD->getDeclName().getAsString();
    Sig.Text = FD->getQualifiedNameAsString();
    // A conversion's name is its type: `operator cudaError_t` and `operator
    // CUresult` both become `operator hipError_t`.
    if (isa<CXXConversionDecl>(FD)) {
      Translated To;
      Types.type(FD->getReturnType(), To);
      Sig.Key = scopeKey(FD) + "operator " + To.Key;
      Sig.Text =
          cast<CXXConversionDecl>(FD)->getParent()->getQualifiedNameAsString() +
          "::operator " + To.Text;
      Sig.Rewritten = To.Rewritten;
    }
    E->CudaText = nameForMessage(FD);
    if (FunctionTemplateDecl *Template = FD->getDescribedFunctionTemplate())
      Sig.Key += templateHeadKey(*Template->getTemplateParameters());
    if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization) {
      if (const TemplateArgumentList *Args =
              FD->getTemplateSpecializationArgs()) {
        Sig.Key += llvm::formatv("spec:{0}",
                                 FD->getPrimaryTemplate()->getCanonicalDecl())
                       .str();
        Types.arguments(Args->asArray(), Sig);
      }
    }
    Sig.Key += "(";
    Sig.Text += "(";
    for (unsigned I = 0; I != FD->getNumParams(); ++I) {
      if (I) {
        Sig.Key += ",";
        Sig.Text += ", ";
      }
      Types.type(FD->getParamDecl(I)->getType(), Sig, /*DropTopLevelCV=*/true);
    }
    if (FD->isVariadic()) {
      Sig.Key += ",...";
      Sig.Text += FD->getNumParams() ? ", ..." : "...";
    }
    Sig.Key += ")";
    Sig.Text += ")";
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD)) {
      Sig.Key += M->getMethodQualifiers().getAsString();
      Sig.Key += M->getRefQualifier() == RQ_LValue   ? "&"
                 : M->getRefQualifier() == RQ_RValue ? "&&"
                                                     : "";
    }
    Translated Return;
    Types.type(FD->getReturnType(), Return);
    E->ReturnKey = Return.Key;
    // Function templates overload on their return types too.
    if (FD->getDescribedFunctionTemplate() || FD->getPrimaryTemplate())
      Sig.Key += "->" + Return.Key;
    return true;
  }

  // Explicit and partial specializations of class and variable templates:
  // `template <> struct Traits<cudaError_t>` and `<CUresult>` become one.
  bool
  VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
    return visitSpecialization<ClassTemplatePartialSpecializationDecl>(D);
  }
  bool VisitVarTemplateSpecializationDecl(VarTemplateSpecializationDecl *D) {
    return visitSpecialization<VarTemplatePartialSpecializationDecl>(D);
  }

  template <typename PartialDecl, typename SpecializationDecl>
  bool visitSpecialization(SpecializationDecl *D) {
    if (D->isInvalidDecl() ||
        D->getSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
    const TemplateParameterList *Partial = nullptr;
    if (const auto *P = dyn_cast<PartialDecl>(D))
      Partial = P->getTemplateParameters();
    addSpecialization(D, D->getSpecializedTemplate(), Partial,
                      D->getTemplateArgs().asArray());
    return true;
  }

  void addSpecialization(NamedDecl *D, const TemplateDecl *Template,
                         const TemplateParameterList *Partial,
                         llvm::ArrayRef<TemplateArgument> Args) {
    FileTranslation *FT = translationOf(D);
    if (!FT)
      return;
    Entity *E = entityOf(D);
    E->Decls.push_back(D);
    if (E->Decls.size() > 1)
      return;
    E->First = D->getLocation();
    TypeTranslator Types(Names, *FT, AST);
    Translated &Sig = E->Signature;
    Sig.Key = scopeKey(D) + llvm::formatv("spec:{0}", Template->getCanonicalDecl())
                                .str();
    if (Partial)
      Sig.Key += templateHeadKey(*Partial);
    Sig.Text = D->getQualifiedNameAsString();
    E->CudaText = nameForMessage(D);
    // A partial specialization's arguments as written name its parameters
    // (`Tag`, not `type-parameter-0-0`).
    llvm::SmallVector<TemplateArgument, 4> Written;
    if (Partial)
      if (const ASTTemplateArgumentListInfo *Info = writtenArguments(D)) {
        for (unsigned I = 0; I != Info->NumTemplateArgs; ++I)
          Written.push_back((*Info)[I].getArgument());
        Args = Written;
      }
    Types.arguments(Args, Sig);
  }

  static const ASTTemplateArgumentListInfo *writtenArguments(const Decl *D) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      return Spec->getTemplateArgsAsWritten();
    if (const auto *Spec = dyn_cast<VarTemplateSpecializationDecl>(D))
      return Spec->getTemplateArgsAsWritten();
    return nullptr;
  }

  bool VisitSwitchStmt(SwitchStmt *S) {
    std::vector<const CaseStmt *> Cases;
    for (const SwitchCase *C = S->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      if (const auto *Case = dyn_cast<CaseStmt>(C))
        if (!Case->caseStmtIsGNURange())
          Cases.push_back(Case);
    llvm::sort(Cases, [&](const CaseStmt *A, const CaseStmt *B) {
      return SM.isBeforeInTranslationUnit(A->getKeywordLoc(),
                                          B->getKeywordLoc());
    });
    llvm::StringMap<const CaseStmt *> Seen;
    for (const CaseStmt *Case : Cases) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Case->getLHS()->IgnoreParenImpCasts());
      const auto *Enumerator =
          Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
      unsigned Offset;
      FileTranslation *FT =
          Enumerator ? Names.translationAt(Case->getKeywordLoc(), Offset)
                     : nullptr;
      if (!FT)
        continue;
      Resolution Resolved = Names.resolutionOf(*Enumerator, *FT);
      std::optional<std::string> Hip = writtenFor(Resolved);
      if (!Hip) {
        if (std::optional<std::string> Operand =
                translatedOperandOf(*S, *Enumerator, *FT))
          if (Resolved &&
              Resolved.Decision.Action == NameAction::ReportUnsupported)
            removeUnreachableLabel(*S, *Case, *Enumerator, *Resolved.Row,
                                   *Operand, Cases, *FT);
        continue;
      }
      auto [Known, IsFirst] = Seen.try_emplace(*Hip, Case);
      if (!IsFirst)
        removeDuplicateLabel(*S, *Case, *Known->second, *Enumerator, *Hip,
                             Cases);
    }
    return true;
  }

  /// Keeps one entity of each set that the translation makes one, and
  /// disables the others' definitions (and the declarations that may not be
  /// repeated).
  void resolve() {
    // In the order of the entities, so that messages and edits are stable.
    std::vector<std::vector<Entity *>> Groups;
    llvm::StringMap<size_t> GroupOf;
    for (Entity &E : Entities) {
      auto [It, IsNew] = GroupOf.try_emplace(E.Signature.Key, Groups.size());
      if (IsNew)
        Groups.emplace_back();
      Groups[It->second].push_back(&E);
    }
    for (std::vector<Entity *> &Group : Groups) {
      if (Group.size() < 2 || llvm::none_of(Group, [](Entity *E) {
            return E->Signature.Rewritten;
          }))
        continue;
      llvm::stable_sort(Group, [&](Entity *A, Entity *B) {
        return SM.isBeforeInTranslationUnit(A->First, B->First);
      });
      auto KeptAt = llvm::find_if(Group, [](Entity *E) {
        return llvm::any_of(E->Decls, isDefinition);
      });
      Entity *Kept = KeptAt == Group.end() ? Group.front() : *KeptAt;
      for (Entity *E : Group)
        if (E != Kept)
          disable(*E, *Kept);
    }
    emitGuards();
    warnSkippedCollisions();
  }

private:
  /// A function definition as spelled (`f(cudaError_t)`) and as translated
  /// (`f(hipError_t)`), for comparing a parsed one with one found by its
  /// tokens: spaces are not compared.
  struct Spelled {
    std::string Cuda, Hip;
    unsigned Line;
  };

  static std::string withoutSpaces(llvm::StringRef Text) {
    std::string Out;
    for (char C : Text)
      if (!llvm::isSpace(C))
        Out += C;
    return Out;
  }

  /// Definitions in #if blocks the parse skipped that the translation makes
  /// the same as a parsed namespace-scope function of the same file, or as
  /// one another: warned about, not edited, since only the build knows
  /// whether the blocks are ever compiled together.
  void warnSkippedCollisions() {
    llvm::DenseMap<FileTranslation *, llvm::StringMap<Spelled>> Known;
    for (const Entity &E : Entities) {
      const auto *FD = dyn_cast<FunctionDecl>(E.Canonical);
      if (!FD || isa<CXXMethodDecl>(FD) || FD->getDescribedFunctionTemplate() ||
          FD->getPrimaryTemplate() ||
          !FD->getDeclContext()->getRedeclContext()->isFileContext() ||
          llvm::none_of(E.Decls, isDefinition))
        continue;
      FileTranslation *FT = translationOf(E.Decls.front());
      if (!FT)
        continue;
      llvm::StringRef Hip = E.Signature.Text, Cuda = E.CudaText;
      std::string Name = FD->getNameAsString();
      std::string HipText = Name + Hip.substr(Hip.find('(')).str();
      Known[FT].try_emplace(withoutSpaces(HipText),
                            Spelled{Name + Cuda.substr(Cuda.find('(')).str(),
                                    HipText, lineOf(definitionOf(E))});
    }
    for (auto &[FT, Blocks] : Names.skippedBlocks()) {
      llvm::StringMap<Spelled> &InFile = Known[FT];
      for (const OffsetRange &Block : Blocks)
        for (const SkippedDefinition &Def :
             findSkippedDefinitions(FT->contents(), Block)) {
          std::string Cuda = Def.Name + "(", Hip = Def.Name + "(";
          bool Rewritten = false;
          for (size_t I = 0; I != Def.Parameters.size(); ++I) {
            if (I) {
              Cuda += ", ";
              Hip += ", ";
            }
            for (size_t J = 0; J != Def.Parameters[I].size(); ++J) {
              llvm::StringRef Token = Def.Parameters[I][J];
              std::optional<std::string> Written =
                  writtenFor(Names.resolutionOfSpelling(Token, *FT));
              Rewritten |= Written.has_value();
              Cuda += (J ? " " : "") + Token.str();
              Hip += (J ? " " : "") + (Written ? *Written : Token.str());
            }
          }
          Cuda += ")";
          Hip += ")";
          unsigned Line =
              1 + FT->contents().take_front(Def.NameOffset).count('\n');
          auto [It, IsNew] =
              InFile.try_emplace(withoutSpaces(Hip), Spelled{Cuda, Hip, Line});
          if (IsNew || !Rewritten ||
              withoutSpaces(It->second.Cuda) == withoutSpaces(Cuda))
            continue;
          FT->warn(Def.NameOffset, warning_names::DeclarationCollision,
                   llvm::formatv("'{0}' becomes '{1}', as does '{2}' (line "
                                 "{3}); it is in an #if block the parse "
                                 "skipped, so it was left: a build that "
                                 "compiles both defines '{1}' twice, so guard "
                                 "one of them",
                                 Cuda, Hip, It->second.Cuda, It->second.Line));
        }
    }
  }

  static bool isDefinition(const Decl *D) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return FD->isThisDeclarationADefinition();
    if (const auto *RD = dyn_cast<TagDecl>(D))
      return RD->isThisDeclarationADefinition();
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return VD->isThisDeclarationADefinition() == VarDecl::Definition;
    return false;
  }

  FileTranslation *translationOf(const Decl *D) {
    unsigned Offset;
    return Names.translationAt(D->getLocation(), Offset);
  }

  Entity *entityOf(const Decl *D) {
    const Decl *Canonical = D->getCanonicalDecl();
    auto [It, IsNew] = EntityIndex.try_emplace(Canonical, Entities.size());
    if (IsNew) {
      Entities.emplace_back();
      Entities.back().Canonical = Canonical;
    }
    return &Entities[It->second];
  }

  static std::string scopeKey(const Decl *D) {
    const DeclContext *DC =
        D->getDeclContext()->getRedeclContext()->getPrimaryContext();
    return llvm::formatv("{0}|", static_cast<const void *>(DC)).str();
  }

  std::string templateHeadKey(const TemplateParameterList &Params) {
    std::string Key = "template<";
    for (const NamedDecl *P : Params) {
      if (const auto *NonType = dyn_cast<NonTypeTemplateParmDecl>(P))
        Key += "n:" + NonType->getType().getCanonicalType().getAsString();
      else if (const auto *Nested = dyn_cast<TemplateTemplateParmDecl>(P))
        Key += templateHeadKey(*Nested->getTemplateParameters());
      else
        Key += "t";
      if (P->isTemplateParameterPack())
        Key += "...";
      Key += ",";
    }
    return Key + ">";
  }

  /// \p D's qualified name as the user wrote it: with the template arguments
  /// as written and, for a function, its parameter types.
  std::string nameForMessage(const NamedDecl *D) {
    PrintingPolicy Policy = AST.getPrintingPolicy();
    Policy.SuppressTagKeyword = true;
    std::string Text = D->getQualifiedNameAsString();
    if (const auto *Conversion = dyn_cast<CXXConversionDecl>(D))
      Text = Conversion->getParent()->getQualifiedNameAsString() +
             "::operator " + Conversion->getReturnType().getAsString(Policy);
    llvm::raw_string_ostream OS(Text);
    const ASTTemplateArgumentListInfo *Written = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      Written = FD->getTemplateSpecializationArgsAsWritten();
    else
      Written = writtenArguments(D);
    if (Written) {
      OS << "<";
      for (unsigned I = 0; I != Written->NumTemplateArgs; ++I) {
        OS << (I ? ", " : "");
        (*Written)[I].getArgument().print(Policy, OS, /*IncludeType=*/true);
      }
      OS << ">";
    }
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      OS << "(";
      for (unsigned I = 0; I != FD->getNumParams(); ++I)
        OS << (I ? ", " : "")
           << FD->getParamDecl(I)->getOriginalType().getAsString(Policy);
      OS << (FD->isVariadic() ? (FD->getNumParams() ? ", ...)" : "...)") : ")");
    }
    return Text;
  }

  /// Where \p E is defined, else first declared.
  static SourceLocation definitionOf(const Entity &E) {
    for (const Decl *D : E.Decls)
      if (isDefinition(D))
        return D->getLocation();
    return E.First;
  }

  unsigned lineOf(SourceLocation Loc) {
    return SM.getPresumedLineNumber(SM.getExpansionLoc(Loc));
  }

  /// Whether \p D of the entity \p E, which the translation makes the same as
  /// \p Kept, must go: every definition (a second one redefines), every member
  /// declaration (a class cannot redeclare one), and a declaration that
  /// differs in its return type or repeats default arguments.
  static bool mustDisable(const Decl *D, const Entity &E, const Entity &Kept) {
    if (isDefinition(D))
      return true;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD)
      return false;
    if (isa<CXXMethodDecl>(FD) && !FD->isOutOfLine())
      return true;
    if (E.ReturnKey != Kept.ReturnKey)
      return true;
    return llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
      return P->hasDefaultArg();
    });
  }

  void disable(const Entity &E, const Entity &Kept) {
    std::string Kind = isa<FunctionDecl>(E.Canonical) ? "calls" : "uses";
    for (const Decl *D : E.Decls) {
      if (!mustDisable(D, E, Kept))
        continue;
      unsigned Offset;
      FileTranslation *FT = Names.translationAt(D->getLocation(), Offset);
      if (!FT)
        continue;
      unsigned KeptLine = lineOf(definitionOf(Kept));
      std::string What =
          llvm::formatv("'{0}' becomes '{1}', as does '{2}' (line {3})",
                        E.CudaText, E.Signature.Text, Kept.CudaText, KeptLine)
              .str();
      std::string Comment =
          llvm::formatv("hipify: '{0}' again; the one kept is at line {1} of "
                        "the original",
                        E.Signature.Text, KeptLine)
              .str();
      if (guard(D, Comment))
        FT->warn(
            Offset, warning_names::DeclarationCollision,
            What + llvm::formatv("; kept that one and disabled this {0} "
                                 "with '#if 0': its {1} now reach the "
                                 "one kept",
                                 isDefinition(D) ? "definition" : "declaration",
                                 Kind));
      else
        FT->warn(Offset, warning_names::DeclarationCollision,
                 What + "; it is written through a macro, so it was left and "
                        "the output declares it twice: remove one by hand");
    }
  }

  /// A user's own definition of an overload HIP's headers define and CUDA's
  /// lack (the row's `hipdefines` list: atomicMax for float, a CAS loop CUDA
  /// programs carry) is a redefinition on AMD: it goes under
  /// `#if !defined(__HIP_PLATFORM_AMD__)` (or an older HIP, for an overload a
  /// newer HIP added), which HIP on NVIDIA still compiles.
  /// A user's operator for a vector type (helper_math.h's `operator+=(float4
  /// &, float4)`) is looked up on the row of its first operand's type, whose
  /// list names HIP_vector_type's non-template operators
  /// (`operator+=(float4,float4)`: operands without const and references),
  /// with which it would be ambiguous.
  void guardIfHipDefines(const FunctionDecl &FD) {
    bool IsOperator = FD.isOverloadedOperator() && FD.getNumParams() > 0;
    if (!FD.isThisDeclarationADefinition() ||
        (!FD.getIdentifier() && !IsOperator) ||
        FD.getDescribedFunctionTemplate() || isa<CXXMethodDecl>(FD) ||
        !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
      return;
    PrintingPolicy Policy(AST.getLangOpts());
    auto Operand = [&](QualType T) {
      T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
      if (const auto *Record = T->getAs<RecordType>())
        return Record->getDecl()->getName().str();
      return T.getAsString(Policy);
    };
    std::string OperandType =
        IsOperator ? Operand(FD.getParamDecl(0)->getType()) : "";
    unsigned Offset;
    FileTranslation *FT = Names.translationAt(FD.getLocation(), Offset);
    if (!FT)
      return;
    // The row's rule knows its HIP-defined overloads.
    Resolution Resolved = Names.resolutionOfSpelling(
        IsOperator ? llvm::StringRef(OperandType) : FD.getName(), *FT);
    const RewriteRule *Rule =
        Resolved.hasRule() ? RewriteRule::forRow(*Resolved.Row) : nullptr;
    if (!Rule)
      return;
    std::string Key;
    if (IsOperator) {
      for (const ParmVarDecl *P : FD.parameters())
        Key += (Key.empty() ? "" : ",") + Operand(P->getType());
      Key = FD.getNameAsString() + "(" + Key + ")";
      llvm::erase_if(Key, [](char C) { return C == ' '; });
    } else {
      Key = overloadParameters(FD);
    }
    for (const HipDefinedOverload &Overload : Rule->hipDefinedOverloads()) {
      llvm::StringRef Parameters = Overload.Parameters;
      llvm::StringRef Version = Overload.Version;
      if (!sameOverloadParameters(Parameters, Key))
        continue;
      // HIP_VERSION is major * 10000000 + minor * 100000 + patch.
      unsigned Major = 0, Minor = 0;
      auto [MajorText, MinorText] = Version.split('.');
      MajorText.getAsInteger(10, Major);
      MinorText.getAsInteger(10, Minor);
      std::string Condition = "!defined(__HIP_PLATFORM_AMD__)";
      if (Version != "5.2") // The floor: every HIP hipify targets has it.
        Condition += llvm::formatv(" || HIP_VERSION < {0}",
                                   Major * 10000000 + Minor * 100000)
                         .str();
      std::string Signature =
          IsOperator ? Parameters.str()
                     : llvm::formatv("{0}({1})", FD.getName(), Parameters).str();
      bool Guarded = guard(&FD,
                           "hipify: HIP defines " + Signature + " on AMD (HIP " +
                               Version.str() + ")",
                           Condition);
      if (Guarded && IsOperator) {
        // helper_math.h has dozens: one note per file.
        if (NotedVectorOperators.insert(FT).second)
          FT->note(Offset, warning_names::DeclarationCollision,
                   llvm::formatv(
                       "HIP's vector types define '{0}' (HIP {1}) and the "
                       "like on AMD, with which this file's own definitions "
                       "would be ambiguous there; each is put under '#if "
                       "{2}': uses reach HIP's",
                       Signature, Version, Condition));
      } else if (Guarded)
        FT->warn(Offset, warning_names::DeclarationCollision,
                 llvm::formatv("HIP {0} defines '{1}' on AMD, so this "
                               "definition would be a redefinition there; put "
                               "it under '#if {2}': calls reach HIP's",
                               Version, Signature, Condition));
      else
        FT->warn(Offset, warning_names::DeclarationCollision,
                 llvm::formatv("HIP {0} defines '{1}' on AMD, and this "
                               "definition is written through a macro, so it "
                               "was left: remove it for AMD by hand",
                               Version, Signature));
      return;
    }
  }

  /// The files whose vector operators were guarded, each noted once.
  llvm::SmallPtrSet<FileTranslation *, 4> NotedVectorOperators;

  /// Puts \p D's lines (its whole lines when nothing else shares them) between
  /// `#if 0 // Comment` and `#endif`.
  bool guard(const Decl *D, llvm::StringRef Comment,
             llvm::StringRef Condition = "0") {
    // A function template's range starts at its `template <...>`.
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (const FunctionTemplateDecl *Template =
              FD->getDescribedFunctionTemplate())
        D = Template;
    // A friend's range starts at its `friend`.
    if (D->getFriendObjectKind() != Decl::FOK_None)
      if (const auto *Class =
              dyn_cast<CXXRecordDecl>(D->getLexicalDeclContext()))
        for (const FriendDecl *Friend : Class->friends())
          if (Friend->getFriendDecl() == D)
            D = Friend;
    SourceRange Range = D->getSourceRange();
    // A variable template's specialization starts at its `template <...>`.
    if (const auto *Var = dyn_cast<VarTemplateSpecializationDecl>(D)) {
      if (const auto *Partial = dyn_cast<VarTemplatePartialSpecializationDecl>(D))
        Range.setBegin(Partial->getTemplateParameters()->getTemplateLoc());
      else if (Var->getTemplateKeywordLoc().isValid())
        Range.setBegin(Var->getTemplateKeywordLoc());
      Range.setEnd(Var->getEndLoc());
    }
    CharSourceRange File = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Range), SM, AST.getLangOpts());
    if (File.isInvalid())
      return false;
    unsigned Begin, Unused;
    FileTranslation *FT = Names.translationAt(File.getBegin(), Begin);
    if (!FT || Names.translationAt(File.getEnd(), Unused) != FT)
      return false;
    unsigned End = SM.getFileOffset(File.getEnd());
    llvm::StringRef Text = FT->contents();
    llvm::StringRef NL = FT->lineEnding();
    auto skipBlanks = [&](unsigned At) {
      while (At < Text.size() && (Text[At] == ' ' || Text[At] == '\t'))
        ++At;
      return At;
    };
    // A class's closing `;` goes with it.
    unsigned AfterEnd = skipBlanks(End);
    if (AfterEnd < Text.size() && Text[AfterEnd] == ';')
      End = AfterEnd + 1;

    size_t LineStart = Text.take_front(Begin).find_last_of('\n');
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    bool StartsLine = Text.slice(LineStart, Begin).trim(" \t").empty();
    std::string Open = ("#if " + Condition + " // " + Comment + NL).str();
    if (StartsLine)
      Guards.push_back({FT, static_cast<unsigned>(LineStart), false, Open});
    else
      Guards.push_back({FT, Begin, false, (NL + Open).str()});

    unsigned Rest = skipBlanks(End);
    if (Text.substr(Rest).starts_with("\r\n") ||
        Text.substr(Rest).starts_with("\n") ||
        Text.substr(Rest).starts_with("//") || Rest == Text.size()) {
      size_t LineEnd = Text.find('\n', Rest);
      if (LineEnd == llvm::StringRef::npos)
        Guards.push_back({FT, static_cast<unsigned>(Text.size()), true,
                          (NL + "#endif" + NL).str()});
      else
        Guards.push_back({FT, static_cast<unsigned>(LineEnd + 1), true,
                          ("#endif" + NL).str()});
    } else {
      Guards.push_back({FT, End, true, (NL + "#endif" + NL).str()});
    }
    return true;
  }

  /// Inserts the guard lines; at one offset an `#endif` comes before the next
  /// `#if 0`.
  void emitGuards() {
    llvm::stable_sort(Guards, [](const GuardLine &A, const GuardLine &B) {
      if (A.FT != B.FT)
        return A.FT < B.FT;
      if (A.Offset != B.Offset)
        return A.Offset < B.Offset;
      return A.IsEnd && !B.IsEnd;
    });
    for (const GuardLine &G : Guards)
      G.FT->addEdit(G.Offset, 0, G.Text, EditOrigin::AST);
  }

  /// Whether the statement before \p Case in \p Switch's body leaves it
  /// (return, break, continue, goto, throw): then nothing falls through to
  /// the statements after \p Case.
  static bool followsJump(const SwitchStmt &Switch, const CaseStmt &Case) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch.getBody());
    if (!Body)
      return false;
    const Stmt *Previous = nullptr;
    for (const Stmt *S : Body->body()) {
      if (S == &Case)
        break;
      Previous = S;
    }
    while (const auto *Label = dyn_cast_or_null<SwitchCase>(Previous))
      Previous = Label->getSubStmt();
    if (const auto *E = dyn_cast_or_null<Expr>(Previous))
      Previous = E->IgnoreParenImpCasts();
    return isa_and_nonnull<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt,
                           CXXThrowExpr>(Previous);
  }

  /// What the translation writes for the type of \p Switch's operand (as
  /// written: a typedef such as cublasStatus_t, or the enum's own name) when
  /// that type is the enum that declares \p Enumerator.
  std::optional<std::string>
  translatedOperandOf(const SwitchStmt &Switch,
                      const EnumConstantDecl &Enumerator, FileTranslation &FT) {
    const Expr *Cond = Switch.getCond();
    if (!Cond)
      return std::nullopt;
    QualType T = Cond->IgnoreParenImpCasts()->getType();
    const auto *Enum = T->getAs<EnumType>();
    const auto *Owner = dyn_cast<EnumDecl>(Enumerator.getDeclContext());
    if (!Enum || !Owner ||
        Enum->getDecl()->getCanonicalDecl() != Owner->getCanonicalDecl())
      return std::nullopt;
    std::optional<std::string> Hip;
    if (findTypedef(T, [&](const TypedefNameDecl &Typedef) {
          Hip = hipNameOf(Names, Typedef, FT);
          return Hip.has_value();
        }))
      return Hip;
    return hipNameOf(Names, *Enum->getDecl(), FT);
  }

  /// A label of an enumerator HIP's enum lacks (CUBLAS_STATUS_LICENSE_ERROR)
  /// in a switch whose operand becomes the HIP enum (hipblasStatus_t): no
  /// value of the operand reaches it, so it is removed, with the statements
  /// after it when nothing else reaches them (the statement before is a
  /// jump, and no other label is theirs) and they are plain text of one file.
  void removeUnreachableLabel(const SwitchStmt &Switch, const CaseStmt &Case,
                              const EnumConstantDecl &Enumerator,
                              const ApiMapping &Row, llvm::StringRef Operand,
                              llvm::ArrayRef<const CaseStmt *> Cases,
                              FileTranslation &FT) {
    unsigned NameOffset;
    const auto *Ref =
        cast<DeclRefExpr>(Case.getLHS()->IgnoreParenImpCasts());
    if (Names.translationAt(Ref->getLocation(), NameOffset) != &FT)
      return;
    CharSourceRange Label =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(
                                     Case.getKeywordLoc(), Case.getColonLoc()),
                                 SM, AST.getLangOpts());
    unsigned Begin, End;
    if (Label.isInvalid() || Names.translationAt(Label.getBegin(), Begin) != &FT ||
        Names.translationAt(Label.getEnd(), End) != &FT)
      return; // Through a macro: the reference's warning stays.
    bool Shared = isa<SwitchCase>(Case.getSubStmt()) ||
                  llvm::any_of(Cases, [&](const CaseStmt *Other) {
                    return Other->getSubStmt() == &Case;
                  });
    std::string What;
    if (!Shared && followsJump(Switch, Case))
      if (std::optional<unsigned> BodyEnd = endOfStatementsAfter(Switch, Case, FT);
          BodyEnd && *BodyEnd > End &&
          !llvm::StringRef(FT.contents())
               .slice(Begin, *BodyEnd)
               .contains('#')) {
        End = *BodyEnd;
        What = " and the statements after it";
      }
    FT.removeUnreachableLabel(
        NameOffset, Row, Begin, End,
        llvm::formatv("/* hipify: 'case {0}:' removed */", Enumerator.getName())
            .str(),
        llvm::formatv("removed 'case {0}:'{1}: the switch's operand becomes "
                      "{2}, which has no counterpart of {0}, so no value "
                      "reaches it",
                      Enumerator.getName(), What, Operand));
  }

  /// The offset in \p FT just past the statements that follow \p Case up to
  /// the next label or the end of the switch (with the `;` that ends the
  /// last one), or nullopt when one of them is not plain text of \p FT.
  std::optional<unsigned> endOfStatementsAfter(const SwitchStmt &Switch,
                                               const CaseStmt &Case,
                                               FileTranslation &FT) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch.getBody());
    if (!Body)
      return std::nullopt;
    const Stmt *Last = nullptr;
    bool Seen = false;
    for (const Stmt *S : Body->body()) {
      if (S == &Case) {
        Seen = true;
        Last = Case.getSubStmt();
        continue;
      }
      if (!Seen)
        continue;
      if (isa<SwitchCase>(S))
        break;
      Last = S;
    }
    if (!Last || isa<SwitchCase>(Last))
      return std::nullopt;
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Last->getSourceRange()), SM,
        AST.getLangOpts());
    unsigned Offset;
    if (Range.isInvalid() || Names.translationAt(Range.getEnd(), Offset) != &FT)
      return std::nullopt;
    SourceLocation LastToken = Last->getEndLoc();
    if (!LastToken.isFileID())
      return std::nullopt;
    if (std::optional<Token> Next =
            Lexer::findNextToken(LastToken, SM, AST.getLangOpts());
        Next && Next->is(tok::semi) && !isa<CompoundStmt>(Last)) {
      unsigned SemiOffset;
      if (Names.translationAt(Next->getLocation(), SemiOffset) == &FT)
        return SemiOffset + 1;
    }
    return Offset;
  }

  void removeDuplicateLabel(const SwitchStmt &Switch, const CaseStmt &Case,
                            const CaseStmt &Kept,
                            const EnumConstantDecl &Enumerator,
                            llvm::StringRef Hip,
                            llvm::ArrayRef<const CaseStmt *> Cases) {
    unsigned Offset;
    FileTranslation *FT = Names.translationAt(Case.getKeywordLoc(), Offset);
    if (!FT)
      return;
    std::string What =
        llvm::formatv("'case {0}:' becomes 'case {1}:', as does the label at "
                      "line {2}",
                      Enumerator.getName(), Hip, lineOf(Kept.getKeywordLoc()))
            .str();
    CharSourceRange Label =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(
                                     Case.getKeywordLoc(), Case.getColonLoc()),
                                 SM, AST.getLangOpts());
    unsigned Begin, Unused;
    if (Label.isInvalid() ||
        Names.translationAt(Label.getBegin(), Begin) != FT ||
        Names.translationAt(Label.getEnd(), Unused) != FT) {
      FT->warn(Offset, warning_names::DuplicateCase,
               What + "; it is written through a macro, so it was left and "
                      "the output repeats the label: remove one by hand");
      return;
    }
    unsigned End = SM.getFileOffset(Label.getEnd());
    // Another label on the same statements keeps them reachable.
    bool SharesStatements = isa<SwitchCase>(Case.getSubStmt()) ||
                            llvm::any_of(Cases, [&](const CaseStmt *Other) {
                              return Other->getSubStmt() == &Case;
                            });
    FT->addEdit(Begin, End - Begin, "", EditOrigin::AST);
    FT->addEdit(
        Begin, 0,
        llvm::formatv("/* hipify: duplicate 'case {0}:' removed */", Hip).str(),
        EditOrigin::AST);
    FT->warn(
        Offset, warning_names::DuplicateCase,
        What + llvm::formatv("; removed this label: {0}, and '{1}' goes to the "
                             "label at line {2}",
                             SharesStatements ? "its statements keep the label "
                                                "next to it"
                             : followsJump(Switch, Case)
                                 ? "its statements can no longer run"
                                 : "its statements now run only when the "
                                   "statements above fall through to them",
                             Hip, lineOf(Kept.getKeywordLoc())));
  }

  ASTContext &AST;
  SourceManager &SM;
  TranslatedNames &Names;
  std::vector<Entity> Entities;
  llvm::DenseMap<const Decl *, size_t> EntityIndex;
  std::vector<GuardLine> Guards;
};

} // namespace

void hipkit::hipify::resolveTranslationCollisions(
    llvm::ArrayRef<Decl *> UserDecls, ASTContext &AST, TranslatedNames &Names) {
  CollisionFinder Finder(AST, Names);
  for (Decl *D : UserDecls)
    Finder.TraverseDecl(D);
  Finder.resolve();
}
