// hipify-perl's command line: AMD's hipify-perl (a Perl script reading its
// options with Getopt::Long), so every option is a long option accepted with
// one or two dashes, and -o takes its value as -o=<file> or -o <file>.
// docs/hipify-perl.md lists them and what differs from AMD's.
include "llvm/Option/OptParser.td"

class F<string name, string help> : Flag<["-", "--"], name>, HelpText<help>;

def o : Separate<["-", "--"], "o">, MetaVarName<"<file>">,
  HelpText<"Write the translation to <file> ('-': standard output, the default); one source only">;
def o_eq : Joined<["-", "--"], "o=">, Alias<o>;
def inplace : F<"inplace", "Replace each source with its translation, atomically, keeping the "
  "original as <source>.prehip">;
def no_output : F<"no-output", "Translate and report, but write no translation">;
def print_stats : F<"print-stats", "Print translation statistics (to standard error while the "
  "translation goes to standard output)">;
def examine : F<"examine", "Same as -no-output -print-stats">;
def quiet_warnings : F<"quiet-warnings", "Print no warnings about CUDA names left untranslated">;
def experimental : F<"experimental", "Also apply mappings marked experimental">;
def roc : F<"roc", "Translate to ROCm libraries (roc*) where a mapping exists, instead of hip*">;
def miopen : F<"miopen", "Translate cuDNN to MIOpen (the default and -roc do too: MIOpen is "
  "ROCm's cuDNN counterpart; accepted for AMD hipify's command lines)">;
def hip_kernel_execution_syntax : F<"hip-kernel-execution-syntax",
  "Rewrite kernel<<<...>>>(...) launches as hipLaunchKernelGGL(...)">;
def cuda_kernel_execution_syntax : F<"cuda-kernel-execution-syntax",
  "Keep kernel<<<...>>>(...) launches (the default; HIP accepts them)">;
def version : F<"version", "Print the version and exit">;
def help : F<"help", "Print this help and exit">;
def h : Flag<["-"], "h">, Alias<help>, Flags<[HelpHidden]>;
