//===- CheckRegistry.cpp --------------------------------------------------===//
#include "hipkit/checks/CheckRegistry.h"

#include "hipkit/checks/CudaOnlyFeatureCheck.h"
#include "hipkit/checks/DevicePropFieldCheck.h"
#include "hipkit/checks/InlinePtxCheck.h"
#include "hipkit/checks/LaneMaskCheck.h"
#include "hipkit/checks/TextureWithoutImagesCheck.h"
#include "hipkit/checks/WarpSizeCheck.h"

#include "clang/Basic/SourceManager.h"

#include <cassert>

using namespace llvm;

namespace hipkit::checks {

template <typename T> static std::unique_ptr<PortingCheck> create() {
  return std::make_unique<T>();
}

ArrayRef<CheckInfo> allPortingChecks() {
  static const CheckInfo Checks[] = {
#define HIPKIT_PORTING_CHECK(NAME, CLASS, SUMMARY)                             \
  {NAME, SUMMARY, create<CLASS>},
#include "hipkit/checks/PortingChecks.def"
  };
  return Checks;
}

std::vector<std::unique_ptr<PortingCheck>>
createPortingChecks(const GlobList &Enabled) {
  std::vector<std::unique_ptr<PortingCheck>> Checks;
  for (const CheckInfo &Info : allPortingChecks())
    if (Enabled.contains(Info.Name)) {
      Checks.push_back(Info.Create());
      assert(Checks.back()->getName() == Info.Name &&
             "PortingChecks.def names the check as its class does");
    }
  return Checks;
}

clang::SourceLocation userLocation(const clang::SourceManager &SM,
                                   clang::SourceLocation Loc) {
  if (Loc.isInvalid() || Loc.isFileID())
    return Loc;
  // Text the user passed as a macro argument: where they wrote it.
  if (SM.isMacroArgExpansion(Loc)) {
    clang::SourceLocation Spelling = SM.getSpellingLoc(Loc);
    if (Spelling.isValid() && !SM.isWrittenInScratchSpace(Spelling) &&
        !SM.isInSystemHeader(Spelling))
      return Spelling;
  }
  // A macro body (the user's WARP_SIZE or a system header's): each use,
  // where the user's code expands it, so no use hides behind another.
  return SM.getExpansionLoc(Loc);
}

void PortingCheck::report(const clang::SourceManager &SM,
                          clang::SourceLocation Loc, const Twine &Message) {
  if (Sink)
    Sink->report(userLocation(SM, Loc), getName(), Message);
}

} // namespace hipkit::checks
