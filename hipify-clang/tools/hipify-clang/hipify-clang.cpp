//===- hipify-clang.cpp - Translate CUDA sources to HIP -------------------===//
//
// Parses the command line with the TableGen option table and hands the run to
// hipkit::hipify::runHipify; all logic lives in hipifyEngine.
//
//===----------------------------------------------------------------------===//
#include "PerlFrontend.h"

#include "hipkit/Support/Diagnostics.h"
#include "hipkit/hipify/Tables/Options.h"
#include "hipkit/hipify/Project/Toolchain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

using namespace llvm;
using namespace llvm::opt;

#define HIPKIT_OPTIONS_INC "Options.inc"
#define HIPKIT_OPT_TABLE_CLASS HipifyOptTable
#include "hipkit/Support/OptTableDefinition.inc"

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  // Past a file size limit (ulimit -f) the kernel sends SIGXFSZ, which kills
  // the process (after LLVM's handler prints a stack dump) and leaves the
  // temporary file behind. Ignored, the write fails with EFBIG, which is
  // reported as one error while the previous output stays intact.
  std::signal(SIGXFSZ, SIG_IGN);
  if (isHipifyPerlName(Argv[0]))
    return hipifyPerlMain(Argc, Argv, reinterpret_cast<void *>(&main));
  hipkit::setToolName("hipify-clang");
  HipifyOptTable Table;

  // Everything after `--` goes to clang unchanged.
  ArrayRef<char *> All(Argv + 1, Argc - 1);
  auto DashDash =
      llvm::find_if(All, [](const char *A) { return StringRef(A) == "--"; });
  ArrayRef<char *> Own(All.begin(), DashDash);
  hipkit::hipify::HipifyOptions Options;
  if (DashDash != All.end())
    for (const char *A : ArrayRef<char *>(DashDash + 1, All.end()))
      Options.ClangArgs.push_back(A);
  std::vector<std::string> Stripped;
  Options.ClangArgs =
      hipkit::hipify::withoutPositionalInputs(Options.ClangArgs, Stripped);
  for (const std::string &File : Stripped)
    hipkit::reportWarning("'" + File + "' after '--' is a file, not a compiler "
                          "option; ignored, as clang's tools ignore it (name "
                          "sources before '--')");

  unsigned MissingIndex, MissingCount;
  InputArgList Args = Table.ParseArgs(Own, MissingIndex, MissingCount);
  if (MissingCount)
    hipkit::exitWithError(Twine("option '") + Args.getArgString(MissingIndex) +
                          "' needs a value; see hipify-clang --help");
  for (const Arg *A : Args.filtered(OPT_UNKNOWN))
    hipkit::exitWithError(
        "unknown option '" + A->getAsString(Args) +
        "'; see hipify-clang --help (clang options go after --)");

  if (Args.hasArg(OPT_help)) {
    Table.printHelp(outs(),
                    "hipify-clang [options] <source>... [-- <clang args>]",
                    "hipify-clang: translate CUDA sources to HIP");
    return 0;
  }
  if (Args.hasArg(OPT_version)) {
    outs() << "hipify-clang (hipkit) " HIPKIT_VERSION "\n"
           << "  parses with clang " LLVM_VERSION_STRING_FOR_HIPIFY "\n";
    return 0;
  }

  if (const Arg *A = Args.getLastArg(OPT_checks))
    Options.Checks = Options.Checks + "," + A->getValue();
  Options.WarningsAsErrors = Args.getLastArgValue(OPT_warnings_as_errors).str();
  Options.ReportFile = Args.getLastArgValue(OPT_report).str();
  if (Args.hasArg(OPT_list_checks))
    return hipkit::hipify::listChecks(Options.Checks);

  Options.ExecutablePath =
      sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&main));
  Options.Sources = Args.getAllArgValues(OPT_INPUT);
  Options.OutputFile = Args.getLastArgValue(OPT_o).str();
  Options.OutputDir = Args.getLastArgValue(OPT_o_dir).str();
  Options.InRoot = Args.getLastArgValue(OPT_in_root).str();
  Options.OutRoot = Args.getLastArgValue(OPT_out_root).str();
  Options.Quiet = Args.hasArg(OPT_quiet);
  if (const Arg *A = Args.getLastArg(OPT_shard)) {
    // 1-based, like split -n K/N: the index a CI matrix counts from.
    StringRef Value = A->getValue();
    auto [K, N] = Value.split('/');
    if (K.getAsInteger(10, Options.ShardIndex) ||
        N.getAsInteger(10, Options.ShardCount) || Options.ShardCount == 0 ||
        Options.ShardIndex == 0 || Options.ShardIndex > Options.ShardCount)
      hipkit::exitWithError("--shard takes <K>/<N>, the K-th of N shares "
                            "with 1 <= K <= N (such as 2/4), not '" +
                            Value + "'");
  }
  for (const Arg *A : Args.filtered(OPT_merge)) {
    SmallVector<StringRef, 8> Dirs;
    StringRef(A->getValue()).split(Dirs, ',', -1, /*KeepEmpty=*/false);
    if (Dirs.empty())
      hipkit::exitWithError("--merge takes the shards' out-roots, "
                            "<dir>,<dir>...; none was named");
    for (StringRef Dir : Dirs)
      Options.MergeDirs.push_back(Dir.str());
  }
  Options.InPlace = Args.hasArg(OPT_inplace);
  Options.NoBackup = Args.hasArg(OPT_no_backup);
  Options.Force = Args.hasArg(OPT_force);
  Options.NoOutput = Args.hasArg(OPT_no_output) || Args.hasArg(OPT_examine);
  Options.TranslateUserHeaders = !Args.hasArg(OPT_no_user_headers);
  Options.SaveTemps = Args.hasArg(OPT_save_temps);
  Options.TempDir = Args.getLastArgValue(OPT_temp_dir).str();
  Options.CacheDir = Args.getLastArgValue(OPT_cache_dir).str();
  Options.NoCache = Args.hasArg(OPT_no_cache);
  Options.NoPrecompiledHeaders = Args.hasArg(OPT_no_precompiled_headers);
  Options.PrintStats = Args.hasArg(OPT_print_stats) || Args.hasArg(OPT_examine);
  Options.StatsFile = Args.getLastArgValue(OPT_o_stats).str();
  Options.PrintStatsCSV =
      Args.hasArg(OPT_print_stats_csv) || !Options.StatsFile.empty();
  Options.CudaPath = Args.getLastArgValue(OPT_cuda_path).str();
  Options.CudaGpuArchs = Args.getAllArgValues(OPT_cuda_gpu_arch);
  Options.ResourceDir =
      Args.getLastArgValue(OPT_clang_resource_directory).str();
  Options.RocmPath = Args.getLastArgValue(OPT_rocm_path).str();
  if (const Arg *A = Args.getLastArg(OPT_hip_version)) {
    StringRef Value = A->getValue();
    auto [Major, Minor] = Value.split('.');
    unsigned Number;
    if (Major.getAsInteger(10, Number) || Minor.getAsInteger(10, Number))
      hipkit::exitWithError("--hip-version takes a HIP release as "
                            "<major>.<minor> (such as 6.4), not '" +
                            Value + "'");
    Options.HipVersion = Value.str();
  }
  Options.BuildPath = Args.getLastArgValue(OPT_p).str();
  Options.ExtraArgs = Args.getAllArgValues(OPT_extra_arg);
  Options.ExtraArgsBefore = Args.getAllArgValues(OPT_extra_arg_before);
  Options.IncludeDirs = Args.getAllArgValues(OPT_I);
  Options.Defines = Args.getAllArgValues(OPT_D);
  Options.SkipExcludedBlocks =
      Args.hasArg(OPT_skip_excluded_preprocessor_conditional_blocks);
  Options.HipKernelExecutionSyntax = Args.hasFlag(
      OPT_hip_kernel_execution_syntax, OPT_cuda_kernel_execution_syntax, false);
  Options.Amap = Args.hasArg(OPT_amap);
  Options.Names.Roc = Args.hasArg(OPT_roc);
  Options.Names.MIOpen = Args.hasArg(OPT_miopen);
  Options.Names.Experimental = Args.hasArg(OPT_experimental);
  Options.Names.UseHipDataTypes = Args.hasArg(OPT_use_hip_data_types);
  if (const Arg *A = Args.getLastArg(OPT_torch_naming)) {
    StringRef Value = A->getValue();
    if (Value != "auto" && Value != "current" && Value != "masquerading")
      hipkit::exitWithError("--torch-naming takes 'auto', 'current' or "
                            "'masquerading', not '" +
                            Value + "'");
    if (Value != "auto")
      Options.TorchNaming = Value.str();
  }
  Options.Verbose = Args.hasArg(OPT_v);
  if (const Arg *A = Args.getLastArg(OPT_j)) {
    StringRef Value = A->getValue();
    if (Value.getAsInteger(10, Options.Jobs) || Options.Jobs == 0)
      hipkit::exitWithError("-j needs a positive number of jobs, not '" +
                            Value + "'");
  }
  if (const Arg *A = Args.getLastArg(OPT_parse_timeout)) {
    StringRef Value = A->getValue();
    if (Value.getAsInteger(10, Options.ParseTimeoutSeconds))
      hipkit::exitWithError("--parse-timeout needs a number of seconds (0 for "
                            "no limit), not '" +
                            Value + "'");
  }
  return hipkit::hipify::runHipify(std::move(Options));
}
