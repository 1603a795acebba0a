// Options of hipkit-device-libs-gen, the build-time generator of the ROCm
// control libraries.
include "llvm/Option/OptParser.td"

def output_dir_EQ : Joined<["--"], "output-dir=">, MetaVarName<"<dir>">,
  HelpText<"Write every generated control library (oclc_isa_version_*.bc, "
           "oclc_abi_version_*.bc) into <dir>">;
def output_dir : Separate<["--"], "output-dir">, Alias<output_dir_EQ>;

def list_processors : Flag<["--"], "list-processors">,
  HelpText<"Print every AMDGCN processor LLVM knows, one per line: its name and "
           "the lowest code object version it can be compiled for">;

def list_libraries : Flag<["--"], "list-libraries">,
  HelpText<"Print every generated control library, one per line: its file "
           "name, the variable it defines and the value">;

def help : Flag<["--", "-"], "help">, HelpText<"Print this help">;
