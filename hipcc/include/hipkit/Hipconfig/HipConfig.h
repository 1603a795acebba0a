//===- HipConfig.h - The values hipconfig reports ---------------*- C++ -*-===//
//
// Every value comes from RocmInstallation, the discovery hipcc uses, so
// hipconfig and hipcc never disagree.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCONFIG_HIPCONFIG_H
#define HIPKIT_HIPCONFIG_HIPCONFIG_H

#include "hipkit/Rocm/HipPlatform.h"
#include "hipkit/Rocm/RocmInstallation.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>

namespace hipkit {

class HipConfig {
public:
  using EnvLookup = std::function<std::optional<std::string>(llvm::StringRef)>;

  HipConfig(RocmInstallation Rocm, std::string ExecutablePath, EnvLookup GetEnv,
            HipPlatform Platform = HipPlatform::Amd);

  /// HIP_PATH: the HIP root.
  std::string path() const { return Rocm.hipRoot(); }
  /// ROCM_PATH: the ROCm root.
  std::string rocmPath() const { return Rocm.root(); }
  /// HIP_CLANG_PATH: $HIP_CLANG_PATH, else <rocm>/llvm/bin when it holds
  /// clang++ (hipkit's clang driver in its prefix), else the clang hipcc runs.
  std::string hipClangPath() const;
  /// The preprocessor flags a non-hipcc compiler needs for HIP headers, in
  /// AMD's shape: ` -D__HIP_PLATFORM_HCC__= -D__HIP_PLATFORM_AMD__= -I"..."
  /// ...`; for NVIDIA ` -D__HIP_PLATFORM_NVCC__= -D__HIP_PLATFORM_NVIDIA__=
  /// -I"<hip>/include/hipkit-nvidia-torch" -isystem "<hip>/include/hipkit-nvidia"
  /// -isystem "<hip>/include" -isystem "<cuda>/include"` (the folders hipcc
  /// searches, in its order and kinds: findNvidiaHeaderFolders).
  std::string cppConfig() const;
  /// clang, or nvcc for the NVIDIA platform.
  std::string compiler() const {
    return Platform == HipPlatform::Nvidia ? "nvcc" : "clang";
  }
  std::string platform() const { return hipPlatformName(Platform).str(); }
  /// rocclr, or cuda for the NVIDIA platform (AMD's names).
  std::string runtime() const {
    return Platform == HipPlatform::Nvidia ? "cuda" : "rocclr";
  }
  /// "5.2.21153-<githash>".
  std::string version() const { return Rocm.hipVersion().full(); }

  /// The --full report: versions, paths, clang, environment, kernel.
  void printFull(llvm::raw_ostream &OS) const;
  /// The --check report; returns false when something needed is missing.
  bool printCheck(llvm::raw_ostream &OS) const;

  const RocmInstallation &rocm() const { return Rocm; }

private:
  RocmInstallation Rocm;
  std::string ExecutablePath;
  EnvLookup GetEnv;
  HipPlatform Platform;
};

} // namespace hipkit

#endif
