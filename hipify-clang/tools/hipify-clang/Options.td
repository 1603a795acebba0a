// hipify-clang's command line: compatible with AMD's hipify-clang (which uses
// llvm::cl, so every long option is accepted with one or two dashes and with
// either `--opt=value` or `--opt value`).
include "llvm/Option/OptParser.td"

class F<string name, string help> : Flag<["--", "-"], name>, HelpText<help>;

multiclass Eq<string name, string metavar, string help> {
  def NAME : Separate<["--", "-"], name>, MetaVarName<metavar>, HelpText<help>;
  def NAME # _eq : Joined<["--", "-"], name # "=">, Alias<!cast<Separate>(NAME)>;
}

def grp_output : OptionGroup<"output">, HelpText<"OUTPUT">;
def grp_parse : OptionGroup<"parse">, HelpText<"PARSING">;
def grp_translate : OptionGroup<"translate">, HelpText<"TRANSLATION">;
def grp_stats : OptionGroup<"stats">, HelpText<"STATISTICS">;

// Output.
def o : Separate<["-"], "o">, MetaVarName<"<file>">, Group<grp_output>,
  HelpText<"Write the translation to <file> ('-' for standard output); one source only">;
def o_eq : Joined<["-"], "o=">, Alias<o>;
defm o_dir : Eq<"o-dir", "<dir>", "Write each translation to <dir>/<source's folder relative to the "
  "folder all sources share>/<source name>.hip, and each user header it includes to the same place "
  "relative to it (folders are created)">, Group<grp_output>;
defm in_root : Eq<"in-root", "<dir>", "Translate the project in <dir>: every file that contains "
  "CUDA, sources and headers in any folder, each once; the others are copied (the sources parsed "
  "are those named, else -p's, else every .cu and every C++ source using CUDA that no other such "
  "source includes)">, Group<grp_output>;
defm out_root : Eq<"out-root", "<dir>", "With --in-root: write each file of the project to the same "
  "relative path under <dir>; a rerun translates only what changed (<dir>/.hipify-manifest.json)">,
  Group<grp_output>;
defm shard : Eq<"shard", "<K/N>", "With --in-root and --out-root: translate only the K-th of N "
  "shares of the project (by a hash of each file's path below --in-root, the same on every machine) "
  "and record it for --merge (<out-root>/.hipify-shard.json); one CI job per share">,
  Group<grp_output>;
defm merge : Eq<"merge", "<dirs>", "Join the --out-roots of the N runs of --shard=K/N (<dirs>: "
  "comma-separated) into --out-root: the same files, manifest and --report as one run over the whole project">,
  Group<grp_output>;
def quiet : F<"quiet", "Print no progress line (one is shown on a terminal with --in-root)">,
  Group<grp_output>;
def inplace : F<"inplace", "Replace each source (and translated user header) with its translation, "
  "atomically, keeping the original as <file>.prehip">, Group<grp_output>;
def no_backup : F<"no-backup", "With --inplace, keep no .prehip backup">, Group<grp_output>;
def force : F<"force", "Replace existing files where translated headers go even if hipify-clang "
  "did not write them (it lists what it wrote in <folder>/.hipify-manifest)">, Group<grp_output>;
def no_output : F<"no-output", "Translate, report and count, but write no translation">, Group<grp_output>;
def no_user_headers : F<"no-user-headers",
  "Translate only the named sources, not the project headers they include">, Group<grp_output>;
def save_temps : F<"save-temps", "Keep the temporary files (the precompiled CUDA headers) in the "
  "temporary directory">, Group<grp_output>;
defm temp_dir : Eq<"temp-dir", "<dir>", "Existing directory for temporary files (default: the "
  "system's); they go into a private folder created in it">,
  Group<grp_output>;
defm cache_dir : Eq<"cache-dir", "<dir>", "Keep the precompiled system headers (PyTorch's, CUDA's, "
  "...) in <dir> across runs, so that a rerun parsing one edited source loads them (default with "
  "--out-root: <out-root>/.hipify-cache; the folder is created if its parent exists)">,
  Group<grp_output>;
def no_cache : F<"no-cache", "Keep no precompiled headers across runs (not even in --out-root)">,
  Group<grp_output>;
def no_precompiled_headers : F<"no-precompiled-headers", "Precompile no headers: every source "
  "parses all it includes (slower; the translations are the same)">,
  Group<grp_output>;

// Statistics.
def examine : F<"examine", "Same as --no-output --print-stats">, Group<grp_stats>;
def print_stats : F<"print-stats", "Print translation statistics">, Group<grp_stats>;
def print_stats_csv : F<"print-stats-csv", "Write translation statistics as CSV (to --o-stats, "
  "else hipify_stats.csv in the output directory)">, Group<grp_stats>;
defm o_stats : Eq<"o-stats", "<file>", "Write the CSV statistics to <file>">, Group<grp_stats>;

// Parsing.
defm cuda_path : Eq<"cuda-path", "<dir>", "CUDA installation to parse against (default: $CUDA_PATH, "
  "else /usr/local/cuda)">, Group<grp_parse>;
defm cuda_gpu_arch : Eq<"cuda-gpu-arch", "<sm_XX>", "CUDA GPU architecture the code is parsed for">,
  Group<grp_parse>;
defm clang_resource_directory : Eq<"clang-resource-directory", "<dir>",
  "Clang resource directory (default: clang 19's)">, Group<grp_parse>;
defm rocm_path : Eq<"rocm-path", "<dir>", "ROCm installation whose HIP version the translation "
  "targets (default: $ROCM_PATH, else the first ROCm of $HIP_PATH, the prefix hipify-clang is "
  "installed in, /opt/rocm, the newest /opt/rocm-<version>, /usr; $HIP_PATH, when set, gives the "
  "HIP version)">, Group<grp_parse>;
defm hip_version : Eq<"hip-version", "<major.minor>", "HIP version the translation targets, "
  "instead of the HIP of the ROCm --rocm-path's search finds (names HIP added later get their "
  "older forms, or are warned about)">, Group<grp_parse>;
def p : Separate<["-"], "p">, MetaVarName<"<build dir>">, Group<grp_parse>,
  HelpText<"Build directory holding compile_commands.json (its -I/-D/-U/-include/-std flags are used)">;
def p_eq : Joined<["-"], "p=">, Alias<p>;
defm extra_arg : Eq<"extra-arg", "<arg>", "Append <arg> to the compiler arguments">, Group<grp_parse>;
defm extra_arg_before : Eq<"extra-arg-before", "<arg>", "Prepend <arg> to the compiler arguments">,
  Group<grp_parse>;
def I : JoinedOrSeparate<["-"], "I">, MetaVarName<"<dir>">, Group<grp_parse>,
  HelpText<"Add <dir> to the include search path">;
def D : JoinedOrSeparate<["-"], "D">, MetaVarName<"<macro>=<value>">, Group<grp_parse>,
  HelpText<"Define <macro> for the parse">;
def skip_excluded_preprocessor_conditional_blocks : F<"skip-excluded-preprocessor-conditional-blocks",
  "Leave code in #if branches that the parse does not take untranslated">, Group<grp_parse>;
def default_preprocessor : F<"default-preprocessor",
  "Same as --skip-excluded-preprocessor-conditional-blocks">, Group<grp_parse>,
  Alias<skip_excluded_preprocessor_conditional_blocks>;
def j : JoinedOrSeparate<["-"], "j">, MetaVarName<"<N>">, Group<grp_parse>,
  HelpText<"Translate <N> files at a time (default: all cores)">;
def jobs_eq : Joined<["--"], "jobs=">, Alias<j>;
defm parse_timeout : Eq<"parse-timeout", "<seconds>", "Stop parsing a source after <seconds> "
  "(default 60; 0: no limit) and translate it by tokens only, as a source that does not parse">,
  Group<grp_parse>;

// Translation.
def hip_kernel_execution_syntax : F<"hip-kernel-execution-syntax",
  "Rewrite kernel<<<...>>>(...) launches as hipLaunchKernelGGL(...)">, Group<grp_translate>;
def cuda_kernel_execution_syntax : F<"cuda-kernel-execution-syntax",
  "Keep kernel<<<...>>>(...) launches (the default; HIP accepts them)">, Group<grp_translate>;
def roc : F<"roc", "Translate to ROCm libraries (roc*) where a mapping exists, instead of hip*">,
  Group<grp_translate>;
def miopen : F<"miopen", "Translate cuDNN to MIOpen (the default and --roc do too: MIOpen is "
  "ROCm's cuDNN counterpart; accepted for AMD hipify's command lines)">, Group<grp_translate>;
def experimental : F<"experimental", "Also apply mappings marked experimental">, Group<grp_translate>;
defm torch_naming : Eq<"torch-naming", "<naming>", "How the targeted ROCm build of PyTorch names "
  "its CUDA API: 'current' (PyTorch 2.11 and later: at::cuda, c10::cuda and C10_CUDA_* kept, "
  "header paths changed), 'masquerading' (2.6 and older: HIPGuardMasqueradingAsCUDA, "
  "C10_HIP_CHECK, ...) or 'auto' (the default: from the release of the PyTorch headers the "
  "parse command's include folders hold)">, Group<grp_translate>;
def amap : F<"amap", "Translate as much as possible: also rewrite, lexically, CUDA names the "
  "parse did not resolve">, Group<grp_translate>;
def use_hip_data_types : F<"use-hip-data-types", "Accepted for AMD hipify's command lines: library "
  "data types (cudaDataType) become hipDataType without it">, Group<grp_translate>;

// Warnings, porting checks and the migration report.
def grp_checks : OptionGroup<"checks">, HelpText<"WARNINGS AND PORTING CHECKS">;
defm checks : Eq<"checks", "<globs>", "Which warnings and porting checks run, as clang-tidy's glob "
  "list over their names (default '*'; e.g. '-*,hipkit-warp-size', '-hipify-newer-than-target'); "
  "--list-checks names them">, Group<grp_checks>;
defm warnings_as_errors : Eq<"warnings-as-errors", "<globs>", "Report the warnings these globs "
  "select as errors; the run then exits with status 1 (the translation is still written)">,
  Group<grp_checks>;
def list_checks : F<"list-checks", "List the names of every warning and porting check, with "
  "whether --checks enables it, and exit">, Group<grp_checks>;
defm report : Eq<"report", "<file>", "Write a migration report for the whole run; the extension "
  "names the format: .json, .md or .html">, Group<grp_checks>;

// General.
def v : F<"v", "Print the compiler command of each parse and what is written">;
def version : F<"version", "Print the version and exit">;
def help : F<"help", "Print this help and exit">;
def h : Flag<["-"], "h">, Alias<help>, Flags<[HelpHidden]>;
