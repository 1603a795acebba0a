//===- ClangInvocation.h - What a hipcc command becomes ---------*- C++ -*-===//
//
// The vocabulary hipcc's parts share (the environment lookup, HIPCC_VERBOSE's
// bits, the clang run a command becomes, shell quoting for printed commands),
// below the driver (HipccDriver.h) that makes them and the parts that run them
// (ParallelOffload, JobLauncher, NvidiaPlatform), so that none of those
// includes the driver's header.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_CLANGINVOCATION_H
#define HIPKIT_HIPCC_CLANGINVOCATION_H

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipkit {

/// Reads an environment variable; the driver never touches the real
/// environment directly, so tests can hand it any.
using EnvLookup = std::function<std::optional<std::string>(llvm::StringRef)>;

/// The bits of HIPCC_VERBOSE, as AMD's hipcc.
enum HipccVerbosity : unsigned {
  VerboseCommand = 1,   // print the clang command (hipcc-cmd: ...)
  VerbosePaths = 2,     // print the paths discovery chose (HIP_PATH=...)
  VerboseArguments = 4, // print hipcc's own arguments (hipcc-args: ...)
  VerboseJobs = 8,      // print each parallel job as it starts (hipcc-job: ...)
};

class RunFolder;

/// The one clang run a hipcc command becomes.
struct ClangInvocation {
  std::string ClangPath;
  /// Arguments after argv[0].
  std::vector<std::string> Args;
  /// The run's private folder, when Args name a file in it (the linker script
  /// of a link of host objects compiled with --cuda-host-only); removed with
  /// the last copy of the invocation.
  std::shared_ptr<RunFolder> Folder;
};

/// Quotes \p Arg for a POSIX shell only when it needs it, so printed commands
/// can be pasted back (and split by Python's shlex) unchanged.
std::string quoteForShell(llvm::StringRef Arg);

} // namespace hipkit

#endif
