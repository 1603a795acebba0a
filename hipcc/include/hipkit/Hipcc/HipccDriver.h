//===- HipccDriver.h - hipcc: HIP policy over clang's driver ----*- C++ -*-===//
//
// hipcc reads its command line with clang's own driver option table, so every
// clang option means what it means to clang, takes out the few options only
// hipcc knows (HipccOptions.td), adds HIP policy (input languages, -O3, the
// offload targets, ROCm paths, the HIP runtime at link time) and runs clang++
// with an argument vector.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_HIPCCDRIVER_H
#define HIPKIT_HIPCC_HIPCCDRIVER_H

#include "hipkit/Hipcc/ClangInvocation.h"
#include "hipkit/Hipcc/OffloadTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipkit {

/// Lists the AMD GPUs of this machine given the path of amdgpu-arch
/// (detectInstalledGpus runs it); the fuzzer passes one that runs nothing.
using GpuDetector =
    std::function<std::vector<std::string>(llvm::StringRef AmdgpuArchPath)>;

class HipccDriver {
public:
  /// \p ExecutablePath locates the hipkit prefix; \p GetEnv reads the
  /// environment (HIP_PATH, HIPCC_VERBOSE, ...); \p DetectGpus finds the
  /// GPUs for --offload-arch=native and for a command naming no target.
  HipccDriver(std::string ExecutablePath, EnvLookup GetEnv,
              GpuDetector DetectGpus = detectInstalledGpus);

  /// Runs hipcc on \p Args (without argv[0]); returns the exit status: clang's,
  /// or 1 after printing `hipcc: error: ...`.
  int run(llvm::ArrayRef<const char *> Args);

  /// The clang run that run() executes for \p Args when they ask for neither
  /// --help nor --version, or the error run() reports. It runs no program
  /// (except through DetectGpus) and writes no file outside the invocation's
  /// own Folder; it reads response files and looks at the inputs and the ROCm
  /// installation.
  llvm::Expected<ClangInvocation>
  computeInvocation(llvm::ArrayRef<const char *> Args) const;

private:
  std::string ExecutablePath;
  EnvLookup GetEnv;
  GpuDetector DetectGpus;
};

} // namespace hipkit

#endif
