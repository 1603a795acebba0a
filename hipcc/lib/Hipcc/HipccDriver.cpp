//===- HipccDriver.cpp - hipcc: HIP policy over clang's driver ------------===//
#include "hipkit/Hipcc/HipccDriver.h"

#include "ChildProcess.h"
#include "CommandLine.h"
#include "NvccOptions.h"
#include "NvidiaPlatform.h"

#include "hipkit/Hipcc/DeviceLibraries.h"
#include "hipkit/Hipcc/HostOnlyFatbin.h"
#include "hipkit/Hipcc/OffloadTarget.h"
#include "hipkit/Hipcc/JobSlots.h"
#include "hipkit/Hipcc/ParallelOffload.h"
#include "hipkit/Rocm/HipPlatform.h"
#include "hipkit/Rocm/RocmInstallation.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/RunFolder.h"
#include "hipkit/checks/CheckNames.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;
using namespace llvm::opt;
namespace copt = clang::driver::options;

#ifndef HIPKIT_CLANG_DIR
#define HIPKIT_CLANG_DIR "/usr/lib/llvm-19/bin"
#endif

namespace hipkit {
using namespace hipcc_detail;

//===----------------------------------------------------------------------===//
// hipcc's own option table (HipccOptions.td)
//===----------------------------------------------------------------------===//
#define HIPKIT_OPTIONS_INC "HipccOptions.inc"
#define HIPKIT_OPT_TABLE_CLASS HipccOptTable
#include "hipkit/Support/OptTableDefinition.inc"

HipccDriver::HipccDriver(std::string ExecutablePath, EnvLookup GetEnv,
                         GpuDetector DetectGpus)
    : ExecutablePath(std::move(ExecutablePath)), GetEnv(std::move(GetEnv)),
      DetectGpus(std::move(DetectGpus)) {}

//===----------------------------------------------------------------------===//
// Reading the command line
//===----------------------------------------------------------------------===//

/// Splits \p Args between hipcc's table and clang's: at each position hipcc's
/// options are tried first (nvcc's among them, kept apart in NvccArgs);
/// anything else is one clang argument (an option with all its values, or an
/// input).
static Expected<CommandLine> splitCommandLine(const InputArgList &All) {
  static const HipccOptTable HipccTable;
  const OptTable &ClangTable = clang::driver::getDriverOptTable();
  CommandLine Result;
  unsigned Index = 0, End = All.getNumInputArgStrings();
  while (Index < End) {
    unsigned Start = Index;
    std::unique_ptr<Arg> Hipcc = HipccTable.ParseOneArg(All, Index);
    if (!Hipcc && Index != Start)
      return createStringError(inconvertibleErrorCode(),
                               "'" + Twine(All.getArgString(Start)) +
                                   "' needs a value, but the command line "
                                   "ends there; give it one (hipcc --help "
                                   "lists the option)");
    if (Hipcc && Hipcc->getOption().getKind() != Option::UnknownClass &&
        Hipcc->getOption().getKind() != Option::InputClass) {
      if (Hipcc->getOption().matches(OPT_nvcc_Group)) {
        NvccArgument NA;
        for (unsigned I = Start; I < Index; ++I)
          NA.Spelling.push_back(All.getArgString(I));
        NA.Parsed = std::move(Hipcc);
        NA.ClangArgsBefore = Result.ClangArgs.size();
        Result.NvccArgs.push_back(std::move(NA));
        continue;
      }
      Result.HipccArgs.push_back(std::move(Hipcc));
      continue;
    }
    Index = Start;
    std::unique_ptr<Arg> Clang =
        ClangTable.ParseOneArg(All, Index, Visibility(copt::ClangOption));
    ClangArgument CA;
    if (!Clang) {
      // A missing value ("-o" last): pass the rest on, clang reports it.
      for (; Start < End; ++Start)
        CA.Spelling.push_back(All.getArgString(Start));
      Result.ClangArgs.push_back(std::move(CA));
      break;
    }
    for (unsigned I = Start; I < Index; ++I)
      CA.Spelling.push_back(All.getArgString(I));
    CA.Parsed = std::move(Clang);
    Result.ClangArgs.push_back(std::move(CA));
  }
  return std::move(Result);
}

namespace {
/// A command line as read: response files expanded (the strings live in
/// Alloc) and split between hipcc's and clang's tables.
struct ReadCommandLine {
  BumpPtrAllocator Alloc;
  SmallVector<const char *, 64> Expanded;
  std::optional<InputArgList> All;
  CommandLine CL;
  /// What the AMD translation of nvcc's options has to say (NvccOptions.h).
  std::vector<std::string> Warnings;
};
} // namespace

static Error readCommandLine(ArrayRef<const char *> RawArgs,
                             ReadCommandLine &Out) {
  Out.Expanded.assign(RawArgs.begin(), RawArgs.end());
  cl::ExpansionContext Expansion(Out.Alloc, cl::TokenizeGNUCommandLine);
  if (Error E = Expansion.expandResponseFiles(Out.Expanded))
    return E;
  Out.All.emplace(Out.Expanded.begin(), Out.Expanded.end());
  Expected<CommandLine> CL = splitCommandLine(*Out.All);
  if (!CL)
    return CL.takeError();
  Out.CL = std::move(*CL);
  return Error::success();
}

/// AMD: each of nvcc's options is replaced, in its place on the command line,
/// by what it means for clang (NvccOptions.h), and the line read again, so
/// that hipcc's policy sees -MD, -j and the rest as if the user had given
/// them.
static Error translateNvccOptions(ReadCommandLine &Read) {
  if (Read.CL.NvccArgs.empty())
    return Error::success();
  StringSaver Saver(Read.Alloc);
  SmallVector<const char *, 64> Translated;
  auto Next = Read.CL.NvccArgs.begin(), Last = Read.CL.NvccArgs.end();
  for (unsigned I = 0, E = Read.Expanded.size(); I < E;) {
    if (Next == Last || Next->Parsed->getIndex() != I) {
      Translated.push_back(Read.Expanded[I++]);
      continue;
    }
    std::vector<std::string> Words;
    if (Error Err = translateNvccOptionForAmd(*Next, Words, Read.Warnings))
      return Err;
    for (const std::string &W : Words)
      Translated.push_back(Saver.save(W).data());
    I += Next->Spelling.size();
    ++Next;
  }
  Read.Expanded = std::move(Translated);
  Read.All.emplace(Read.Expanded.begin(), Read.Expanded.end());
  Expected<CommandLine> CL = splitCommandLine(*Read.All);
  if (!CL)
    return CL.takeError();
  Read.CL = std::move(*CL);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// HIP policy
//===----------------------------------------------------------------------===//

/// The language hipcc gives an input by its extension: C++ and CUDA sources are
/// HIP (C++ unless HIP_COMPILE_CXX_AS_HIP=0), C is C even though clang++
/// would read it as C++, everything else (objects, archives, assembly) is
/// left to clang ("none").
StringRef hipcc_detail::languageForInput(StringRef Path, bool CompileCxxAsHip) {
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".hip" || Ext == ".cu" || Ext == ".cuh")
    return "hip";
  if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" ||
      Ext == ".c++" || Ext == ".cp" || Ext == ".CPP")
    return CompileCxxAsHip ? "hip" : "none";
  if (Ext == ".c")
    return "c";
  return "none";
}

static bool isHipLanguage(StringRef Lang) {
  return Lang == "hip" || Lang == "cuda" || Lang == "hip-cpp-output" ||
         Lang == "cuda-cpp-output";
}

static bool isSourceLanguage(StringRef Lang, StringRef Path) {
  if (Lang != "none")
    return true;
  // Inputs clang decides itself: objects and archives are not compiled.
  StringRef Ext = sys::path::extension(Path);
  return !(Ext == ".o" || Ext == ".a" || Ext == ".so" || Ext == ".obj" ||
           Path.contains(".so."));
}

/// True when this command links: nothing stops clang before the link step.
bool hipcc_detail::isLinkStep(const CommandLine &CL) {
  for (OptSpecifier ID :
       {copt::OPT_c, copt::OPT_S, copt::OPT_E, copt::OPT_M, copt::OPT_MM,
        copt::OPT_fsyntax_only, copt::OPT_cuda_device_only, copt::OPT_emit_ast,
        copt::OPT__precompile})
    if (CL.hasClang(ID))
      return false;
  return !CL.hasHipcc(OPT_genco);
}

/// -M and -MM stop after preprocessing; for HIP clang would then print one
/// rule per host and device compilation wrapped in offload-bundle comments.
/// The host compilation reads the same sources, so its rule alone is the
/// plain make rule a build system expects (as -MD/-MMD already give).
static bool wantsHostOnlyDependencies(const CommandLine &CL) {
  return (CL.hasClang(copt::OPT_M) || CL.hasClang(copt::OPT_MM)) &&
         !CL.hasClang(copt::OPT_cuda_device_only) &&
         !CL.hasClang(copt::OPT_cuda_host_only);
}

/// AMD's hipcc compiles with -O3 unless told otherwise; so does hipkit's.
static bool needsDefaultOptimization(const CommandLine &CL) {
  return !CL.hasClang(copt::OPT_O_Group);
}

bool hipcc_detail::parseBoolEnv(StringRef Value, bool Default) {
  if (Value.empty())
    return Default;
  return !(Value == "0" || Value.equals_insensitive("false") ||
           Value.equals_insensitive("off") || Value.equals_insensitive("no"));
}

/// The quote character left open at the end of \p Value, or 0. Follows
/// cl::TokenizeGNUCommandLine's rules: a backslash escapes the next character
/// everywhere, a quote runs to the next one of its kind.
static char findUnclosedQuote(StringRef Value) {
  char Open = 0;
  for (size_t I = 0; I < Value.size(); ++I) {
    char C = Value[I];
    if (C == '\\' && I + 1 < Value.size())
      ++I;
    else if (Open && C == Open)
      Open = 0;
    else if (!Open && (C == '\'' || C == '"'))
      Open = C;
  }
  return Open;
}

/// Splits the *_APPEND variable \p Name into words as a POSIX shell would
/// (quotes and backslashes), without running a shell. TokenizeGNUCommandLine
/// ends an unclosed quote at the end of the string, which would quietly make
/// the rest of the variable part of one word (-DMSG="oops -O0 swallowing
/// -O0), so that is an error.
Error hipcc_detail::splitFlagsVariable(StringRef Name, StringRef Value,
                                       std::vector<std::string> &Words) {
  if (char Quote = findUnclosedQuote(Value))
    return createStringError(inconvertibleErrorCode(),
                             Name + " has a " + Twine(Quote) +
                                 " that is never closed (in '" + Value +
                                 "'); close the quote, or escape the " +
                                 Twine(Quote) + " with a backslash");
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 16> Tokens;
  cl::TokenizeGNUCommandLine(Value, Saver, Tokens);
  Words.insert(Words.end(), Tokens.begin(), Tokens.end());
  return Error::success();
}

namespace {
/// Everything run() decides, kept together so the steps stay small functions.
class HipccInvocationBuilder {
public:
  HipccInvocationBuilder(const CommandLine &CL, const EnvLookup &GetEnv,
                         const GpuDetector &DetectGpus,
                         StringRef ExecutablePath)
      : CL(CL), GetEnv(GetEnv), DetectGpus(DetectGpus),
        ExecutablePath(ExecutablePath) {}

  Error build(ClangInvocation &Out);
  /// The ROCm discovery chose; valid after a successful build().
  const RocmInstallation &rocm() const { return *Rocm; }
  /// Why hipcc chose a code object version, for -v; "" when it chose none.
  const std::string &codeObjectVersionNote() const {
    return CodeObjectVersionNote;
  }

private:
  std::string env(StringRef Name) const {
    return GetEnv ? GetEnv(Name).value_or("") : "";
  }
  Error checkPlatform() const;
  Error checkRuntimeLinkage() const;
  Error scanInputs();
  Error findRocm();
  std::string findClangDir() const;
  Error resolveOffloadArchs(std::vector<std::string> &ArchArgs);
  /// An --offload-arch (with its targets) or --no-offload-arch argument.
  struct ArchEdit {
    const Arg *A;
    std::string Spelling; // as given: --no-cuda-gpu-arch= is an alias
    std::vector<std::string> Ids;
  };
  Error checkOffloadArchsLeft(bool UserNamedArchs,
                              ArrayRef<ArchEdit> Edits) const;
  bool compilesDeviceCode() const;
  Error selectCodeObjectVersion(std::vector<std::string> &Args);
  Error expandOffloadArchValue(StringRef Value, StringRef GivenAs,
                               std::vector<std::string> &Out);
  void addRocmPathArgs(std::vector<std::string> &Args) const;
  void addHipIncludeArgs(std::vector<std::string> &Args) const;
  Error addPortingChecks(std::vector<std::string> &Args,
                         bool HasHipInput) const;
  void addLinkArgs(std::vector<std::string> &Args) const;
  std::vector<std::string>
  archIndependentCuid(ArrayRef<std::string> Args) const;
  Error addHostOnlyFatbinArgs(ClangInvocation &Out) const;
  std::vector<std::string>
  rewriteUserArgs(const std::vector<std::string> &ResolvedArchArgs) const;

  const CommandLine &CL;
  const EnvLookup &GetEnv;
  const GpuDetector &DetectGpus;
  StringRef ExecutablePath;
  std::optional<RocmInstallation> Rocm;
  bool HasHipInput = false;
  bool HasSourceInput = false;
  /// A C or C++ source (not HIP): it gets the HIP headers and the platform
  /// macro too, so C sources can use the ROCm libraries' C APIs.
  bool HasHostSourceInput = false;
  /// The inputs clang links as they are (objects, archives, ...).
  std::vector<std::string> LinkedInputs;
  /// Per clang argument index: the -x hipcc puts before it, "" for none.
  std::vector<std::string> LanguageBefore;
  bool LinkStep = false;
  /// The offload targets in effect: the user's, or the ones hipcc chose.
  std::vector<std::string> OffloadTargets;
  std::string CodeObjectVersionNote;
};
} // namespace

/// Only AMD reaches the builder; HipccDriver hands NVIDIA to
/// NvidiaPlatform.cpp. An unknown HIP_PLATFORM is an error here too.
Error HipccInvocationBuilder::checkPlatform() const {
  Expected<HipPlatform> Platform = selectHipPlatform(GetEnv);
  if (!Platform)
    return Platform.takeError();
  return Error::success();
}

/// -use-staticlib asks for AMD's static libamdhip64, which Debian's HIP 5.2
/// does not ship; linking the shared one instead would be a silent surprise.
/// As in AMD's hipcc, the last of -use-staticlib and -use-sharedlib counts.
Error HipccInvocationBuilder::checkRuntimeLinkage() const {
  const Arg *Linkage = CL.lastHipcc({OPT_use_staticlib, OPT_use_sharedlib});
  if (!Linkage || !Linkage->getOption().matches(OPT_use_staticlib))
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      "-use-staticlib is not supported: hipkit links the HIP runtime as a "
      "shared library only (Debian's HIP 5.2 ships no libamdhip64.a); remove "
      "-use-staticlib");
}

/// Decides each input's language, checks inputs exist, and notes whether HIP
/// code is compiled. A user's -x governs the inputs after it, as in clang.
Error HipccInvocationBuilder::scanInputs() {
  bool CxxAsHip = parseBoolEnv(env("HIP_COMPILE_CXX_AS_HIP"), true);
  std::string UserLanguage; // the user's -x in effect, "" for none
  std::string Injected = "none";
  LanguageBefore.assign(CL.ClangArgs.size(), "");
  for (size_t I = 0; I < CL.ClangArgs.size(); ++I) {
    const Arg *A = CL.ClangArgs[I].Parsed.get();
    if (!A)
      continue;
    if (A->getOption().matches(copt::OPT_x)) {
      UserLanguage = A->getValue() == StringRef("none") ? "" : A->getValue();
      Injected = "none";
      continue;
    }
    if (!A->getOption().matches(copt::OPT_INPUT))
      continue;
    StringRef Path = A->getValue();
    if (Path != "-" && !sys::fs::exists(Path))
      return createStringError(inconvertibleErrorCode(),
                               "input file '" + Path +
                                   "' not found; check the path");
    StringRef Language = UserLanguage;
    if (UserLanguage.empty()) {
      Language = languageForInput(Path, CxxAsHip);
      if (Language != Injected) {
        LanguageBefore[I] = Language.str();
        Injected = Language.str();
      }
    }
    HasHipInput |= isHipLanguage(Language);
    HasSourceInput |= isSourceLanguage(Language, Path);
    if (Language == "none" && Path != "-")
      LinkedInputs.push_back(Path.str());
    HasHostSourceInput |=
        isSourceLanguage(Language, Path) && !isHipLanguage(Language);
  }
  return Error::success();
}

Error HipccInvocationBuilder::findRocm() {
  RocmSearchOptions Opts;
  if (const Arg *A = CL.lastClang(copt::OPT_rocm_path_EQ))
    Opts.RocmPathArg = A->getValue();
  Opts.ExecutablePath = ExecutablePath.str();
  Opts.GetEnv = GetEnv;
  Expected<RocmInstallation> R = RocmInstallation::detect(Opts);
  if (!R)
    return R.takeError();
  Rocm = std::move(*R);
  return Error::success();
}

std::string HipccInvocationBuilder::findClangDir() const {
  std::string Dir = env("HIP_CLANG_PATH");
  return Dir.empty() ? std::string(HIPKIT_CLANG_DIR) : Dir;
}

/// Expands one comma-separated list of targets, \p GivenAs naming where it
/// came from for messages ("--offload-arch=gfx942", "HCC_AMDGPU_TARGET=...").
Error HipccInvocationBuilder::expandOffloadArchValue(
    StringRef Value, StringRef GivenAs, std::vector<std::string> &Out) {
  SmallVector<StringRef, 4> Ids;
  Value.split(Ids, ',', -1, /*KeepEmpty=*/true);
  for (StringRef Id : Ids) {
    // An empty entry must not vanish: with no target left, clang would
    // compile for its own default (gfx906) without a word.
    if (Id.empty()) {
      StringRef Setting = GivenAs.starts_with("-") ? StringRef("--offload-arch")
                                                   : GivenAs.split('=').first;
      return createStringError(inconvertibleErrorCode(),
                               "empty offload arch in '" + GivenAs +
                                   "': name a processor, e.g. " + Setting +
                                   "=" + DefaultOffloadArch);
    }
    if (Id == "native") {
      std::string AmdgpuArch = findClangDir() + "/amdgpu-arch";
      std::vector<std::string> Gpus = DetectGpus(AmdgpuArch);
      if (Gpus.empty())
        return createStringError(
            inconvertibleErrorCode(),
            "--offload-arch=native: amdgpu-arch found no AMD GPU on this "
            "machine; name a processor instead, e.g. --offload-arch=" +
                DefaultOffloadArch);
      append_range(Out, Gpus);
      continue;
    }
    if (Error E = validateTargetId(Id))
      return E;
    Out.push_back(Id.str());
  }
  return Error::success();
}

/// The offload targets when the command line names none: HCC_AMDGPU_TARGET,
/// else the GPUs amdgpu-arch sees, else DefaultOffloadArch with a note.
Error HipccInvocationBuilder::resolveOffloadArchs(
    std::vector<std::string> &ArchArgs) {
  if (CL.hasClang(copt::OPT_offload_arch_EQ))
    return Error::success();
  bool NeedsTargets =
      HasHipInput || (LinkStep && CL.hasClang(copt::OPT_fgpu_rdc));
  if (!NeedsTargets)
    return Error::success();
  std::vector<std::string> Targets;
  if (std::string FromEnv = env("HCC_AMDGPU_TARGET"); !FromEnv.empty()) {
    if (Error E = expandOffloadArchValue(
            FromEnv, "HCC_AMDGPU_TARGET=" + FromEnv, Targets))
      return E;
  } else {
    Targets = DetectGpus(findClangDir() + "/amdgpu-arch");
    if (Targets.empty()) {
      reportNote(Twine("no AMD GPU found by amdgpu-arch; compiling for ") +
                 DefaultOffloadArch + " (choose with --offload-arch=)");
      Targets.push_back(DefaultOffloadArch.str());
    }
  }
  for (const std::string &T : Targets)
    ArchArgs.push_back("--offload-arch=" + T);
  OffloadTargets = std::move(Targets);
  return Error::success();
}

/// --no-offload-arch=X takes X out of the targets named before it (=all takes
/// every one), as clang's Driver::getOffloadArchs does; with none left clang
/// compiles for its own default (gfx906) without a word, so that is an error,
/// like an empty --offload-arch. \p Edits are the --offload-arch (with their
/// targets) and --no-offload-arch arguments in command-line order; hipcc's
/// own targets (none named) come before all of them.
Error HipccInvocationBuilder::checkOffloadArchsLeft(
    bool UserNamedArchs, ArrayRef<ArchEdit> Edits) const {
  std::vector<std::string> Left;
  if (!UserNamedArchs)
    Left = OffloadTargets;
  const ArchEdit *LastRemoval = nullptr;
  for (const ArchEdit &Edit : Edits) {
    if (Edit.A->getOption().matches(copt::OPT_offload_arch_EQ)) {
      append_range(Left, Edit.Ids);
      continue;
    }
    LastRemoval = &Edit;
    for (StringRef Id : split(Edit.A->getValue(), ',')) {
      if (Id == "all")
        Left.clear();
      else
        erase(Left, Id.str());
    }
  }
  if (!LastRemoval || !Left.empty() || !compilesDeviceCode())
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      "no offload arch left after '" + LastRemoval->Spelling +
          "': it removes every target named before it; name a processor "
          "after it, e.g. --offload-arch=" +
          DefaultOffloadArch);
}

/// True when clang will generate device code: HIP sources compiled for the
/// device too (not -M's host-only rule, not --cuda-host-only), or device code
/// linked (-fgpu-rdc).
bool HipccInvocationBuilder::compilesDeviceCode() const {
  if (LinkStep && CL.hasClang(copt::OPT_fgpu_rdc))
    return true;
  return HasHipInput && !CL.hasClang(copt::OPT_cuda_host_only) &&
         !wantsHostOnlyDependencies(CL);
}

/// Generic targets (gfx11-generic, ...) exist only from code object version 6
/// on, and clang 19 generates version 5 by default, so its backend would die
/// on them ("is only available on code object version 6 or better"). hipcc
/// selects version 6 for the compilation then; clang takes one version for all
/// the targets of a compilation, so the others get version 6 too. A version
/// the user chose is respected, and one below 6 is an error here rather than
/// a backend failure later.
Error HipccInvocationBuilder::selectCodeObjectVersion(
    std::vector<std::string> &Args) {
  auto Generic = find_if(OffloadTargets, isGenericTarget);
  if (Generic == OffloadTargets.end() || !compilesDeviceCode())
    return Error::success();
  if (const Arg *A = CL.lastClang(copt::OPT_mcode_object_version_EQ)) {
    unsigned Version = 0;
    // Values clang does not accept ("none", "x") are clang's to report.
    if (StringRef(A->getValue()).getAsInteger(10, Version) ||
        Version >= GenericTargetCodeObjectVersion)
      return Error::success();
    std::string Given = "-mcode-object-version=" + std::string(A->getValue());
    return createStringError(
        inconvertibleErrorCode(),
        "generic target '" + *Generic + "' needs code object version " +
            Twine(GenericTargetCodeObjectVersion) + " or later, but " + Given +
            " was given; remove " + Given + " (hipcc then selects " +
            Twine(GenericTargetCodeObjectVersion) + ") or give " +
            "-mcode-object-version=" + Twine(GenericTargetCodeObjectVersion));
  }
  Args.push_back("-mcode-object-version=" +
                 std::to_string(GenericTargetCodeObjectVersion));
  CodeObjectVersionNote = "code object version " +
                          std::to_string(GenericTargetCodeObjectVersion) +
                          " selected for the generic target " + *Generic +
                          " (-mcode-object-version=" +
                          std::to_string(GenericTargetCodeObjectVersion) +
                          "; generic targets need it)";
  return Error::success();
}

/// Points clang at the ROCm root discovery chose. clang's own search differs
/// (it does not know Debian's device library directory or hipkit's prefix), so
/// hipcc passes what it found unless the user already did.
void HipccInvocationBuilder::addRocmPathArgs(
    std::vector<std::string> &Args) const {
  if (!CL.hasClang(copt::OPT_rocm_path_EQ))
    Args.push_back("--rocm-path=" + Rocm->root());
  if (!Rocm->deviceLibDirIsClangDefault() &&
      !CL.hasClang(copt::OPT_rocm_device_lib_path_EQ))
    Args.push_back("--rocm-device-lib-path=" + Rocm->deviceLibDir());
  if (Rocm->hipRoot() != Rocm->root() && !CL.hasClang(copt::OPT_hip_path_EQ))
    Args.push_back("--hip-path=" + Rocm->hipRoot());
}

/// clang adds the HIP root's include directory with -idirafter, behind
/// /usr/include, so Debian's /usr/include/hip would shadow the prefix's
/// patched HIP headers (hip-headers/). Searching it first, as ROCm's hipcc
/// does with -isystem, makes the root's headers the ones compiled against.
void HipccInvocationBuilder::addHipIncludeArgs(
    std::vector<std::string> &Args) const {
  if (Rocm->hipIncludeDir() == "/usr/include")
    return;
  Args.push_back("-isystem");
  Args.push_back(Rocm->hipIncludeDir());
}

/// clang names each translation unit (-cuid: the __hip_cuid_ symbol, the
/// names of externalized static device variables) by a hash of the input's
/// path and the whole command line, the offload architectures included, so
/// adding one changes every architecture's device object, and a per-job cache
/// (HIPCC_LAUNCHER=ccache, docs/distributed.md) could reuse none of them.
/// hipcc passes the same hash without the architecture options: still one ID
/// per source, options and output (-o is hashed), the same for gfx942's device
/// code whatever other processors the compile names. A -cuid or -fuse-cuid of
/// the user's is kept, and several inputs get clang's own IDs.
std::vector<std::string>
HipccInvocationBuilder::archIndependentCuid(ArrayRef<std::string> Args) const {
  if (!HasHipInput || !compilesDeviceCode() ||
      CL.hasClang(copt::OPT_cuid_EQ) || CL.hasClang(copt::OPT_fuse_cuid_EQ))
    return {};
  std::vector<StringRef> Inputs;
  for (const ClangArgument &CA : CL.ClangArgs)
    if (CA.Parsed && CA.Parsed->getOption().matches(copt::OPT_INPUT))
      Inputs.push_back(CA.Parsed->getValue());
  if (Inputs.size() != 1 || Inputs.front() == "-")
    return {};
  SmallString<256> RealPath;
  if (sys::fs::real_path(Inputs.front(), RealPath, /*expand_tilde=*/true))
    return {};
  MD5 Hasher;
  Hasher.update(RealPath);
  for (StringRef A : Args) {
    // -### prints the command that would run, with this very ID.
    if (A == Inputs.front() || A == "-###" || A.starts_with("--offload-arch=") ||
        A.starts_with("--no-offload-arch=") ||
        A.starts_with("--cuda-gpu-arch=") ||
        A.starts_with("--no-cuda-gpu-arch="))
      continue;
    Hasher.update(A);
    Hasher.update(StringRef("\0", 1));
  }
  MD5::MD5Result Hash;
  Hasher.final(Hash);
  return {"-cuid=" + utohexstr(Hash.low(), /*LowerCase=*/true)};
}

/// --porting-checks[=<globs>]: hipkit's porting-check plugin, installed
/// beside hipcc in <prefix>/lib/hipkit, loaded into every compilation of HIP
/// sources (it reports in the device ones); --porting-checks-as-errors=<globs>
/// makes the checks it selects errors. The globs are checked first, with or
/// without HIP sources: one that selects no check is a misspelling.
Error HipccInvocationBuilder::addPortingChecks(std::vector<std::string> &Args,
                                               bool HasHipInput) const {
  const Arg *Checks = CL.lastHipcc({OPT_porting_checks, OPT_porting_checks_EQ});
  const Arg *AsErrors = CL.lastHipcc({OPT_porting_checks_as_errors_EQ});
  std::vector<StringRef> Names;
  for (const checks::CheckName &Check : checks::portingCheckNames())
    Names.push_back(Check.Name);
  for (const Arg *A : {Checks, AsErrors}) {
    if (!A || A->getNumValues() == 0)
      continue;
    Expected<checks::GlobList> Globs =
        checks::parseSelection(A->getValue(), Names, "porting check");
    if (!Globs)
      return createStringError(inconvertibleErrorCode(),
                               A->getSpelling() + ": " +
                                   toString(Globs.takeError()) +
                                   "; the checks are " + join(Names, ", "));
  }
  if (AsErrors && !Checks)
    return createStringError(inconvertibleErrorCode(),
                             "--porting-checks-as-errors= selects checks to "
                             "report as errors, but no porting checks run; "
                             "add --porting-checks");
  if (!Checks || !HasHipInput)
    return Error::success();
  SmallString<256> Plugin(sys::path::parent_path(
      sys::path::parent_path(ExecutablePath)));
  sys::path::append(Plugin, "lib", "hipkit", "HipkitPortingChecks.so");
  if (!sys::fs::exists(Plugin))
    return createStringError(inconvertibleErrorCode(),
                             "--porting-checks: the plugin '" + Plugin +
                                 "' is missing; reinstall hipkit");
  Args.push_back(("-fplugin=" + Plugin).str());
  auto pluginArg = [&](StringRef Key, const Arg *A) {
    append_range(Args, std::vector<std::string>{
                           "-Xclang", "-plugin-arg-hipkit-porting-checks",
                           "-Xclang", (Key + "=" + A->getValue()).str()});
  };
  if (Checks->getOption().matches(OPT_porting_checks_EQ))
    pluginArg("checks", Checks);
  if (AsErrors)
    pluginArg("warnings-as-errors", AsErrors);
  return Error::success();
}

/// Links the HIP runtime: --hip-link makes clang add -lamdhip64 (and the
/// device link for -fgpu-rdc) even when every input is an object; the runpath
/// lets the program start without LD_LIBRARY_PATH.
void HipccInvocationBuilder::addLinkArgs(std::vector<std::string> &Args) const {
  Args.push_back("--hip-link");
  Args.push_back("-L" + Rocm->hipLibDir());
  Args.push_back("-Wl,-rpath," + Rocm->hipRuntimeDir());
}

/// Host objects compiled with --cuda-host-only leave their fat binary and its
/// handle to the link (HostOnlyFatbin.h); -fgpu-rdc links define them in
/// clang's device link instead. The bindings are a linker script in the run's
/// private folder, which \p Out keeps until clang has run.
Error HipccInvocationBuilder::addHostOnlyFatbinArgs(
    ClangInvocation &Out) const {
  if (CL.hasClang(copt::OPT_fgpu_rdc) || LinkedInputs.empty())
    return Error::success();
  HostOnlyFatbinRequest Request;
  Request.LinkedInputs = LinkedInputs;
  Request.LinkerMayFindMore = CL.hasClang(copt::OPT_l) ||
                              CL.hasClang(copt::OPT_Wl_COMMA) ||
                              CL.hasClang(copt::OPT_Xlinker);
  Request.Prefix =
      sys::path::parent_path(sys::path::parent_path(ExecutablePath)).str();
  Request.ReportMissingFatbin = true;
  Expected<HostOnlyFatbinBindings> Bindings = planHostOnlyFatbinLink(Request);
  if (!Bindings)
    return Bindings.takeError();
  for (const std::string &Warning : Bindings->Warnings)
    reportWarning(Warning);
  if (Bindings->empty())
    return Error::success();
  Expected<RunFolder> Folder = RunFolder::create("hipcc-", env("TMPDIR"));
  if (!Folder)
    return Folder.takeError();
  Out.Folder = std::make_shared<RunFolder>(std::move(*Folder));
  Expected<std::vector<std::string>> Inputs =
      hostOnlyFatbinLinkInputs(*Bindings, Out.Folder->path());
  if (!Inputs)
    return Inputs.takeError();
  append_range(Out.Args, *Inputs);
  return Error::success();
}

/// The user's clang arguments as given, with -x before inputs whose language
/// hipcc decides and --offload-arch=native replaced by the GPUs found.
std::vector<std::string> HipccInvocationBuilder::rewriteUserArgs(
    const std::vector<std::string> &ResolvedArchArgs) const {
  std::vector<std::string> Out;
  bool ArchesEmitted = false;
  for (size_t I = 0; I < CL.ClangArgs.size(); ++I) {
    const ClangArgument &CA = CL.ClangArgs[I];
    if (!LanguageBefore[I].empty()) {
      Out.push_back("-x");
      Out.push_back(LanguageBefore[I]);
    }
    if (CA.Parsed &&
        CA.Parsed->getOption().matches(copt::OPT_offload_arch_EQ)) {
      // All --offload-arch values, validated and with "native" resolved, take
      // the place of the first one.
      if (!ArchesEmitted)
        append_range(Out, ResolvedArchArgs);
      ArchesEmitted = true;
      continue;
    }
    append_range(Out, CA.Spelling);
  }
  return Out;
}

Error HipccInvocationBuilder::build(ClangInvocation &Out) {
  if (Error E = checkPlatform())
    return E;
  if (Error E = checkRuntimeLinkage())
    return E;
  // Without inputs ("hipcc -v", "hipcc -print-targets") clang links nothing;
  // hipcc must not make it link by adding -Wl,-rpath.
  LinkStep = isLinkStep(CL) && CL.hasClang(copt::OPT_INPUT);
  if (Error E = scanInputs())
    return E;
  if (Error E = findRocm())
    return E;

  // Validate every --offload-arch the user gave (resolving "native").
  std::vector<std::string> UserArchArgs;
  std::vector<ArchEdit> ArchEdits;
  bool UserNamedArchs = false;
  for (const ClangArgument &CA : CL.ClangArgs) {
    if (CA.Parsed &&
        CA.Parsed->getOption().matches(copt::OPT_no_offload_arch_EQ))
      ArchEdits.push_back({CA.Parsed.get(), join(CA.Spelling, " "), {}});
    if (!CA.Parsed ||
        !CA.Parsed->getOption().matches(copt::OPT_offload_arch_EQ))
      continue;
    std::vector<std::string> Ids;
    if (Error E = expandOffloadArchValue(CA.Parsed->getValue(),
                                         join(CA.Spelling, " "), Ids))
      return E;
    for (const std::string &Id : Ids)
      UserArchArgs.push_back("--offload-arch=" + Id);
    append_range(OffloadTargets, Ids);
    ArchEdits.push_back({CA.Parsed.get(), join(CA.Spelling, " "), Ids});
    UserNamedArchs = true;
  }

  Out.ClangPath = findClangDir() + "/clang++";
  std::vector<std::string> &Args = Out.Args;
  bool HipWork = HasHipInput || LinkStep;
  if (HipWork)
    addRocmPathArgs(Args);
  if (HasHipInput || HasHostSourceInput)
    addHipIncludeArgs(Args);
  // As ROCm's hipcc does for every language it compiles: a C or C++ source
  // including <hip/hip_runtime_api.h> or <hipsparse/hipsparse.h> needs to
  // know the platform, which clang predefines only for HIP.
  bool PlatformGiven = any_of(CL.ClangArgs, [](const ClangArgument &A) {
    if (!A.Parsed || !A.Parsed->getOption().matches(copt::OPT_D))
      return false;
    StringRef Macro = StringRef(A.Parsed->getValue()).split('=').first;
    return Macro == "__HIP_PLATFORM_AMD__" || Macro == "__HIP_PLATFORM_NVIDIA__";
  });
  if (HasHostSourceInput && !PlatformGiven)
    Args.push_back("-D__HIP_PLATFORM_AMD__=");
  if (needsDefaultOptimization(CL) && CL.hasClang(copt::OPT_INPUT))
    Args.push_back("-O3");
  if (Error E = resolveOffloadArchs(Args))
    return E;
  if (Error E = checkOffloadArchsLeft(UserNamedArchs, ArchEdits))
    return E;
  if (Error E = selectCodeObjectVersion(Args))
    return E;
  if (CL.hasHipcc(OPT_genco))
    Args.push_back("--cuda-device-only");
  else if (wantsHostOnlyDependencies(CL) && HasHipInput)
    Args.push_back("--cuda-host-only");
  if (CL.hasHipcc(OPT_use_fast_math))
    Args.push_back("-DHIP_FAST_MATH");
  if (Error E = addPortingChecks(Args, HasHipInput))
    return E;
  if (CL.hasHipcc(OPT_hipcc_no_func_supp) && HasHipInput) {
    const Arg *O = CL.lastClang(copt::OPT_O_Group);
    if (!O || !O->getOption().matches(copt::OPT_O0))
      append_range(Args, std::vector<std::string>{
                             "-mllvm", "-amdgpu-early-inline-all=true",
                             "-mllvm", "-amdgpu-function-calls=false"});
  }
  size_t UserArgsStart = Args.size();
  append_range(Args, rewriteUserArgs(UserArchArgs));
  if (LinkStep) {
    addLinkArgs(Args);
    if (Error E = addHostOnlyFatbinArgs(Out))
      return E;
  }
  if (HasSourceInput)
    if (Error E = splitFlagsVariable("HIPCC_COMPILE_FLAGS_APPEND",
                                     env("HIPCC_COMPILE_FLAGS_APPEND"), Args))
      return E;
  if (LinkStep)
    if (Error E = splitFlagsVariable("HIPCC_LINK_FLAGS_APPEND",
                                     env("HIPCC_LINK_FLAGS_APPEND"), Args))
      return E;
  // Computed last, from the whole command; placed with hipcc's other
  // additions, before the user's arguments: the translation unit's ID, and
  // the device libraries in the dependency file, for Make, Ninja and ccache
  // (DeviceLibraries.h).
  std::vector<std::string> Extra = archIndependentCuid(Args);
  if (compilesDeviceCode())
    append_range(Extra, deviceLibraryDependencyArgs(Out.ClangPath, Args));
  Args.insert(Args.begin() + UserArgsStart, Extra.begin(), Extra.end());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

static void printHelp() {
  static const HipccOptTable HipccTable;
  HipccTable.printHelp(
      outs(), "hipcc [options] <inputs>",
      "hipcc: the HIP compiler driver (hipkit), over clang++ 19",
      /*ShowHidden=*/false);
  outs() << "\nEvery clang option is accepted and passed to clang++ unchanged "
            "(see clang++ --help).\nhipcc adds -O3 when no -O is given, and "
            "--offload-arch from HCC_AMDGPU_TARGET,\namdgpu-arch or " +
                DefaultOffloadArch +
                " when none is given. See docs/hipcc.md.\n";
}

/// Runs \p Program (clang++) with \p Args and returns its status. hipcc
/// expands response files to read its options, so `hipcc @big.rsp` can hold
/// more than exec accepts (E2BIG): such a command line goes to clang in a
/// response file of its own, as clang's driver does for its jobs. The child
/// gets SIGTERM if hipcc is killed (ChildProcess.h).
static int runProgram(StringRef Program, ArrayRef<std::string> Args) {
  std::vector<std::string> Argv{Program.str()};
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  SmallString<128> ResponseFile;
  if (!sys::commandLineFitsWithinSystemLimits(Program, Refs)) {
    std::string Contents;
    raw_string_ostream OS(Contents);
    for (const std::string &A : Args) {
      sys::printArg(OS, A, /*Quote=*/true); // GNU quoting, as clang reads it
      OS << "\n";
    }
    std::error_code EC =
        sys::fs::createTemporaryFile("hipcc-args", "rsp", ResponseFile);
    if (!EC)
      EC = sys::writeFileWithEncoding(ResponseFile, Contents);
    if (EC) {
      if (!ResponseFile.empty())
        sys::fs::remove(ResponseFile);
      reportError("cannot write a response file for '" + Program +
                  "' (the command line is too long to pass directly): " +
                  EC.message() + "; set TMPDIR to a writable folder");
      return 1;
    }
    sys::RemoveFileOnSignal(ResponseFile);
    Argv.push_back(("@" + ResponseFile).str());
  } else {
    append_range(Argv, Args);
  }
  Expected<int> Status = runTiedChild(Program, Argv);
  if (!ResponseFile.empty()) {
    sys::fs::remove(ResponseFile);
    sys::DontRemoveFileOnSignal(ResponseFile);
  }
  if (!Status) {
    std::error_code EC = errorToErrorCode(Status.takeError());
    // Only a program that is not there (or not executable) is a missing
    // clang; anything else (E2BIG, ENOMEM) is said as it is.
    bool Missing = EC == std::errc::no_such_file_or_directory ||
                   EC == std::errc::permission_denied ||
                   EC == std::errc::not_a_directory;
    reportError("cannot run '" + Program + "': " + EC.message() +
                (Missing ? "; install clang-19 or set HIP_CLANG_PATH" : ""));
    return 1;
  }
  if (*Status < 0) // clang crashed; it printed its own report
    return 1;
  return *Status;
}

static std::string joinCommand(StringRef Program, ArrayRef<std::string> Args) {
  std::string Line = quoteForShell(Program);
  for (const std::string &A : Args)
    Line += " " + quoteForShell(A);
  return Line;
}

static void printPaths(const RocmInstallation &R, StringRef ClangDir) {
  errs() << "HIP_PATH=" << R.hipRoot() << "\n"
         << "ROCM_PATH=" << R.root() << "\n"
         << "HIP_PLATFORM=amd\nHIP_COMPILER=clang\nHIP_RUNTIME=rocclr\n"
         << "HIP_CLANG_PATH=" << ClangDir << "\n"
         << "HIP_INCLUDE_PATH=" << R.hipIncludeDir() << "\n"
         << "HIP_LIB_PATH=" << R.hipLibDir() << "\n"
         << "DEVICE_LIB_PATH=" << R.deviceLibDir() << "\n";
}

/// How many jobs a multi-architecture compile may run at once (JobSlots.h).
static Expected<unsigned> maxParallelJobs(const CommandLine &CL,
                                          const EnvLookup &GetEnv) {
  std::optional<StringRef> Option;
  if (const Arg *A = CL.lastHipcc({OPT_jobs}))
    Option = A->getValue();
  return jobLimit(Option, GetEnv ? GetEnv("HIPCC_JOBS") : std::nullopt);
}

/// True for HIP_PLATFORM=nvidia (or nvcc); an unknown value is left to the
/// AMD path, which reports it.
static bool isNvidiaPlatform(const EnvLookup &GetEnv) {
  Expected<HipPlatform> Platform = selectHipPlatform(GetEnv);
  if (!Platform) {
    consumeError(Platform.takeError());
    return false;
  }
  return *Platform == HipPlatform::Nvidia;
}

Expected<ClangInvocation>
HipccDriver::computeInvocation(ArrayRef<const char *> RawArgs) const {
  ReadCommandLine Read;
  if (Error E = readCommandLine(RawArgs, Read))
    return std::move(E);
  // NVIDIA: the (last) nvcc run stands for the compiler run.
  if (isNvidiaPlatform(GetEnv)) {
    Expected<NvccPlan> Plan = planNvccRuns(Read.CL, GetEnv, ExecutablePath);
    if (!Plan)
      return Plan.takeError();
    for (const std::string &Temp : Plan->Temporaries)
      sys::fs::remove(Temp);
    return ClangInvocation{Plan->NvccPath, Plan->Runs.back()};
  }
  if (Error E = translateNvccOptions(Read))
    return std::move(E);
  HipccInvocationBuilder Builder(Read.CL, GetEnv, DetectGpus, ExecutablePath);
  ClangInvocation Invocation;
  if (Error E = Builder.build(Invocation))
    return std::move(E);
  return Invocation;
}

int HipccDriver::run(ArrayRef<const char *> RawArgs) {
  ReadCommandLine Read;
  if (Error E = readCommandLine(RawArgs, Read)) {
    reportError(toString(std::move(E)));
    return 1;
  }
  bool Nvidia = isNvidiaPlatform(GetEnv);
  if (!Nvidia)
    if (Error E = translateNvccOptions(Read)) {
      reportError(toString(std::move(E)));
      return 1;
    }
  for (const std::string &Warning : Read.Warnings)
    reportWarning(Warning);
  const CommandLine &CL = Read.CL;

  unsigned Verbosity = 0;
  if (GetEnv)
    (void)StringRef(GetEnv("HIPCC_VERBOSE").value_or("0"))
        .getAsInteger(0, Verbosity);
  if (Verbosity & VerboseArguments) {
    errs() << "hipcc-args:";
    for (const char *A : RawArgs)
      errs() << " " << quoteForShell(A);
    errs() << "\n";
  }

  if (CL.hasHipcc(OPT_help)) {
    printHelp();
    return 0;
  }

  if (Nvidia)
    return runForNvidia(CL, GetEnv, ExecutablePath, Verbosity);

  HipccInvocationBuilder Builder(CL, GetEnv, DetectGpus, ExecutablePath);
  if (CL.hasHipcc(OPT_version)) {
    RocmSearchOptions Opts;
    Opts.ExecutablePath = ExecutablePath;
    Opts.GetEnv = GetEnv;
    Expected<RocmInstallation> R = RocmInstallation::detect(Opts);
    if (!R) {
      reportError(toString(R.takeError()));
      return 1;
    }
    outs() << "HIP version: " << R->hipVersion().full() << "\n";
    outs().flush();
    std::string ClangDir = GetEnv ? GetEnv("HIP_CLANG_PATH").value_or("") : "";
    if (ClangDir.empty())
      ClangDir = HIPKIT_CLANG_DIR;
    return runProgram(ClangDir + "/clang++", {"--version"});
  }

  ClangInvocation Invocation;
  if (Error E = Builder.build(Invocation)) {
    reportError(toString(std::move(E)));
    return 1;
  }
  const RocmInstallation &Rocm = Builder.rocm();
  if (CL.hasClang(copt::OPT_v))
    reportNote("ROCm root " + Rocm.root() + " (found via " +
               describeRocmSource(Rocm.source()) + "); device libraries " +
               Rocm.deviceLibDir() + "; HIP " + Rocm.hipVersion().full() +
               " in " + Rocm.hipRoot());
  if (CL.hasClang(copt::OPT_v) && !Builder.codeObjectVersionNote().empty())
    reportNote(Builder.codeObjectVersionNote());
  if (Verbosity & VerbosePaths)
    printPaths(Rocm, sys::path::parent_path(Invocation.ClangPath));
  if (Verbosity & VerboseCommand)
    errs() << "hipcc-cmd: "
           << joinCommand(Invocation.ClangPath, Invocation.Args) << "\n";
  errs().flush();
  outs().flush();
  Expected<unsigned> MaxJobs = maxParallelJobs(CL, GetEnv);
  if (!MaxJobs) {
    reportError(toString(MaxJobs.takeError()));
    return 1;
  }
  ParallelOffloadSettings Parallel;
  Parallel.MaxJobs = *MaxJobs;
  Parallel.MakeFlags = GetEnv ? GetEnv("MAKEFLAGS").value_or("") : "";
  Parallel.PrintJobs = Verbosity & VerboseJobs;
  Expected<std::optional<JobLauncher>> Launcher = findJobLauncher(GetEnv);
  if (!Launcher) {
    reportError(toString(Launcher.takeError()));
    return 1;
  }
  Parallel.Launcher = std::move(*Launcher);
  if (std::optional<int> Status = runOffloadInParallel(Invocation, Parallel))
    return *Status;
  return runProgram(Invocation.ClangPath, Invocation.Args);
}

} // namespace hipkit
