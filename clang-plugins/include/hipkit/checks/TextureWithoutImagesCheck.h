//===- TextureWithoutImagesCheck.h - Textures on CDNA -----------*- C++ -*-===//
#ifndef HIPKIT_CHECKS_TEXTUREWITHOUTIMAGESCHECK_H
#define HIPKIT_CHECKS_TEXTUREWITHOUTIMAGESCHECK_H

#include "hipkit/checks/PortingCheck.h"

#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace hipkit::checks {

/// Whether clang supports HIP's image and texture API on the AMDGPU
/// processor \p GPU ("gfx942"), as clang's TargetInfo::hasHIPImageSupport
/// says (the fact behind the headers' __HIP_NO_IMAGE_SUPPORT); nullopt when
/// clang does not know the processor. hipkit asks clang and keeps no list.
std::optional<bool> targetHasImageSupport(llvm::StringRef GPU);

/// hipkit-texture-without-images: texture and surface fetches (tex2D,
/// tex1Dfetch, surf2Dread, ...) in a device compilation for a GPU that has
/// no image support (CDNA gfx940-gfx942, as clang's target info says). Silent where the
/// target is unknown (hipify-clang's CUDA parse) or has images.
class TextureWithoutImagesCheck : public PortingCheck {
public:
  llvm::StringRef getName() const override {
    return "hipkit-texture-without-images";
  }
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  llvm::DenseSet<clang::SourceLocation> Reported;
};

} // namespace hipkit::checks

#endif
