//===- OutputManifest.cpp - What hipify-clang wrote, in either format -----===//

#include "hipkit/hipify/Project/OutputManifest.h"

#include "hipkit/Support/OutputFile.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <sys/stat.h>

using namespace hipkit;
using namespace hipkit::hipify;

namespace {
/// The first line of every folder manifest: a file there without it is not
/// one.
constexpr llvm::StringLiteral ManifestHeader =
    "# hipify-clang: the files it wrote in this folder (SHA-256, name); it "
    "replaces only these";
} // namespace

OutputManifest::~OutputManifest() = default;

bool FolderManifests::read(llvm::StringRef Path,
                           std::map<std::string, std::string> &Entries,
                           std::string *Why) {
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

std::string FolderManifests::pathFor(llvm::StringRef Output) const {
  llvm::SmallString<256> Manifest(
      llvm::sys::path::parent_path(absolutePath(Output)));
  llvm::sys::path::append(Manifest, ManifestName);
  return std::string(Manifest);
}

std::optional<ManifestRecord>
FolderManifests::written(llvm::StringRef Output) const {
  std::map<std::string, std::string> Entries;
  if (!read(pathFor(Output), Entries))
    return std::nullopt;
  auto It = Entries.find(llvm::sys::path::filename(Output).str());
  if (It == Entries.end())
    return std::nullopt;
  return ManifestRecord{It->second, std::nullopt};
}

void FolderManifests::record(llvm::StringRef Output, ManifestRecord Record) {
  Recorded[pathFor(Output)][llvm::sys::path::filename(Output).str()] =
      std::move(Record.Hash);
}

void FolderManifests::forget(llvm::StringRef Output) {
  auto Folder = Recorded.find(pathFor(Output));
  if (Folder != Recorded.end())
    Folder->second.erase(llvm::sys::path::filename(Output).str());
}

std::optional<std::string>
FolderManifests::damage(llvm::StringRef Output) const {
  std::map<std::string, std::string> Entries;
  std::string Why;
  if (read(pathFor(Output), Entries, &Why))
    return std::nullopt;
  return Why;
}

std::vector<std::pair<std::string, std::string>>
FolderManifests::render() const {
  std::vector<std::pair<std::string, std::string>> Result;
  for (const auto &[Path, New] : Recorded) {
    // The entries already there stay: another run's outputs in the folder.
    std::map<std::string, std::string> Entries;
    read(Path, Entries);
    for (const auto &[Name, Hash] : New)
      Entries[Name] = Hash;
    std::string Text = ManifestHeader.str() + "\n";
    for (const auto &[Name, Hash] : Entries)
      Text += Hash + "  " + Name + "\n";
    Result.emplace_back(Path, std::move(Text));
  }
  return Result;
}

std::optional<ManifestRecord>
ProjectOutputManifest::written(llvm::StringRef Rel) const {
  auto It = Last.Outputs.find(Rel.str());
  if (It == Last.Outputs.end())
    return std::nullopt;
  return ManifestRecord{It->second.OutputHash, It->second.LinkTarget,
                        It->second.Inputs, It->second.Owner};
}

const ProjectManifest::Entry *
ProjectOutputManifest::recorded(llvm::StringRef Rel) const {
  auto It = This.Outputs.find(Rel.str());
  return It == This.Outputs.end() ? nullptr : &It->second;
}

void ProjectOutputManifest::keepLast(llvm::StringRef Rel) {
  This.Outputs[Rel.str()] = Last.Outputs[Rel.str()];
}

void ProjectOutputManifest::record(llvm::StringRef Rel, ManifestRecord Record) {
  ProjectManifest::Entry &E = This.Outputs[Rel.str()];
  E.OutputHash = std::move(Record.Hash);
  E.LinkTarget = std::move(Record.LinkTarget);
  E.Inputs = std::move(Record.Inputs);
  E.Owner = std::move(Record.Owner);
}
