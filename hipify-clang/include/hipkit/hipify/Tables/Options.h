//===- Options.h - What one hipify-clang run was asked to do ---*- C++ -*-===//
//
// The parsed command line, independent of how it was spelled: the tool's main
// fills it from the TableGen option table, tests and the driver read it.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_OPTIONS_H
#define HIPKIT_HIPIFY_OPTIONS_H

#include <string>
#include <vector>

namespace hipkit::hipify {

/// How names are chosen from the mapping table.
/// How a ROCm build of PyTorch names its CUDA API (docs/pytorch.md): as written, with
/// only header paths changed (PyTorch 2.11 and later), or with the streams, guards and
/// checks renamed to "masquerading" HIP names (2.6 and older).
enum class TorchNaming { Current, Masquerading };

struct NameOptions {
  bool Roc = false;             ///< Prefer RocName (rocBLAS, ...) over HipName.
  bool MIOpen = false;          ///< RocName for cuDNN (MIOpen, as HipName).
  bool Experimental = false;    ///< Apply experimental rows.
  bool UseHipDataTypes = false; ///< Library data types -> hipDataType rows.
  /// The HIP version of the targeted ROCm as major*100+minor, 0 when unknown.
  unsigned TargetHipVersion = 0;
  std::string TargetHipVersionText;
  TorchNaming Torch = TorchNaming::Current;
};

/// Which command line the run came from; it decides defaults and wording.
enum class Frontend {
  /// hipify-clang: parse against CUDA when installed, <source>.hip by default.
  Clang,
  /// hipify-perl (AMD's command line, docs/hipify-perl.md): never parses, the
  /// token engine alone translates, output goes to standard output by default.
  Perl,
};

struct HipifyOptions {
  Frontend Tool = Frontend::Clang;
  std::vector<std::string> Sources;

  // Output.
  std::string OutputFile; ///< -o; "-" is standard output.
  std::string OutputDir;  ///< --o-dir
  /// --in-root / --out-root: translate the project under InRoot into the same
  /// relative paths under OutRoot (docs/hipify-clang.md, "Projects").
  std::string InRoot, OutRoot;
  /// --shard=K/N: translate the K-th of N shares of the project (1 <= K <=
  /// N; 0 when not sharded) into --out-root with a shard record; --merge
  /// joins the N out-roots (docs/distributed.md, "Sharded translation").
  unsigned ShardIndex = 0, ShardCount = 0;
  /// --merge=DIR,...: the shards' out-roots to join into --out-root.
  std::vector<std::string> MergeDirs;
  /// --quiet: no progress line.
  bool Quiet = false;
  bool InPlace = false;
  bool NoBackup = false;
  bool NoOutput = false;
  bool TranslateUserHeaders = true;
  bool SaveTemps = false;
  std::string TempDir;
  /// --cache-dir: where precompiled headers are kept across runs (empty:
  /// <out-root>/.hipify-cache in project mode, none otherwise); --no-cache.
  std::string CacheDir;
  bool NoCache = false;
  /// --no-precompiled-headers: no PCH at all (the baseline a translation
  /// with shared precompiled headers must equal byte for byte).
  bool NoPrecompiledHeaders = false;
  /// --force: replace files at the paths of translated headers even when
  /// hipify-clang did not write them (see OutputPlan.h).
  bool Force = false;

  // Statistics.
  bool PrintStats = false;
  bool PrintStatsCSV = false;
  std::string StatsFile;

  // Parsing.
  std::string CudaPath;    ///< Empty: $CUDA_PATH, else /usr/local/cuda.
  std::string ResourceDir; ///< Empty: clang 19's.
  std::string RocmPath;    ///< --rocm-path; empty: hipcc's search.
  std::string HipVersion;  ///< --hip-version ("6.4"); empty: the ROCm's.
  /// --torch-naming: "current" or "masquerading"; empty: from the PyTorch
  /// headers the parse command finds (HipifyRun::discoverTorch).
  std::string TorchNaming;
  std::string BuildPath;   ///< -p
  std::vector<std::string> CudaGpuArchs;
  std::vector<std::string> IncludeDirs, Defines;
  std::vector<std::string> ExtraArgsBefore, ExtraArgs;
  std::vector<std::string> ClangArgs; ///< Everything after `--`.
  bool SkipExcludedBlocks = false;
  unsigned Jobs = 0; ///< 0: all cores.
  /// --parse-timeout: a source whose parse takes longer (a macro that expands
  /// exponentially) is translated by tokens only; 0: no limit.
  unsigned ParseTimeoutSeconds = 60;

  // Translation.
  bool HipKernelExecutionSyntax = false;
  bool Amap = false;
  NameOptions Names;

  // Warnings and porting checks (clang-tidy glob lists over their names).
  std::string Checks = "*";       ///< --checks
  std::string WarningsAsErrors;   ///< --warnings-as-errors
  std::string ReportFile;         ///< --report; the extension names the format

  bool Verbose = false;
  /// Print no per-file warnings (names left untranslated, ...): hipify-perl's
  /// -quiet-warnings. Errors are still printed.
  bool QuietWarnings = false;
  /// argv[0] as run, to find files installed beside the tool.
  std::string ExecutablePath;
};

/// Runs the translation described by \p Options: validates every input first,
/// translates, writes outputs atomically and prints statistics. Returns the
/// process exit status.
int runHipify(HipifyOptions Options);

/// --list-checks: prints every warning and porting check name, marking those
/// \p Checks (a glob list) enables. Returns the process exit status.
int listChecks(const std::string &Checks);

} // namespace hipkit::hipify

#endif
