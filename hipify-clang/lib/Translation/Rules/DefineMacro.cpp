//===- DefineMacro.cpp - define:MACRO:TEXT --------------------------------===//
//
// `define:MACRO:WHY`: a ROCm header whose declarations match CUDA's only
// under a macro the program must define: hipBLAS declares its half-precision
// functions (hipblasHgemm, ...) on hipblasHalf, a uint16_t unless
// HIPBLAS_USE_HIP_HALF makes it HIP's __half, which is what cuBLAS's functions
// take and what the translation of `__half` is. The include of the row's
// header gets `#define MACRO` before it (guarded, so a -D or an earlier
// include wins), with a note saying WHY; only where the row's HIP header is
// written (--roc writes another library's).
// `define:experimental:MACRO:WHY` does so only with --experimental: MIOpen
// declares its graph API, what cuDNN's graph API translates to, only under
// MIOPEN_BETA_API.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

namespace {

class DefineMacroRule : public RewriteRule {
public:
  DefineMacroRule(llvm::StringRef Macro, llvm::StringRef Why,
                  bool OnlyExperimental)
      : RewriteRule(RewriteRuleKind::DefineMacro), Macro(Macro), Why(Why),
        OnlyExperimental(OnlyExperimental) {}

  void rewriteInclude(RuleEdits &FT, unsigned LineStart, unsigned NameOffset,
                      const ApiMapping &Row, llvm::StringRef Written,
                      const NamePolicy &Policy) const override {
    if (Written != Row.HipName ||
        (OnlyExperimental && !Policy.options().Experimental))
      return;
    llvm::StringRef EOL = FT.lineEnding();
    FT.addEdit(
        LineStart, 0,
        llvm::formatv("#ifndef {0}{1}#define {0}{1}#endif{1}", Macro, EOL)
            .str(),
        EditOrigin::Lexical);
    FT.note(
        NameOffset, warning_names::MacroDefined,
        llvm::formatv("defined {0} before '{1}': {2}", Macro, Written, Why));
  }

private:
  llvm::StringRef Macro, Why; ///< Point into the constant table.
  bool OnlyExperimental;      ///< Defined only with --experimental.
};

} // namespace

std::unique_ptr<RewriteRule>
hipkit::hipify::createDefineMacroRule(llvm::StringRef Argument) {
  bool OnlyExperimental = Argument.consume_front("experimental:");
  auto [Macro, Why] = Argument.split(':');
  if (Macro.empty() || Why.empty() || !llvm::all_of(Macro, [](char C) {
        return clang::isAsciiIdentifierContinue(C);
      }))
    return nullptr;
  return std::make_unique<DefineMacroRule>(Macro, Why, OnlyExperimental);
}
