//===- InlinePtxCheck.cpp -------------------------------------------------===//
#include "InlinePtxCheck.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::plugins {

namespace {
AST_MATCHER(FunctionDecl, isCudaDeviceSide) {
  return Node.hasAttr<CUDADeviceAttr>() || Node.hasAttr<CUDAGlobalAttr>();
}
} // namespace

/// PTX is recognisable by its typed mnemonics (mov.u32, ld.global.f32, ...)
/// and its special registers (%laneid, %tid.x, %%clock64 ...).
static bool looksLikePtx(StringRef AsmText) {
  static const llvm::Regex TypedMnemonic(
      "(^|[[:space:];{])[a-z]+(\\.[a-z0-9]+)*\\.(b|u|s|f|bf)(8|16|32|64|16x2)"
      "([^a-z0-9]|$)");
  static const llvm::Regex SpecialRegister(
      "%%?(laneid|warpid|nwarpid|smid|nsmid|tid|ntid|ctaid|nctaid|gridid|"
      "lanemask_[a-z]+|clock|clock64|globaltimer)");
  return TypedMnemonic.match(AsmText) || SpecialRegister.match(AsmText);
}

void InlinePtxCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      asmStmt(hasAncestor(functionDecl(isCudaDeviceSide()).bind("func")))
          .bind("asm"),
      this);
}

void InlinePtxCheck::run(const MatchFinder::MatchResult &Result) {
  const auto *Asm = dyn_cast_or_null<GCCAsmStmt>(Result.Nodes.getNodeAs<AsmStmt>("asm"));
  const auto *Func = Result.Nodes.getNodeAs<FunctionDecl>("func");
  if (!Asm || !Func || !looksLikePtx(Asm->getAsmString()->getString()))
    return;
  DiagnosticsEngine &Diags = Result.Context->getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "inline PTX assembly in device function %0 cannot be compiled for AMD "
      "GPUs; replace it with a HIP intrinsic or portable C++ "
      "[hipkit-inline-ptx]");
  Diags.Report(Asm->getAsmLoc(), ID) << Func;
}

} // namespace hipkit::plugins
