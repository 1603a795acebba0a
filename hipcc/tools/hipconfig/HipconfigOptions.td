// hipconfig's options, named and shaped as AMD's hipconfig.
include "llvm/Option/OptParser.td"

def path : Flag<["--"], "path">, HelpText<"Print HIP_PATH (the HIP root)">;
def : Flag<["-"], "p">, Alias<path>;
def rocmpath : Flag<["--"], "rocmpath">, HelpText<"Print ROCM_PATH (the ROCm root)">;
def : Flag<["-"], "R">, Alias<rocmpath>;
def hipclangpath : Flag<["--"], "hipclangpath">,
  HelpText<"Print HIP_CLANG_PATH (the directory of the clang for HIP)">;
def : Flag<["-"], "l">, Alias<hipclangpath>;
def cpp_config : Flag<["--"], "cpp_config">,
  HelpText<"Print the preprocessor flags HIP headers need">;
def : Flag<["--"], "cxx_config">, Alias<cpp_config>;
def : Flag<["-"], "C">, Alias<cpp_config>;
def compiler : Flag<["--"], "compiler">, HelpText<"Print the compiler (clang, or nvcc for nvidia)">;
def : Flag<["-"], "c">, Alias<compiler>;
def platform : Flag<["--"], "platform">, HelpText<"Print the platform (amd, or nvidia with HIP_PLATFORM=nvidia)">;
def : Flag<["-"], "P">, Alias<platform>;
def runtime : Flag<["--"], "runtime">, HelpText<"Print the runtime (rocclr, or cuda for nvidia)">;
def : Flag<["-"], "r">, Alias<runtime>;
def version : Flag<["--"], "version">, HelpText<"Print the HIP version">;
def : Flag<["-"], "v">, Alias<version>;
def full : Flag<["--"], "full">, HelpText<"Print the full configuration (the default)">;
def : Flag<["-"], "f">, Alias<full>;
def : Flag<["--"], "info">, Alias<full>;
def check : Flag<["--"], "check">,
  HelpText<"Check the installation; exit status 1 when something is missing">;
def newline : Flag<["--"], "newline">, HelpText<"End each printed value with a newline">;
def : Flag<["-"], "n">, Alias<newline>;
def rocm_path : Separate<["--"], "rocm-path">, MetaVarName<"<dir>">,
  HelpText<"Describe the ROCm installation at <dir> (as hipcc --rocm-path; default: the search "
  "of docs/hipcc.md, ROCm discovery)">;
def rocm_path_eq : Joined<["--"], "rocm-path=">, Alias<rocm_path>;
def help : Flag<["--"], "help">, HelpText<"Print this help">;
def : Flag<["-"], "h">, Alias<help>;
