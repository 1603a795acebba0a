//===- NvccOptions.cpp - nvcc's options on the AMD platform ---------------===//
#include "NvccOptions.h"

#include "hipkit/Support/NvccFlags.h"

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
  // What each option becomes is a row of NvccFlags.def, which hipify-clang's
  // build-file migration reads too.
  const nvcc::FlagRow *Row = nvcc::findFlag(O.getName());
  if (!Row)
    return createStringError(inconvertibleErrorCode(),
                             "'" + GivenAs +
                                 "' is an nvcc option hipcc cannot translate "
                                 "for AMD GPUs; remove it, or compile with "
                                 "HIP_PLATFORM=nvidia");
  // clang compiles host and device code in one run: a counterpart for one
  // side goes to that side only.
  auto add = [&](std::string Word) {
    if (Row->Side == nvcc::FlagSide::Host)
      Out.push_back("-Xarch_host");
    else if (Row->Side == nvcc::FlagSide::Device)
      Out.push_back("-Xarch_device");
    Out.push_back(std::move(Word));
  };
  if (Row->isHostCompilerOptions()) {
    // -march=native or -fopenmp would break the device side.
    std::vector<std::string> Words;
    if (Error E = splitHostCompilerOptions(Value, GivenAs, Words))
      return E;
    for (std::string &W : Words)
      add(std::move(W));
    return Error::success();
  }
  if (Row->namesProcessors())
    return createStringError(
        inconvertibleErrorCode(),
        "'" + GivenAs +
            "' is an nvcc option naming NVIDIA GPU code; for AMD GPUs give "
            "--offload-arch=<gfx...> (e.g. --offload-arch=gfx942) instead, or "
            "compile with HIP_PLATFORM=nvidia");
  if (Row->hasNoCounterpart()) {
    Warnings.push_back("'" + GivenAs +
                       "' is ignored on AMD: " + Row->Why.str());
    return Error::success();
  }
  if (Row->isJobCount()) {
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
  SmallVector<StringRef, 4> Words;
  StringRef(Row->Amd).split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef W : Words) {
    std::string Word = W.str();
    if (size_t At = Word.find("$VALUE"); At != std::string::npos)
      Word.replace(At, 6, Value.str());
    add(std::move(Word));
  }
  return Error::success();
}

} // namespace hipcc_detail
} // namespace hipkit
