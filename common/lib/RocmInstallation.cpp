//===- RocmInstallation.cpp - Where ROCm and HIP live ---------------------===//
#include "hipkit/Rocm/RocmInstallation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VersionTuple.h"
#include "llvm/ADT/STLExtras.h"

#include <tuple>

using namespace llvm;

namespace hipkit {

#ifndef HIPKIT_MULTIARCH
#define HIPKIT_MULTIARCH "x86_64-linux-gnu"
#endif

StringRef getMultiarchTuple() { return HIPKIT_MULTIARCH; }

StringRef describeRocmSource(RocmSource Source) {
  switch (Source) {
  case RocmSource::CommandLine:
    return "--rocm-path";
  case RocmSource::RocmPathEnv:
    return "ROCM_PATH";
  case RocmSource::HipPathEnv:
    return "HIP_PATH";
  case RocmSource::ExecutableDir:
    return "the prefix hipkit is installed in";
  case RocmSource::OptRocm:
    return "/opt/rocm";
  case RocmSource::OptRocmVersioned:
    return "the newest /opt/rocm-<version>";
  case RocmSource::DebianUsr:
    return "Debian's /usr layout";
  }
  llvm_unreachable("unknown RocmSource");
}

std::string HipVersion::full() const {
  return (Twine(Major) + "." + Twine(Minor) + "." + Twine(Patch) + "-" +
          GitHash)
      .str();
}

std::string HipVersion::majorMinor() const {
  return (Twine(Major) + "." + Twine(Minor)).str();
}

std::optional<HipVersion> parseHipVersionFile(StringRef Contents) {
  HipVersion V;
  bool HasMajor = false;
  SmallVector<StringRef, 16> Lines;
  Contents.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    StringRef Key, Value;
    if (Line.consume_front("#define"))
      std::tie(Key, Value) = Line.trim().split(' ');
    else
      std::tie(Key, Value) = Line.split('=');
    Key = Key.trim();
    Value = Value.trim().trim('"');
    if (Key == "HIP_VERSION_MAJOR")
      HasMajor = !Value.getAsInteger(10, V.Major);
    else if (Key == "HIP_VERSION_MINOR")
      (void)Value.getAsInteger(10, V.Minor);
    else if (Key == "HIP_VERSION_PATCH")
      (void)Value.getAsInteger(10, V.Patch);
    else if (Key == "HIP_VERSION_GITHASH")
      V.GitHash = Value.str();
  }
  if (!HasMajor)
    return std::nullopt;
  return V;
}

static std::string join(const Twine &A, const Twine &B = "",
                        const Twine &C = "", const Twine &D = "") {
  SmallString<256> P;
  sys::path::append(P, A, B, C, D);
  return std::string(P);
}

/// Whether \p Dir holds device libraries this user can read: ocml.bc there
/// opens. The error says why not: missing, or permission denied (a directory
/// or file of a prefix installed under a private umask).
static std::error_code checkDeviceLibDir(const Twine &Dir) {
  int FD;
  if (std::error_code EC = sys::fs::openFileForRead(join(Dir, "ocml.bc"), FD))
    return EC;
  sys::Process::SafelyCloseFileDescriptor(FD);
  return std::error_code();
}

static bool isDeviceLibDir(const Twine &Dir) { return !checkDeviceLibDir(Dir); }

/// The subdirectories of \p Dir named by a version ("6.4.1", "19"), newest
/// first; \p Prefix must precede the version ("rocm-").
static std::vector<std::string> versionedSubdirs(const Twine &Dir,
                                                 StringRef Prefix) {
  std::vector<std::pair<VersionTuple, std::string>> Found;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    VersionTuple Version;
    if (!Name.consume_front(Prefix) || Version.tryParse(Name))
      continue;
    Found.push_back({Version, It->path()});
  }
  llvm::sort(Found, [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<std::string> Paths;
  for (auto &[Version, Path] : Found)
    Paths.push_back(std::move(Path));
  return Paths;
}

/// Where a ROCm root keeps its device libraries: <root>/amdgcn/bitcode as ROCm
/// up to 6.x and hipkit install them, <root>/lib/<multiarch>/amdgcn/bitcode as
/// Debian does, or <root>/lib/llvm/lib/clang/<N>/lib/amdgcn/bitcode (newest
/// N first) as ROCm 6.x and 7.x do inside their LLVM. On failure the error is permission_denied when either layout is there
/// but unreadable, else no_such_file_or_directory.
static std::error_code findDeviceLibDir(StringRef Root, std::string &Found) {
  std::error_code Result =
      std::make_error_code(std::errc::no_such_file_or_directory);
  std::vector<std::string> Dirs = {
      join(Root, "amdgcn", "bitcode"),
      join(Root, "lib", getMultiarchTuple(), "amdgcn/bitcode")};
  for (const std::string &ClangDir :
       versionedSubdirs(join(Root, "lib", "llvm", "lib/clang"), ""))
    Dirs.push_back(join(ClangDir, "lib", "amdgcn", "bitcode"));
  for (const std::string &Dir : Dirs) {
    std::error_code EC = checkDeviceLibDir(Dir);
    if (!EC) {
      Found = Dir;
      return EC;
    }
    if (EC == std::errc::permission_denied)
      Result = EC;
  }
  return Result;
}

static bool isPermissionDenied(std::error_code EC) {
  return EC == std::errc::permission_denied;
}

static bool hasHipHeaders(StringRef Root) {
  return sys::fs::exists(join(Root, "include", "hip", "hip_runtime.h"));
}

/// The HIP version under \p HipRoot: from the files clang reads, in the same
/// order, and when not compiling for AMD also from include/hip/hip_version.h
/// or a ROCm release's .info/version.
static std::optional<HipVersion> readHipVersion(StringRef HipRoot,
                                                RocmNeed Need) {
  std::vector<std::string> Files = {join(HipRoot, "share", "hip", "version"),
                                    join(HipRoot, "bin", ".hipVersion")};
  if (Need != RocmNeed::Compile)
    Files.push_back(join(HipRoot, "include", "hip", "hip_version.h"));
  for (const std::string &File : Files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer)
      continue;
    if (std::optional<HipVersion> V =
            parseHipVersionFile((*Buffer)->getBuffer()))
      return V;
  }
  if (Need == RocmNeed::Compile)
    return std::nullopt;
  // A ROCm release's .info/version ("6.4.1-120"): HIP's major and minor
  // version are the release's.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Info =
      MemoryBuffer::getFile(join(HipRoot, ".info", "version"), /*IsText=*/true);
  VersionTuple Release;
  if (!Info || Release.tryParse((*Info)->getBuffer().trim().take_until(
                   [](char C) { return C == '-'; })))
    return std::nullopt;
  HipVersion V;
  V.Major = Release.getMajor();
  V.Minor = Release.getMinor().value_or(0);
  V.Patch = Release.getSubminor().value_or(0);
  return V;
}

/// Whether \p Root is a HIP root for \p Need.
static bool hasHip(StringRef Root, RocmNeed Need) {
  switch (Need) {
  case RocmNeed::Compile:
    return hasHipHeaders(Root);
  case RocmNeed::HipVersion:
    return readHipVersion(Root, Need).has_value();
  case RocmNeed::HipHeaders:
    return hasHipHeaders(Root) && readHipVersion(Root, Need).has_value();
  }
  llvm_unreachable("unknown RocmNeed");
}

/// What a HIP root lacks when hasHip() says no, for messages.
static StringRef hipRootRequirement(RocmNeed Need) {
  switch (Need) {
  case RocmNeed::Compile:
    return "include/hip/hip_runtime.h";
  case RocmNeed::HipVersion:
    return "a HIP version (share/hip/version, include/hip/hip_version.h)";
  case RocmNeed::HipHeaders:
    return "HIP headers (include/hip/hip_runtime.h) with a version "
           "(share/hip/version, include/hip/hip_version.h)";
  }
  llvm_unreachable("unknown RocmNeed");
}

std::string getPrefixOfExecutable(StringRef ExecutablePath) {
  // <root>/bin/tool, or <root>/llvm/bin/tool for hipkit's clang driver (the
  // place ROCm puts its clang, which is also what clang itself expects).
  StringRef Dir = sys::path::parent_path(ExecutablePath);
  if (sys::path::filename(Dir) == "bin")
    Dir = sys::path::parent_path(Dir);
  if (sys::path::filename(Dir) == "llvm")
    Dir = sys::path::parent_path(Dir);
  return Dir.str();
}

namespace {
struct Candidate {
  std::string Path;
  RocmSource Source;
  /// Named by the user: it must qualify, or discovery fails rather than
  /// silently using another root.
  bool Explicit;
  /// The name the user gave it by, for messages ("ROCM_PATH=/x").
  std::string GivenAs;
};
} // namespace

static Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

static std::vector<Candidate> getCandidates(const RocmSearchOptions &Opts) {
  std::vector<Candidate> Candidates;
  auto Env = [&](StringRef Name) -> std::string {
    if (!Opts.GetEnv)
      return "";
    return Opts.GetEnv(Name).value_or("");
  };
  if (!Opts.RocmPathArg.empty())
    Candidates.push_back({Opts.RocmPathArg, RocmSource::CommandLine, true,
                          "--rocm-path=" + Opts.RocmPathArg});
  else if (std::string P = Env("ROCM_PATH"); !P.empty())
    Candidates.push_back({P, RocmSource::RocmPathEnv, true, "ROCM_PATH=" + P});
  // HIP_PATH names the HIP runtime first of all; it is a ROCm root only when
  // it also holds device libraries (a full ROCm install).
  if (std::string P = Env("HIP_PATH"); !P.empty())
    Candidates.push_back({P, RocmSource::HipPathEnv, false, "HIP_PATH=" + P});
  if (!Opts.ExecutablePath.empty())
    Candidates.push_back({getPrefixOfExecutable(Opts.ExecutablePath),
                          RocmSource::ExecutableDir, false, ""});
  Candidates.push_back(
      {Opts.SysRoot + "/opt/rocm", RocmSource::OptRocm, false, ""});
  // Side-by-side releases (/opt/rocm-6.4.1, /opt/rocm-7.0.0): the newest,
  // as clang's own ROCm search takes it.
  std::vector<std::string> Versioned =
      versionedSubdirs(Opts.SysRoot + "/opt", "rocm-");
  if (!Versioned.empty())
    Candidates.push_back(
        {Versioned.front(), RocmSource::OptRocmVersioned, false, ""});
  Candidates.push_back(
      {Opts.SysRoot + "/usr", RocmSource::DebianUsr, false, ""});
  return Candidates;
}

/// Fills the HIP runtime fields from \p HipRoot: headers, the directory with
/// libamdhip64.so, and the version file.
static Error setHipRuntime(StringRef HipRoot, std::string &IncludeDir,
                           std::string &LibDir, std::string &RuntimeDir,
                           HipVersion &Version) {
  IncludeDir = join(HipRoot, "include");
  LibDir.clear();
  for (std::string Dir :
       {join(HipRoot, "lib"), join(HipRoot, "lib", getMultiarchTuple()),
        join(HipRoot, "lib64")}) {
    if (sys::fs::exists(join(Dir, "libamdhip64.so"))) {
      LibDir = Dir;
      break;
    }
  }
  if (LibDir.empty())
    return makeError("HIP runtime library libamdhip64.so not found under '" +
                     HipRoot +
                     "/lib'; install libamdhip64-dev or set HIP_PATH");
  SmallString<256> Real;
  if (sys::fs::real_path(join(LibDir, "libamdhip64.so"), Real))
    RuntimeDir = LibDir;
  else
    RuntimeDir = std::string(sys::path::parent_path(Real));

  if (std::optional<HipVersion> V =
          readHipVersion(HipRoot, RocmNeed::Compile)) {
    Version = *V;
    return Error::success();
  }
  return makeError(
      "HIP version file not found in '" + HipRoot + "/share/hip/version' or '" +
      HipRoot + "/bin/.hipVersion'; install libamdhip64-dev or set HIP_PATH");
}

Expected<RocmInstallation>
RocmInstallation::detect(const RocmSearchOptions &Opts) {
  auto Env = [&](StringRef Name) -> std::string {
    if (!Opts.GetEnv)
      return "";
    return Opts.GetEnv(Name).value_or("");
  };
  std::vector<Candidate> Candidates = getCandidates(Opts);

  RocmInstallation R;
  bool Found = false;
  bool Compiles = Opts.Need == RocmNeed::Compile;
  for (const Candidate &C : Candidates) {
    std::string Dir;
    std::error_code EC = findDeviceLibDir(C.Path, Dir);
    if (EC && !Compiles && hasHip(C.Path, Opts.Need))
      EC = std::error_code();
    if (!EC) {
      R.Root = C.Path;
      R.Source = C.Source;
      R.DeviceLibDir = Dir;
      Found = true;
      break;
    }
    if (C.Explicit && isPermissionDenied(EC))
      return makeError("no ROCm installation at " + C.GivenAs +
                       ": its device libraries (amdgcn/bitcode/ocml.bc) cannot "
                       "be read (permission denied); make them readable, or "
                       "point " +
                       C.GivenAs.substr(0, C.GivenAs.find('=')) +
                       " at another ROCm root");
    if (C.Explicit && !Compiles)
      return makeError("no ROCm installation at " + C.GivenAs +
                       ": neither device libraries (amdgcn/bitcode/ocml.bc) "
                       "nor " + hipRootRequirement(Opts.Need) +
                       " there; point it at a ROCm root or unset it");
    if (C.Explicit)
      return makeError("no ROCm installation at " + C.GivenAs +
                       ": no device libraries (amdgcn/bitcode/ocml.bc) there; "
                       "point it at a ROCm root or unset it");
    if (!Compiles)
      continue;
    // The prefix a hipkit tool is installed in ships its own device libraries
    // (every processor clang 19 knows). Going on to /opt/rocm or /usr would
    // quietly compile against another ROCm's, which lack most of them and
    // fail later with "cannot find ROCm device library for gfx942".
    if (C.Source == RocmSource::ExecutableDir && isPermissionDenied(EC))
      return makeError("cannot read hipkit's device libraries in '" +
                       join(C.Path, "amdgcn", "bitcode") +
                       "' (permission denied); make the installation readable "
                       "(chmod -R a+rX '" +
                       C.Path + "'), or set ROCM_PATH to use another ROCm");
    if (C.Source == RocmSource::ExecutableDir)
      return makeError("hipkit's device libraries are missing: no '" +
                       join(C.Path, "amdgcn", "bitcode", "ocml.bc") +
                       "'; reinstall hipkit, or set ROCM_PATH to use another "
                       "ROCm");
  }
  if (!Found && !Compiles)
    return makeError("no ROCm installation found (searched the prefix of this "
                     "tool, /opt/rocm and /usr for " +
                     hipRootRequirement(Opts.Need) +
                     " or amdgcn/bitcode/ocml.bc); install libamdhip64-dev or "
                     "set ROCM_PATH");
  if (!Found)
    return makeError("no ROCm installation found (searched /opt/rocm, /usr and "
                     "the prefix of this tool for amdgcn/bitcode/ocml.bc); "
                     "install rocm-device-libs or set ROCM_PATH");

  // DEVICE_LIB_PATH is AMD's name, HIP_DEVICE_LIB_PATH the older one.
  for (StringRef Var : {"HIP_DEVICE_LIB_PATH", "DEVICE_LIB_PATH"}) {
    std::string Dir = Env(Var);
    if (Dir.empty() || !Compiles)
      continue;
    if (!isDeviceLibDir(Dir))
      return makeError("no device libraries at " + Var + "=" + Dir +
                       " (ocml.bc is missing); point it at an amdgcn/bitcode "
                       "directory or unset it");
    R.DeviceLibDir = Dir;
    break;
  }

  // The HIP runtime: HIP_PATH when given, else the first candidate from the
  // ROCm root on that has HIP headers.
  std::string HipRoot = Env("HIP_PATH");
  if (!HipRoot.empty()) {
    if (!hasHip(HipRoot, Opts.Need))
      return makeError("no HIP installation at HIP_PATH=" + HipRoot +
                       " (" + hipRootRequirement(Opts.Need) +
                       " is missing); point it at a HIP root or unset it");
  } else if (hasHip(R.Root, Opts.Need)) {
    HipRoot = R.Root;
  } else {
    for (const Candidate &C : Candidates)
      if (!C.Explicit && hasHip(C.Path, Opts.Need)) {
        HipRoot = C.Path;
        break;
      }
    if (HipRoot.empty())
      return makeError("no HIP installation found (" +
                       hipRootRequirement(Opts.Need) + " under '" + R.Root +
                       "', /opt/rocm or /usr); install "
                       "libamdhip64-dev or set HIP_PATH");
  }
  R.HipRoot = HipRoot;
  if (!Compiles) {
    // hasHip() has read it.
    R.Version = *readHipVersion(HipRoot, Opts.Need);
    if (Opts.Need == RocmNeed::HipHeaders)
      R.HipIncludeDir = join(HipRoot, "include");
    return R;
  }
  if (Error E = setHipRuntime(HipRoot, R.HipIncludeDir, R.HipLibDir,
                              R.HipRuntimeDir, R.Version))
    return std::move(E);
  return R;
}

bool RocmInstallation::deviceLibDirIsClangDefault() const {
  return DeviceLibDir == join(Root, "amdgcn", "bitcode");
}

} // namespace hipkit
