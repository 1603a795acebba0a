//===- Toolchain.h - What the parse runs against ---------------*- C++ -*-===//
//
// The CUDA installation, clang's resource directory, the stand-in headers the
// tool ships, the HIP version of the targeted ROCm (found as hipcc finds it),
// and the compiler command each source is parsed with.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_TOOLCHAIN_H
#define HIPKIT_HIPIFY_TOOLCHAIN_H

#include "hipkit/hipify/Tables/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
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
  /// The ROCm root and HIP root hipcc would use (RocmInstallation's search:
  /// --rocm-path, ROCM_PATH, HIP_PATH, the tool's prefix, /opt/rocm, /usr),
  /// how the root was found, and the HIP version there ("5.2"). All empty
  /// when the search fails; RocmError then says why.
  std::string RocmPath, RocmSource, HipPath, HipVersion;
  std::string RocmError;
};

Toolchain discoverToolchain(const HipifyOptions &Options);

/// PyTorch's headers as a parse command finds them: the include folder that
/// holds ATen/, c10/ and torch/ (what torch.utils.cpp_extension.include_paths()
/// lists first; the second, <it>/torch/csrc/api/include, is PyTorch's too).
struct TorchHeaders {
  std::string IncludeDir;
  /// PyTorch's release as major*100+minor, from torch/headeronly/version.h
  /// (2.14) or torch/csrc/api/include/torch/version.h (2.6); 0 when neither
  /// says.
  unsigned Version = 0;
};

/// The PyTorch include folder that \p Dir is, or is below: nullopt for any
/// other folder.
std::optional<TorchHeaders> findTorchHeadersIn(llvm::StringRef Dir);

/// The include folders \p Command names (-I, -iquote, -isystem,
/// -idirafter; joined, separate or by an alias, as clang's driver reads
/// them), each with the flag that names it.
std::vector<std::pair<std::string, std::string>>
includeFolders(llvm::ArrayRef<std::string> Command);

/// \p Path as one spelling whatever folder it was written from: realPathOf
/// (links resolved where it or its folder exists), else absolutePath.
std::string canonicalPath(llvm::StringRef Path);

/// \p Command's compiler arguments (no program name) as clang's driver reads
/// them, one string per option with its values, and every file or folder
/// value (-I, -isystem, -include, --cuda-path=, ...) a canonicalPath: equal
/// for two commands that mean the same however they are spelled, and for
/// two that mean different things (the same relative -I from another
/// folder), different.
std::vector<std::string>
canonicalArguments(llvm::ArrayRef<std::string> Command);

/// Whether \p Dir is an include folder of a library a PyTorch extension
/// builds against: PyTorch's own (findTorchHeadersIn), pybind11's (it holds
/// pybind11/pybind11.h) or CPython's (Python.h and patchlevel.h), which
/// setuptools names with -I. Such a folder is searched as a system folder
/// however the command names it (buildParseCommand).
bool isExtensionLibraryFolder(llvm::StringRef Dir);

/// The PyTorch headers \p Command's include folders (-I, -isystem, ...) hold.
std::optional<TorchHeaders>
findTorchHeaders(llvm::ArrayRef<std::string> Command);

/// \p ClangArgs (what follows `--`) without the files they name, which
/// \p Stripped receives: AMD's hipify-clang reads them through clang's
/// FixedCompilationDatabase, which drops such inputs (HIPIFY's own test runner
/// passes the input and the output there), so its users' scripts do too.
/// Unchanged when clang's driver cannot read them (the parse says why).
std::vector<std::string>
withoutPositionalInputs(const std::vector<std::string> &ClangArgs,
                        std::vector<std::string> &Stripped);

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
