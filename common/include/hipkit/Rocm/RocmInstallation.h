//===- RocmInstallation.h - Where ROCm and HIP live -------------*- C++ -*-===//
//
// One answer to "which ROCm root, device libraries and HIP runtime do we use",
// shared by hipcc, hipconfig, hipkit's clang driver and hipify-clang (which
// targets the HIP version). It depends on LLVM Support only (no clang), so
// light tools can link it against the static LLVMSupport and start in a few ms.
//
// Search order (the first candidate that qualifies wins):
//   1. --rocm-path=<dir>          (must qualify)
//   2. $ROCM_PATH                 (must qualify)
//   3. $HIP_PATH                  (a ROCm root if it qualifies)
//   4. next to the executable: <exe>/.. (or <exe>/../.. for <root>/llvm/bin),
//      i.e. the hipkit install prefix; it ships its own device libraries, so
//      when a compiling tool finds them missing or unreadable discovery fails
//      (never a quiet fallback to another ROCm's)
//   5. /opt/rocm
//   6. the newest /opt/rocm-<version> (/opt/rocm-6.4.1, /opt/rocm-7.0.0)
//   7. Debian's /usr layout (device libraries in
//   /usr/lib/<multiarch>/amdgcn/bitcode)
// For compiling (RocmNeed::Compile: hipcc, hipconfig, clang++) a root
// qualifies when it "holds device libraries": <root>/amdgcn/bitcode,
// <root>/lib/<multiarch>/amdgcn/bitcode or (ROCm 6.x/7.x)
// <root>/lib/llvm/lib/clang/<N>/lib/amdgcn/bitcode contains an ocml.bc this
// user can read.
// DEVICE_LIB_PATH / HIP_DEVICE_LIB_PATH override the device library directory.
// The HIP runtime (headers, libamdhip64, version) comes from $HIP_PATH when
// set, else from the first of the ROCm root and the later candidates that has
// include/hip.
// For the HIP version alone (RocmNeed::HipVersion: hipify-clang, which never
// compiles) a root qualifies when it holds device libraries or a HIP version,
// and the HIP root needs only its version: share/hip/version, bin/.hipVersion,
// include/hip/hip_version.h (a header tree such as a ROCm library set) or a
// ROCm release's .info/version.
// For the HIP headers alone (RocmNeed::HipHeaders: the NVIDIA platform, where
// nvcc compiles and CUDA's runtime runs) a root qualifies when it holds
// device libraries or HIP headers with a version, and the HIP root needs
// include/hip/hip_runtime.h and a version; the hipkit prefix qualifies by its
// own headers (the ones for CUDA 13), never falling back to another HIP's.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_ROCM_ROCMINSTALLATION_H
#define HIPKIT_ROCM_ROCMINSTALLATION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipkit {

/// How the ROCm root was found; printed by `hipcc -v` and `hipconfig --full`.
enum class RocmSource {
  CommandLine,   // --rocm-path
  RocmPathEnv,   // $ROCM_PATH
  HipPathEnv,    // $HIP_PATH
  ExecutableDir, // the prefix the running tool is installed in
  OptRocm,       // /opt/rocm
  OptRocmVersioned, // the newest /opt/rocm-<version>
  DebianUsr,     // Debian's /usr layout
};
llvm::StringRef describeRocmSource(RocmSource Source);

/// The HIP runtime version, as written in <hip>/share/hip/version.
struct HipVersion {
  unsigned Major = 0, Minor = 0, Patch = 0;
  std::string GitHash;
  /// "5.2.21153-<githash>", the shape AMD's hipconfig --version prints.
  std::string full() const;
  /// "5.2", as AMD's hipconfig prints in hipcc --version.
  std::string majorMinor() const;
};

/// Parses the KEY=VALUE lines of a HIP version file, or the
/// `#define KEY VALUE` lines of hip/hip_version.h; std::nullopt when the major
/// version is missing.
std::optional<HipVersion> parseHipVersionFile(llvm::StringRef Contents);

/// What the calling tool needs from the installation (see the top of this
/// file): the same candidates, in the same order, qualify differently.
enum class RocmNeed {
  Compile,    ///< Device libraries and the whole HIP runtime.
  HipVersion, ///< Only the HIP version the translated code targets.
  HipHeaders, ///< The HIP headers and their version, no AMD runtime.
};

/// What discovery may look at; tests and tools fill it from argv and the
/// environment.
struct RocmSearchOptions {
  RocmNeed Need = RocmNeed::Compile;
  /// Value of --rocm-path, empty when not given.
  std::string RocmPathArg;
  /// Path of the running executable (llvm::sys::fs::getMainExecutable).
  std::string ExecutablePath;
  /// Reads an environment variable; empty or unset both mean "not set".
  std::function<std::optional<std::string>(llvm::StringRef)> GetEnv;
  /// Prepended to /opt/rocm and /usr (for tests); empty in normal use.
  std::string SysRoot;
};

class RocmInstallation {
public:
  /// Finds ROCm as documented above, or explains why none qualifies.
  static llvm::Expected<RocmInstallation> detect(const RocmSearchOptions &Opts);

  /// The ROCm root (what clang calls --rocm-path).
  const std::string &root() const { return Root; }
  RocmSource source() const { return Source; }
  /// Directory holding ocml.bc, oclc_isa_version_*.bc, ...; empty when only
  /// the HIP version was asked for and the root has none.
  const std::string &deviceLibDir() const { return DeviceLibDir; }
  /// True when deviceLibDir() is where clang looks given only
  /// --rocm-path=root().
  bool deviceLibDirIsClangDefault() const;

  /// The HIP root (what clang calls --hip-path): include/hip, lib, share/hip.
  const std::string &hipRoot() const { return HipRoot; }
  /// <hip>/include (holds hip/hip_runtime.h); empty when only the HIP
  /// version was asked for. The two library directories below are empty
  /// unless the need was RocmNeed::Compile.
  const std::string &hipIncludeDir() const { return HipIncludeDir; }
  /// Directory holding libamdhip64.so (may be a link into the system).
  const std::string &hipLibDir() const { return HipLibDir; }
  /// Directory of the real libamdhip64 after following links: the runpath
  /// hipcc gives executables so they start without LD_LIBRARY_PATH.
  const std::string &hipRuntimeDir() const { return HipRuntimeDir; }
  const HipVersion &hipVersion() const { return Version; }

private:
  std::string Root;
  RocmSource Source = RocmSource::DebianUsr;
  std::string DeviceLibDir;
  std::string HipRoot;
  std::string HipIncludeDir;
  std::string HipLibDir;
  std::string HipRuntimeDir;
  HipVersion Version;
};

/// The Debian multiarch tuple this build targets ("x86_64-linux-gnu").
llvm::StringRef getMultiarchTuple();

/// The ROCm root a tool installed at \p ExecutablePath belongs to:
/// <root>/bin/tool or <root>/llvm/bin/tool give <root>.
std::string getPrefixOfExecutable(llvm::StringRef ExecutablePath);

} // namespace hipkit

#endif
