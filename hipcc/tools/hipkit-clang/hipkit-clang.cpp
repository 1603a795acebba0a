//===- hipkit-clang.cpp - clang for CMake's HIP language ------------------===//
//
// Installed as <prefix>/llvm/bin/clang++ and <prefix>/llvm/bin/clang, where
// ROCm keeps its clang and where CMake looks (a HIP compiler path must not
// contain "hipcc" for CMake 3.25). It runs LLVM 19's clang with every argument
// unchanged and with its output untouched, so CMake identifies it as Clang and
// parses its `-v` output; the only addition is the environment that makes
// clang find this prefix as its ROCm and HIP root (ROCM_PATH, HIP_PATH) and its
// device libraries (HIP_DEVICE_LIB_PATH, only when they are not in
// <root>/amdgcn/bitcode). Environment rather than flags: a flag would draw
// "argument unused" warnings from every non-HIP compile, and command-line
// --rocm-path/--hip-path still win over it in clang.
//
// A link of host objects compiled with --cuda-host-only gets what hipcc's link
// step gives it (hipkit/Hipcc/HostOnlyFatbin.h): the definitions clang 19
// leaves to the link, so CMake projects built like rocm-examples'
// assembly_to_executable link as with ROCm. A compile writing a dependency
// file (-MD) gets the device libraries it links listed in it
// (hipkit/Hipcc/DeviceLibraries.h), so Ninja and ccache's depend mode see a
// change of them. Nothing else is added.
//
// With a launcher named by HIPCC_LAUNCHER or AMD's HIP_CLANG_LAUNCHER (not
// CMAKE_HIP_COMPILER_LAUNCHER: CMake itself puts that one in front of this
// driver), a HIP compile is split as hipcc splits it (ParallelOffload.h): each
// device compile goes to the launcher, one per architecture, the host compile
// runs here, and the object is the one clang's single invocation writes. This
// is how CMake's HIP language reaches distcc, icecream or a per-architecture
// ccache (docs/distributed.md).
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/DeviceLibraries.h"
#include "hipkit/Hipcc/HostOnlyFatbin.h"
#include "hipkit/Hipcc/JobLauncher.h"
#include "hipkit/Hipcc/JobSlots.h"
#include "hipkit/Hipcc/ParallelOffload.h"
#include "hipkit/Rocm/RocmInstallation.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/RunFolder.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <string>
#include <vector>

extern char **environ;

using namespace llvm;

#ifndef HIPKIT_CLANG_DIR
#define HIPKIT_CLANG_DIR "/usr/lib/llvm-19/bin"
#endif

/// clang's environment plus the ROCm root of this prefix.
static std::vector<std::string>
buildEnvironment(const hipkit::RocmInstallation &Rocm) {
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E) {
    StringRef Var(*E);
    if (Var.starts_with("ROCM_PATH=") || Var.starts_with("HIP_PATH=") ||
        Var.starts_with("CPLUS_INCLUDE_PATH=") ||
        Var.starts_with("HIP_DEVICE_LIB_PATH="))
      continue;
    Env.push_back(Var.str());
  }
  // clang searches the HIP root's include directory only after /usr/include,
  // where Debian's unpatched HIP headers live. CPLUS_INCLUDE_PATH makes it a
  // system directory searched first (CPATH would be a user directory, which
  // clang drops as a duplicate of the system one) without a flag that plain
  // C++ compiles would report as unused.
  if (Rocm.hipIncludeDir() != "/usr/include") {
    std::string CPath = "CPLUS_INCLUDE_PATH=" + Rocm.hipIncludeDir();
    if (std::optional<std::string> Old = sys::Process::GetEnv("CPLUS_INCLUDE_PATH"))
      CPath += ":" + *Old;
    Env.push_back(CPath);
  }
  Env.push_back("ROCM_PATH=" + Rocm.root());
  Env.push_back("HIP_PATH=" + Rocm.hipRoot());
  if (!Rocm.deviceLibDirIsClangDefault())
    Env.push_back("HIP_DEVICE_LIB_PATH=" + Rocm.deviceLibDir());
  return Env;
}

namespace copt = clang::driver::options;

/// For a command that links host objects compiled with --cuda-host-only: what
/// defines what they leave to the link. \p Args are clang's, parsed by
/// clang's own table.
static Expected<hipkit::HostOnlyFatbinBindings>
hostOnlyFatbinBindings(ArrayRef<const char *> RawArgs, StringRef Prefix) {
  BumpPtrAllocator Alloc;
  SmallVector<const char *, 64> Expanded(RawArgs.begin(), RawArgs.end());
  cl::ExpansionContext Expansion(Alloc, cl::TokenizeGNUCommandLine);
  if (Error E = Expansion.expandResponseFiles(Expanded)) {
    consumeError(std::move(E)); // clang reports it
    return hipkit::HostOnlyFatbinBindings();
  }
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Args = clang::driver::getDriverOptTable().ParseArgs(
      Expanded, MissingIndex, MissingCount,
      opt::Visibility(copt::ClangOption));
  if (MissingCount ||
      Args.hasArg(copt::OPT_c, copt::OPT_S, copt::OPT_E, copt::OPT_M,
                  copt::OPT_MM, copt::OPT_fsyntax_only,
                  copt::OPT_cuda_device_only, copt::OPT_emit_ast,
                  copt::OPT__precompile) ||
      Args.hasArg(copt::OPT_fgpu_rdc))
    return hipkit::HostOnlyFatbinBindings();
  hipkit::HostOnlyFatbinRequest Request;
  StringRef Language;
  for (const opt::Arg *A : Args.filtered(copt::OPT_x, copt::OPT_INPUT)) {
    if (A->getOption().matches(copt::OPT_x))
      Language = A->getValue() == StringRef("none") ? "" : A->getValue();
    else if (Language.empty() && StringRef(A->getValue()) != "-")
      Request.LinkedInputs.push_back(A->getValue());
  }
  Request.LinkerMayFindMore =
      Args.hasArg(copt::OPT_l, copt::OPT_Wl_COMMA, copt::OPT_Xlinker);
  Request.Prefix = Prefix.str();
  return hipkit::planHostOnlyFatbinLink(Request);
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  hipkit::setToolName("hipkit-clang");
  static int Anchor;
  std::string Self = sys::fs::getMainExecutable(Argv[0], &Anchor);
  // Called as "clang" it is the C driver, otherwise the C++ one, like clang.
  StringRef Name = sys::path::filename(Argv[0]);
  std::string Clang = std::string(HIPKIT_CLANG_DIR) + "/" +
                      (Name == "clang" ? "clang" : "clang++");

  std::vector<StringRef> Args{Clang};
  for (int I = 1; I < Argc; ++I)
    Args.push_back(Argv[I]);
  // <prefix>/llvm/bin/clang++
  std::string Prefix = sys::path::parent_path(
      sys::path::parent_path(sys::path::parent_path(Self))).str();
  Expected<hipkit::HostOnlyFatbinBindings> Bindings =
      hostOnlyFatbinBindings(ArrayRef(Argv + 1, Argv + Argc), Prefix);
  if (!Bindings) {
    hipkit::reportError(toString(Bindings.takeError()));
    return 1;
  }
  for (const std::string &Warning : Bindings->Warnings)
    hipkit::reportWarning(Warning);
  // The bindings' linker script lives in a private folder until clang ends.
  std::optional<hipkit::RunFolder> Folder;
  std::vector<std::string> LinkExtras;
  if (!Bindings->empty()) {
    Expected<hipkit::RunFolder> Made =
        hipkit::RunFolder::create("hipkit-clang-");
    Expected<std::vector<std::string>> Inputs =
        Made ? hipkit::hostOnlyFatbinLinkInputs(*Bindings, Made->path())
             : Expected<std::vector<std::string>>(Made.takeError());
    if (!Inputs) {
      hipkit::reportError(toString(Inputs.takeError()));
      return 1;
    }
    Folder.emplace(std::move(*Made));
    LinkExtras = std::move(*Inputs);
  }
  Args.insert(Args.end(), LinkExtras.begin(), LinkExtras.end());

  // This prefix is the ROCm root, whatever ROCM_PATH says: that is the point
  // of this driver. Only DEVICE_LIB_PATH-style overrides are honoured.
  hipkit::RocmSearchOptions Search;
  Search.ExecutablePath = Self;
  Search.GetEnv = [](StringRef Var) -> std::optional<std::string> {
    if (Var == "DEVICE_LIB_PATH" || Var == "HIP_DEVICE_LIB_PATH")
      return sys::Process::GetEnv(Var);
    return std::nullopt;
  };
  std::vector<std::string> Env;
  std::vector<StringRef> EnvRefs;
  std::vector<std::string> DependencyExtras; // Args refers to them
  Expected<hipkit::RocmInstallation> Rocm =
      hipkit::RocmInstallation::detect(Search);
  if (Rocm) {
    Env = buildEnvironment(*Rocm);
    // The dry run of clang's driver reads the same ROCm variables clang will.
    ::unsetenv("HIP_DEVICE_LIB_PATH");
    for (const std::string &Var : Env) {
      auto [Name, Value] = StringRef(Var).split('=');
      if (Name == "ROCM_PATH" || Name == "HIP_PATH" ||
          Name == "HIP_DEVICE_LIB_PATH")
        ::setenv(Name.str().c_str(), Value.str().c_str(), 1);
    }
    std::vector<std::string> Args1(Args.begin() + 1, Args.end());
    DependencyExtras = hipkit::deviceLibraryDependencyArgs(Clang, Args1);
    Args.insert(Args.end(), DependencyExtras.begin(), DependencyExtras.end());
    EnvRefs.assign(Env.begin(), Env.end());
  } else {
    // Without ROCm, clang still compiles C++ and answers --version.
    consumeError(Rocm.takeError());
  }

  // A launcher splits the compile (see the file comment). Its jobs inherit
  // this process's environment: clang's, as above.
  Expected<std::optional<hipkit::JobLauncher>> Launcher =
      hipkit::findJobLauncher([](StringRef Var) -> std::optional<std::string> {
        if (Var == "CMAKE_HIP_COMPILER_LAUNCHER")
          return std::nullopt;
        return sys::Process::GetEnv(Var);
      });
  if (!Launcher) {
    hipkit::reportError(toString(Launcher.takeError()));
    return 1;
  }
  if (*Launcher && Rocm) {
    // Exactly clang's environment: the variables buildEnvironment drops or
    // replaces go first.
    for (const char *Name : {"ROCM_PATH", "HIP_PATH", "CPLUS_INCLUDE_PATH",
                             "HIP_DEVICE_LIB_PATH"})
      ::unsetenv(Name);
    for (const std::string &Var : Env) {
      auto [Name, Value] = StringRef(Var).split('=');
      ::setenv(Name.str().c_str(), Value.str().c_str(), 1);
    }
    hipkit::ParallelOffloadSettings Parallel;
    // Each launched compile is one job: with a farm, HIPCC_JOBS is its number
    // of slots.
    Expected<unsigned> Jobs =
        hipkit::jobLimit(std::nullopt, sys::Process::GetEnv("HIPCC_JOBS"));
    if (!Jobs) {
      hipkit::reportError(toString(Jobs.takeError()));
      return 1;
    }
    Parallel.MaxJobs = *Jobs;
    if (std::optional<std::string> Make = sys::Process::GetEnv("MAKEFLAGS"))
      Parallel.MakeFlags = *Make;
    std::optional<std::string> Verbose = sys::Process::GetEnv("HIPCC_VERBOSE");
    unsigned Level = 0;
    Parallel.PrintJobs = Verbose && !StringRef(*Verbose).getAsInteger(0, Level) &&
                         (Level & 8);
    Parallel.Launcher = std::move(**Launcher);
    hipkit::ClangInvocation Invocation;
    Invocation.ClangPath = Clang;
    for (StringRef A : ArrayRef(Args).drop_front())
      Invocation.Args.push_back(A.str());
    if (std::optional<int> Status =
            hipkit::runOffloadInParallel(Invocation, Parallel))
      return *Status;
  }

  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(
      Clang, Args,
      Rocm ? std::optional<ArrayRef<StringRef>>(EnvRefs) : std::nullopt, {}, 0,
      0, &ErrMsg);
  if (Status == -1) {
    // Only a program that cannot be executed is a missing clang (not, for
    // one, a command line too long for exec).
    hipkit::reportError(
        "cannot run '" + Clang + "': " + ErrMsg +
        (sys::fs::can_execute(Clang) ? "" : "; install clang-19"));
    return 1;
  }
  return Status < 0 ? 1 : Status;
}
