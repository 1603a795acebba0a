//===- EmptyBraces.cpp - emptybraces:TYPE ---------------------------------===//
//
// `acc = {};` resets a half2 accumulator in CUDA code nvcc compiles (it takes
// the move assignment from a value-initialized __half2). HIP's __half,
// __half2 and bfloat16 classes (ROCm 6.4, 7.2) declare a copy, a move and a
// raw assignment, which `{}` selects equally: "use of overloaded operator '='
// is ambiguous (with operand types 'half2' and 'void')". Naming the class,
// `acc = TYPE{};`, selects the move assignment of a value-initialized object,
// zero as in CUDA (both classes' default constructors are defaulted, so
// value-initialization zeroes them).
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/Basic/SourceManager.h"

using namespace hipkit::hipify;

namespace {

class EmptyBracesRule : public RewriteRule {
public:
  explicit EmptyBracesRule(llvm::StringRef Type)
      : RewriteRule(RewriteRuleKind::EmptyBraces), Type(Type) {}

  void rewriteEmptyBraces(CallEditor &Editor, clang::SourceLocation LeftBrace,
                          const ApiMapping &) const override {
    unsigned Offset;
    RuleEdits *FT = Editor.translationAt(LeftBrace, Offset);
    if (!FT || !FT->firstRewriteAt(Offset, "emptybraces"))
      return;
    FT->addEdit(Offset, 0, Type, EditOrigin::AST, "type");
  }

private:
  llvm::StringRef Type; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createEmptyBracesRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<EmptyBracesRule>(Text);
}
