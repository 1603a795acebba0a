//===- DropWorkspace.cpp - workspace:N:COUNT ------------------------------===//
//
// rocSOLVER takes its workspace from the rocBLAS handle, so its functions lack
// the workspace arguments of cuSOLVER's (cusolverDnSgetrf's Workspace,
// cusolverDnSpotrf's Workspace and Lwork). Where --roc writes the row's
// roc_name, those COUNT arguments from argument N on go with their commas, and
// every other byte of the call stays. The call's text is scanned, whichever
// engine found the name, so a call written as a macro argument
// (CHECK(cusolverDnSgetrf(...))) is edited like any other.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class DropWorkspaceRule : public RewriteRule {
public:
  DropWorkspaceRule(unsigned First, unsigned Count)
      : RewriteRule(RewriteRuleKind::DropWorkspace), First(First),
        Count(Count) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (Decision.Action != NameAction::Rewrite || Row.RocName.empty() ||
        Decision.Replacement != Row.RocName || FT.hasArgumentDrop(Offset))
      return true;
    if (std::optional<CallArguments> Call = findCallArguments(FT.contents(), Offset))
      if (std::optional<OffsetRange> Range =
              argumentsRange(FT.contents(), *Call, First, Count)) {
        FT.addArgumentDrop(Offset, Range->Begin, Range->End);
        warnAboutNullArguments(FT, Offset, Row, *Call);
        return true;
      }
    FT.countUnconverted(Row);
    std::string Arguments =
        Count == 1
            ? llvm::formatv("argument {0}", First + 1).str()
            : llvm::formatv("arguments {0} to {1}", First + 1, First + Count)
                  .str();
    FT.warn(Offset, warning_names::CallNotFound,
            llvm::formatv("'{0}' becomes '{1}' without its workspace "
                                  "({2}), and no call with them was found to "
                                  "rewrite; left untranslated",
                                  Row.CudaName, Row.RocName, Arguments));
    return false;
  }

private:
  /// cuSOLVER reads some null pointers as "not wanted" (getrf's devIpiv: no
  /// pivoting); rocSOLVER rejects them with rocblas_status_invalid_pointer and
  /// has other functions for that (rocsolver_sgetrf_npvt). The call still
  /// translates, and fails loudly rather than silently, but the user must know.
  void warnAboutNullArguments(RuleEdits &FT, unsigned Offset,
                              const ApiMapping &Row,
                              const CallArguments &Call) const {
    llvm::StringRef Text = FT.contents();
    for (unsigned I = 0; I < Call.Starts.size(); ++I) {
      if (I >= First && I < First + Count)
        continue;
      llvm::StringRef Argument = Call.argumentText(Text, I).trim();
      if (Argument == "NULL" || Argument == "nullptr" || Argument == "0")
        FT.warn(Offset, warning_names::RuleNotApplied,
                llvm::formatv("'{0}': argument {1} is a null pointer, which "
                              "'{2}' rejects (rocblas_status_invalid_pointer) "
                              "where cuSOLVER may read it as an option left "
                              "out; check the translated call",
                              Row.CudaName, I + 1, Row.RocName));
    }
  }

  unsigned First, Count;
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createDropWorkspaceRule(llvm::StringRef Text) {
  auto [FirstText, CountText] = Text.split(':');
  unsigned First, Count;
  if (FirstText.getAsInteger(10, First) || CountText.getAsInteger(10, Count) ||
      Count == 0)
    return nullptr;
  return std::make_unique<DropWorkspaceRule>(First, Count);
}
