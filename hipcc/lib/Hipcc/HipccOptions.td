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
def use_fast_math : Flag<["-"], "use_fast_math">,
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
