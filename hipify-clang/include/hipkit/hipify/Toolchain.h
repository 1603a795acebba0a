//===- Toolchain.h - What the parse runs against ---------------*- C++ -*-===//
//
// The CUDA installation, clang's resource directory, the stand-in headers the
// tool ships, the HIP version of the targeted ROCm, and the compiler command
// each source is parsed with.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_TOOLCHAIN_H
#define HIPKIT_HIPIFY_TOOLCHAIN_H

#include "hipkit/hipify/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipkit::hipify {

struct Toolchain {
  std::string CudaPath;
  /// False when CudaPath has no include/cuda_runtime.h: files are then
  /// translated by the token engine alone.
  bool HasCuda = false;
  std::string ResourceDir;
  /// <prefix>/lib/hipify-clang/include, holding texture_fetch_functions.h.
  std::string StandInDir;
  std::string RocmPath;
  /// "5.2"; empty when no HIP version file was found.
  std::string HipVersion;
};

Toolchain discoverToolchain(const HipifyOptions &Options);

/// The HIP version ("major.minor") recorded under a ROCm root, from
/// share/hip/version or include/hip/hip_version.h; empty if neither exists.
std::string readHipVersion(llvm::StringRef RocmRoot);

/// The clang command line (argv[0] first) that parses \p Source in CUDA mode.
/// \p ProjectFlags are the -I/-D/... flags taken from compile_commands.json.
std::vector<std::string>
buildParseCommand(const HipifyOptions &Options, const Toolchain &TC,
                  llvm::ArrayRef<std::string> ProjectFlags,
                  llvm::StringRef Source);

/// Keeps, from a project compile command (nvcc's or a host compiler's), the
/// flags that change what the source means: -I, -isystem, -iquote, -idirafter,
/// -D, -U, -include and -std. Relative paths are made absolute against
/// \p Directory. Everything else (code generation, nvcc's -gencode, ...) is
/// irrelevant to a parse and often unknown to clang.
std::vector<std::string>
filterProjectFlags(llvm::ArrayRef<std::string> CommandLine,
                   llvm::StringRef Directory);

} // namespace hipkit::hipify

#endif
