//===- NamePolicy.cpp -----------------------------------------------------===//
#include "hipkit/hipify/Tables/NamePolicy.h"

#include <optional>

using namespace hipkit::hipify;

namespace {

// The rules' names, from the registry the tables' generator checks the
// `rewrite` column against.
#define HIPIFY_REWRITE_RULE(Name, Class, Syntax, RowKind, NeedsFallback, Test, \
                            Doc)                                               \
  constexpr llvm::StringLiteral Class##RuleName = #Name;
#include "hipkit/hipify/Tables/RewriteRules.def"

/// What the row's rule writes instead of its hip_name under \p Options, or
/// std::nullopt. It is the part of a rule that decides a name, so it is here,
/// below the rules' classes (Translation/Rules/), which edit around the name:
/// `masquerading:NAME` writes NAME under PyTorch's older naming
/// (Rules/TorchMasquerading.cpp qualifies it where its namespace changes).
std::optional<llvm::StringRef> ruleTarget(const ApiMapping &Row,
                                          const NameOptions &Options) {
  auto [Rule, Argument] = Row.Rewrite.split(':');
  if (Rule == TorchMasqueradingRuleName && !Argument.empty() &&
      Options.Torch == TorchNaming::Masquerading)
    return Argument;
  return std::nullopt;
}

} // namespace

unsigned NamePolicy::parseVersion(llvm::StringRef Text) {
  auto [MajorText, MinorText] = Text.trim().split('.');
  unsigned Major = 0, Minor = 0;
  if (MajorText.getAsInteger(10, Major))
    return 0;
  if (!MinorText.empty() && MinorText.split('.').first.getAsInteger(10, Minor))
    return 0;
  return Major * 100 + Minor;
}

NameDecision NamePolicy::decide(const ApiMapping &Row,
                               bool UseRocNames) const {
  bool Roc = Options.Roc && UseRocNames;
  NameDecision Decision;
  // --roc selects the ROCm libraries' own names for every library but cuDNN,
  // whose ROCm counterpart (MIOpen) --miopen selects. A library with a ROCm
  // counterpart (cuBLAS: rocBLAS) is translated to it alone: writing the
  // hipBLAS name for a row rocBLAS lacks would mix two libraries whose handles
  // and types differ.
  const ApiInfo *Library = lookupApi(Row.Api);
  bool ToRocLibrary = Roc && Library && !Library->RocLibrary.empty();
  Decision.TargetLibrary =
      ToRocLibrary ? Library->RocLibrary
      : Library && !Library->HipLibrary.empty() ? Library->HipLibrary
                                                : "HIP";
  if (Row.Status == SupportStatus::Unsupported || Row.HipName.empty()) {
    Decision.Action = NameAction::ReportUnsupported;
    return Decision;
  }
  if (Row.Status == SupportStatus::Experimental && !Options.Experimental) {
    Decision.Action = NameAction::ReportExperimental;
    return Decision;
  }
  llvm::StringRef Target = Row.HipName;
  bool IsDnn = Row.Api == MIOpenApi;
  if (ToRocLibrary) {
    if (Row.RocName.empty()) {
      Decision.Action = NameAction::ReportNoRocEquivalent;
      return Decision;
    }
    Target = Row.RocName;
  } else if (!Row.RocName.empty() &&
             ((Roc && !IsDnn) || (Options.MIOpen && IsDnn))) {
    Target = Row.RocName;
  }
  // A rule may name another target under the options (PyTorch's older naming).
  if (std::optional<llvm::StringRef> RuleTarget = ruleTarget(Row, Options)) {
    Target = *RuleTarget;
    Decision.UsesRuleTarget = true;
  }
  // Rows of namespaced names ("cooperative_groups::grid_group") are rewritten
  // at the unqualified spelling: only the last component is written.
  auto Unqualified = [](llvm::StringRef Name) {
    size_t Colons = Name.rfind("::");
    return Colons == llvm::StringRef::npos ? Name : Name.drop_front(Colons + 2);
  };
  unsigned Added = parseVersion(Row.HipAdded);
  Decision.NewerThanTarget =
      Options.TargetHipVersion && Added > Options.TargetHipVersion;
  // The targeted HIP lacks HipName but has the row's older form.
  if (Decision.NewerThanTarget && !Row.Fallback.empty()) {
    Target = Row.Fallback;
    Decision.NewerThanTarget = false;
    Decision.UsesFallback = true;
  }
  Decision.Replacement =
      Row.Kind == NameKind::Header ? Target : Unqualified(Target);
  llvm::StringRef Spelled =
      Row.Kind == NameKind::Header ? Row.CudaName : Unqualified(Row.CudaName);
  Decision.Action = Decision.Replacement == Spelled ? NameAction::KeepIdentical
                                                    : NameAction::Rewrite;
  return Decision;
}
