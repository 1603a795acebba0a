//===- hipify-perl.cpp - AMD's hipify-perl command line -------------------===//
//
// hipify-perl without Perl and without regular expressions: AMD's options,
// parsed with the TableGen table PerlOptions.td, mapped onto the run
// hipify-clang does (hipkit::hipify::runHipify) with Frontend::Perl, which
// never parses and never needs CUDA: clang's raw lexer and the mapping tables
// translate, so comments and string literals stay untouched.
//
//===----------------------------------------------------------------------===//
#include "PerlFrontend.h"

#include "hipkit/Support/Diagnostics.h"
#include "hipkit/hipify/Tables/Options.h"

#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;

#define HIPKIT_OPTIONS_INC "PerlOptions.inc"
#define HIPKIT_OPT_TABLE_CLASS PerlOptTable
#include "hipkit/Support/OptTableDefinition.inc"

bool isHipifyPerlName(StringRef Argv0) {
  return sys::path::stem(Argv0) == "hipify-perl";
}

int hipifyPerlMain(int Argc, char **Argv, void *MainAddress) {
  hipkit::setToolName("hipify-perl");
  PerlOptTable Table;
  // Getopt::Long, which reads AMD's options, ends them at `--`: what follows
  // is sources, even a name starting with '-'.
  Table.setDashDashParsing(true);
  unsigned MissingIndex, MissingCount;
  InputArgList Args = Table.ParseArgs(ArrayRef<char *>(Argv + 1, Argc - 1),
                                      MissingIndex, MissingCount);
  if (MissingCount)
    hipkit::exitWithError(Twine("option '") + Args.getArgString(MissingIndex) +
                          "' needs a value; see hipify-perl -help");
  for (const Arg *A : Args.filtered(OPT_UNKNOWN))
    hipkit::exitWithError("unknown option '" + A->getAsString(Args) +
                          "'; see hipify-perl -help");

  if (Args.hasArg(OPT_help)) {
    Table.printHelp(outs(), "hipify-perl [options] <source>...",
                    "hipify-perl: translate CUDA sources to HIP without "
                    "parsing (hipkit's, over hipify-clang's token engine)");
    return 0;
  }
  if (Args.hasArg(OPT_version)) {
    outs() << "hipify-perl (hipkit) " HIPKIT_VERSION "\n";
    return 0;
  }

  hipkit::hipify::HipifyOptions Options;
  Options.Tool = hipkit::hipify::Frontend::Perl;
  Options.ExecutablePath = sys::fs::getMainExecutable(Argv[0], MainAddress);
  Options.Sources = Args.getAllArgValues(OPT_INPUT);
  Options.OutputFile = Args.getLastArgValue(OPT_o).str();
  Options.InPlace = Args.hasArg(OPT_inplace);
  Options.NoOutput = Args.hasArg(OPT_no_output, OPT_examine);
  Options.PrintStats = Args.hasArg(OPT_print_stats, OPT_examine);
  Options.QuietWarnings = Args.hasArg(OPT_quiet_warnings);
  Options.HipKernelExecutionSyntax = Args.hasFlag(
      OPT_hip_kernel_execution_syntax, OPT_cuda_kernel_execution_syntax, false);
  Options.Names.Roc = Args.hasArg(OPT_roc);
  Options.Names.MIOpen = Args.hasArg(OPT_miopen);
  Options.Names.Experimental = Args.hasArg(OPT_experimental);
  // The files named are all that is translated (no parse finds headers).
  Options.TranslateUserHeaders = false;
  return hipkit::hipify::runHipify(std::move(Options));
}
