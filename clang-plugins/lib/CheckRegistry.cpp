//===- CheckRegistry.cpp --------------------------------------------------===//
#include "hipkit/checks/CheckRegistry.h"

#include "hipkit/checks/CudaOnlyFeatureCheck.h"
#include "hipkit/checks/InlinePtxCheck.h"
#include "hipkit/checks/LaneMaskCheck.h"
#include "hipkit/checks/TextureWithoutImagesCheck.h"
#include "hipkit/checks/WarpSizeCheck.h"

#include "clang/Basic/SourceManager.h"

using namespace llvm;

namespace hipkit::checks {

template <typename T> static std::unique_ptr<PortingCheck> create() {
  return std::make_unique<T>();
}

ArrayRef<CheckInfo> allPortingChecks() {
  static const CheckInfo Checks[] = {
      {"hipkit-cuda-only-feature",
       "CUDA features HIP lacks: device-side launches, __grid_constant__, "
       "clusters, cuda::pipeline/barrier, TMA, WMMA, cudaDeviceProp fields",
       create<CudaOnlyFeatureCheck>},
      {"hipkit-inline-ptx", "PTX in asm statements of device code",
       create<InlinePtxCheck>},
      {"hipkit-lane-mask",
       "lane masks kept in 32 bits, 0xffffffff masks, __popc/__ffs of a "
       "ballot",
       create<LaneMaskCheck>},
      {"hipkit-texture-without-images",
       "textures and surfaces on a GPU without image support",
       create<TextureWithoutImagesCheck>},
      {"hipkit-warp-size", "32 hard-coded as the warp width",
       create<WarpSizeCheck>},
  };
  return Checks;
}

std::vector<std::unique_ptr<PortingCheck>>
createPortingChecks(const GlobList &Enabled) {
  std::vector<std::unique_ptr<PortingCheck>> Checks;
  for (const CheckInfo &Info : allPortingChecks())
    if (Enabled.contains(Info.Name))
      Checks.push_back(Info.Create());
  return Checks;
}

Expected<GlobList> GlobList::parse(StringRef Text) {
  GlobList List;
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    bool Positive = !Part.consume_front("-");
    Part = Part.trim();
    if (Part.empty() || Part.find_first_not_of(
                            "abcdefghijklmnopqrstuvwxyz"
                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.*") !=
                            StringRef::npos)
      return createStringError(inconvertibleErrorCode(),
                               "malformed check glob '" + Part +
                                   "'; expected names, '*' and a leading '-'");
    std::string Pattern = "^";
    for (char C : Part)
      Pattern += C == '*' ? std::string(".*") : Regex::escape(StringRef(&C, 1));
    Pattern += "$";
    List.Globs.push_back(
        {Positive, Part.str(), std::make_shared<Regex>(Pattern)});
  }
  return List;
}

bool GlobList::contains(StringRef Name) const {
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (It->Regex->match(Name))
      return It->Positive;
  return false;
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
