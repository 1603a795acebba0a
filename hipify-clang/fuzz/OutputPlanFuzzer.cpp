//===- OutputPlanFuzzer.cpp - libFuzzer target: hipify-clang's output plan ===//
//
// Random sets of files in a scratch folder (regular files, symbolic and hard
// links, files an earlier run wrote and listed in a manifest, foreign files),
// then random inputs and outputs named by random spellings of those paths, all
// through OutputPlan. Whenever the plan accepts, the fuzzer checks with its
// own, simpler model of the file system that no output would write to an
// input (other than the one an --inplace output replaces), that no two
// outputs share a file, and that no implied output (a header beside -o)
// replaces a file that hipify-clang did not write. A plan that would is the
// data loss the plan exists to prevent, so the fuzzer stops on it.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Project/OutputPlan.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <set>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace hipkit::hipify;

namespace {

/// The names a scenario uses, below the scratch folder (d/ always exists).
const char *const Names[] = {
    "a.cu",      "b.cu",       "a.cu.hip",         "h.h",
    "r.md",      "s.csv",      "d/a.cu",           "d/h.h",
    "d/h.h.hip", "d/a.cu.hip", ".hipify-manifest", "d/.hipify-manifest"};
constexpr size_t NameCount = sizeof(Names) / sizeof(Names[0]);

std::string Scratch;

void removeScratch() {
  if (!Scratch.empty())
    llvm::sys::fs::remove_directories(Scratch);
}

/// A fresh, empty scratch folder with d/ in it.
void resetScratch() {
  if (Scratch.empty()) {
    llvm::SmallString<256> Template;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Template);
    llvm::sys::path::append(Template, "hipify-plan-fuzz-XXXXXX");
    if (!::mkdtemp(Template.data()))
      abort();
    Scratch = Template.c_str();
    std::atexit(removeScratch);
  } else {
    llvm::sys::fs::remove_directories(Scratch + "/d");
    for (const char *Name : Names)
      ::unlink((Scratch + "/" + Name).c_str());
  }
  ::mkdir((Scratch + "/d").c_str(), 0700);
}

std::string path(size_t Index) { return Scratch + "/" + Names[Index]; }

/// The fuzzer's own model of where writing \p Path lands: links followed one
/// at a time (also dangling ones), then the file's device and inode when it
/// exists, else its absolute path.
struct Destination {
  std::string Path;
  bool Exists = false;
  dev_t Device = 0;
  ino_t Inode = 0;
  bool same(const Destination &O) const {
    return Exists && O.Exists ? Device == O.Device && Inode == O.Inode
                              : Path == O.Path;
  }
};

Destination destination(std::string Path) {
  for (int Links = 0; Links < 40; ++Links) {
    struct stat Status;
    if (::lstat(Path.c_str(), &Status) || !S_ISLNK(Status.st_mode))
      break;
    char Target[4096];
    ssize_t Length = ::readlink(Path.c_str(), Target, sizeof(Target) - 1);
    if (Length < 0)
      break;
    Target[Length] = 0;
    if (Target[0] == '/')
      Path = Target;
    else
      Path = llvm::sys::path::parent_path(Path).str() + "/" + Target;
  }
  Destination D;
  llvm::SmallString<256> Dir;
  if (!llvm::sys::fs::real_path(llvm::sys::path::parent_path(Path), Dir)) {
    llvm::sys::path::append(Dir, llvm::sys::path::filename(Path));
    D.Path = std::string(Dir);
  } else {
    D.Path = Path;
  }
  struct stat Status;
  if (!::stat(D.Path.c_str(), &Status)) {
    D.Exists = true;
    D.Device = Status.st_dev;
    D.Inode = Status.st_ino;
  }
  return D;
}

void writeFile(const std::string &Path, llvm::StringRef Text) {
  ::unlink(Path.c_str());
  int FD = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (FD < 0)
    return; // A name below a file, say: the scenario just lacks it.
  if (::write(FD, Text.data(), Text.size()) < 0) {
  }
  ::close(FD);
}

[[noreturn]] void violation(const llvm::Twine &What) {
  llvm::errs() << "hipify-output-plan-fuzzer: the plan accepted " << What
               << "\n";
  abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  resetScratch();
  size_t At = 0;
  auto next = [&]() -> unsigned { return At < Size ? Data[At++] : 0; };
  // Files the fuzzer wrote as hipify-clang would have: listed in their
  // folder's manifest with their text. By device and inode.
  std::set<std::pair<dev_t, ino_t>> Ours;
  std::map<std::string, std::string> ManifestText; // folder -> entries
  unsigned Operations = next() % 16;
  for (unsigned I = 0; I < Operations; ++I) {
    unsigned Kind = next() % 4;
    size_t Name = next() % NameCount, Target = next() % NameCount;
    std::string P = path(Name);
    switch (Kind) {
    case 0: // A foreign file.
      writeFile(P, "foreign " + std::to_string(I) + "\n");
      break;
    case 1: // A symbolic link, relative or absolute.
      ::unlink(P.c_str());
      if (next() % 2)
        (void)::symlink(path(Target).c_str(), P.c_str());
      else
        (void)::symlink(Names[Target], P.c_str());
      break;
    case 2: // A hard link.
      ::unlink(P.c_str());
      (void)::link(path(Target).c_str(), P.c_str());
      break;
    case 3: { // A file an earlier run wrote, listed in the manifest.
      if (llvm::sys::path::filename(P) == ManifestName)
        break;
      std::string Text = "ours " + std::to_string(I) + "\n";
      writeFile(P, Text);
      struct stat Status;
      if (::lstat(P.c_str(), &Status))
        break;
      Ours.insert({Status.st_dev, Status.st_ino});
      std::string Folder = llvm::sys::path::parent_path(P).str();
      ManifestText[Folder] +=
          contentHash(Text) + "  " + llvm::sys::path::filename(P).str() + "\n";
      writeFile(Folder + "/" + ManifestName.str(),
                "# hipify-clang: the files it wrote in this folder (SHA-256, "
                "name); it replaces only these\n" +
                    ManifestText[Folder]);
      break;
    }
    }
  }
  // Ours only while the file still has the text the manifest lists: a later
  // foreign write replaced it (a new inode), and writeFile unlinks first.
  OutputPlan Plan(/*Force=*/false);
  struct Planned {
    std::string Path;
    OutputRole Role;
    std::string Replaces;
  };
  std::vector<std::string> Inputs;
  std::vector<Planned> Outputs;
  auto spelling = [&](size_t Index) {
    std::string Name = Names[Index];
    switch (next() % 3) {
    case 1:
      return Scratch + "/./" + Name;
    case 2:
      return Scratch + "/d/../" + Name;
    default:
      return Scratch + "/" + Name;
    }
  };
  unsigned Entries = 1 + next() % 8;
  for (unsigned I = 0; I < Entries; ++I) {
    unsigned Role = next() % 4;
    std::string P = spelling(next() % NameCount);
    switch (Role) {
    case 0:
      Inputs.push_back(P);
      Plan.addInput(P, "input " + std::to_string(I));
      break;
    case 1:
      Outputs.push_back({P, OutputRole::Named, ""});
      break;
    case 2:
      Outputs.push_back({P, OutputRole::Implied, ""});
      break;
    case 3: // --inplace: the output is an input.
      Inputs.push_back(P);
      Plan.addInput(P, "input " + std::to_string(I));
      Outputs.push_back({P, OutputRole::InPlace, P});
      break;
    }
  }
  for (size_t I = 0; I < Outputs.size(); ++I)
    Plan.addOutput(Outputs[I].Path, "output " + std::to_string(I),
                   Outputs[I].Role, Outputs[I].Replaces);
  if (!Plan.check().empty())
    return 0;

  std::vector<Destination> Written;
  for (const Planned &O : Outputs) {
    Destination D = destination(O.Path);
    for (const std::string &In : Inputs) {
      Destination I = destination(In);
      if (!D.same(I))
        continue;
      if (O.Role == OutputRole::InPlace && destination(O.Replaces).same(I))
        continue;
      violation("'" + O.Path + "' as an output, which is the input '" + In +
                "'");
    }
    for (const Destination &Other : Written)
      if (D.same(Other))
        violation("two outputs at '" + D.Path + "'");
    if (O.Role == OutputRole::Implied && D.Exists &&
        !Ours.count({D.Device, D.Inode}))
      violation("replacing the foreign file '" + D.Path +
                "' by the implied output '" + O.Path + "'");
    Written.push_back(D);
  }
  return 0;
}
