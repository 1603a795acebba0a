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

/// Ends each message about an output that cannot be written.
static constexpr const char *Nothing = "; nothing was written; ";

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
  // Each new folder manifest, with an output it would list.
  std::map<std::string, std::string> Manifests;
  for (const Output &Planned : llvm::ArrayRef(Outputs).drop_front(State.Outputs)) {
    if (!Planned.TreeRel.empty()) {
      checkTreeOutput(Planned, State, Problems);
      continue;
    }
    // The manifests are outputs too.
    if (Planned.Role == OutputRole::Implied && Manifest->perFolder() &&
        !State.Manifests.count(Manifest->pathFor(Planned.Path)))
      Manifests.emplace(Manifest->pathFor(Planned.Path), Planned.Path);
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
                         Manifest->pathFor(O.Path) + "'); " + O.What +
                         " would replace it" + Nothing +
                         (Manifest->perFolder()
                              ? "remove it, choose another -o, or use "
                                "--force"
                              : "remove it, choose another --out-root, or use "
                                "--force"));
    State.Accepted.push_back(std::move(O));
  }
  for (const auto &[Path, Listed] : Manifests) {
    Output M;
    M.Path = Path;
    M.What = "the manifest";
    M.Id = identify(Path);
    checkAgainstInputs(M, 0);
    if (std::optional<std::string> Why = Manifest->damage(Listed))
      Problems.push_back("'" + Path +
                         "' exists and is not a hipify-clang manifest" + *Why +
                         Nothing + "remove it or choose another -o");
    State.Manifests.insert(Path);
  }
  State.Inputs = Inputs.size();
  State.Outputs = Outputs.size();
}

bool OutputPlan::writtenByThisTool(llvm::StringRef Path) const {
  std::optional<ManifestRecord> Record = Manifest->written(Path);
  return Record && hashRegularFile(Path) == Record->Hash;
}

bool OutputPlan::linkMadeByHipify(llvm::StringRef Rel,
                                  llvm::StringRef Target) const {
  std::optional<ManifestRecord> Record = Manifest->written(Rel);
  return Record && Record->LinkTarget && *Record->LinkTarget == Target;
}

void OutputPlan::checkTreeOutput(const Output &O, CheckState &State,
                                 std::vector<std::string> &Problems) const {
  if (O.Role == OutputRole::InPlace) {
    checkInPlaceTreeOutput(O, Problems);
    return;
  }
  const std::string &Rel = O.TreeRel;
  std::string Shown = Tree->pathOf(Rel);
  if (checkTreeFolders(Rel, State, Problems))
    return;
  llvm::Expected<TreeEntry> Entry = Tree->lookup(Rel);
  if (!Entry) {
    Problems.push_back(llvm::toString(Entry.takeError()) + Nothing);
    return;
  }
  switch (Entry->Kind) {
  case TreeEntryKind::Missing:
    return;
  case TreeEntryKind::Folder:
  case TreeEntryKind::Other:
    Problems.push_back("cannot write '" + Shown + "': it is " +
                       Entry->TypeName + ", not a regular file" + Nothing +
                       "remove it");
    return;
  case TreeEntryKind::Link:
    if (linkMadeByHipify(Rel, Entry->LinkTarget) || Force)
      return; // The link itself is replaced, never its target.
    Problems.push_back(
        "cannot write '" + Shown + "': it is a symbolic link (to '" +
        Entry->LinkTarget +
        "') that hipify-clang did not make, and nothing is written "
        "through links below --out-root" +
        Nothing + "remove it, or use --force to replace the link");
    return;
  case TreeEntryKind::RegularFile:
    break;
  }
  if (!(Entry->Mode & 0222)) {
    Problems.push_back("cannot write '" + Shown +
                       "': the file is read-only; make it writable (chmod "
                       "u+w) or remove it" +
                       Nothing);
    return;
  }
  if (!Force)
    replacesOnlyItsOwn(O, Problems);
}

std::optional<bool>
OutputPlan::checkTreeFolders(llvm::StringRef Rel, CheckState &State,
                             std::vector<std::string> &Problems) const {
  std::string Shown = Tree->pathOf(Rel);
  // The folders on the way: a link there is followed by nothing. One that
  // the last run made (the input had a link there, now a folder) becomes a
  // folder when written, as does any other with --force.
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Rel.split(Parts, '/');
  std::string Folder;
  for (size_t I = 0; I + 1 < Parts.size(); ++I) {
    Folder += (Folder.empty() ? "" : "/") + Parts[I].str();
    if (State.LinksToReplace.count(Folder))
      return true;
    llvm::Expected<TreeEntry> Entry = Tree->lookup(Folder);
    if (!Entry) {
      Problems.push_back(llvm::toString(Entry.takeError()) + Nothing);
      return false;
    }
    if (Entry->Kind == TreeEntryKind::Missing)
      return true;
    if (Entry->Kind == TreeEntryKind::Folder)
      continue;
    if (Entry->Kind == TreeEntryKind::Link &&
        (linkMadeByHipify(Folder, Entry->LinkTarget) || Force)) {
      State.LinksToReplace.insert(Folder);
      return true;
    }
    Problems.push_back(
        "cannot write '" + Shown + "': '" + Tree->pathOf(Folder) + "' is " +
        (Entry->Kind == TreeEntryKind::Link
             ? "a symbolic link (to '" + Entry->LinkTarget +
                   "') that hipify-clang did not make, and nothing is "
                   "written through links below --out-root" +
                   Nothing +
                   "remove the link, or use --force to replace it "
                   "by a folder"
             : Entry->TypeName + ", not a folder" + Nothing + "remove it"));
    return false;
  }
  return std::nullopt;
}

bool OutputPlan::checkInPlaceTreeOutput(
    const Output &O, std::vector<std::string> &Problems) const {
  // The one rule of both modes: a read-only file is not replaced, also
  // for root.
  llvm::Expected<TreeEntry> Entry = Tree->lookup(O.TreeRel);
  if (!Entry) {
    Problems.push_back(llvm::toString(Entry.takeError()) + Nothing);
    return false;
  }
  if (Entry->Kind == TreeEntryKind::RegularFile && !(Entry->Mode & 0222)) {
    Problems.push_back("cannot translate '" + Tree->pathOf(O.TreeRel) +
                       "' in place: the file is read-only; make it writable "
                       "(chmod u+w) or leave it out of the project" +
                       Nothing);
    return false;
  }
  return true;
}

bool OutputPlan::replacesOnlyItsOwn(const Output &O,
                                    std::vector<std::string> &Problems) const {
  const std::string &Rel = O.TreeRel;
  std::string Shown = Tree->pathOf(Rel);
  std::optional<ManifestRecord> Old = Manifest->written(Rel);
  llvm::Expected<std::optional<std::string>> Hash = Tree->hash(Rel);
  if (!Hash) {
    Problems.push_back(llvm::toString(Hash.takeError()) + Nothing);
    return false;
  }
  if (Old && !Old->LinkTarget && *Hash && **Hash == Old->Hash)
    return true;
  const std::string &InputPath = O.Replaces;
  // A copy of the input (a copied project translated into itself): what
  // replaces it is made from the same text, so nothing is lost.
  if (!Old && *Hash && hashRegularFile(InputPath) == **Hash)
    return true;
  if (Old)
    Problems.push_back(
        "'" + Shown +
        "' was written by hipify-clang and edited since (its text "
        "is not what the manifest records); the translation of '" +
        InputPath + "' would replace the edit" + Nothing +
        "to keep the edit, make it in '" + InputPath +
        "' or move the file out of --out-root; to drop it, remove "
        "the file or use --force");
  else
    Problems.push_back("'" + Shown +
                       "' exists and was not written by hipify-clang "
                       "(it is not in '" +
                       Manifest->pathFor(Rel) + "'); the translation of '" +
                       Rel + "' would replace it" + Nothing +
                       "remove it, choose another --out-root, or use --force");
  return false;
}
