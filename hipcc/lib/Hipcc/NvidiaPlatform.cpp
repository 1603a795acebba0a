//===- NvidiaPlatform.cpp - hipcc for NVIDIA GPUs, through nvcc -----------===//
#include "NvidiaPlatform.h"

#include "hipkit/Rocm/HipPlatform.h"
#include "hipkit/Rocm/RocmInstallation.h"
#include "hipkit/Support/Diagnostics.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;
namespace copt = clang::driver::options;

namespace hipkit {
namespace hipcc_detail {

// hipcc's own options (HipccOptions.td): the same table HipccDriver.cpp reads.
#define HIPKIT_OPTIONS_INC "HipccOptions.inc"
#define HIPKIT_OPT_TABLE_CLASS NvidiaHipccOptTable
#include "hipkit/Support/OptTableDefinition.inc"

namespace {
/// What one input becomes for nvcc.
enum class NvccLanguage { Cuda, C, Cxx, Decide };

struct NvccInput {
  std::string Path;
  NvccLanguage Language;
  /// Index in CL.ClangArgs, so the input keeps its place.
  size_t ArgIndex;
};

/// Turns the parsed command line into nvcc's arguments. Options stay in the
/// user's order; inputs are collected so the plan can place them.
class NvccPlanner {
public:
  NvccPlanner(const CommandLine &CL, const EnvLookup &GetEnv)
      : CL(CL), GetEnv(GetEnv) {}

  Expected<NvccPlan> plan(StringRef ExecutablePath);

private:
  std::string env(StringRef Name) const {
    return GetEnv ? GetEnv(Name).value_or("") : "";
  }
  Error translateHipccOptions(std::vector<std::string> &Compile,
                              std::vector<std::string> &Link) const;
  Error translateClangArgument(size_t Index, std::vector<std::string> &Compile,
                               std::vector<std::string> &Link);
  Error translateInput(size_t Index, StringRef Path);
  /// -x: the language of the inputs after it.
  Error translateLanguage(StringRef Lang);
  /// The HIP headers' folders (and NVIDIA's for HIP libraries and PyTorch),
  /// first in Compile.
  Error addHeaderFolders(NvccPlan &Plan, StringRef ExecutablePath);
  /// hipcc's and clang's options into Compile and Link, nvcc's own in place.
  Error translateCommandLine();
  /// HIPCC_COMPILE_FLAGS_APPEND and HIPCC_LINK_FLAGS_APPEND, where used.
  Error readAppendedFlags(bool CompilesSources, bool Links);
  /// nvcc's runs for Inputs, into \p Plan.
  Error planRuns(NvccPlan &Plan);
  /// What the last run compiles or links, after the inputs compiled apart.
  struct LastRun {
    std::vector<std::string> Inputs;
    bool AfterSeparate = false, CompilesC = false, CompilesSources = false;
  };
  /// A run compiling \p In apart, added to \p Plan; the object it writes.
  Expected<std::string> addSeparateRun(const NvccInput &In, bool CompileOnly,
                                       NvccPlan &Plan);
  std::vector<std::string> lastRun(const LastRun &Last, bool Links) const;
  Error translateOffloadArch(StringRef Value, StringRef GivenAs,
                             std::vector<std::string> &Out);
  Error readNvccArchitectures();
  Error readNvccList(StringRef Query);

  const CommandLine &CL;
  const EnvLookup &GetEnv;
  std::string NvccPath;
  std::vector<NvccInput> Inputs;
  /// nvcc --list-gpu-code and --list-gpu-arch: sm_* and compute_*.
  std::vector<std::string> KnownArchitectures;
  std::string OutputPath;
  /// Every run's options; the last run's link options; the variables'
  /// appended ones.
  std::vector<std::string> Compile, Link, CompileAppend, LinkAppend;
  /// The user's -x in effect: "" for none.
  std::string UserLanguage;
  /// The host C compiler's own options (a C -std): given to runs that compile
  /// C sources only, never to a C++ compile or to nvcc's link, which g++ does.
  std::vector<std::string> CFlags;
};
} // namespace

/// What a HIP library's -l links on NVIDIA: the CUDA libraries it is over.
/// The list is the library registry's (hipify-clang/tables/derive/libraries.tsv:
/// hip_link and cuda_link), generated into NvidiaLibraries.inc at build time.
struct NvidiaLibrary {
  const char *Hip;
  const char *Cuda[3]; // nullptr after the last
};
static constexpr NvidiaLibrary NvidiaLibraries[] = {
#define HIPKIT_NVIDIA_LIBRARY(HIP, ...) {HIP, {__VA_ARGS__}},
#include "NvidiaLibraries.inc"
};

/// AMD-only clang options: they configure the AMDGPU toolchain, which an
/// nvcc compilation does not have, so dropping them silently would hide that
/// the command does not do what it says.
static bool isAmdOnlyOption(const Arg &A) {
  const Option &O = A.getOption();
  for (OptSpecifier ID :
       {copt::OPT_rocm_path_EQ, copt::OPT_hip_path_EQ,
        copt::OPT_rocm_device_lib_path_EQ, copt::OPT_mcode_object_version_EQ,
        copt::OPT_offload_compress, copt::OPT_hip_link,
        copt::OPT_m_amdgpu_Features_Group, copt::OPT_mllvm, copt::OPT_Xclang,
        copt::OPT_gpu_bundle_output, copt::OPT_no_gpu_bundle_output,
        copt::OPT_cuda_host_only, copt::OPT_offload_host_only})
    if (O.matches(ID))
      return true;
  return false;
}

Error NvccPlanner::readNvccArchitectures() {
  if (!KnownArchitectures.empty())
    return Error::success();
  // Real GPUs (sm_*) from --list-gpu-code, virtual ones (compute_*) from
  // --list-gpu-arch.
  for (StringRef Query : {"--list-gpu-code", "--list-gpu-arch"})
    if (Error E = readNvccList(Query))
      return E;
  return Error::success();
}

Error NvccPlanner::readNvccList(StringRef Query) {
  SmallString<128> Listing;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("hipcc-nvcc-archs", "txt", Listing))
    return createStringError(EC,
                             "cannot create a temporary file: " + EC.message());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Listing),
                                          std::nullopt};
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(NvccPath, {NvccPath, Query}, std::nullopt,
                                   Redirects, 0, 0, &ErrMsg);
  auto Buffer = MemoryBuffer::getFile(Listing);
  sys::fs::remove(Listing);
  if (Status != 0 || !Buffer)
    return createStringError(inconvertibleErrorCode(),
                             "cannot ask '" + NvccPath +
                                 "' for its GPU architectures (nvcc " + Query +
                                 " failed); check the CUDA installation");
  SmallVector<StringRef, 32> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef Line : Lines)
    if (!Line.trim().empty())
      KnownArchitectures.push_back(Line.trim().str());
  return Error::success();
}

/// --offload-arch=sm_90 (a real GPU: SASS for it) or compute_90 (a virtual
/// one: PTX, compiled by the driver at load time) becomes nvcc's -gencode;
/// which names exist is nvcc's knowledge (--list-gpu-code/-arch), plus the
/// architecture-specific (sm_90a) and family (sm_100f) suffixes it accepts.
Error NvccPlanner::translateOffloadArch(StringRef Value, StringRef GivenAs,
                                        std::vector<std::string> &Out) {
  SmallVector<StringRef, 4> Ids;
  Value.split(Ids, ',', -1, /*KeepEmpty=*/true);
  for (StringRef Id : Ids) {
    if (Id.empty())
      return createStringError(inconvertibleErrorCode(),
                               "empty offload arch in '" + GivenAs +
                                   "': name an NVIDIA GPU architecture, e.g. "
                                   "--offload-arch=sm_90");
    if (Error E = readNvccArchitectures())
      return E;
    StringRef Base = Id;
    if (Base.ends_with("a") || Base.ends_with("f"))
      Base = Base.drop_back();
    bool Real = Id.starts_with("sm_");
    if (!is_contained(KnownArchitectures, Base))
      return createStringError(
          inconvertibleErrorCode(),
          "'" + Id + "' in '" + GivenAs +
              "' is not an NVIDIA GPU architecture nvcc (" + NvccPath +
              ") knows; HIP_PLATFORM=nvidia compiles for sm_* (or compute_* "
              "for PTX), e.g. --offload-arch=sm_90; nvcc --list-gpu-code "
              "lists them");
    std::string Virtual =
        "compute_" + Id.drop_front(Real ? 3 : 8).str(); // sm_ / compute_
    Out.push_back("-gencode");
    Out.push_back("arch=" + Virtual + ",code=" + Id.str());
  }
  return Error::success();
}

Error NvccPlanner::translateHipccOptions(std::vector<std::string> &Compile,
                                         std::vector<std::string> &Link) const {
  if (CL.hasHipcc(OPT_hipcc_no_func_supp))
    return createStringError(
        inconvertibleErrorCode(),
        "--hipcc-no-func-supp is an AMD GPU option (it makes the AMDGPU "
        "backend inline every call) and has no meaning with "
        "HIP_PLATFORM=nvidia; remove it");
  if (CL.hasHipcc(OPT_genco))
    Compile.push_back("--fatbin"); // what hipModuleLoad reads on NVIDIA
  if (CL.hasHipcc(OPT_use_fast_math)) {
    Compile.push_back("--use_fast_math");
    Compile.push_back("-DHIP_FAST_MATH");
  }
  // HIP's module and occupancy functions are CUDA driver API calls on NVIDIA
  // (hipModuleLoad is cuModuleLoad): link the driver library, as ROCm's hipcc
  // does (-lcuda; nvcc finds its stub at link time).
  Link.push_back("-lcuda");
  // nvcc links the CUDA runtime statically by default; AMD's hipcc options
  // for the HIP runtime's linkage choose the CUDA runtime's here.
  if (const Arg *A = CL.lastHipcc({OPT_use_staticlib, OPT_use_sharedlib}))
    Link.push_back(A->getOption().matches(OPT_use_staticlib)
                       ? "--cudart=static"
                       : "--cudart=shared");
  return Error::success();
}

Error NvccPlanner::translateInput(size_t Index, StringRef Path) {
  if (Path != "-" && !sys::fs::exists(Path))
    return createStringError(inconvertibleErrorCode(),
                             "input file '" + Path +
                                 "' not found; check the path");
  StringRef Lang = UserLanguage;
  if (Lang.empty())
    Lang = languageForInput(
        Path, parseBoolEnv(env("HIP_COMPILE_CXX_AS_HIP"), true));
  NvccLanguage L = StringSwitch<NvccLanguage>(Lang)
                       .Cases("hip", "cuda", "cu", NvccLanguage::Cuda)
                       .Case("c", NvccLanguage::C)
                       .Cases("c++", "cpp", NvccLanguage::Cxx)
                       .Default(NvccLanguage::Decide);
  Inputs.push_back({Path.str(), L, Index});
  return Error::success();
}

Error NvccPlanner::translateLanguage(StringRef Lang) {
  if (Lang == "none") {
    UserLanguage.clear();
    return Error::success();
  }
  if (!is_contained({"hip", "cuda", "c", "c++"}, Lang))
    return createStringError(inconvertibleErrorCode(),
                             "'-x " + Lang +
                                 "' has no nvcc equivalent with "
                                 "HIP_PLATFORM=nvidia; use -x hip, cuda, "
                                 "c++ or c");
  UserLanguage = Lang.str();
  return Error::success();
}

/// Options nvcc spells as clang does, or under another name: added to
/// \p Compile or \p Link; false for any other.
static bool translateKnownOption(const ClangArgument &CA,
                                 std::vector<std::string> &Compile,
                                 std::vector<std::string> &Link) {
  const Arg &A = *CA.Parsed;
  const Option &O = A.getOption();
  std::string Spelled = join(CA.Spelling, " ");
  // Spelled the same by nvcc.
  for (OptSpecifier ID :
       {copt::OPT_c, copt::OPT_E, copt::OPT_M, copt::OPT_MM, copt::OPT_MD,
        copt::OPT_MMD, copt::OPT_MF, copt::OPT_MT, copt::OPT_I,
        copt::OPT_isystem, copt::OPT_D, copt::OPT_U, copt::OPT_include,
        copt::OPT_std_EQ, copt::OPT_v, copt::OPT_w, copt::OPT_arch})
    if (O.matches(ID))
      return append_range(Compile, CA.Spelling), true;
  // A HIP library on NVIDIA is its CUDA library under HIP's names (hipkit's
  // headers, <prefix>/include/hipkit-nvidia): -lhipblas links cuBLAS.
  if (O.matches(copt::OPT_l))
    for (const NvidiaLibrary &Lib : NvidiaLibraries)
      if (StringRef(A.getValue()) == Lib.Hip) {
        for (const char *Cuda : Lib.Cuda)
          if (Cuda)
            Link.push_back(std::string("-l") + Cuda);
        return true;
      }
  for (OptSpecifier ID : {copt::OPT_L, copt::OPT_l, copt::OPT_shared})
    if (O.matches(ID))
      return append_range(Link, CA.Spelling), true;
  if (O.matches(copt::OPT_O_Group)) {
    // nvcc takes -O0 to -O3 for the host compiler (the device code is
    // always optimized); the others keep their host meaning.
    if (is_contained({"-O0", "-O1", "-O2", "-O3"}, Spelled))
      append_range(Compile, CA.Spelling);
    else
      Compile.insert(Compile.end(), {"-Xcompiler", Spelled});
    return true;
  }
  if (O.matches(copt::OPT_g_Group))
    Compile.push_back("-g");
  else if (O.matches(copt::OPT__HASH_HASH_HASH))
    Compile.push_back("--dryrun");
  else if (O.matches(copt::OPT_fgpu_rdc) || O.matches(copt::OPT_fno_gpu_rdc)) {
    std::string Rdc =
        O.matches(copt::OPT_fgpu_rdc) ? "-rdc=true" : "-rdc=false";
    Compile.push_back(Rdc);
    Link.push_back(Rdc);
  } else if (O.matches(copt::OPT_cuda_device_only))
    Compile.push_back("--fatbin");
  else if (O.matches(copt::OPT_Wl_COMMA) || O.matches(copt::OPT_Xlinker)) {
    // nvcc splits -Xlinker's value at commas, as -Wl, does.
    Link.push_back("-Xlinker");
    Link.push_back(join(A.getValues(), ","));
  } else
    return false;
  return true;
}

/// Host compiler options (-f..., -W..., -m..., -pthread): nvcc hands them to
/// the host compiler with -Xcompiler.
static bool isHostCompilerOption(const Option &O) {
  return O.matches(copt::OPT_f_Group) || O.matches(copt::OPT_W_Group) ||
         O.matches(copt::OPT_m_Group) || O.matches(copt::OPT_pthread);
}

static Error translateHostCompilerOption(const ClangArgument &CA,
                                         std::vector<std::string> &Compile,
                                         std::vector<std::string> &Link) {
  const Option &O = CA.Parsed->getOption();
  std::string Spelled = join(CA.Spelling, " ");
  // nvcc splits -Xcompiler's value at commas, so an option holding one
  // cannot pass.
  if (CA.Spelling.size() != 1 || StringRef(Spelled).contains(','))
    return createStringError(inconvertibleErrorCode(),
                             "'" + Spelled +
                                 "' cannot be passed to nvcc's host "
                                 "compiler (HIP_PLATFORM=nvidia); give it "
                                 "as -Xcompiler <option> in nvcc's form");
  Compile.push_back("-Xcompiler");
  Compile.push_back(Spelled);
  if (O.matches(copt::OPT_pthread) || O.matches(copt::OPT_fopenmp)) {
    Link.push_back("-Xcompiler");
    Link.push_back(Spelled);
  }
  return Error::success();
}

Error NvccPlanner::translateClangArgument(size_t Index,
                                          std::vector<std::string> &Compile,
                                          std::vector<std::string> &Link) {
  const ClangArgument &CA = CL.ClangArgs[Index];
  const Arg *A = CA.Parsed.get();
  std::string Spelled = join(CA.Spelling, " ");
  if (!A) // a missing value: nvcc reports it
    return append_range(Compile, CA.Spelling), Error::success();
  const Option &O = A->getOption();
  if (O.matches(copt::OPT_INPUT))
    return translateInput(Index, A->getValue());
  if (O.matches(copt::OPT_x))
    return translateLanguage(A->getValue());
  if (O.matches(copt::OPT_o)) {
    OutputPath = A->getValue();
    return Error::success();
  }
  if (O.matches(copt::OPT_offload_arch_EQ))
    return translateOffloadArch(A->getValue(), Spelled, Compile);
  // nvcc's -std knows the C++ standards only: a C one (-std=c11, gnu99) is
  // the host C compiler's, for the C sources.
  if (O.matches(copt::OPT_std_EQ) && !StringRef(A->getValue()).contains("++")) {
    CFlags.push_back("-Xcompiler");
    CFlags.push_back(Spelled);
    return Error::success();
  }
  if (isAmdOnlyOption(*A))
    return createStringError(
        inconvertibleErrorCode(),
        "'" + Spelled +
            "' is an AMD GPU option and has no meaning with "
            "HIP_PLATFORM=nvidia; remove it (or compile for AMD)");
  if (translateKnownOption(CA, Compile, Link))
    return Error::success();
  if (isHostCompilerOption(O))
    return translateHostCompilerOption(CA, Compile, Link);
  // Options clang does not know are nvcc's own (--expt-relaxed-constexpr,
  // -Xcompiler, -lineinfo, ...): nvcc reads them, and reports unknown ones.
  if (O.getKind() == Option::UnknownClass)
    return append_range(Compile, CA.Spelling), Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      "'" + Spelled +
          "' is a clang option hipcc cannot translate for nvcc "
          "(HIP_PLATFORM=nvidia); remove it, or give nvcc's own spelling");
}

/// Whether nvcc compiles \p In (a source), rather than only linking it.
static bool compilesSource(const NvccInput &In) {
  return In.Language != NvccLanguage::Decide ||
         !(StringRef(In.Path).ends_with(".o") ||
           StringRef(In.Path).ends_with(".a") ||
           StringRef(In.Path).contains(".so"));
}

static bool isCInput(const NvccInput &In) {
  return In.Language == NvccLanguage::C;
}

static bool isCudaInput(const NvccInput &In) {
  return In.Language == NvccLanguage::Cuda;
}

/// nvcc's -x for \p L.
static std::vector<std::string> languageArgs(NvccLanguage L) {
  switch (L) {
  case NvccLanguage::Cuda:
    return {"-x", "cu"};
  case NvccLanguage::C:
    return {"-x", "c"};
  case NvccLanguage::Cxx:
    return {"-x", "c++"};
  case NvccLanguage::Decide:
    return {};
  }
  return {};
}

Error NvccPlanner::addHeaderFolders(NvccPlan &Plan, StringRef ExecutablePath) {
  // The HIP headers come from the same search as on AMD (hipkitRocm), which
  // asks for neither AMD's device libraries nor its runtime here.
  RocmSearchOptions Search;
  Search.ExecutablePath = ExecutablePath.str();
  Search.GetEnv = GetEnv;
  Search.Need = RocmNeed::HipHeaders;
  Expected<RocmInstallation> Rocm = RocmInstallation::detect(Search);
  if (!Rocm)
    return Rocm.takeError();
  Plan.HipIncludeDir = Rocm->hipIncludeDir();
  // PyTorch's HIP headers for NVIDIA come before every folder of the command
  // line, the user's -I included (a torch include folder, -I in a setup.py
  // build, ships ROCm's ATen/hip/impl headers); they hold only ATen/hip,
  // c10/hip and THH paths. hipkit's HIP headers for NVIDIA next, as system
  // headers: the CUDA toolkit's include directory follows (nvcc adds it),
  // Debian's /usr/include/hip never comes before them. HIP libraries' NVIDIA
  // headers (hipblas/hipblas.h over cuBLAS, ...) sit in a directory of their
  // own, so that <prefix>/include never shadows ROCm's library headers on AMD.
  NvidiaHeaderFolders Folders = findNvidiaHeaderFolders(Plan.HipIncludeDir);
  if (!Folders.Torch.empty())
    Compile.insert(Compile.end(), {"-I", Folders.Torch});
  if (!Folders.Libraries.empty())
    Compile.insert(Compile.end(), {"-isystem", Folders.Libraries});
  Compile.insert(Compile.end(),
                 {"-isystem", Plan.HipIncludeDir, "-D__HIP_PLATFORM_NVIDIA__"});
  return Error::success();
}

Error NvccPlanner::translateCommandLine() {
  if (!CL.hasClang(copt::OPT_O_Group))
    Compile.push_back("-O3"); // as on AMD
  if (Error E = translateHipccOptions(Compile, Link))
    return E;
  // nvcc's own options (-Xcompiler, -gencode, --threads, ... read by
  // HipccOptions.td) are nvcc's to read: unchanged, in their place.
  auto NextNvcc = CL.NvccArgs.begin();
  auto AddNvccArgsBefore = [&](size_t ClangIndex) {
    for (; NextNvcc != CL.NvccArgs.end() &&
           NextNvcc->ClangArgsBefore <= ClangIndex;
         ++NextNvcc)
      append_range(Compile, NextNvcc->Spelling);
  };
  for (size_t I = 0; I < CL.ClangArgs.size(); ++I) {
    AddNvccArgsBefore(I);
    if (Error E = translateClangArgument(I, Compile, Link))
      return E;
  }
  AddNvccArgsBefore(CL.ClangArgs.size());
  return Error::success();
}

Error NvccPlanner::readAppendedFlags(bool CompilesSources, bool Links) {
  if (CompilesSources)
    if (Error E = splitFlagsVariable("HIPCC_COMPILE_FLAGS_APPEND",
                                     env("HIPCC_COMPILE_FLAGS_APPEND"),
                                     CompileAppend))
      return E;
  if (Links)
    if (Error E =
            splitFlagsVariable("HIPCC_LINK_FLAGS_APPEND",
                               env("HIPCC_LINK_FLAGS_APPEND"), LinkAppend))
      return E;
  return Error::success();
}

Expected<std::string> NvccPlanner::addSeparateRun(const NvccInput &In,
                                                  bool CompileOnly,
                                                  NvccPlan &Plan) {
  // Compiled on its own run: into the object -c would name, or a temporary
  // the last run links.
  std::string Object;
  if (CompileOnly && Inputs.size() == 1 && !OutputPath.empty()) {
    Object = OutputPath;
  } else if (CompileOnly) {
    Object = sys::path::stem(In.Path).str() + ".o";
  } else {
    SmallString<128> Temp;
    if (std::error_code EC = sys::fs::createTemporaryFile(
            "hipcc-" + sys::path::stem(In.Path), "o", Temp))
      return createStringError(EC, "cannot create a temporary object: " +
                                       EC.message());
    Object = std::string(Temp);
    Plan.Temporaries.push_back(Object);
  }
  std::vector<std::string> Run = Compile;
  if (isCInput(In))
    append_range(Run, CFlags);
  append_range(Run, languageArgs(In.Language));
  Run.insert(Run.end(), {"-c", In.Path, "-o", Object});
  append_range(Run, CompileAppend);
  // -c twice is harmless; the user's -c may already be in Compile.
  Plan.Runs.push_back(std::move(Run));
  return Object;
}

Error NvccPlanner::planRuns(NvccPlan &Plan) {
  bool Links = isLinkStep(CL) && !Inputs.empty();
  if (Error E = readAppendedFlags(any_of(Inputs, compilesSource), Links))
    return E;
  // nvcc's -x is one language for every input of a run: one run when all
  // inputs share it, else each CUDA source compiled on its own first.
  bool AllCuda = !Inputs.empty() && all_of(Inputs, isCudaInput);
  bool AnyCuda = any_of(Inputs, isCudaInput);

  // The C flags must reach no C++ compile and no link (nvcc links through
  // g++): a C source is compiled on its own run, into an object, when the
  // command links or compiles C++ too. CUDA sources are compiled apart
  // whenever C sources are there (above).
  bool CompileOnly = CL.hasClang(copt::OPT_c);
  bool CompilesCxxLast = any_of(Inputs, [&](const NvccInput &In) {
    return compilesSource(In) && !isCInput(In) && !isCudaInput(In);
  });
  bool SeparateC = !CFlags.empty() && any_of(Inputs, isCInput) &&
                   (Links || (CompileOnly && CompilesCxxLast));

  LastRun Last;
  for (const NvccInput &In : Inputs) {
    bool Separate = (AnyCuda && !AllCuda && isCudaInput(In)) ||
                    (SeparateC && isCInput(In));
    if (!Separate) {
      Last.Inputs.push_back(In.Path);
      Last.CompilesC |= isCInput(In);
      Last.CompilesSources |= compilesSource(In);
      continue;
    }
    Last.AfterSeparate = true;
    Expected<std::string> Object = addSeparateRun(In, CompileOnly, Plan);
    if (!Object)
      return Object.takeError();
    if (!CompileOnly)
      Last.Inputs.push_back(*Object);
  }
  if (!Last.Inputs.empty() || Inputs.empty())
    Plan.Runs.push_back(lastRun(Last, Links));
  return Error::success();
}

std::vector<std::string> NvccPlanner::lastRun(const LastRun &Last,
                                              bool Links) const {
  std::vector<std::string> Run = Compile;
  if (Last.CompilesC)
    append_range(Run, CFlags);
  // One language for all inputs of the run, none of them an object made
  // by a run above: say it (nvcc does not know .hip, and reads a .cpp given
  // -x hip as C++).
  bool OneLanguage = !Inputs.empty() && !Last.AfterSeparate &&
                     all_of(Inputs, [&](const NvccInput &In) {
                       return In.Language == Inputs.front().Language;
                     });
  if (OneLanguage)
    append_range(Run, languageArgs(Inputs.front().Language));
  append_range(Run, Last.Inputs);
  if (!OutputPath.empty()) {
    Run.push_back("-o");
    Run.push_back(OutputPath);
  }
  if (Links)
    append_range(Run, Link);
  if (Last.CompilesSources)
    append_range(Run, CompileAppend);
  if (Links)
    append_range(Run, LinkAppend);
  return Run;
}

Expected<NvccPlan> NvccPlanner::plan(StringRef ExecutablePath) {
  Expected<std::string> Nvcc = findNvcc(GetEnv);
  if (!Nvcc)
    return Nvcc.takeError();
  NvccPath = *Nvcc;
  NvccPlan Plan;
  Plan.NvccPath = NvccPath;
  if (Error E = addHeaderFolders(Plan, ExecutablePath))
    return std::move(E);
  Plan.CudaRoot = findCudaRoot(GetEnv);
  if (Error E = translateCommandLine())
    return std::move(E);
  if (Error E = planRuns(Plan))
    return std::move(E);
  return std::move(Plan);
}

Expected<NvccPlan> planNvccRuns(const CommandLine &CL, const EnvLookup &GetEnv,
                                StringRef ExecutablePath) {
  NvccPlanner Planner(CL, GetEnv);
  return Planner.plan(ExecutablePath);
}

static int runNvcc(StringRef Nvcc, ArrayRef<std::string> Args) {
  std::vector<StringRef> Argv{Nvcc};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(Nvcc, Argv, std::nullopt, {}, 0, 0, &ErrMsg);
  if (Status == -1) {
    // Only a program that cannot be executed is a missing toolkit (not, for
    // one, a command line too long for exec).
    reportError("cannot run '" + Nvcc + "': " + ErrMsg +
                (sys::fs::can_execute(Nvcc)
                     ? ""
                     : "; install the CUDA toolkit or set CUDA_PATH"));
    return 1;
  }
  return Status < 0 ? 1 : Status;
}

int runForNvidia(const CommandLine &CL, const EnvLookup &GetEnv,
                 StringRef ExecutablePath, unsigned Verbosity) {
  if (CL.hasHipcc(OPT_version)) {
    RocmSearchOptions Search;
    Search.ExecutablePath = ExecutablePath.str();
    Search.GetEnv = GetEnv;
    Search.Need = RocmNeed::HipHeaders;
    Expected<RocmInstallation> Rocm = RocmInstallation::detect(Search);
    Expected<std::string> Nvcc = findNvcc(GetEnv);
    if (!Rocm || !Nvcc) {
      reportError(toString(Rocm ? Nvcc.takeError() : Rocm.takeError()));
      if (!Nvcc)
        consumeError(Nvcc.takeError());
      return 1;
    }
    outs() << "HIP version: " << Rocm->hipVersion().full() << "\n";
    outs().flush();
    return runNvcc(*Nvcc, {"--version"});
  }

  Expected<NvccPlan> Plan = planNvccRuns(CL, GetEnv, ExecutablePath);
  if (!Plan) {
    reportError(toString(Plan.takeError()));
    return 1;
  }
  if (Verbosity & VerbosePaths)
    errs() << "HIP_PLATFORM=nvidia\nHIP_COMPILER=nvcc\nHIP_RUNTIME=cuda\n"
           << "CUDA_PATH=" << Plan->CudaRoot << "\n"
           << "HIP_INCLUDE_PATH=" << Plan->HipIncludeDir << "\n";
  int Status = 0;
  for (const std::vector<std::string> &Run : Plan->Runs) {
    if (Verbosity & VerboseCommand) {
      errs() << "hipcc-cmd: " << quoteForShell(Plan->NvccPath);
      for (const std::string &A : Run)
        errs() << " " << quoteForShell(A);
      errs() << "\n";
    }
    errs().flush();
    outs().flush();
    Status = runNvcc(Plan->NvccPath, Run);
    if (Status != 0)
      break;
  }
  for (const std::string &Temp : Plan->Temporaries)
    sys::fs::remove(Temp);
  return Status;
}

} // namespace hipcc_detail
} // namespace hipkit
