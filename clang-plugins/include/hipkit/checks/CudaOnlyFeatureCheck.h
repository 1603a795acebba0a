//===- CudaOnlyFeatureCheck.h - CUDA features HIP lacks ---------*- C++ -*-===//
#ifndef HIPKIT_CHECKS_CUDAONLYFEATURECHECK_H
#define HIPKIT_CHECKS_CUDAONLYFEATURECHECK_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/DenseSet.h"

namespace hipkit::checks {

/// hipkit-cuda-only-feature: CUDA features with no HIP counterpart, which a
/// renaming cannot port: kernel launches from device code (dynamic
/// parallelism), __grid_constant__ parameters, thread-block clusters
/// (__cluster_dims__, cooperative_groups::this_cluster), cuda::pipeline,
/// cuda::barrier and TMA (cp_async_bulk_tensor), and mma.h's nvcuda::wmma
/// (rocWMMA is the AMD library for it).
class CudaOnlyFeatureCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override {
    return "hipkit-cuda-only-feature";
  }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void registerPPCallbacks(clang::Preprocessor &PP) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// Called for each expansion of a CUDA attribute macro (__grid_constant__,
  /// __cluster_dims__) in the user's code.
  void reportAttributeMacro(const clang::SourceManager &SM,
                            clang::SourceLocation Loc, llvm::StringRef Macro);

private:
  void reportOnce(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  const llvm::Twine &Message);
  llvm::DenseSet<clang::SourceLocation> Reported;
};

} // namespace hipkit::checks

#endif
