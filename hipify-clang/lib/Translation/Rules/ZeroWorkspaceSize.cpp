//===- ZeroWorkspaceSize.cpp - workspacesize:N:TEXT -----------------------===//
//
// rocSOLVER has no workspace-size queries: its functions take no workspace
// (the workspace rule removes cuSOLVER's), drawing it from the rocBLAS handle.
// Under --roc a query such as cusolverDnSgetrf_bufferSize(h, m, n, A, lda,
// &lwork) therefore becomes (*(&lwork) = 0, rocblas_status_success): the
// program's size is 0, its allocation of 0 bytes succeeds and is never passed
// on, and the status it tests is the library's success. The other arguments
// are no longer evaluated, so a call whose other arguments may have side
// effects is left and reported instead.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class ZeroWorkspaceSizeRule : public RewriteRule {
public:
  ZeroWorkspaceSizeRule(unsigned SizeArgument, llvm::StringRef Success)
      : RewriteRule(RewriteRuleKind::ZeroWorkspaceSize),
        SizeArgument(SizeArgument), Success(Success) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin Origin,
                        NameDecision &Decision) const override {
    if (Decision.Action != NameAction::ReportNoRocEquivalent)
      return true;
    llvm::StringRef Library = lookupApi(Row.Api)->RocLibrary;
    llvm::StringRef Text = FT.contents();
    std::optional<CallArguments> Call = findCallArguments(Text, Offset);
    if (!Call || Call->Starts.size() <= SizeArgument) {
      return leave(FT, Offset, Row,
                   llvm::formatv("{0} has no workspace-size query (its "
                                 "functions take no workspace), and no call "
                                 "was found to replace with a size of 0",
                                 Library));
    }
    auto ArgumentText = [&](unsigned I) { return Call->argumentText(Text, I); };
    for (unsigned I = 0; I < Call->Starts.size(); ++I)
      if (I != SizeArgument && mayHaveSideEffects(ArgumentText(I)))
        return leave(
            FT, Offset, Row,
            llvm::formatv("{0} has no workspace-size query; the call would "
                          "become a size of 0, but argument {1} ('{2}') may "
                          "have side effects that would no longer happen",
                          Library, I + 1, ArgumentText(I).trim()));
    llvm::StringRef Size = ArgumentText(SizeArgument);
    unsigned SizeBegin =
        Call->Starts[SizeArgument] + (Size.size() - Size.ltrim().size());
    unsigned SizeEnd = SizeBegin + Size.trim().size();
    // The name goes; the arguments before and after the size go; the size
    // pointer is dereferenced and set to 0, and the expression's value is the
    // library's success.
    Decision.Action = NameAction::Rewrite;
    Decision.Replacement = "";
    if (SizeArgument > 0)
      FT.addArgumentDrop(Offset, Call->Starts[0], SizeBegin);
    if (SizeEnd < Call->List.End)
      FT.addEdit(SizeEnd, Call->List.End - SizeEnd, "", Origin);
    FT.addEdit(SizeBegin, 0, "*(", Origin);
    FT.addEdit(SizeEnd, 0, (") = 0, " + Success).str(), Origin);
    return true;
  }

private:
  /// Conservative: anything that calls, assigns or increments.
  static bool mayHaveSideEffects(llvm::StringRef Argument) {
    return Argument.contains('(') || Argument.contains('=') ||
           Argument.contains("++") || Argument.contains("--") ||
           Argument.contains('"');
  }

  static bool leave(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                    const std::string &Why) {
    FT.countUnconverted(Row);
    FT.warn(Offset, warning_names::RuleNotApplied,
            llvm::formatv("'{0}' is not translated: {1}; left "
                                  "untranslated",
                                  Row.CudaName, Why));
    return false;
  }

  unsigned SizeArgument;
  llvm::StringRef Success; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createZeroWorkspaceSizeRule(llvm::StringRef Text) {
  auto [ArgumentText, Success] = Text.split(':');
  unsigned Argument;
  if (ArgumentText.getAsInteger(10, Argument) || Success.empty())
    return nullptr;
  return std::make_unique<ZeroWorkspaceSizeRule>(Argument, Success);
}
