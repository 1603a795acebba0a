//===- OptIn.cpp - optin:VERSION:MACRO ------------------------------------===//
//
// A name HIP VERSION declares only where the program defines MACRO before the
// HIP headers, and a later HIP (the row's hip_added) by default: ROCm 6.4
// declares the ballot, any, all, match_any and match_all members of its
// cooperative-groups tiles only under HIP_ENABLE_WARP_SYNC_BUILTINS. Where the
// targeted HIP is older than hip_added, the name is kept (HIP spells it the
// same) and every use is reported, with what makes it compile, and counted as
// unconverted: the translation does not compile as it stands.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class OptInRule : public RewriteRule {
public:
  OptInRule(llvm::StringRef Version, llvm::StringRef Macro)
      : RewriteRule(RewriteRuleKind::OptIn), Version(Version), Macro(Macro) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (!Decision.NewerThanTarget)
      return true;
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::NewerThanTarget,
            llvm::formatv("'{0}' needs HIP {1}, or HIP {2} and later with "
                          "{3} defined before HIP's headers are included: "
                          "define it (-D{3}) or target HIP {1}; left as "
                          "written",
                          Row.CudaName, Row.HipAdded, Version, Macro));
    return false;
  }

private:
  llvm::StringRef Version; ///< Points into the constant table.
  llvm::StringRef Macro;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createOptInRule(llvm::StringRef Argument) {
  auto [Version, Macro] = Argument.split(':');
  if (Version.empty() || Macro.empty())
    return nullptr;
  return std::make_unique<OptInRule>(Version, Macro);
}
