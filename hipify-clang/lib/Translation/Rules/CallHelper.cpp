//===- CallHelper.cpp - helper:BLOCK:NAME ---------------------------------===//
//
// A CUDA API HIP lacks, which a few lines over HIP's own API can provide
// (CUDA's legacy launch API: cuParamSetv keeps a function's argument bytes
// until cuLaunchGrid launches it). The name is written as NAME, a function of
// HelperBlocks.def's block BLOCK, and the file gets that block once, before
// the top-level declaration of its first use (FileTranslation::insertHelpers),
// with a note. The row is unsupported (HIP has no such name); the rule is what
// translates it. `#ifdef X` and `defined X` test whether CUDA declares the
// name and are left, reported like any name HIP lacks.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class CallHelperRule : public RewriteRule {
public:
  CallHelperRule(llvm::StringRef Block, llvm::StringRef Name)
      : RewriteRule(RewriteRuleKind::CallHelper), Block(Block), Name(Name) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportUnsupported ||
        FT.source().isExistenceTest(Offset))
      return true;
    Decision.Action = NameAction::Rewrite;
    Decision.Replacement = Name;
    FT.requireHelper(Block, Offset);
    return true;
  }

private:
  llvm::StringRef Block, Name; ///< Point into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createCallHelperRule(llvm::StringRef Argument) {
  auto [Block, Name] = Argument.split(':');
  if (Block.empty() || Name.empty())
    return nullptr;
  return std::make_unique<CallHelperRule>(Block, Name);
}
