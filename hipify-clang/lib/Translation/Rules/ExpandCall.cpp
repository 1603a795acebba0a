//===- ExpandCall.cpp - expand:TEXT ---------------------------------------===//
//
// The targeted HIP lacks the function, but what it does can be written with
// what that HIP offers: __syncwarp(mask) is HIP's own from 7.2, defined there
// as a wavefront-scope release fence, a wave barrier and an acquire fence,
// which clang's builtins spell for every HIP. Where the row's name is newer
// than the targeted HIP, the whole call (its arguments, the mask, dropped as
// the drop rule drops the *_sync shuffles' masks) becomes TEXT, with no
// warning; a newer HIP keeps the call. A use that is no call (a macro that
// names the function, its calls spelled at the macro's uses) is left with a
// warning saying so.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/CallArguments.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class ExpandCallRule : public RewriteRule {
public:
  explicit ExpandCallRule(llvm::StringRef Text)
      : RewriteRule(RewriteRuleKind::ExpandCall), Text(Text) {}

  bool rewriteReference(RuleEdits &FT, unsigned Offset, const ApiMapping &Row,
                        EditOrigin, NameDecision &Decision) const override {
    if (!Decision.NewerThanTarget)
      return true;
    std::optional<CallArguments> Call =
        findCallArguments(FT.contents(), Offset);
    if (!Call) {
      // Not a call: a function's address, or a macro naming it
      // (`#define SYNC_WARP __syncwarp`), whose calls are spelled elsewhere.
      // What to do is writing the call where the name is.
      FT.countUnconverted(Row);
      FT.warn(Offset, warning_names::CallNotFound,
              llvm::formatv("'{0}' needs HIP {1}, and no call was found to "
                            "write as '{2}'; left untranslated (write the "
                            "call here: `#define M() {0}()` for a macro)",
                            Row.CudaName, Row.HipAdded, Text));
      return false;
    }
    Decision.NewerThanTarget = false;
    Decision.Action = NameAction::Rewrite;
    Decision.Replacement = Text;
    // From the end of the name to the closing parenthesis, inclusive.
    unsigned NameEnd = Offset + Row.CudaName.size();
    FT.addArgumentDrop(Offset, NameEnd, Call->List.End + 1);
    return true;
  }

private:
  llvm::StringRef Text; ///< Points into the constant table.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createExpandCallRule(llvm::StringRef Text) {
  if (Text.empty())
    return nullptr;
  return std::make_unique<ExpandCallRule>(Text);
}
