//===- CudaOnlyFeatureCheck.cpp -------------------------------------------===//
#include "hipkit/checks/CudaOnlyFeatureCheck.h"
#include "hipkit/checks/ExprFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

namespace {
class AttributeMacros : public PPCallbacks {
public:
  AttributeMacros(CudaOnlyFeatureCheck &Check, const SourceManager &SM)
      : Check(Check), SM(SM) {}
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    StringRef Spelled = Name.getIdentifierInfo()->getName();
    if (Spelled == "__grid_constant__" || Spelled == "__cluster_dims__")
      Check.reportAttributeMacro(SM, Name.getLocation(), Spelled);
  }

private:
  CudaOnlyFeatureCheck &Check;
  const SourceManager &SM;
};

/// What a declaration of CUDA's headers is, if it is a feature HIP lacks,
/// as the sentence the report starts with; empty otherwise.
std::string cudaOnlyFeature(const NamedDecl *D) {
  if (!D || !D->getDeclName().isIdentifier())
    return "";
  std::string Qualified = D->getQualifiedNameAsString();
  StringRef Q(Qualified), Name = D->getName();
  // WMMA (nvcuda::wmma) is not reported here: hipify-clang's tables own it
  // (tables/wmma.tsv: each name once per file, counted unconverted), and in
  // HIP code it does not compile.
  if (Q.starts_with("cooperative_groups::") && Name.contains("cluster"))
    return llvm::formatv("'{0}' is a thread-block cluster, which HIP does not "
                         "have; restructure the cooperation through global "
                         "memory or one larger block",
                         Q);
  if ((Q.starts_with("cuda::") || Q.starts_with("cuda::device::")) &&
      (Name == "pipeline" || Name == "make_pipeline" ||
       Name == "pipeline_shared_state" || Name == "memcpy_async" ||
       Name == "barrier" || Name.contains("cp_async_bulk_tensor")))
    return llvm::formatv("'{0}' (libcu++ asynchronous copies, barriers and "
                         "TMA) has no HIP counterpart; use plain loads into "
                         "__shared__ memory and __syncthreads()",
                         Q);
  return "";
}
} // namespace

void CudaOnlyFeatureCheck::registerMatchers(MatchFinder &Finder) {
  // Every launch with the function or lambda it is written in (the nearest);
  // run() keeps those whose code runs on the device.
  Finder.addMatcher(
      cudaKernelCallExpr(forCallable(functionDecl().bind("launcher")))
          .bind("launch"),
      this);
  Finder.addMatcher(declRefExpr().bind("ref"), this);
  Finder.addMatcher(
      typeLoc(loc(qualType(hasDeclaration(namedDecl().bind("type-decl")))))
          .bind("type"),
      this);
}

void CudaOnlyFeatureCheck::registerPPCallbacks(Preprocessor &PP) {
  PP.addPPCallbacks(
      std::make_unique<AttributeMacros>(*this, PP.getSourceManager()));
}

void CudaOnlyFeatureCheck::reportOnce(const SourceManager &SM,
                                      SourceLocation Loc,
                                      const llvm::Twine &Message) {
  if (Reported.insert(userLocation(SM, Loc)).second)
    report(SM, Loc, Message);
}

void CudaOnlyFeatureCheck::reportAttributeMacro(const SourceManager &SM,
                                                SourceLocation Loc,
                                                StringRef Macro) {
  if (SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  if (Macro == "__grid_constant__")
    reportOnce(SM, Loc,
               "__grid_constant__ kernel parameters are CUDA-only; HIP "
               "passes kernel arguments by value in constant memory already: "
               "drop the attribute and take the parameter as const");
  else
    reportOnce(SM, Loc,
               "__cluster_dims__ asks for thread-block clusters, which HIP "
               "does not have; restructure the cooperation through global "
               "memory or one larger block");
}

void CudaOnlyFeatureCheck::run(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Launch =
          Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
    if (!runsOnDevice(Result.Nodes.getNodeAs<FunctionDecl>("launcher")))
      return;
    reportOnce(SM, Launch->getBeginLoc(),
               "kernel launched from device code (dynamic parallelism), "
               "which HIP does not support; launch it from the host after "
               "this kernel, or turn the child grid into a loop");
    return;
  }
  if (const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref")) {
    std::string Feature = cudaOnlyFeature(Ref->getDecl());
    if (!Feature.empty() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Ref->getLocation())))
      reportOnce(SM, Ref->getLocation(), Feature);
    return;
  }
  const auto *Type = Result.Nodes.getNodeAs<TypeLoc>("type");
  const auto *Decl = Result.Nodes.getNodeAs<NamedDecl>("type-decl");
  if (!Type || !Decl)
    return;
  // One report per written type: the elaborated and qualified wrappers of a
  // type location reach the same declaration.
  if (Type->getTypeLocClass() != TypeLoc::Record &&
      Type->getTypeLocClass() != TypeLoc::TemplateSpecialization)
    return;
  std::string Feature = cudaOnlyFeature(Decl);
  SourceLocation Loc = Type->getBeginLoc();
  if (!Feature.empty() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    reportOnce(SM, Loc, Feature);
}

} // namespace hipkit::checks
