//===- HipDefines.cpp - hipdefines:LIST -----------------------------------===//
//
// The overloads of a CUDA function on which CUDA's and HIP's headers differ:
//  - `PARAMETERS@VERSION`: HIP's headers define it and CUDA's do not
//    (atomicMax for float). The rule changes no reference; the collision
//    finder (TranslationCollisions.cpp) asks hipDefinedOverloads() to guard a
//    user's own definition of one.
//  - `PARAMETERS=>BLOCK:NAME`: CUDA's headers declare it and no HIP defines
//    it (atomicAdd on __half2). A call the parse resolves to it calls NAME,
//    a function of HelperBlocks.def's BLOCK, which the file gets once. Only
//    the parse knows the argument types, so the token engine leaves the call.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace hipkit::hipify;

std::string hipkit::hipify::overloadParameters(const FunctionDecl &FD) {
  PrintingPolicy Policy(FD.getASTContext().getLangOpts());
  std::string Key;
  for (const ParmVarDecl *P : FD.parameters()) {
    if (P != *FD.param_begin())
      Key += ",";
    Key += P->getType().getCanonicalType().getUnqualifiedType().getAsString(
        Policy);
  }
  llvm::erase_if(Key, [](char C) { return C == ' '; });
  return Key;
}

bool hipkit::hipify::sameOverloadParameters(llvm::StringRef Written,
                                            llvm::StringRef Key) {
  std::string Compact = Written.str();
  llvm::erase_if(Compact, [](char C) { return C == ' '; });
  return Compact == Key;
}

namespace {

/// The `hipdefines` rule's tag on a call whose name it rewrote.
constexpr llvm::StringLiteral Rewrote = "hipdefines-helper";

struct HelperOverload {
  llvm::StringRef Parameters, Block, Name; ///< Into the constant table.
};

class HipDefinesRule : public RewriteRule {
public:
  HipDefinesRule(llvm::SmallVector<HipDefinedOverload, 2> HipDefined,
                 llvm::SmallVector<HelperOverload, 2> Helpers)
      : RewriteRule(RewriteRuleKind::HipDefines),
        HipDefined(std::move(HipDefined)), Helpers(std::move(Helpers)) {}

  llvm::ArrayRef<HipDefinedOverload> hipDefinedOverloads() const override {
    return HipDefined;
  }

  void rewriteCall(CallEditor &Editor, const CallSite &Site) const override {
    const FunctionDecl *Callee = Site.Call.getDirectCallee();
    if (Helpers.empty() || !Callee || Site.NameLoc.isMacroID())
      return;
    std::string Parameters = overloadParameters(*Callee);
    const HelperOverload *Helper = llvm::find_if(
        Helpers, [&](const HelperOverload &H) {
          return sameOverloadParameters(H.Parameters, Parameters);
        });
    if (Helper == Helpers.end())
      return;
    unsigned Offset;
    RuleEdits *FT = Editor.translationAt(Site.NameLoc, Offset);
    if (!FT || !FT->firstRewriteAt(Offset, Rewrote))
      return;
    FT->addEdit(Offset, Site.Row.CudaName.size(), Helper->Name, EditOrigin::AST);
    FT->requireHelper(Helper->Block, Offset);
  }

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin, NameDecision &) const override {
    if (!FT.rewroteAt(Offset, Rewrote))
      return true;
    FT.countConverted(Row, Origin);
    return false; // Written by rewriteCall.
  }

private:
  llvm::SmallVector<HipDefinedOverload, 2> HipDefined;
  llvm::SmallVector<HelperOverload, 2> Helpers;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createHipDefinesRule(llvm::StringRef List) {
  llvm::SmallVector<HipDefinedOverload, 2> HipDefined;
  llvm::SmallVector<HelperOverload, 2> Helpers;
  llvm::SmallVector<llvm::StringRef, 4> Entries;
  List.split(Entries, ';');
  for (llvm::StringRef Entry : Entries) {
    if (auto [Parameters, Helper] = Entry.split("=>"); !Helper.empty()) {
      auto [Block, Name] = Helper.split(':');
      if (Block.empty() || Name.empty())
        return nullptr;
      Helpers.push_back({Parameters, Block, Name});
      continue;
    }
    auto [Parameters, Version] = Entry.split('@');
    if (Version.empty())
      return nullptr;
    HipDefined.push_back({Parameters, Version});
  }
  if (HipDefined.empty() && Helpers.empty())
    return nullptr;
  return std::make_unique<HipDefinesRule>(std::move(HipDefined),
                                          std::move(Helpers));
}
