//===- RenameMembers.cpp - members:NAME=NAME,... --------------------------===//
//
// The ROCm type names some members differently: MIOpen's miopenConvAlgoPerf_t
// holds the algorithm a find step chose in `fwd_algo`, cuDNN's
// cudnnConvolutionFwdAlgoPerf_t in `algo`. A member access on an object of
// the row's type is renamed; `NAME=` marks a member the ROCm type lacks, whose
// uses are left with a warning. Members not listed keep their names (`time`,
// `memory`).
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace hipkit::hipify;

namespace {

class RenameMembersRule : public RewriteRule {
public:
  explicit RenameMembersRule(llvm::StringMap<llvm::StringRef> Renames)
      : RewriteRule(RewriteRuleKind::RenameMembers),
        Renames(std::move(Renames)) {}

  void rewriteMember(CallEditor &Editor, const MemberExpr &E,
                     const ApiMapping &Row) const override {
    const ValueDecl *Member = E.getMemberDecl();
    if (!Member || !Member->getDeclName().isIdentifier())
      return;
    auto Rename = Renames.find(Member->getName());
    if (Rename == Renames.end())
      return;
    SourceLocation Loc = E.getMemberLoc();
    unsigned Offset;
    RuleEdits *FT = Editor.translationAt(Loc, Offset);
    if (!FT || FT->contents().substr(Offset, Member->getName().size()) !=
                   Member->getName())
      return;
    if (Rename->second.empty()) {
      FT->warn(Offset, warning_names::RuleNotApplied,
               llvm::formatv("'{0}' has no member '{1}' in '{2}'; left "
                             "untranslated",
                             Row.CudaName, Member->getName(), Row.HipName));
      return;
    }
    FT->addEdit(Offset, Member->getName().size(), Rename->second,
                EditOrigin::AST, "member", Row.Api);
  }

private:
  llvm::StringMap<llvm::StringRef> Renames; ///< Values point into the table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createRenameMembersRule(llvm::StringRef Text) {
  llvm::StringMap<llvm::StringRef> Renames;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Text.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    auto [From, To] = Item.split('=');
    if (From.empty() || !Item.contains('='))
      return nullptr;
    Renames[From] = To;
  }
  return std::make_unique<RenameMembersRule>(std::move(Renames));
}
