//===- OffloadTarget.cpp - AMDGPU target IDs for --offload-arch -----------===//
#include "hipkit/Hipcc/OffloadTarget.h"

#include "clang/Basic/TargetID.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/TargetParser.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>

using namespace llvm;

namespace hipkit {

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

std::string getValidProcessorList() {
  SmallVector<StringRef, 64> Names;
  AMDGPU::fillValidArchListAMDGCN(Names);
  std::string List;
  for (StringRef Name : Names) {
    if (!List.empty())
      List += ", ";
    List += Name;
  }
  return List;
}

/// The triple HIP device code is compiled for: what clang's target ID
/// functions are asked about.
static const Triple &amdgcnTriple() {
  static const Triple AMDGCN("amdgcn-amd-amdhsa");
  return AMDGCN;
}

bool isGenericTarget(StringRef TargetId) {
  AMDGPU::GPUKind Kind = AMDGPU::parseArchAMDGCN(
      clang::getProcessorFromTargetID(amdgcnTriple(), TargetId));
  return Kind >= AMDGPU::GK_AMDGCN_GENERIC_FIRST &&
         Kind <= AMDGPU::GK_AMDGCN_GENERIC_LAST;
}

/// Why clang's parseTargetID refused \p TargetId, whose processor is known:
/// the first feature that is not <feature>+ or <feature>- of a target ID
/// feature, one the processor does not have, or one given twice.
static Error explainInvalidTargetId(StringRef TargetId, StringRef Processor) {
  SmallVector<StringRef, 2> Supported =
      clang::getAllPossibleTargetIDFeatures(amdgcnTriple(), Processor);
  SmallVector<StringRef, 4> Features;
  TargetId.split(Features, ':');
  StringSet<> Seen;
  for (StringRef Feature : ArrayRef<StringRef>(Features).drop_front()) {
    StringRef Name = Feature.drop_back();
    bool HasSign = Feature.ends_with("+") || Feature.ends_with("-");
    if (!HasSign || (Name != "xnack" && Name != "sramecc"))
      return makeError("invalid target ID '" + TargetId + "': feature '" +
                       Feature +
                       "' is not xnack+, xnack-, sramecc+ or sramecc-");
    if (!llvm::is_contained(Supported, Name))
      return makeError("invalid target ID '" + TargetId + "': " + Processor +
                       " does not support '" + Name + "'");
    if (!Seen.insert(Name).second)
      return makeError("invalid target ID '" + TargetId + "': feature '" +
                       Name + "' given twice");
  }
  return makeError("invalid target ID '" + TargetId +
                   "'; write <processor>[:sramecc(+|-)][:xnack(+|-)]");
}

Error validateTargetId(StringRef TargetId) {
  // The decision is clang's (clang::parseTargetID, what the driver itself
  // checks --offload-arch with); this function only words the refusal.
  StringRef Processor =
      clang::getProcessorFromTargetID(amdgcnTriple(), TargetId);
  // Empty when clang knows no such processor; the message names what was
  // written before the first feature.
  if (Processor.empty())
    return makeError("unknown offload arch '" + TargetId.take_until([](char C) {
      return C == ':';
    }) + "'; valid names: " + getValidProcessorList());
  llvm::StringMap<bool> Features;
  if (clang::parseTargetID(amdgcnTriple(), TargetId, &Features))
    return Error::success();
  return explainInvalidTargetId(TargetId, Processor);
}

std::vector<std::string> detectInstalledGpus(StringRef AmdgpuArchPath) {
  SmallString<128> OutputFile;
  if (sys::fs::createTemporaryFile("hipcc-amdgpu-arch", "txt", OutputFile))
    return {};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(OutputFile),
                                          StringRef("")};
  int Status = sys::ExecuteAndWait(AmdgpuArchPath, {AmdgpuArchPath},
                                   std::nullopt, Redirects);
  std::vector<std::string> Gpus;
  if (Status == 0) {
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Out =
            MemoryBuffer::getFile(OutputFile, /*IsText=*/true)) {
      SmallVector<StringRef, 8> Lines;
      (*Out)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
      StringSet<> Seen;
      for (StringRef Line : Lines)
        if (StringRef Gpu = Line.trim();
            !Gpu.empty() && Seen.insert(Gpu).second)
          Gpus.push_back(Gpu.str());
    }
  }
  sys::fs::remove(OutputFile);
  return Gpus;
}

} // namespace hipkit
