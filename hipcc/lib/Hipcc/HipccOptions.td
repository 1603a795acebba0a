// The options only hipcc understands. Every other option belongs to clang and
// is parsed with clang's own driver table. hipcc looks these up first, because
// clang's table would misread some of them (-use_fast_math as -u se_fast_math).
include "llvm/Option/OptParser.td"

def help : Flag<["--", "-"], "help">,
  HelpText<"Print hipcc's own options (then see clang++ --help for the rest)">;
def version : Flag<["--"], "version">,
  HelpText<"Print the HIP version, then clang's version">;
def genco : Flag<["--"], "genco">,
  HelpText<"Produce only device code objects (a bundle of one code object per "
           "--offload-arch, loadable with hipModuleLoad), as AMD's hipcc">;
def use_fast_math : Flag<["-", "--"], "use_fast_math">,
  HelpText<"Define HIP_FAST_MATH, as AMD's hipcc (nvcc's spelling); not passed "
           "to clang">;
def hipcc_func_supp : Flag<["--"], "hipcc-func-supp">,
  HelpText<"Allow real function calls in device code (the default; AMD hipcc "
           "compatibility)">;
def hipcc_no_func_supp : Flag<["--"], "hipcc-no-func-supp">,
  HelpText<"Inline every device function (-mllvm -amdgpu-early-inline-all=true "
           "-mllvm -amdgpu-function-calls=false) unless -O0, as AMD's hipcc">;
// AMD's hipcc links libamdhip64 statically with -use-staticlib. Debian's HIP
// 5.2 (the runtime hipkit is built for) ships no libamdhip64.a, so hipcc
// refuses it rather than quietly linking the shared library.
def use_staticlib : Flag<["-"], "use-staticlib">,
  HelpText<"Refused: hipkit has no static HIP runtime to link (AMD hipcc's "
           "static link of libamdhip64)">;
def use_sharedlib : Flag<["-"], "use-sharedlib">,
  HelpText<"Link the HIP runtime as a shared library, libamdhip64.so (the "
           "default; AMD hipcc compatibility)">;
// Parallel offload compiles (ParallelOffload.cpp): at most N jobs at once,
// GNU make's jobserver permitting.
def jobs : JoinedOrSeparate<["-"], "j">, MetaVarName<"<N>">,
  HelpText<"Run at most <N> jobs (device compilations, host compilation) of a "
           "multi-architecture compile at once (default: HIPCC_JOBS, else the "
           "number of cores; inside make -j, make's jobserver decides)">;
def jobs_EQ : Joined<["--"], "jobs=">, Alias<jobs>, HelpText<"Same as -j <N>">;
// hipkit's porting-hazard checks (clang-plugins/, docs/clang-plugins/), loaded
// as a clang plugin from <prefix>/lib/hipkit beside hipcc.
def porting_checks : Flag<["--"], "porting-checks">,
  HelpText<"Run hipkit's porting-hazard checks (warp size, lane masks, inline PTX, ...) "
           "in the device compilations">;
def porting_checks_EQ : Joined<["--"], "porting-checks=">, MetaVarName<"<globs>">,
  HelpText<"Run the porting checks that <globs> selects (clang-tidy syntax, e.g. "
           "'-hipkit-warp-size')">;
// hipify-clang's --warnings-as-errors=, for the checks hipcc runs.
def porting_checks_as_errors_EQ : Joined<["--"], "porting-checks-as-errors=">,
  MetaVarName<"<globs>">,
  HelpText<"Report the porting checks that <globs> selects (clang-tidy syntax, e.g. "
           "'hipkit-*') as errors, so the compile fails; needs --porting-checks">;

// nvcc's own options that CUDA build systems give (torch.utils.cpp_extension,
// CMake's CUDA rules, Makefiles written for nvcc). With HIP_PLATFORM=nvidia
// they reach nvcc unchanged (NvidiaPlatform.cpp); on AMD NvccOptions.cpp
// turns each into clang's counterpart, a warning or an error
// (docs/hipcc.md, "nvcc's options"). Read here, clang's table would misread
// them (-lineinfo as -l ineinfo, --threads 4 as an input 4).
def nvcc_Group : OptionGroup<"<nvcc options>">;
// nvcc takes either prefix; the first is the one its documentation (and
// hipcc --help) shows: - for the short names, -- for the long ones.
defvar NvccShort = ["-", "--"];
defvar NvccLong = ["--", "-"];
class NvccSeparate<string name, list<string> prefixes = NvccLong>
  : Separate<prefixes, name>, Group<nvcc_Group>;
class NvccJoined<string name, list<string> prefixes = NvccLong>
  : Joined<prefixes, name>, Group<nvcc_Group>;
class NvccFlag<string name, list<string> prefixes = NvccLong>
  : Flag<prefixes, name>, Group<nvcc_Group>;

def Xcompiler : NvccSeparate<"Xcompiler", NvccShort>, MetaVarName<"<options>">,
  HelpText<"nvcc: options for the host compiler (commas separate them); on AMD "
           "each goes to clang's host compilation (-Xarch_host)">;
def Xcompiler_EQ : NvccJoined<"Xcompiler=", NvccShort>, Alias<Xcompiler>;
def compiler_options : NvccSeparate<"compiler-options">, Alias<Xcompiler>,
  MetaVarName<"<options>">,
  HelpText<"Same as -Xcompiler">;
def compiler_options_EQ : NvccJoined<"compiler-options=">, Alias<Xcompiler>;
def gencode : NvccSeparate<"gencode", NvccShort>, MetaVarName<"arch=<virtual>,code=<gpu>">,
  HelpText<"nvcc: code for NVIDIA GPUs; an error on AMD (give --offload-arch)">;
def gencode_EQ : NvccJoined<"gencode=", NvccShort>, Alias<gencode>;
def generate_code : NvccSeparate<"generate-code">, Alias<gencode>,
  MetaVarName<"arch=<virtual>,code=<gpu>">,
  HelpText<"Same as -gencode">;
def generate_code_EQ : NvccJoined<"generate-code=">, Alias<gencode>;
def ccbin : NvccSeparate<"ccbin", NvccShort>, MetaVarName<"<compiler>">,
  HelpText<"nvcc: the host compiler; ignored on AMD (clang compiles host code), "
           "with a warning">;
def ccbin_EQ : NvccJoined<"ccbin=", NvccShort>, Alias<ccbin>;
def compiler_bindir : NvccSeparate<"compiler-bindir">, Alias<ccbin>,
  MetaVarName<"<compiler>">,
  HelpText<"Same as -ccbin">;
def compiler_bindir_EQ : NvccJoined<"compiler-bindir=">, Alias<ccbin>;
def threads : NvccSeparate<"threads">, MetaVarName<"<N>">,
  HelpText<"nvcc: compile for several GPUs on <N> threads (0: one per core); "
           "on AMD the same as -j <N>">;
def threads_EQ : NvccJoined<"threads=">, Alias<threads>;
def dependency_output : NvccSeparate<"dependency-output">, MetaVarName<"<file>">,
  HelpText<"nvcc: the dependency file (nvcc's -MF); on AMD -MF <file>">;
def dependency_output_EQ : NvccJoined<"dependency-output=">, Alias<dependency_output>;
def generate_dependencies_with_compile : NvccFlag<"generate-dependencies-with-compile">,
  HelpText<"nvcc: write a make rule while compiling (nvcc's -MD); on AMD -MD">;
def generate_nonsystem_dependencies_with_compile
  : NvccFlag<"generate-nonsystem-dependencies-with-compile">,
  HelpText<"nvcc: the same without system headers (nvcc's -MMD); on AMD -MMD">;
def Xptxas : NvccSeparate<"Xptxas", NvccShort>, MetaVarName<"<options>">,
  HelpText<"nvcc: options for ptxas, NVIDIA's assembler; ignored on AMD, with a "
           "warning">;
def Xptxas_EQ : NvccJoined<"Xptxas=", NvccShort>, Alias<Xptxas>;
def ptxas_options : NvccSeparate<"ptxas-options">, Alias<Xptxas>,
  MetaVarName<"<options>">,
  HelpText<"Same as -Xptxas">;
def ptxas_options_EQ : NvccJoined<"ptxas-options=">, Alias<Xptxas>;
def lineinfo : NvccFlag<"lineinfo", NvccShort>,
  HelpText<"nvcc: line tables for device code; on AMD -Xarch_device "
           "-gline-tables-only">;
def generate_line_info : NvccFlag<"generate-line-info">, Alias<lineinfo>;
def expt_relaxed_constexpr : NvccFlag<"expt-relaxed-constexpr">,
  HelpText<"nvcc: constexpr host functions in device code; clang's default on "
           "AMD">;
def expt_extended_lambda : NvccFlag<"expt-extended-lambda">,
  HelpText<"nvcc: __device__ lambdas in host code; clang's default on AMD">;
def extended_lambda : NvccFlag<"extended-lambda">, Alias<expt_extended_lambda>;
