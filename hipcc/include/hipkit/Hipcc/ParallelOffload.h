//===- ParallelOffload.h - Offload architectures compiled at once -*- C++ -*-===//
//
// clang 19 runs the jobs of a HIP compile one after another: per offload
// architecture a device clang -cc1 and an lld link, then clang-offload-bundler,
// then the host clang -cc1 that embeds the bundle. hipcc asks clang's own
// driver (the clangDriver library, the same code clang++ runs) for exactly
// that job list and runs independent jobs as separate processes at the same
// time. The host job starts early: it reads the bundle from a named pipe,
// which it opens only after parsing the whole source, so its front end
// overlaps the device jobs. Output, diagnostics, exit status and the files
// left behind are those of clang's single invocation (see docs/hipcc.md).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_PARALLELOFFLOAD_H
#define HIPKIT_HIPCC_PARALLELOFFLOAD_H

#include "hipkit/Hipcc/ClangInvocation.h"
#include "hipkit/Hipcc/JobLauncher.h"

#include <optional>
#include <string>

namespace hipkit {

struct ParallelOffloadSettings {
  /// Most jobs at once (-j, HIPCC_JOBS, else the number of cores); 1 leaves
  /// the compile to clang, unless a launcher is given.
  unsigned MaxJobs = 1;
  /// The MAKEFLAGS variable, for GNU make's jobserver.
  std::string MakeFlags;
  /// Print each job as it starts and what the jobserver gave (HIPCC_VERBOSE=8).
  bool PrintJobs = false;
  /// Where remote-able jobs go (HIPCC_LAUNCHER); then even a single device
  /// compile is split from the host's.
  std::optional<JobLauncher> Launcher;
};

/// Runs \p Invocation as clang would, its jobs in parallel, and returns the
/// exit status; std::nullopt when the command gains nothing from it or is
/// not safe to split (one architecture without a launcher, -E, -M, -###, -v,
/// -save-temps, -o -, several inputs, ...): the caller then runs clang itself.
std::optional<int> runOffloadInParallel(const ClangInvocation &Invocation,
                                        const ParallelOffloadSettings &Settings);

} // namespace hipkit

#endif
