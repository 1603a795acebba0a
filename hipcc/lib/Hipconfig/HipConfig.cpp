//===- HipConfig.cpp - The values hipconfig reports -----------------------===//
#include "hipkit/Hipconfig/HipConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <sys/utsname.h>

extern char **environ;

using namespace llvm;

#ifndef HIPKIT_CLANG_DIR
#define HIPKIT_CLANG_DIR "/usr/lib/llvm-19/bin"
#endif
#ifndef HIPKIT_CLANG_RESOURCE_DIR
#define HIPKIT_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

namespace hipkit {

HipConfig::HipConfig(RocmInstallation Rocm, std::string ExecutablePath,
                     EnvLookup GetEnv, HipPlatform Platform)
    : Rocm(std::move(Rocm)), ExecutablePath(std::move(ExecutablePath)),
      GetEnv(std::move(GetEnv)), Platform(Platform) {}

std::string HipConfig::hipClangPath() const {
  if (GetEnv)
    if (std::string Dir = GetEnv("HIP_CLANG_PATH").value_or(""); !Dir.empty())
      return Dir;
  SmallString<256> Driver(Rocm.root());
  sys::path::append(Driver, "llvm", "bin", "clang++");
  if (sys::fs::exists(Driver))
    return std::string(sys::path::parent_path(Driver));
  return HIPKIT_CLANG_DIR;
}

std::string HipConfig::cppConfig() const {
  if (Platform == HipPlatform::Nvidia) {
    // The folders hipcc searches, in its order and as it searches them (a
    // host compiler compiling a HIP source of a PyTorch extension needs them
    // all): PyTorch's HIP headers before every folder of the command line,
    // hipkit's own as system headers (no warnings of theirs under -Werror).
    NvidiaHeaderFolders Folders = findNvidiaHeaderFolders(Rocm.hipIncludeDir());
    std::string Flags = " -D__HIP_PLATFORM_NVCC__= -D__HIP_PLATFORM_NVIDIA__=";
    if (!Folders.Torch.empty())
      Flags += " -I\"" + Folders.Torch + "\"";
    for (const std::string &Folder :
         {Folders.Libraries, Rocm.hipIncludeDir(),
          findCudaRoot(GetEnv) + "/include"})
      if (!Folder.empty())
        Flags += " -isystem \"" + Folder + "\"";
    return Flags;
  }
  return " -D__HIP_PLATFORM_HCC__= -D__HIP_PLATFORM_AMD__= -I\"" +
         Rocm.hipIncludeDir() + "\" -I\"" HIPKIT_CLANG_RESOURCE_DIR "\"";
}

/// Runs \p Program with \p Args, its output going to ours.
static void runAndShow(raw_ostream &OS, StringRef Program,
                       ArrayRef<StringRef> Args) {
  OS.flush();
  std::vector<StringRef> Argv{Program};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::string ErrMsg;
  if (sys::ExecuteAndWait(Program, Argv, std::nullopt, {}, 0, 0, &ErrMsg) < 0)
    OS << "(cannot run " << Program << ": " << ErrMsg << ")\n";
}

void HipConfig::printFull(raw_ostream &OS) const {
  OS << "HIP version  : " << version() << "\n\n";
  OS << "== hipconfig\n"
     << "HIP_PATH     : " << path() << "\n"
     << "ROCM_PATH    : " << rocmPath() << "\n"
     << "HIP_COMPILER : " << compiler() << "\n"
     << "HIP_PLATFORM : " << platform() << "\n"
     << "HIP_RUNTIME  : " << runtime() << "\n"
     << "CPP_CONFIG   : " << cppConfig() << "\n\n";
  if (Platform == HipPlatform::Nvidia) {
    std::string Nvcc = findCudaRoot(GetEnv) + "/bin/nvcc";
    OS << "== nvcc\n"
       << "CUDA_PATH    : " << findCudaRoot(GetEnv) << "\n";
    if (sys::fs::can_execute(Nvcc))
      runAndShow(OS, Nvcc, {"--version"});
    else
      OS << "(no " << Nvcc << ": install CUDA or set CUDA_PATH)\n";
    OS << "hip-nvcc-cxxflags : -isystem " << Rocm.hipIncludeDir()
       << " -D__HIP_PLATFORM_NVIDIA__ -O3\n\n";
  } else {
    OS << "== hip-clang\n"
       << "HIP_CLANG_PATH   : " << hipClangPath() << "\n"
       << "DEVICE_LIB_PATH  : " << Rocm.deviceLibDir() << "\n"
       << "ROCm found via   : " << describeRocmSource(Rocm.source()) << "\n";
    runAndShow(OS, HIPKIT_CLANG_DIR "/clang++", {"--version"});
    OS << "hip-clang-cxxflags : --rocm-path=" << rocmPath() << " -O3\n"
       << "hip-clang-ldflags  : --hip-link -L" << Rocm.hipLibDir()
       << " -Wl,-rpath," << Rocm.hipRuntimeDir() << "\n\n";
  }
  OS << "=== Environment Variables\n";
  for (char **E = environ; *E; ++E) {
    StringRef Var(*E);
    if (Var.starts_with("PATH=") || Var.starts_with("HIP") ||
        Var.starts_with("ROCM") || Var.starts_with("HSA") ||
        Var.starts_with("DEVICE_LIB_PATH") || Var.starts_with("HCC_") ||
        Var.starts_with("CUDA"))
      OS << Var << "\n";
  }
  struct utsname Uts;
  if (uname(&Uts) == 0)
    OS << "\n== Linux Kernel\nHostname     : " << Uts.nodename << "\n"
       << Uts.sysname << " " << Uts.release << " " << Uts.version << " "
       << Uts.machine << "\n";
}

bool HipConfig::printCheck(raw_ostream &OS) const {
  bool Ok = true;
  auto Check = [&](StringRef What, const Twine &Path) {
    bool Exists = sys::fs::exists(Path);
    OS << (Exists ? "ok       " : "MISSING  ") << What << ": " << Path << "\n";
    Ok &= Exists;
  };
  OS << "Check system installation:\n";
  Check("HIP headers", Rocm.hipIncludeDir() + "/hip/hip_runtime.h");
  if (Platform == HipPlatform::Nvidia) {
    // nvcc compiles and CUDA's runtime runs: no AMD runtime or device
    // libraries are needed.
    Check("HIP headers for NVIDIA",
          Rocm.hipIncludeDir() + "/hip/nvidia_detail/nvidia_hip_runtime.h");
    Check("nvcc", findCudaRoot(GetEnv) + "/bin/nvcc");
    OS << (Ok ? "hipconfig: installation is complete\n"
              : "hipconfig: installation is incomplete\n");
    return Ok;
  }
  Check("HIP runtime", Rocm.hipLibDir() + "/libamdhip64.so");
  Check("device libraries", Rocm.deviceLibDir() + "/ocml.bc");
  Check("clang", HIPKIT_CLANG_DIR "/clang++");
  Check("hip-clang driver", hipClangPath() + "/clang++");
  OS << (Ok ? "hipconfig: installation is complete\n"
            : "hipconfig: installation is incomplete\n");
  return Ok;
}

} // namespace hipkit
