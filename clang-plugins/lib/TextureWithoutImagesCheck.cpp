//===- TextureWithoutImagesCheck.cpp --------------------------------------===//
#include "hipkit/checks/TextureWithoutImagesCheck.h"

#include "hipkit/checks/ExprFacts.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <memory>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipkit::checks {

std::optional<bool> targetHasImageSupport(llvm::StringRef GPU) {
  auto Options = std::make_shared<TargetOptions>();
  Options->Triple = "amdgcn-amd-amdhsa";
  Options->CPU = GPU.str();
  DiagnosticsEngine Diags(new DiagnosticIDs, new DiagnosticOptions,
                          new IgnoringDiagConsumer);
  std::unique_ptr<TargetInfo> Target(
      TargetInfo::CreateTargetInfo(Diags, Options));
  if (!Target)
    return std::nullopt;
  return Target->hasHIPImageSupport();
}

void TextureWithoutImagesCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(callExpr().bind("call"), this);
}

void TextureWithoutImagesCheck::run(const MatchFinder::MatchResult &Result) {
  const std::string &GPU = context().OffloadArch;
  if (!context().TargetHasImages || *context().TargetHasImages)
    return;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  static const llvm::Regex Fetch(
      "^(tex|surf)(1D|2D|3D|Cubemap)|^tex1Dfetch$");
  StringRef Name = calleeName(Call);
  if (Name.empty() || !Fetch.match(Name))
    return;
  const SourceManager &SM = *Result.SourceManager;
  SourceLocation Loc = Call->getBeginLoc();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  if (!Reported.insert(userLocation(SM, Loc)).second)
    return;
  report(SM, Loc,
         llvm::formatv("'{0}' reads a texture or surface, but {1} has no "
                       "image support (CDNA); read the data from a "
                       "global-memory buffer and interpolate in code, or "
                       "build for a GPU with images",
                       Name, GPU));
}

} // namespace hipkit::checks
