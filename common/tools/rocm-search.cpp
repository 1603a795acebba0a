//===- rocm-search.cpp - Run hipkit's ROCm search, for tests --------------===//
//
// A test tool (built for the lit suite, not installed): runs the ROCm search
// every hipkit tool uses (RocmInstallation::detect) with the options a test
// gives, so that the candidates no installed tool reaches on a test machine
// (/opt/rocm, the newest /opt/rocm-<version>, /usr, all under --sysroot) can
// be tested. Prints the root, where it came from, the device library folder
// and the HIP version, or the search's error.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Rocm/RocmInstallation.h"
#include "hipkit/Support/Diagnostics.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<std::string> SysRoot("sysroot",
                                    cl::desc("prepended to /opt and /usr"));
static cl::opt<std::string> RocmPath("rocm-path", cl::desc("as --rocm-path"));
static cl::opt<std::string>
    Executable("executable",
               cl::desc("the tool whose installation prefix is searched"));
static cl::opt<hipkit::RocmNeed> Need(
    "need", cl::desc("what the tool needs of ROCm"),
    cl::init(hipkit::RocmNeed::Compile),
    cl::values(clEnumValN(hipkit::RocmNeed::Compile, "compile",
                          "device libraries and the HIP runtime (hipcc)"),
               clEnumValN(hipkit::RocmNeed::HipVersion, "hip-version",
                          "a HIP version (hipify-clang)"),
               clEnumValN(hipkit::RocmNeed::HipHeaders, "hip-headers",
                          "HIP headers (HIP on NVIDIA)")));

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  hipkit::setToolName("rocm-search");
  cl::ParseCommandLineOptions(Argc, Argv, "hipkit's ROCm search\n");
  hipkit::RocmSearchOptions Opts;
  Opts.Need = Need;
  Opts.RocmPathArg = RocmPath;
  Opts.ExecutablePath = Executable;
  Opts.SysRoot = SysRoot;
  Opts.GetEnv = [](StringRef Name) { return sys::Process::GetEnv(Name); };
  Expected<hipkit::RocmInstallation> R = hipkit::RocmInstallation::detect(Opts);
  if (!R)
    hipkit::exitWithError(toString(R.takeError()));
  outs() << "root: " << R->root() << "\n"
         << "from: " << hipkit::describeRocmSource(R->source()) << "\n"
         << "device libraries: " << R->deviceLibDir() << "\n"
         << "HIP version: " << R->hipVersion().full() << "\n";
  return 0;
}
