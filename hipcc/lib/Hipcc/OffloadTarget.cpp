//===- OffloadTarget.cpp - AMDGPU target IDs for --offload-arch -----------===//
#include "hipkit/Hipcc/OffloadTarget.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/TargetParser.h"

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

bool isGenericTarget(StringRef TargetId) {
  AMDGPU::GPUKind Kind = AMDGPU::parseArchAMDGCN(TargetId.split(':').first);
  return Kind >= AMDGPU::GK_AMDGCN_GENERIC_FIRST &&
         Kind <= AMDGPU::GK_AMDGCN_GENERIC_LAST;
}

Error validateTargetId(StringRef TargetId) {
  SmallVector<StringRef, 4> Parts;
  TargetId.split(Parts, ':');
  StringRef Processor = Parts.front();
  AMDGPU::GPUKind Kind = AMDGPU::parseArchAMDGCN(Processor);
  if (Kind == AMDGPU::GK_NONE)
    return makeError("unknown offload arch '" + Processor +
                     "'\nvalid names: " + getValidProcessorList());

  unsigned Attributes = AMDGPU::getArchAttrAMDGCN(Kind);
  StringSet<> Seen;
  for (StringRef Feature : ArrayRef<StringRef>(Parts).drop_front()) {
    StringRef Name = Feature.drop_back();
    bool HasSign = Feature.ends_with("+") || Feature.ends_with("-");
    unsigned Required = Name == "xnack"     ? AMDGPU::FEATURE_XNACK
                        : Name == "sramecc" ? AMDGPU::FEATURE_SRAMECC
                                            : 0;
    if (!HasSign || !Required)
      return makeError("invalid target ID '" + TargetId + "': feature '" +
                       Feature +
                       "' is not xnack+, xnack-, sramecc+ or sramecc-");
    if (!(Attributes & Required))
      return makeError("invalid target ID '" + TargetId + "': " + Processor +
                       " does not support '" + Name + "'");
    if (!Seen.insert(Name).second)
      return makeError("invalid target ID '" + TargetId + "': feature '" +
                       Name + "' given twice");
  }
  return Error::success();
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
