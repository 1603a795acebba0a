//===- HostOnlyFatbin.h - Linking host objects compiled alone ---*- C++ -*-===//
//
// A host object compiled with --cuda-host-only and no embedded device code
// (rocm-examples' assembly_to_executable and llvm_ir_to_executable) does not
// hold its fat binary: clang 19 refers to it, and to the handle its module
// constructor registers it through, as __hip_fatbin_<CUID> and
// __hip_gpubin_handle_<CUID> (the suffix is empty without -cuid), and expects
// the link to define both, as clang's own -fgpu-rdc link does from the device
// link's output. Those examples wrap their offload bundle into an object that
// defines __hip_fatbin, the name ROCm's compilers used before the suffix:
// hipcc's link step binds the suffixed names to it and gives the handles
// storage, so such programs link with hipkit as with ROCm.
//
// The names come from the link's inputs, which anyone may have made: only
// names clang can give (the prefix, then identifier characters: clang 19's
// suffix is the hex hash of the CUID, whatever -cuid says) are bound, and
// the bindings are assignments in a linker script the link gets as an input
// file, never text on a command line (clang splits -Wl, at commas, so a name
// would become linker options).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_HOSTONLYFATBIN_H
#define HIPKIT_HIPCC_HOSTONLYFATBIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit {

/// The name a fat-binary wrapper object defines (hip_obj_gen.mcin's).
inline constexpr llvm::StringLiteral UnsuffixedFatbinSymbol = "__hip_fatbin";
/// The storage hipkit's handle object defines, hidden, in each linked module.
inline constexpr llvm::StringLiteral HandleStorageSymbol =
    "__hipkit_gpubin_handle";

/// What the link's inputs leave to the link step.
struct HostOnlyFatbinLink {
  /// Fat-binary and handle names referred to and defined by no input, in
  /// order of first reference.
  std::vector<std::string> MissingFatbins;
  std::vector<std::string> MissingHandles;
  /// The first object (not archive member) referring to a missing fat binary:
  /// an archive member is linked only if something needs it, so only an
  /// object's reference is sure to fail the link.
  std::string FirstReferrer;
  /// Some input defines __hip_fatbin.
  bool UnsuffixedFatbinDefined = false;
  /// References with the prefixes that clang cannot have made (a character
  /// other than [A-Za-z0-9_] after the prefix): never bound. Each is "<input>
  /// refers to '<name>'", the name escaped to printable ASCII.
  std::vector<std::string> Unbindable;

  bool needsNothing() const {
    return MissingFatbins.empty() && MissingHandles.empty();
  }
};

/// Reads the symbol tables of \p Inputs (objects and archives; other files,
/// such as linker scripts or shared libraries, are skipped).
llvm::Expected<HostOnlyFatbinLink>
scanHostOnlyFatbinLink(llvm::ArrayRef<std::string> Inputs);

/// A link hipcc or <prefix>/llvm/bin/clang++ is about to run.
struct HostOnlyFatbinRequest {
  /// The inputs clang links as they are (objects, archives, ...).
  std::vector<std::string> LinkedInputs;
  /// -l, -Wl, or -Xlinker may bring a definition hipcc cannot see.
  bool LinkerMayFindMore = false;
  /// hipkit's prefix, where lib/hipkit/hipkit-gpubin-handle.o lives.
  std::string Prefix;
  /// An object's reference to a fat binary no input defines is an error
  /// (hipcc); otherwise the linker reports it (clang++, which changes nothing
  /// clang says).
  bool ReportMissingFatbin = false;
};

/// What completes \p Request's link.
struct HostOnlyFatbinBindings {
  /// A linker script binding each missing fat-binary name to __hip_fatbin and
  /// each missing handle to the storage of hipkit-gpubin-handle.o; empty when
  /// nothing is missing.
  std::string Script;
  /// hipkit-gpubin-handle.o when some handle is bound, else empty.
  std::string HandleObject;
  /// One line each, for the tool to print as warnings: names not bound.
  std::vector<std::string> Warnings;

  bool empty() const { return Script.empty(); }
};

llvm::Expected<HostOnlyFatbinBindings>
planHostOnlyFatbinLink(const HostOnlyFatbinRequest &Request);

/// Writes \p Bindings' script into \p Folder (the run's private folder) and
/// returns the arguments that add it and the handle object to the link as
/// input files.
llvm::Expected<std::vector<std::string>>
hostOnlyFatbinLinkInputs(const HostOnlyFatbinBindings &Bindings,
                         llvm::StringRef Folder);

} // namespace hipkit

#endif
