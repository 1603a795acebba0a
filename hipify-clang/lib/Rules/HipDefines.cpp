//===- HipDefines.cpp - hipdefines:LIST -----------------------------------===//
//
// The overloads of a CUDA function that HIP's headers define and CUDA's do
// not (atomicMax for float): the rule changes no reference; the collision
// finder (TranslationCollisions.cpp) reads its list to guard a user's own
// definition of one.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/RewriteRule.h"

using namespace hipkit::hipify;

namespace {

class HipDefinesRule : public RewriteRule {
public:
  HipDefinesRule() : RewriteRule(RewriteRuleKind::HipDefines) {}
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createHipDefinesRule(llvm::StringRef List) {
  if (List.empty() || !List.contains('@'))
    return nullptr;
  return std::make_unique<HipDefinesRule>();
}
