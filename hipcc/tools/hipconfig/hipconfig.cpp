//===- hipconfig.cpp - Print the HIP configuration ------------------------===//
//
// Thin main over hipkit::HipConfig. Linked against the static LLVMSupport (not
// libLLVM.so) so `hipconfig --version` runs in a few milliseconds: build
// systems call it at every configure.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipconfig/HipConfig.h"
#include "hipkit/Support/Diagnostics.h"

#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;

#define HIPKIT_OPTIONS_INC "HipconfigOptions.inc"
#define HIPKIT_OPT_TABLE_CLASS HipconfigOptTable
#include "hipkit/Support/OptTableDefinition.inc"

static std::optional<std::string> getEnv(StringRef Name) {
  return sys::Process::GetEnv(Name);
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  hipkit::setToolName("hipconfig");
  HipconfigOptTable Table;
  unsigned MissingIndex, MissingCount;
  InputArgList Args = Table.ParseArgs(ArrayRef(Argv + 1, Argv + Argc),
                                      MissingIndex, MissingCount);
  if (MissingCount)
    hipkit::exitWithError(Twine("option '") + Args.getArgString(MissingIndex) +
                          "' needs a value; see hipconfig --help");
  for (const Arg *A : Args.filtered(OPT_UNKNOWN, OPT_INPUT))
    hipkit::exitWithError("unknown argument '" + A->getAsString(Args) +
                          "'; see hipconfig --help");
  if (Args.hasArg(OPT_help)) {
    Table.printHelp(outs(), "hipconfig [options]",
                    "hipconfig: the HIP configuration hipcc uses (hipkit)");
    return 0;
  }

  static int Anchor;
  std::string Self = sys::fs::getMainExecutable(Argv[0], &Anchor);
  Expected<hipkit::HipPlatform> Platform = hipkit::selectHipPlatform(getEnv);
  if (!Platform)
    hipkit::exitWithError(Platform.takeError());
  hipkit::RocmSearchOptions Search;
  Search.ExecutablePath = Self;
  Search.RocmPathArg = Args.getLastArgValue(OPT_rocm_path).str();
  Search.GetEnv = getEnv;
  // On NVIDIA, nvcc compiles and CUDA's runtime runs: AMD's device libraries
  // and libamdhip64 need not be there.
  if (*Platform == hipkit::HipPlatform::Nvidia)
    Search.Need = hipkit::RocmNeed::HipHeaders;
  Expected<hipkit::RocmInstallation> Rocm =
      hipkit::RocmInstallation::detect(Search);
  if (!Rocm)
    hipkit::exitWithError(Rocm.takeError());
  hipkit::HipConfig Config(std::move(*Rocm), Self, getEnv, *Platform);

  bool Newline = Args.hasArg(OPT_newline);
  bool Printed = false;
  for (const Arg *A : Args) {
    std::string Value;
    switch (A->getOption().getID()) {
    case OPT_path:
      Value = Config.path();
      break;
    case OPT_rocmpath:
      Value = Config.rocmPath();
      break;
    case OPT_hipclangpath:
      Value = Config.hipClangPath();
      break;
    case OPT_cpp_config:
      Value = Config.cppConfig();
      break;
    case OPT_compiler:
      Value = Config.compiler();
      break;
    case OPT_platform:
      Value = Config.platform();
      break;
    case OPT_runtime:
      Value = Config.runtime();
      break;
    case OPT_version:
      Value = Config.version();
      break;
    case OPT_check:
      Printed = true;
      if (!Config.printCheck(outs()))
        return 1;
      continue;
    case OPT_full:
      Printed = true;
      Config.printFull(outs());
      continue;
    default:
      continue;
    }
    // AMD's shape: the bare value, a newline only when asked (scripts embed
    // it).
    outs() << Value;
    if (Newline)
      outs() << "\n";
    Printed = true;
  }
  if (!Printed)
    Config.printFull(outs());
  return 0;
}
