//===- NvidiaPlatform.h - hipcc for NVIDIA GPUs, through nvcc ---*- C++ -*-===//
//
// Private to hipkitHipcc. With HIP_PLATFORM=nvidia (hipkit/Rocm/HipPlatform.h
// decides), hipcc compiles HIP with CUDA's nvcc and hipkit's HIP headers for
// NVIDIA (hip-headers/nvidia). The command line is read as on AMD (clang's
// table plus HipccOptions.td); this file turns it into nvcc's spelling, or
// refuses what has no NVIDIA meaning. See docs/hipcc.md, "NVIDIA platform".
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_LIB_NVIDIAPLATFORM_H
#define HIPKIT_HIPCC_LIB_NVIDIAPLATFORM_H

#include "CommandLine.h"

#include "hipkit/Hipcc/ClangInvocation.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit {
namespace hipcc_detail {

/// The nvcc runs one hipcc command becomes. nvcc's -x applies to every input
/// of a run, so a command mixing HIP sources with other inputs compiles each
/// HIP source first (-x cu -c, into a temporary object when it links) and
/// hands the objects to the last run.
struct NvccPlan {
  std::string NvccPath;
  /// Arguments after argv[0], one vector per nvcc run, in order.
  std::vector<std::vector<std::string>> Runs;
  /// Objects made for the last run only; removed when hipcc ends.
  std::vector<std::string> Temporaries;
  std::string HipIncludeDir;
  std::string CudaRoot;
};

/// Plans the nvcc runs for \p CL, or says (one line) why it cannot.
/// Temporaries are created (empty) so their names are unique.
llvm::Expected<NvccPlan> planNvccRuns(const CommandLine &CL,
                                      const EnvLookup &GetEnv,
                                      llvm::StringRef ExecutablePath);

/// hipcc's run() for the NVIDIA platform: --version, then the planned runs;
/// returns the exit status.
int runForNvidia(const CommandLine &CL, const EnvLookup &GetEnv,
                 llvm::StringRef ExecutablePath, unsigned Verbosity);

} // namespace hipcc_detail
} // namespace hipkit

#endif
