//===- RewriteRule.cpp - The registry of rewrite rules --------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/Support/ErrorHandling.h"

#include <vector>

using namespace hipkit::hipify;

RuleEdits::~RuleEdits() = default;

RewriteRule::~RewriteRule() = default;

std::unique_ptr<RewriteRule> RewriteRule::parse(llvm::StringRef Rewrite) {
  auto [Name, Argument] = Rewrite.split(':');
#define HIPIFY_REWRITE_RULE(RuleName, Class, Syntax, Kind, NeedsFallback,      \
                            Test, Doc)                                         \
  if (Name == #RuleName)                                                       \
    return create##Class##Rule(Argument);
#include "hipkit/hipify/Tables/RewriteRules.def"
  return nullptr;
}

const RewriteRule *RewriteRule::forRow(const ApiMapping &Row) {
  if (Row.Rewrite.empty())
    return nullptr;
  // Parsed once, on first use (thread-safe: parses run in parallel).
  static const std::vector<std::unique_ptr<RewriteRule>> Rules = [] {
    std::vector<std::unique_ptr<RewriteRule>> Parsed;
    for (const ApiMapping &Each : getAllMappings())
      Parsed.push_back(Each.Rewrite.empty() ? nullptr : parse(Each.Rewrite));
    return Parsed;
  }();
  llvm::ArrayRef<ApiMapping> All = getAllMappings();
  assert(&Row >= All.begin() && &Row < All.end() && "not a row of the tables");
  return Rules[&Row - All.begin()].get();
}

llvm::StringRef RewriteRule::name() const {
  switch (Kind) {
#define HIPIFY_REWRITE_RULE(Name, Class, Syntax, RowKind, NeedsFallback, Test, \
                            Doc)                                               \
  case RewriteRuleKind::Class:                                                 \
    return #Name;
#include "hipkit/hipify/Tables/RewriteRules.def"
  }
  llvm_unreachable("every rule is in RewriteRules.def");
}

llvm::StringRef RewriteRule::doc() const {
  switch (Kind) {
#define HIPIFY_REWRITE_RULE(Name, Class, Syntax, RowKind, NeedsFallback, Test, \
                            Doc)                                               \
  case RewriteRuleKind::Class:                                                 \
    return Doc;
#include "hipkit/hipify/Tables/RewriteRules.def"
  }
  llvm_unreachable("every rule is in RewriteRules.def");
}

bool RewriteRule::rewriteReference(RuleEdits &, unsigned, const ApiMapping &,
                                   EditOrigin, NameDecision &) const {
  return true;
}

void RewriteRule::rewriteCall(CallEditor &, const CallSite &) const {}

void RewriteRule::rewriteInclude(RuleEdits &, unsigned, unsigned,
                                 const ApiMapping &, llvm::StringRef,
                                 const NamePolicy &) const {}

std::optional<llvm::StringRef>
RewriteRule::includeReplacement(RuleEdits &, const ApiMapping &) const {
  return std::nullopt;
}

void RewriteRule::rewriteMember(CallEditor &, const clang::MemberExpr &,
                                const ApiMapping &) const {}

void RewriteRule::rewriteEmptyBraces(CallEditor &, clang::SourceLocation,
                                     const ApiMapping &) const {}

const clang::Expr *RewriteRule::writtenArgument(const clang::CallExpr &Call,
                                                unsigned Index) {
  if (Index >= Call.getNumArgs() ||
      llvm::isa<clang::CXXDefaultArgExpr>(Call.getArg(Index)))
    return nullptr;
  return Call.getArg(Index);
}
