//===- OutputManifest.h - What hipify-clang wrote, in either format -------===//
//
// A file hipify-clang chose to write (a header beside -o, any file below
// --out-root) replaces an existing one only where a manifest says
// hipify-clang wrote it, with the text it still has. Two formats keep that
// record, and both stay (users and scripts read them):
//  - single-file mode: `.hipify-manifest` in each folder that received such
//    an output, in sha256sum's format (`sha256sum -c` checks it);
//  - project mode: one `OUT/.hipify-manifest.json` (ProjectManifest.h), which
//    also records each output's inputs for the next run.
// The plan and the emitter ask one interface: which outputs did hipify-clang
// write, with what hash (read); an output was written (record); and what the
// new manifests hold (render).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_OUTPUTMANIFEST_H
#define HIPKIT_HIPIFY_OUTPUTMANIFEST_H

#include "hipkit/hipify/Project/ProjectManifest.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipkit::hipify {

/// The manifest's file name, in each folder that received a translated
/// header; `sha256sum -c` reads it.
inline constexpr llvm::StringLiteral ManifestName = ".hipify-manifest";

/// One output as a manifest records it.
struct ManifestRecord {
  std::string Hash; ///< SHA-256 of what was written; empty for a link.
  std::optional<std::string> LinkTarget; ///< A link hipify-clang made.
  /// What the output was made from (input key -> SHA-256) and the source
  /// whose translation wrote it (a header), for a rerun to skip what is
  /// unchanged: the project format keeps them, the folder format does not.
  std::map<std::string, std::string> Inputs;
  std::string Owner;
};

class OutputManifest {
public:
  virtual ~OutputManifest();
  /// What the manifest that lists \p Output says hipify-clang wrote there
  /// (before this run); nullopt when it does not list it. Outputs are paths
  /// for the folder manifests and paths below the out-root for the project's.
  virtual std::optional<ManifestRecord>
  written(llvm::StringRef Output) const = 0;
  /// Records that \p Record was written at \p Output this run.
  virtual void record(llvm::StringRef Output, ManifestRecord Record) = 0;
  /// \p Output is not (or no longer) this run's: what record said goes.
  virtual void forget(llvm::StringRef Output) = 0;
  /// The manifest that lists \p Output, as messages name it.
  virtual std::string pathFor(llvm::StringRef Output) const = 0;
  /// Why the file where \p Output's manifest goes is no manifest (" (it is a
  /// FIFO, not a regular file)", or "" when it is text of another kind);
  /// nullopt when it is one or there is none.
  virtual std::optional<std::string> damage(llvm::StringRef Output) const = 0;
  /// Whether the manifests are files the plan has not been told of (one per
  /// folder), to be checked as outputs too.
  virtual bool perFolder() const = 0;
  /// The manifests to write: path -> new text (what they listed, updated by
  /// record).
  virtual std::vector<std::pair<std::string, std::string>> render() const = 0;
};

/// Single-file mode's format: `.hipify-manifest` beside each output,
/// `# hipify-clang: ...` and then `HASH  NAME` lines.
class FolderManifests final : public OutputManifest {
public:
  std::optional<ManifestRecord> written(llvm::StringRef Output) const override;
  void record(llvm::StringRef Output, ManifestRecord Record) override;
  void forget(llvm::StringRef Output) override;
  std::string pathFor(llvm::StringRef Output) const override;
  std::optional<std::string> damage(llvm::StringRef Output) const override;
  bool perFolder() const override { return true; }
  std::vector<std::pair<std::string, std::string>> render() const override;

  /// The entries of the manifest at \p Path (name -> hash); false when there
  /// is a file that is no manifest, with \p Why set when it is no regular
  /// file (a FIFO there would block the read, /dev/zero fill the memory).
  static bool read(llvm::StringRef Path,
                   std::map<std::string, std::string> &Entries,
                   std::string *Why = nullptr);

private:
  /// Folder manifest -> file name -> SHA-256 of what was written this run.
  std::map<std::string, std::map<std::string, std::string>> Recorded;
};

/// Project mode's format: `OUT/.hipify-manifest.json`. Reads the last run's
/// manifest (Last), records this run's (This), whose entries also carry
/// each output's inputs.
class ProjectOutputManifest final : public OutputManifest {
public:
  explicit ProjectOutputManifest(std::string Path = "")
      : Path(std::move(Path)) {}
  std::optional<ManifestRecord> written(llvm::StringRef Rel) const override;
  void record(llvm::StringRef Rel, ManifestRecord Record) override;
  void forget(llvm::StringRef Rel) override { This.Outputs.erase(Rel.str()); }
  std::string pathFor(llvm::StringRef) const override { return Path; }
  std::optional<std::string> damage(llvm::StringRef) const override {
    return std::nullopt; // Validated when read (ProjectManifest::parse).
  }
  bool perFolder() const override { return false; }
  std::vector<std::pair<std::string, std::string>> render() const override {
    return {{Path, This.render()}};
  }
  /// What this run records for \p Rel so far; null when nothing.
  const ProjectManifest::Entry *recorded(llvm::StringRef Rel) const;
  /// Keeps the last run's record of \p Rel (an output not written again:
  /// unchanged, or kept while its input is there).
  void keepLast(llvm::StringRef Rel);

  std::string Path;
  ProjectManifest Last, This;
};

} // namespace hipkit::hipify

#endif
