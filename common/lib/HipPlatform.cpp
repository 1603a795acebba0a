//===- HipPlatform.cpp - Which GPU platform HIP compiles for --------------===//
#include "hipkit/Rocm/HipPlatform.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipkit {

static std::string lookup(const PlatformEnvLookup &GetEnv, StringRef Name) {
  return GetEnv ? GetEnv(Name).value_or("") : "";
}

Expected<HipPlatform> selectHipPlatform(const PlatformEnvLookup &GetEnv) {
  std::string Platform = lookup(GetEnv, "HIP_PLATFORM");
  // AMD's hipcc and hipconfig accept the old names hcc and nvcc too.
  if (Platform.empty() || Platform == "amd" || Platform == "hcc")
    return HipPlatform::Amd;
  if (Platform == "nvidia" || Platform == "nvcc")
    return HipPlatform::Nvidia;
  return createStringError(inconvertibleErrorCode(),
                           "unknown HIP_PLATFORM '" + Platform +
                               "'; use amd (the default when unset) or nvidia");
}

StringRef hipPlatformName(HipPlatform Platform) {
  return Platform == HipPlatform::Nvidia ? "nvidia" : "amd";
}

std::string findCudaRoot(const PlatformEnvLookup &GetEnv) {
  std::string Root = lookup(GetEnv, "CUDA_PATH");
  return Root.empty() ? "/usr/local/cuda" : Root;
}

Expected<std::string> findNvcc(const PlatformEnvLookup &GetEnv) {
  std::string Root = findCudaRoot(GetEnv);
  SmallString<256> Nvcc(Root);
  sys::path::append(Nvcc, "bin", "nvcc");
  if (sys::fs::can_execute(Nvcc))
    return std::string(Nvcc);
  bool FromEnv = !lookup(GetEnv, "CUDA_PATH").empty();
  return createStringError(
      inconvertibleErrorCode(),
      "HIP_PLATFORM=nvidia needs CUDA's nvcc, but there is no '" + Nvcc +
          "' (CUDA root " + Root +
          (FromEnv ? " from CUDA_PATH" : ", the default") +
          "); install the CUDA toolkit or set CUDA_PATH to its root");
}

NvidiaHeaderFolders findNvidiaHeaderFolders(StringRef HipIncludeDir) {
  auto Folder = [&](StringRef Name) {
    SmallString<256> Path(HipIncludeDir);
    sys::path::append(Path, Name);
    return sys::fs::is_directory(Path) ? std::string(Path) : std::string();
  };
  return {Folder("hipkit-nvidia-torch"), Folder("hipkit-nvidia")};
}

} // namespace hipkit
