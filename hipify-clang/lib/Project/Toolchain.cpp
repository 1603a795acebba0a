//===- Toolchain.cpp ------------------------------------------------------===//
#include "hipkit/hipify/Project/Toolchain.h"
#include "hipkit/hipify/Project/ProjectTree.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "clang/Tooling/CompilationDatabase.h"

#include "hipkit/Rocm/RocmInstallation.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace hipkit;
using namespace hipkit::hipify;

static bool exists(const llvm::Twine &Path) {
  return llvm::sys::fs::exists(Path);
}

Toolchain hipkit::hipify::discoverToolchain(const HipifyOptions &Options) {
  Toolchain TC;
  TC.CudaPath = Options.CudaPath;
  if (TC.CudaPath.empty())
    if (std::optional<std::string> Env =
            llvm::sys::Process::GetEnv("CUDA_PATH"))
      TC.CudaPath = *Env;
  if (TC.CudaPath.empty())
    TC.CudaPath = "/usr/local/cuda";
  // hipify-perl never parses: it translates by tokens whatever is installed.
  TC.HasCuda = Options.Tool != Frontend::Perl &&
               exists(TC.CudaPath + "/include/cuda_runtime.h");

  TC.ResourceDir = Options.ResourceDir.empty() ? HIPIFY_CLANG_RESOURCE_DIR
                                               : Options.ResourceDir;

  // The tool lives in <prefix>/bin; its stand-in headers in
  // <prefix>/lib/hipify-clang/include.
  llvm::SmallString<256> StandIns(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Options.ExecutablePath)));
  llvm::sys::path::append(StandIns, "lib", "hipify-clang", "include");
  TC.StandInDir = std::string(StandIns);

  // A HIP version named on the command line needs no ROCm to read it from.
  if (!Options.HipVersion.empty()) {
    TC.HipVersion = Options.HipVersion;
    return TC;
  }
  // The ROCm hipcc would compile the translation with, found by the same
  // search (common/'s hipkitRocm); only its HIP version matters here.
  RocmSearchOptions Search;
  Search.Need = RocmNeed::HipVersion;
  Search.RocmPathArg = Options.RocmPath;
  Search.ExecutablePath = Options.ExecutablePath;
  Search.GetEnv = [](llvm::StringRef Name) {
    return llvm::sys::Process::GetEnv(Name);
  };
  llvm::Expected<RocmInstallation> Rocm = RocmInstallation::detect(Search);
  if (Rocm) {
    TC.RocmPath = Rocm->root();
    TC.RocmSource = describeRocmSource(Rocm->source()).str();
    TC.HipPath = Rocm->hipRoot();
    TC.HipVersion = Rocm->hipVersion().majorMinor();
  } else {
    TC.RocmError = llvm::toString(Rocm.takeError());
  }
  return TC;
}

namespace {
/// The release a PyTorch version header defines (TORCH_VERSION_MAJOR/MINOR).
unsigned torchVersion(const llvm::Twine &Header) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Header);
  if (!Buffer)
    return 0;
  unsigned Major = 0, Minor = 0;
  bool HasMajor = false, HasMinor = false;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#define "))
      continue;
    Line = Line.ltrim();
    if (Line.consume_front("TORCH_VERSION_MAJOR "))
      HasMajor = !Line.trim().getAsInteger(10, Major);
    else if (Line.consume_front("TORCH_VERSION_MINOR "))
      HasMinor = !Line.trim().getAsInteger(10, Minor);
  }
  return HasMajor && HasMinor ? Major * 100 + Minor : 0;
}

} // namespace

namespace {
namespace copt = clang::driver::options;

/// \p Command's arguments as clang's driver reads them: its option table,
/// clang's visibility, joined and separate values, aliases. The strings stay
/// \p Command's.
struct ClangArguments {
  explicit ClangArguments(llvm::ArrayRef<std::string> Command) {
    for (const std::string &Arg : Command)
      Argv.push_back(Arg.c_str());
    unsigned MissingIndex = 0, MissingCount = 0;
    Args = clang::driver::getDriverOptTable().ParseArgs(
        Argv, MissingIndex, MissingCount,
        llvm::opt::Visibility(copt::ClangOption));
  }
  std::vector<const char *> Argv;
  llvm::opt::InputArgList Args;
};

/// Whether \p A names a file or folder: the options whose value a rerun
/// from another folder may spell differently.
bool takesPath(const llvm::opt::Arg &A) {
  return A.getOption().matches(copt::OPT_I_Group) ||
         A.getOption().matches(copt::OPT_clang_i_Group) ||
         A.getOption().matches(copt::OPT_cuda_path_EQ) ||
         A.getOption().matches(copt::OPT_resource_dir) ||
         A.getOption().matches(copt::OPT__sysroot_EQ) ||
         A.getOption().matches(copt::OPT_INPUT);
}
} // namespace

std::vector<std::pair<std::string, std::string>>
hipkit::hipify::includeFolders(llvm::ArrayRef<std::string> Command) {
  ClangArguments Parsed(Command);
  std::vector<std::pair<std::string, std::string>> Folders;
  for (const llvm::opt::Arg *A :
       Parsed.Args.filtered(copt::OPT_I, copt::OPT_iquote, copt::OPT_isystem,
                            copt::OPT_idirafter))
    Folders.push_back({A->getOption().getPrefixedName().str(), A->getValue()});
  return Folders;
}

std::string hipkit::hipify::canonicalPath(llvm::StringRef Path) {
  std::string Real = realPathOf(Path);
  return llvm::sys::path::is_absolute(Real) ? Real : absolutePath(Real);
}

std::vector<std::string>
hipkit::hipify::canonicalArguments(llvm::ArrayRef<std::string> Command) {
  ClangArguments Parsed(Command);
  std::vector<std::string> Canonical;
  for (const llvm::opt::Arg *A : Parsed.Args) {
    if (!takesPath(*A) || A->getNumValues() != 1) {
      Canonical.push_back(A->getAsString(Parsed.Args));
      continue;
    }
    Canonical.push_back((A->getOption().getPrefixedName() + " " +
                         canonicalPath(A->getValue()))
                            .str());
  }
  return Canonical;
}

std::optional<TorchHeaders>
hipkit::hipify::findTorchHeadersIn(llvm::StringRef Dir) {
  llvm::SmallString<256> Folder(Dir);
  llvm::sys::path::remove_dots(Folder, /*remove_dot_dot=*/true);
  // <include>/torch/csrc/api/include, the second folder cpp_extension lists.
  llvm::StringRef Path = Folder;
  if (Path.ends_with("/torch/csrc/api/include"))
    Path = Path.drop_back(llvm::StringRef("/torch/csrc/api/include").size());
  if (!exists(Path + "/ATen/ATen.h") || !exists(Path + "/c10/macros/Macros.h"))
    return std::nullopt;
  TorchHeaders Torch;
  Torch.IncludeDir = Path.str();
  Torch.Version = torchVersion(Path + "/torch/headeronly/version.h");
  if (!Torch.Version)
    Torch.Version = torchVersion(Path + "/torch/csrc/api/include/torch/version.h");
  return Torch;
}

bool hipkit::hipify::isExtensionLibraryFolder(llvm::StringRef Dir) {
  return findTorchHeadersIn(Dir) || exists(Dir + "/pybind11/pybind11.h") ||
         (exists(Dir + "/Python.h") && exists(Dir + "/patchlevel.h"));
}

std::optional<TorchHeaders>
hipkit::hipify::findTorchHeaders(llvm::ArrayRef<std::string> Command) {
  for (const auto &[Flag, Dir] : includeFolders(Command))
    if (std::optional<TorchHeaders> Torch = findTorchHeadersIn(Dir))
      return Torch;
  return std::nullopt;
}

namespace {
/// Whether a `-std=` argument names a standard of the other language than
/// the parse's (\p IsC): flags after `--` apply to every source, so a run
/// over .cu and .c files takes `-std=c++17 -std=c11`, each source its own.
bool isOtherLanguageStandard(llvm::StringRef Arg, bool IsC) {
  if (!Arg.consume_front("-std=") && !Arg.consume_front("--std="))
    return false;
  bool NamesCxx = Arg.starts_with("c++") || Arg.starts_with("gnu++");
  return NamesCxx == IsC;
}

/// \p Flags without those naming the other language's standard.
void appendFlags(std::vector<std::string> &Command,
                 llvm::ArrayRef<std::string> Flags, bool IsC) {
  for (const std::string &Flag : Flags)
    if (!isOtherLanguageStandard(Flag, IsC))
      Command.push_back(Flag);
}

/// The user's flags of a parse, after hipify-clang's own.
void appendUserFlags(std::vector<std::string> &Command,
                     const HipifyOptions &Options,
                     llvm::ArrayRef<std::string> ProjectFlags, bool IsC) {
  appendFlags(Command, ProjectFlags, IsC);
  for (const std::string &Dir : Options.IncludeDirs)
    Command.push_back("-I" + Dir);
  for (const std::string &Define : Options.Defines)
    Command.push_back("-D" + Define);
  appendFlags(Command, Options.ClangArgs, IsC);
  appendFlags(Command, Options.ExtraArgs, IsC);
}

std::vector<std::string>
buildCParseCommand(const HipifyOptions &Options, const Toolchain &TC,
                   llvm::ArrayRef<std::string> ProjectFlags,
                   llvm::StringRef Source) {
  std::vector<std::string> Command = {"clang"};
  appendFlags(Command, Options.ExtraArgsBefore, /*IsC=*/true);
  llvm::append_range(
      Command, std::vector<std::string>{
                   "-x", "c", "-fsyntax-only", "-w", "-ferror-limit=0",
                   "-resource-dir", TC.ResourceDir,
                   // After every other include directory, as for CUDA.
                   "-idirafter", TC.CudaPath + "/include", "-idirafter",
                   TC.StandInDir});
  appendUserFlags(Command, Options, ProjectFlags, /*IsC=*/true);
  Command.push_back(Source.str());
  return Command;
}
} // namespace

std::vector<std::string> hipkit::hipify::buildParseCommand(
    const HipifyOptions &Options, const Toolchain &TC,
    llvm::ArrayRef<std::string> ProjectFlags, llvm::StringRef Source) {
  // A C source is parsed as C, as nvcc hands a .c file to the host's C
  // compiler: with C's -std, and CUDA's runtime API headers (C headers)
  // from CUDA's include folder, which clang searches only in CUDA mode.
  if (projectFileKind(Source) == ProjectFileKind::CSource)
    return buildCParseCommand(Options, TC, ProjectFlags, Source);
  std::vector<std::string> Command = {"clang++"};
  appendFlags(Command, Options.ExtraArgsBefore, /*IsC=*/false);
  // CUDA mode, as nvcc would compile a .cu file, whatever the file's suffix.
  // The host side is enough: device code is parsed too (only code generation
  // is per side), and device-only #if branches go to the token engine.
  llvm::append_range(
      Command, std::vector<std::string>{
                   "-x", "cuda", "--cuda-host-only", "-fsyntax-only",
                   "--cuda-path=" + TC.CudaPath, "-nocudalib",
                   "--no-cuda-version-check", "-Wno-unknown-cuda-version", "-w",
                   // Clang stops parsing after 20 errors by default; the
                   // translation wants the AST of everything after them too.
                   "-ferror-limit=0", "-resource-dir", TC.ResourceDir,
                   // After every other include directory, so a CUDA
                   // installation that has the real header uses it.
                   "-idirafter", TC.StandInDir});
  // CUDA 13 moved libcu++ and the other CCCL headers (cuda/std/...) under
  // include/cccl, which nvcc searches and clang 19 does not.
  if (llvm::sys::fs::is_directory(TC.CudaPath + "/include/cccl"))
    llvm::append_range(
        Command,
        std::vector<std::string>{"-idirafter", TC.CudaPath + "/include/cccl"});
  // clang 19's CUDA wrapper leaves out CUDA's surface functions (surf2Dread,
  // ...); the shipped header declares them from CUDA's own header.
  if (llvm::sys::fs::exists(TC.CudaPath + "/include/surface_indirect_functions.h") &&
      llvm::sys::fs::exists(TC.StandInDir + "/hipify_cuda_surface_functions.h"))
    llvm::append_range(Command,
                       std::vector<std::string>{
                           "-include", TC.StandInDir + "/hipify_cuda_surface_functions.h"});
  // What nvcc knows beyond CUDA's headers as clang's wrapper includes them
  // (the __nv_atomic_* builtins and their constants, min/max over mixed
  // types and on the host): without it files nvcc compiles fail to parse.
  if (llvm::sys::fs::exists(TC.StandInDir + "/hipify_cuda_nvcc_builtins.h"))
    llvm::append_range(
        Command,
        std::vector<std::string>{
            "-include", TC.StandInDir + "/hipify_cuda_nvcc_builtins.h"});
  for (const std::string &Arch : Options.CudaGpuArchs)
    Command.push_back("--cuda-gpu-arch=" + Arch);
  appendUserFlags(Command, Options, ProjectFlags, /*IsC=*/false);
  // PyTorch's folders (and pybind11's and CPython's, which an extension
  // builds against) are libraries', not the user's, however the command
  // names them: searched as system folders, their headers are neither
  // translated nor "outside the root", and PyTorch's CUDA names resolve
  // through the torch table as CUDA's own do.
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef Arg = Command[I];
    for (llvm::StringRef Flag : {"-I", "-iquote"}) {
      if (!Arg.starts_with(Flag) || Arg.starts_with("-isystem"))
        continue;
      bool Separate = Arg == Flag && I + 1 < Command.size();
      std::string Dir =
          Separate ? Command[I + 1] : Arg.drop_front(Flag.size()).str();
      if (!isExtensionLibraryFolder(Dir))
        break;
      if (Separate)
        Command[I] = "-isystem";
      else
        Command[I] = "-isystem" + Dir;
      break;
    }
  }
  Command.push_back(Source.str());
  return Command;
}

std::vector<std::string>
hipkit::hipify::filterProjectFlags(llvm::ArrayRef<std::string> CommandLine,
                                   llvm::StringRef Directory) {
  std::vector<std::string> Kept;
  auto absolute = [&](llvm::StringRef Path) {
    if (Path.empty() || llvm::sys::path::is_absolute(Path))
      return Path.str();
    llvm::SmallString<256> Full(Directory);
    llvm::sys::path::append(Full, Path);
    return std::string(Full);
  };
  static const char *const PathFlags[] = {"-I", "-isystem", "-iquote",
                                          "-idirafter", "-include"};
  static const char *const ValueFlags[] = {"-D", "-U"};
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    llvm::StringRef Arg = CommandLine[I];
    bool Matched = false;
    for (llvm::StringRef Flag : PathFlags) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Value = Arg.drop_front(Flag.size());
      if (Value.empty() && I + 1 < CommandLine.size())
        Value = CommandLine[++I];
      Kept.push_back(Flag.str());
      Kept.push_back(absolute(Value));
      Matched = true;
      break;
    }
    if (Matched)
      continue;
    for (llvm::StringRef Flag : ValueFlags) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Value = Arg.drop_front(Flag.size());
      if (Value.empty() && I + 1 < CommandLine.size())
        Value = CommandLine[++I];
      Kept.push_back((Flag + Value).str());
      Matched = true;
      break;
    }
    if (!Matched && Arg.starts_with("-std="))
      Kept.push_back(Arg.str());
  }
  return Kept;
}

std::vector<std::string> hipkit::hipify::withoutPositionalInputs(
    const std::vector<std::string> &ClangArgs,
    std::vector<std::string> &Stripped) {
  if (ClangArgs.empty())
    return ClangArgs;
  std::vector<const char *> Argv = {"hipify-clang", "--"};
  for (const std::string &Arg : ClangArgs)
    Argv.push_back(Arg.c_str());
  int Argc = int(Argv.size());
  std::string Error;
  std::unique_ptr<clang::tooling::FixedCompilationDatabase> Database =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
          Argc, Argv.data(), Error);
  if (!Database)
    return ClangArgs;
  std::vector<clang::tooling::CompileCommand> Commands =
      Database->getCompileCommands("placeholder.cu");
  if (Commands.size() != 1 || Commands[0].CommandLine.size() < 2)
    return ClangArgs;
  // "clang-tool", the options kept, the file asked for.
  llvm::ArrayRef<std::string> Kept(Commands[0].CommandLine);
  Kept = Kept.drop_front().drop_back();
  size_t K = 0;
  for (const std::string &Arg : ClangArgs) {
    if (K < Kept.size() && Kept[K] == Arg)
      ++K;
    else
      Stripped.push_back(Arg);
  }
  if (K != Kept.size()) { // Not a subsequence: leave the arguments alone.
    Stripped.clear();
    return ClangArgs;
  }
  return std::vector<std::string>(Kept.begin(), Kept.end());
}
