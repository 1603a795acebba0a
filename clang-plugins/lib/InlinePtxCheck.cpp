//===- InlinePtxCheck.cpp -------------------------------------------------===//
#include "hipkit/checks/InlinePtxCheck.h"
#include "hipkit/checks/ExprFacts.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

namespace {
AST_MATCHER(FunctionDecl, isCudaDeviceSide) { return runsOnDevice(&Node); }
} // namespace

/// PTX is recognisable by its typed mnemonics (mov.u32, ld.global.f32, ...)
/// and its special registers (%laneid, %tid.x, %%clock64 ...). Returns the
/// first PTX instruction of \p AsmText ("mov.u32"), or "" if it is not PTX.
static std::string firstPtxInstruction(StringRef AsmText) {
  static const llvm::Regex TypedMnemonic(
      "(^|[[:space:];{])([a-z]+(\\.[a-z0-9]+)*\\.(b|u|s|f|bf)(8|16|32|64|16x2))"
      "([^a-z0-9]|$)");
  static const llvm::Regex SpecialRegister(
      "%%?(laneid|warpid|nwarpid|smid|nsmid|tid|ntid|ctaid|nctaid|gridid|"
      "lanemask_[a-z]+|clock|clock64|globaltimer)");
  static const llvm::Regex FirstWord("([a-z][a-z0-9_.]*)");
  SmallVector<StringRef, 8> Groups;
  if (TypedMnemonic.match(AsmText, &Groups))
    return Groups[2].str();
  if (SpecialRegister.match(AsmText)) {
    // `mov %0, %laneid`-style text without a typed mnemonic: its first word.
    if (FirstWord.match(AsmText.ltrim(" \t\n{"), &Groups))
      return Groups[1].str();
    return "?";
  }
  return "";
}

void InlinePtxCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      asmStmt(hasAncestor(functionDecl(isCudaDeviceSide()).bind("func")))
          .bind("asm"),
      this);
}

/// Where the report says the statement is: "device function 'f'", or for
/// a lambda's body (whose operator has no name) "a lambda in device function
/// 'f'", f being the function that defines it ("a device lambda in 'f'" when
/// f is host code and the lambda is marked __device__).
static std::string placeOf(const FunctionDecl *F) {
  if (!isLambdaCallOperator(F))
    return llvm::formatv("device function '{0}'", F->getName());
  const FunctionDecl *Definer = F;
  while (Definer && isLambdaCallOperator(Definer))
    Definer = dyn_cast_or_null<FunctionDecl>(
        cast<CXXMethodDecl>(Definer)->getParent()->getParentFunctionOrMethod());
  if (!Definer)
    return "a device lambda";
  if (runsOnDevice(Definer))
    return llvm::formatv("a lambda in device function '{0}'",
                         Definer->getName());
  return llvm::formatv("a device lambda in '{0}'", Definer->getName());
}

void InlinePtxCheck::run(const MatchFinder::MatchResult &Result) {
  const auto *Asm =
      dyn_cast_or_null<GCCAsmStmt>(Result.Nodes.getNodeAs<AsmStmt>("asm"));
  const auto *Func = Result.Nodes.getNodeAs<FunctionDecl>("func");
  if (!Asm || !Func)
    return;
  std::string Instruction =
      firstPtxInstruction(Asm->getAsmString()->getString());
  if (Instruction.empty())
    return;
  report(*Result.SourceManager, Asm->getAsmLoc(),
         llvm::formatv("inline PTX assembly ('{0}') in {1} "
                       "cannot be compiled for AMD GPUs; replace it with a "
                       "HIP intrinsic or portable C++",
                       Instruction, placeOf(Func)));
}

} // namespace hipkit::checks
