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

/// object) or only the members something needs (an archive).

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

/// The linker arguments that complete \p Request's link: each missing
/// fat-binary name bound to __hip_fatbin, each missing handle to the storage
/// of hipkit-gpubin-handle.o, which is then linked too. None when nothing is
/// missing.
llvm::Expected<std::vector<std::string>>
hostOnlyFatbinLinkArgs(const HostOnlyFatbinRequest &Request);

} // namespace hipkit

#endif
