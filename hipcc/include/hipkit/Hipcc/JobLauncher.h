//===- JobLauncher.h - hipcc's jobs through a compiler launcher -*- C++ -*-===//
//
// A launcher (distcc, ccache, sccache, ...) takes a compiler command line and
// runs it, elsewhere or from a cache. clang's own jobs are `clang -cc1`
// commands no launcher understands, so each device compile of a HIP compile
// (one offload architecture: clang's -cc1 and lld jobs) is turned here into a
// self-contained driver-level compile of a preprocessed source:
//   1. locally: clang++ <args> --offload-arch=A --cuda-device-only
//      --gpu-bundle-output -cuid=C -E <source> -o J.ii
//   2. through the launcher: clang++ <args> --offload-arch=A
//      --cuda-device-only --no-gpu-bundle-output -Xclang -cuid=C -c
//      --language=hip-cpp-output J.ii -o <what clang's lld job writes>
// which yields the very bytes of clang's own jobs (test/hipcc/launcher-*):
//  - the preprocessed text is a one-architecture offload bundle, as clang
//    unbundles preprocessed HIP input (a plain text would be an empty device
//    part);
//  - the driver passes no -cuid to -cc1 for preprocessed input, and the CUID
//    names the __hip_cuid_ symbol and externalized static variables: it goes
//    with -Xclang;
//  - the device libraries are explicit inputs: the bitcode files clang's own
//    -cc1 job links (-mlink-builtin-bitcode), named one by one after
//    -nogpulib, so the command says every file it reads besides its source
//    (a cache can hash them; a distcc server must have them at these paths);
//  - the language is `--language=`, not `-x`, which distcc refuses to
//    distribute ("gcc's -x handling is complex"), and the input is named
//    .ii, the only extensions distcc and icecream send are C and C++ ones;
//  - objects that name their main file (debug information, coverage) are
//    not made this way: the caller keeps those compiles local;
//  - the compiler is named as the launcher's servers can run it: distccd
//    refuses absolute compiler paths, so it is `clang++-19` (or `clang++`)
//    when that name on PATH is the same binary.
// The compile still reads the device libraries (--rocm-path's bitcode) where
// it runs: a distcc server needs the same clang and ROCm device libraries at
// the same paths (docs/distributed.md). Bundling, the host compile (it embeds
// the bundle, a second input no launcher sends) and linking stay local.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_JOBLAUNCHER_H
#define HIPKIT_HIPCC_JOBLAUNCHER_H

#include "hipkit/Hipcc/ClangInvocation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm::opt {
class ArgList;
} // namespace llvm::opt

namespace hipkit {

/// The command every remote-able job is handed to.
struct JobLauncher {
  /// The launcher program (as found on PATH), then its own arguments.
  std::vector<std::string> Command;
  /// Where it was named: "HIPCC_LAUNCHER", "HIP_CLANG_LAUNCHER" or
  /// "CMAKE_HIP_COMPILER_LAUNCHER".
  std::string Variable;
};

/// The launcher named by HIPCC_LAUNCHER, else by AMD's hipcc's
/// HIP_CLANG_LAUNCHER (one program's path, as hipcc.pl runs it), else by
/// CMake's CMAKE_HIP_COMPILER_LAUNCHER (HIPCC_LAUNCHER and CMake's: a CMake
/// list, `;`-separated, or words as a shell splits them); std::nullopt when
/// none is set or all are empty.
/// An error of one line when the program cannot be found.
llvm::Expected<std::optional<JobLauncher>>
findJobLauncher(const EnvLookup &GetEnv);

/// What one device compile (one offload architecture) becomes.
struct DeviceCompileRequest {
  /// The clang++ hipcc runs, and the driver arguments it is given (parsed by
  /// clang's driver: the user's options, hipcc's, the source).
  std::string ClangPath;
  const llvm::opt::ArgList *DriverArgs = nullptr;
  /// The offload target ID (gfx942, gfx90a:xnack+) and the compile's CUID.
  std::string Arch;
  std::string Cuid;
  /// The bitcode files clang's -cc1 job links (its -mlink-builtin-bitcode
  /// arguments), in its order.
  std::vector<std::string> DeviceLibraries;
  /// Where the preprocessed source goes (must end in .ii), and the linked
  /// code object clang's lld job would write.
  std::string PreprocessedPath;
  std::string OutputPath;
};

struct DeviceCompile {
  /// Runs locally: the source preprocessed for this architecture.
  std::vector<std::string> Preprocess;
  /// Self-contained: it reads Inputs and nothing else but clang; what a
  /// launcher is given, after launch().
  std::vector<std::string> Compile;
  /// Every file Compile reads: the preprocessed source, then the device
  /// libraries.
  std::vector<std::string> Inputs;
};

DeviceCompile makeDeviceCompile(const DeviceCompileRequest &Request);

/// \p Argv (Argv[0] is clang++) run through \p Launcher, the compiler named
/// as the launcher's servers can run it (see the file comment).
std::vector<std::string> launch(const JobLauncher &Launcher,
                                llvm::ArrayRef<std::string> Argv);

} // namespace hipkit

#endif
