//===- hipkit-device-libs-gen.cpp - Generate the ROCm control libraries ---===//
//
// Writes the control libraries clang 19 links for each AMDGCN processor and
// code object version, from LLVM's target tables; lists processors and
// libraries for the build and the tests.
//
//===----------------------------------------------------------------------===//
#include "hipkit/DeviceLibs/ControlLibraries.h"
#include "hipkit/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;
using namespace hipkit::devicelibs;

#define HIPKIT_OPTIONS_INC "Options.inc"
#define HIPKIT_OPT_TABLE_CLASS GeneratorOptTable
#include "hipkit/Support/OptTableDefinition.inc"

static void listProcessors() {
  for (const AMDGCNProcessor &Processor : getAMDGCNProcessors())
    outs() << Processor.Name << ' ' << Processor.MinCodeObjectVersion << '\n';
}

static void listLibraries() {
  for (const ControlLibrary &Library : getGeneratedControlLibraries())
    outs() << Library.Name << ".bc " << Library.Variable << ' ' << Library.Value
           << '\n';
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  hipkit::setToolName("hipkit-device-libs-gen");

  GeneratorOptTable Table;
  unsigned MissingIndex, MissingCount;
  opt::InputArgList Args =
      Table.ParseArgs(ArrayRef(argv + 1, argc - 1), MissingIndex, MissingCount);
  if (MissingCount)
    hipkit::exitWithError(Twine("option '") + Args.getArgString(MissingIndex) +
                          "' needs a value; see --help");
  for (const opt::Arg *A : Args.filtered(OPT_UNKNOWN, OPT_INPUT))
    hipkit::exitWithError(Twine("unknown argument '") + A->getAsString(Args) +
                          "'; see --help");

  if (Args.hasArg(OPT_help)) {
    Table.printHelp(outs(), "hipkit-device-libs-gen [options]",
                    "Generate the ROCm control libraries from LLVM's AMDGPU "
                    "target tables");
    return 0;
  }
  if (Args.hasArg(OPT_list_processors)) {
    listProcessors();
    return 0;
  }
  if (Args.hasArg(OPT_list_libraries)) {
    listLibraries();
    return 0;
  }
  const opt::Arg *OutputDir = Args.getLastArg(OPT_output_dir_EQ);
  if (!OutputDir)
    hipkit::exitWithError("nothing to do: give --output-dir=<dir>, "
                          "--list-processors or --list-libraries");
  if (Error E = writeControlLibraries(OutputDir->getValue()))
    hipkit::exitWithError(std::move(E));
  return 0;
}
