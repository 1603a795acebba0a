//===- NvccOptions.cpp - nvcc's options on the AMD platform ---------------===//
#include "NvccOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/Option.h"

using namespace llvm;
using namespace llvm::opt;

namespace hipkit {
namespace hipcc_detail {

// hipcc's own options (HipccOptions.td): the same table HipccDriver.cpp reads.
#define HIPKIT_OPTIONS_INC "HipccOptions.inc"
#define HIPKIT_OPT_TABLE_CLASS NvccHipccOptTable
#include "hipkit/Support/OptTableDefinition.inc"

/// nvcc reads an -Xcompiler value as a comma-separated list, each part text
/// for the host compiler's shell command: "'-fPIC'" (what cpp_extension
/// gives) is -fPIC, "-Wall -Wextra" two options.
static Error splitHostCompilerOptions(StringRef Value, StringRef GivenAs,
                                      std::vector<std::string> &Words) {
  SmallVector<StringRef, 4> Parts;
  Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts)
    if (Error E = splitFlagsVariable("'" + GivenAs.str() + "'", Part, Words))
      return E;
  return Error::success();
}

Error translateNvccOptionForAmd(const NvccArgument &NA,
                                std::vector<std::string> &Out,
                                std::vector<std::string> &Warnings) {
  const Arg &A = *NA.Parsed;
  const Option O = A.getOption().getUnaliasedOption();
  std::string GivenAs = join(NA.Spelling, " ");
  StringRef Value = O.getKind() == Option::FlagClass ? "" : A.getValue();
  switch (O.getID()) {
  case OPT_Xcompiler: {
    // The host compilation only: clang compiles host and device code in one
    // run, and -march=native or -fopenmp would break the device side.
    std::vector<std::string> Words;
    if (Error E = splitHostCompilerOptions(Value, GivenAs, Words))
      return E;
    for (std::string &W : Words)
      Out.insert(Out.end(), {"-Xarch_host", std::move(W)});
    return Error::success();
  }
  case OPT_gencode:
    return createStringError(
        inconvertibleErrorCode(),
        "'" + GivenAs +
            "' is an nvcc option naming NVIDIA GPU code; for AMD GPUs give "
            "--offload-arch=<gfx...> (e.g. --offload-arch=gfx942) instead, or "
            "compile with HIP_PLATFORM=nvidia");
  case OPT_ccbin:
    Warnings.push_back("'" + GivenAs +
                       "' is ignored on AMD: clang compiles the host code "
                       "itself (nvcc's host compiler choice)");
    return Error::success();
  case OPT_Xptxas:
    Warnings.push_back("'" + GivenAs +
                       "' is ignored on AMD: ptxas is NVIDIA's assembler "
                       "(-Rpass-analysis=kernel-resource-usage shows an AMD "
                       "kernel's registers)");
    return Error::success();
  case OPT_threads: {
    // nvcc's threads compile the GPU architectures in parallel, as hipcc's
    // jobs do; 0 is one per core, hipcc's own default.
    unsigned Threads = 0;
    if (Value.getAsInteger(10, Threads))
      return createStringError(inconvertibleErrorCode(),
                               "invalid thread count '" + Value + "' in '" +
                                   GivenAs +
                                   "'; give a number of threads (0: one per "
                                   "core)");
    if (Threads != 0)
      Out.insert(Out.end(), {"-j", std::to_string(Threads)});
    return Error::success();
  }
  case OPT_dependency_output:
    Out.insert(Out.end(), {"-MF", Value.str()});
    return Error::success();
  case OPT_generate_dependencies_with_compile:
    Out.push_back("-MD");
    return Error::success();
  case OPT_generate_nonsystem_dependencies_with_compile:
    Out.push_back("-MMD");
    return Error::success();
  case OPT_lineinfo:
    // nvcc's line information is for the device code, without changing it.
    Out.insert(Out.end(), {"-Xarch_device", "-gline-tables-only"});
    return Error::success();
  case OPT_expt_relaxed_constexpr:
  case OPT_expt_extended_lambda:
    return Error::success(); // what clang does for HIP anyway
  }
  return createStringError(inconvertibleErrorCode(),
                           "'" + GivenAs +
                               "' is an nvcc option hipcc cannot translate "
                               "for AMD GPUs; remove it, or compile with "
                               "HIP_PLATFORM=nvidia");
}

} // namespace hipcc_detail
} // namespace hipkit
