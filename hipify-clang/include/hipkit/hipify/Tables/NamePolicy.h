//===- NamePolicy.h - What to write for a CUDA name ------------*- C++ -*-===//
//
// Both engines find CUDA names; this decides, from the name's table row and the
// command line, whether and how each one is rewritten. Keeping the decision in
// one place is what makes the AST and token engines agree.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_NAMEPOLICY_H
#define HIPKIT_HIPIFY_NAMEPOLICY_H

#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Tables/Options.h"

#include "llvm/ADT/StringRef.h"

namespace hipkit::hipify {

enum class NameAction {
  Rewrite,            ///< Replace the name's spelling with Replacement.
  KeepIdentical,      ///< HIP spells it the same: nothing to rewrite.
  ReportUnsupported,  ///< No HIP equivalent: warn, leave it.
  ReportExperimental, ///< Experimental row without --experimental: warn, leave
                      ///< it.
  ReportNoRocEquivalent, ///< --roc, and the row's library has no RocName for
                         ///< it (rocBLAS lacks it): warn, leave it.
};

struct NameDecision {
  NameAction Action = NameAction::ReportUnsupported;
  /// The text written in place of the (unqualified) spelling of the CUDA name.
  llvm::StringRef Replacement;
  /// The library whose names the translation writes for the row, which a
  /// warning about a name left names: hipSPARSE, rocSPARSE under --roc;
  /// "HIP" outside the CUDA libraries.
  llvm::StringRef TargetLibrary;
  /// True when the emitted HIP name is newer than the targeted HIP version.
  bool NewerThanTarget = false;
  /// True when Replacement is the row's Fallback: HipName is newer than the
  /// targeted HIP, which has the older form (a "drop:N" rewrite then applies).
  bool UsesFallback = false;
  /// True when Replacement is what the row's rule names for the run's options
  /// (`masquerading:NAME`: PyTorch's older naming).
  bool UsesRuleTarget = false;
};

class NamePolicy {
public:
  /// The CUDA library (statistics category) whose ROCm names (MIOpen's)
  /// --miopen selects. Its rows carry the MIOpen name as both HipName and
  /// RocName, so the default, --roc and --miopen all write MIOpen.
  static constexpr llvm::StringLiteral MIOpenApi = "cudnn";

  explicit NamePolicy(NameOptions Options) : Options(std::move(Options)) {}

  /// With \p UseRocNames false, --roc is ignored for this row: a cuBLAS type
  /// in a file that uses only cuBLASLt keeps its hipblas-common name, which
  /// hipBLASLt's API takes (NameResolver::writesRocNames).
  NameDecision decide(const ApiMapping &Row, bool UseRocNames = true) const;
  const NameOptions &options() const { return Options; }

  /// "6.1" -> 601; 0 when the text is not a major.minor version.
  static unsigned parseVersion(llvm::StringRef Text);

private:
  NameOptions Options;
};

} // namespace hipkit::hipify

#endif
