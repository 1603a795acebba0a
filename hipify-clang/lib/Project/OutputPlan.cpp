//===- OutputPlan.cpp - Every output of a run, checked before any is written -//
//
// Identities are compared by device and inode where the file exists (a hard
// link or a symbolic link to a source is the source) and by real path where
// it does not yet (two outputs that would create the same file).
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Project/OutputPlan.h"

#include "hipkit/Support/OutputFile.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <set>
#include <sys/stat.h>

using namespace hipkit;
using namespace hipkit::hipify;

namespace {

/// The first line of every manifest: a file there without it is not one.
constexpr llvm::StringLiteral ManifestHeader =
    "# hipify-clang: the files it wrote in this folder (SHA-256, name); it "
    "replaces only these";

/// The entries of the manifest at \p Path (name -> hash); false when there
/// is a file that is no manifest, with \p Why set when it is no regular file
/// (a FIFO there would block the read, /dev/zero fill the memory).
bool readManifest(llvm::StringRef Path,
                  std::map<std::string, std::string> &Entries,
                  std::string *Why = nullptr) {
  llvm::Expected<std::optional<std::string>> Read =
      readRegularFile(Path, uint64_t(64) << 20);
  if (!Read) {
    llvm::consumeError(Read.takeError());
    struct stat Status;
    if (Why && !::stat(Path.str().c_str(), &Status))
      *Why = " (it is " + describeFileType(Status.st_mode) +
             (S_ISREG(Status.st_mode) ? ", and too large or unreadable)"
                                      : ", not a regular file)");
    return false;
  }
  if (!*Read)
    return true;
  std::string Text = std::move(**Read);
  llvm::StringRef Rest(Text);
  if (!Rest.starts_with(ManifestHeader))
    return false;
  while (!Rest.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    if (Line.empty() || Line.starts_with("#"))
      continue;
    // sha256sum's format: the hash, two spaces, the name.
    auto [Hash, Name] = Line.split("  ");
    if (Hash.size() == 64 && !Name.empty())
      Entries[Name.str()] = Hash.str();
  }
  return true;
}

} // namespace

std::string hipkit::hipify::contentHash(llvm::StringRef Text) {
  auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text));
  return llvm::toHex(Hash, /*LowerCase=*/true);
}

bool FileIdentity::sameFileAs(const FileIdentity &Other) const {
  if (Exists && Other.Exists)
    return Device == Other.Device && Inode == Other.Inode;
  return RealPath == Other.RealPath;
}

FileIdentity OutputPlan::identify(llvm::StringRef Path) {
  FileIdentity Id;
  llvm::Expected<OutputTarget> Target = resolveOutput(Path);
  if (Target) {
    Id.RealPath = absolutePath(Target->ReplacedPath);
    Id.WriteThrough = Target->Type == OutputTarget::Kind::WriteThrough;
  } else {
    // A link that may not be followed for writing still leads somewhere for
    // reading; the output's own check reports it.
    llvm::consumeError(Target.takeError());
    llvm::SmallString<256> Real;
    Id.RealPath = llvm::sys::fs::real_path(Path, Real) ? absolutePath(Path)
                                                       : std::string(Real);
  }
  struct stat Status;
  if (!::stat(Path.str().c_str(), &Status)) {
    Id.Exists = true;
    Id.Device = Status.st_dev;
    Id.Inode = Status.st_ino;
    Id.WriteThrough |= !S_ISREG(Status.st_mode) && !S_ISDIR(Status.st_mode);
  }
  return Id;
}

std::string OutputPlan::manifestFor(llvm::StringRef Path) {
  llvm::SmallString<256> Manifest(llvm::sys::path::parent_path(absolutePath(Path)));
  llvm::sys::path::append(Manifest, ManifestName);
  return std::string(Manifest);
}

bool OutputPlan::writtenByHipify(llvm::StringRef Path) {
  std::map<std::string, std::string> Entries;
  if (!readManifest(manifestFor(Path), Entries))
    return false;
  auto It = Entries.find(llvm::sys::path::filename(Path).str());
  return It != Entries.end() && hashRegularFile(Path) == It->second;
}

void OutputPlan::addInput(llvm::StringRef Path, llvm::StringRef What) {
  Inputs.push_back({Path.str(), What.str(), identify(Path)});
}

void OutputPlan::add(PlannedOutput O) {
  if (O.Path.empty() || O.Path == "-")
    return;
  Outputs.push_back({std::move(O), {}});
}

void OutputPlan::addOutput(llvm::StringRef Path, llvm::StringRef What,
                           OutputRole Role, llvm::StringRef Replaces) {
  PlannedOutput O;
  O.Path = Path.str();
  O.What = What.str();
  O.Role = Role;
  O.Replaces = Replaces.str();
  add(std::move(O));
}

void OutputPlan::addImpliedOutput(llvm::StringRef Path, llvm::StringRef What,
                                  llvm::StringRef Original) {
  PlannedOutput O;
  O.Path = Path.str();
  O.What = What.str();
  O.Role = OutputRole::Implied;
  O.Original = Original.str();
  add(std::move(O));
}

std::vector<std::string> OutputPlan::check() const {
  CheckState Fresh;
  std::vector<std::string> Problems;
  checkFrom(Fresh, Problems);
  return Problems;
}

std::vector<std::string> OutputPlan::checkAdded() {
  std::vector<std::string> Problems;
  checkFrom(Checked, Problems);
  return Problems;
}

bool OutputPlan::checkWritable(const Output &O,
                               std::vector<std::string> &Problems) const {
  if (O.Role == OutputRole::Named && !O.Replaces.empty() &&
      realPathOf(O.Path) == realPathOf(O.Replaces)) {
    Problems.push_back("the output '" + O.Path + "' is the input '" +
                       O.Replaces + "' itself; use " + Advice.InPlace.str() +
                       " to replace a source with its translation");
    return false;
  }
  using Writable = PlannedOutput::Writable;
  llvm::StringRef Folder = llvm::sys::path::parent_path(O.Path);
  // A folder the run creates (below --o-dir) holds nothing to check yet.
  if (O.CheckWritable == Writable::Checked ||
      (O.CheckWritable == Writable::CheckedIfFolderExists &&
       llvm::sys::fs::is_directory(Folder.empty() ? "." : Folder)))
    if (llvm::Error E = checkOutputPath(O.Path, Advice.ChooseAnotherOutput)) {
      Problems.push_back(llvm::toString(std::move(E)));
      return false;
    }
  if (O.Role == OutputRole::InPlace && O.KeepsBackup) {
    // The backup goes beside the name given, which may be a link elsewhere.
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(O.Replaces));
    if (Dir.empty())
      Dir = ".";
    if (llvm::sys::fs::access(Dir, llvm::sys::fs::AccessMode::Write)) {
      Problems.push_back("cannot back up '" + O.Replaces + "': directory '" +
                         Dir.str().str() + "' is not writable; " +
                         Advice.UnwritableBackupFolder.str());
      return false;
    }
  }
  return true;
}

void OutputPlan::checkFrom(CheckState &State,
                           std::vector<std::string> &Problems) const {
  const char *Nothing = "; nothing was written; ";
  auto checkAgainstInputs = [&](const Output &O, size_t FirstInput) {
    if (O.Id.WriteThrough)
      return; // A device or pipe can take several outputs, and an input.
    for (const Input &I : llvm::ArrayRef(Inputs).drop_front(FirstInput)) {
      if (!O.Id.sameFileAs(I.Id))
        continue;
      if (O.Role == OutputRole::InPlace &&
          identify(O.Replaces).sameFileAs(I.Id))
        continue;
      Problems.push_back(O.What + " '" + O.Path + "' would replace " + I.What +
                         Nothing + "choose another path for " + O.What);
      return;
    }
  };
  auto owner = [](const Output &O) -> const std::string & {
    return O.Owner.empty() ? O.What : O.Owner;
  };
  // What was accepted before faces the inputs added since.
  for (const Output &O : State.Accepted)
    checkAgainstInputs(O, State.Inputs);
  std::set<std::string> Manifests;
  for (const Output &Planned : llvm::ArrayRef(Outputs).drop_front(State.Outputs)) {
    // The manifests are outputs too.
    if (Planned.Role == OutputRole::Implied && !ProjectManifestPath &&
        !State.Manifests.count(manifestFor(Planned.Path)))
      Manifests.insert(manifestFor(Planned.Path));
    Output O = Planned;
    llvm::Expected<OutputTarget> Target = resolveOutput(O.Path);
    if (!Target) {
      Problems.push_back(llvm::toString(Target.takeError()));
      continue;
    }
    O.Id = identify(O.Path);
    if (!checkWritable(O, Problems))
      continue;
    checkAgainstInputs(O, 0);
    if (!O.Id.WriteThrough)
      for (const Output &Other : State.Accepted)
        if (!Other.Id.WriteThrough && O.Id.sameFileAs(Other.Id)) {
          Problems.push_back(owner(Other) + " and " + owner(O) +
                             " would both be written to '" + O.Path + "'" +
                             Nothing + "give each output its own path");
          break;
        }
    if (O.Role == OutputRole::Implied && O.Id.Exists && !Force &&
        !writtenByThisTool(O.Path) &&
        !(O.Original && fileStillHolds(O.Path, *O.Original)))
      Problems.push_back("'" + O.Path + "' exists and was not written by " +
                         "hipify-clang (it is not in '" +
                         manifestNaming(O.Path) + "'); " + O.What +
                         " would replace it" + Nothing +
                         (ProjectManifestPath
                              ? "remove it, choose another --out-root, or use "
                                "--force"
                              : "remove it, choose another -o, or use "
                                "--force"));
    State.Accepted.push_back(std::move(O));
  }
  for (const std::string &Path : Manifests) {
    Output M;
    M.Path = Path;
    M.What = "the manifest";
    M.Id = identify(Path);
    checkAgainstInputs(M, 0);
    std::map<std::string, std::string> Entries;
    std::string Why;
    if (!readManifest(Path, Entries, &Why))
      Problems.push_back("'" + Path +
                         "' exists and is not a hipify-clang manifest" + Why +
                         Nothing + "remove it or choose another -o");
    State.Manifests.insert(Path);
  }
  State.Inputs = Inputs.size();
  State.Outputs = Outputs.size();
}

void OutputPlan::useProjectManifest(std::string ManifestPath,
                                    llvm::StringMap<std::string> Written) {
  ProjectManifestPath = std::move(ManifestPath);
  ProjectWritten = std::move(Written);
}

bool OutputPlan::writtenByThisTool(llvm::StringRef Path) const {
  if (!ProjectManifestPath)
    return writtenByHipify(Path);
  auto It = ProjectWritten.find(absolutePath(Path));
  return It != ProjectWritten.end() && hashRegularFile(Path) == It->second;
}

std::string OutputPlan::manifestNaming(llvm::StringRef Path) const {
  return ProjectManifestPath ? *ProjectManifestPath : manifestFor(Path);
}

void OutputPlan::recordWritten(llvm::StringRef Path, llvm::StringRef Contents) {
  if (ProjectManifestPath)
    return; // The project manifest records it.
  Written[manifestFor(Path)][llvm::sys::path::filename(Path).str()] =
      contentHash(Contents);
}

std::vector<std::pair<std::string, std::string>> OutputPlan::manifests() const {
  std::vector<std::pair<std::string, std::string>> Result;
  for (const auto &[Path, New] : Written) {
    std::map<std::string, std::string> Entries;
    readManifest(Path, Entries);
    for (const auto &[Name, Hash] : New)
      Entries[Name] = Hash;
    std::string Text = ManifestHeader.str() + "\n";
    for (const auto &[Name, Hash] : Entries)
      Text += Hash + "  " + Name + "\n";
    Result.emplace_back(Path, std::move(Text));
  }
  return Result;
}
