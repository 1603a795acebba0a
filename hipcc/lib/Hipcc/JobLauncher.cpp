//===- JobLauncher.cpp - hipcc's jobs through a compiler launcher ---------===//
//
// See JobLauncher.h for the design: why a device compile is handed over as a
// preprocessed driver-level compile, and why each of its options is there.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/JobLauncher.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;
namespace copt = clang::driver::options;

namespace hipkit {

Expected<std::optional<JobLauncher>> findJobLauncher(const EnvLookup &GetEnv) {
  if (!GetEnv)
    return std::nullopt;
  // hipkit's own name; AMD's hipcc's (hipcc.pl reads HIP_CLANG_LAUNCHER, "Path
  // to an executable to launch HIP-Clang with"); CMake's, as CMake users set
  // it in the environment.
  for (StringRef Variable :
       {"HIPCC_LAUNCHER", "HIP_CLANG_LAUNCHER", "CMAKE_HIP_COMPILER_LAUNCHER"}) {
    std::string Value = GetEnv(Variable).value_or("");
    if (StringRef(Value).trim().empty())
      continue;
    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 4> Words;
    if (Variable == "HIP_CLANG_LAUNCHER") {
      // AMD's hipcc runs it as one quoted path: a path with spaces works
      // there, so it is not split here.
      Words.push_back(Saver.save(StringRef(Value).trim()).data());
    } else if (StringRef(Value).contains(';')) {
      // CMake's launchers are lists (`ccache;--flag`); a shell user writes
      // words.
      SmallVector<StringRef, 4> Items;
      StringRef(Value).split(Items, ';', -1, /*KeepEmpty=*/false);
      for (StringRef Item : Items)
        Words.push_back(Saver.save(Item.trim()).data());
    } else {
      cl::TokenizeGNUCommandLine(Value, Saver, Words);
    }
    if (Words.empty())
      continue;
    JobLauncher Launcher;
    Launcher.Variable = Variable.str();
    StringRef Program = Words.front();
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    // findProgramByName takes a name with a slash as it is, there or not.
    if (!Found || !sys::fs::can_execute(*Found) ||
        sys::fs::is_directory(*Found))
      return createStringError(
          Found ? std::make_error_code(std::errc::no_such_file_or_directory)
                : Found.getError(),
          "cannot find the launcher '" + Program + "' named by " + Variable +
              "=" + Value + "; install it or unset " + Variable);
    Launcher.Command.push_back(*Found);
    for (const char *W : ArrayRef(Words).drop_front())
      Launcher.Command.push_back(W);
    return Launcher;
  }
  return std::nullopt;
}

/// The driver arguments both commands keep: all but the output, the
/// dependency-file options (the host compile, which stays local, writes
/// clang's dependency file), the offload targets, the compile's phase and
/// CUID, which each command sets for itself.
static void keptArguments(const opt::ArgList &Args, bool KeepInput,
                          std::vector<std::string> &Out) {
  for (const opt::Arg *A : Args) {
    const opt::Option &O = A->getOption();
    if (O.matches(copt::OPT_M_Group) || O.matches(copt::OPT_o) ||
        O.matches(copt::OPT_c) || O.matches(copt::OPT_offload_arch_EQ) ||
        O.matches(copt::OPT_no_offload_arch_EQ) ||
        O.matches(copt::OPT_cuda_device_only) ||
        O.matches(copt::OPT_cuda_host_only) ||
        O.matches(copt::OPT_cuda_compile_host_device) ||
        O.matches(copt::OPT_gpu_bundle_output) ||
        O.matches(copt::OPT_no_gpu_bundle_output) ||
        O.matches(copt::OPT_cuid_EQ) || O.matches(copt::OPT_fuse_cuid_EQ) ||
        O.matches(copt::OPT_driver_mode) ||
        O.matches(copt::OPT_Qunused_arguments))
      continue;
    if (!KeepInput && (O.matches(copt::OPT_INPUT) || O.matches(copt::OPT_x)))
      continue;
    // The dependency file's entries for the device libraries of every
    // architecture (DeviceLibraries.h): the device compiles write no
    // dependency file, and with them a cache key would change with the
    // architectures compiled beside.
    if (O.matches(copt::OPT_Xclang) &&
        StringRef(A->getValue()).starts_with("-fdepfile-entry="))
      continue;
    opt::ArgStringList Rendered;
    A->render(Args, Rendered);
    for (const char *S : Rendered)
      Out.push_back(S);
  }
}

DeviceCompile makeDeviceCompile(const DeviceCompileRequest &R) {
  const opt::ArgList &Args = *R.DriverArgs;
  DeviceCompile D;
  // The preprocessor and the compile see options the other one uses (-I on
  // the compile of preprocessed text); clang's own jobs say nothing of them.
  D.Preprocess = {R.ClangPath, "-Qunused-arguments"};
  keptArguments(Args, /*KeepInput=*/true, D.Preprocess);
  D.Preprocess.insert(D.Preprocess.end(),
                      {"--offload-arch=" + R.Arch, "--cuda-device-only",
                       "--gpu-bundle-output"});
  if (!R.Cuid.empty())
    D.Preprocess.push_back("-cuid=" + R.Cuid);
  D.Preprocess.insert(D.Preprocess.end(), {"-E", "-o", R.PreprocessedPath});

  D.Compile = {R.ClangPath, "-Qunused-arguments"};
  keptArguments(Args, /*KeepInput=*/false, D.Compile);
  D.Compile.insert(D.Compile.end(),
                   {"--offload-arch=" + R.Arch, "--cuda-device-only",
                    "--no-gpu-bundle-output"});
  if (!R.Cuid.empty())
    D.Compile.insert(D.Compile.end(), {"-Xclang", "-cuid=" + R.Cuid});
  D.Inputs = {R.PreprocessedPath};
  if (!R.DeviceLibraries.empty()) {
    D.Compile.push_back("-nogpulib");
    for (const std::string &Library : R.DeviceLibraries) {
      D.Compile.insert(D.Compile.end(), {"-Xclang", "-mlink-builtin-bitcode",
                                         "-Xclang", Library});
      D.Inputs.push_back(Library);
    }
  }
  D.Compile.insert(D.Compile.end(),
                   {"-c", "--language=hip-cpp-output", R.PreprocessedPath,
                    "-o", R.OutputPath});
  return D;
}

/// A name for \p ClangPath that finds the same binary on PATH: clang++-19,
/// else the name itself (clang++); else the path. distccd runs only compilers
/// given by name.
static std::string compilerName(StringRef ClangPath) {
  SmallString<256> Real;
  if (sys::fs::real_path(ClangPath, Real))
    return ClangPath.str();
  std::string Stem = sys::path::filename(ClangPath).str();
  for (std::string Name :
       {Stem + "-" + std::to_string(LLVM_VERSION_MAJOR), Stem}) {
    ErrorOr<std::string> Found = sys::findProgramByName(Name);
    SmallString<256> FoundReal;
    if (Found && !sys::fs::real_path(*Found, FoundReal) && FoundReal == Real)
      return Name;
  }
  return ClangPath.str();
}

std::vector<std::string> launch(const JobLauncher &Launcher,
                                ArrayRef<std::string> Argv) {
  std::vector<std::string> Out = Launcher.Command;
  if (Argv.empty())
    return Out;
  Out.push_back(compilerName(Argv.front()));
  Out.insert(Out.end(), Argv.begin() + 1, Argv.end());
  return Out;
}

} // namespace hipkit
