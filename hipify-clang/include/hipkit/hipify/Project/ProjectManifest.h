//===- ProjectManifest.h - What the last project run wrote, and from what ===//
//
// Project mode keeps one manifest at the output root, `.hipify-manifest.json`:
// for each output (by its path relative to the root) the SHA-256 of what was
// written and the inputs its translation read (the source and every user
// header, with their SHA-256), plus hipkit's version and a hash of the options
// that change a translation. It serves two rules:
//  - an existing file at a planned output path is replaced only if the
//    manifest lists it with the text it holds now (else: an error, or --force);
//  - an output whose inputs and options are unchanged is not translated again.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_PROJECTMANIFEST_H
#define HIPKIT_HIPIFY_PROJECTMANIFEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace hipkit::hipify {

class ProjectManifest {
public:
  static constexpr llvm::StringLiteral FileName = ".hipify-manifest.json";
  /// Outputs are appended here as they are written (one JSON object a line),
  /// so a run that is killed leaves a record a rerun recognises them by; the
  /// manifest replaces it at the end of a run.
  static constexpr llvm::StringLiteral JournalName = ".hipify-manifest.journal";
  /// A manifest larger than this is refused rather than read.
  static constexpr uint64_t MaxBytes = uint64_t(256) << 20;

  struct Entry {
    std::string OutputHash; ///< Empty for a symbolic link.
    /// For a symbolic link hipify-clang recreated: what it leads to.
    std::optional<std::string> LinkTarget;
    /// Input path (relative to the input root, or absolute outside it) ->
    /// its SHA-256 when it was read.
    std::map<std::string, std::string> Inputs;
    /// The source whose translation wrote it (a header), or empty.
    std::string Owner;
  };

  /// Parses \p Text, the manifest at \p Path (for messages). Every entry is
  /// validated: a normalised relative path below the output root (not the
  /// manifest or its journal), a SHA-256 or a link; anything else is an error
  /// naming the entry, so that a tampered manifest cannot make a rerun
  /// replace or delete anything outside the tree.
  static llvm::Expected<ProjectManifest> parse(llvm::StringRef Text,
                                               llvm::StringRef Path);
  /// The manifest's JSON text (sorted, so that reruns compare equal).
  std::string render() const;

  /// One journal line: an output written (or a link made) this run.
  static std::string journalLine(llvm::StringRef RelPath, const Entry &E);
  /// The journal's first line: which project the outputs belong to.
  static std::string journalHeader(llvm::StringRef InRoot);
  /// Adds the outputs \p Journal records (an interrupted run's) as written
  /// by hipify-clang with unknown inputs, so they are translated again and
  /// replaced without complaint. Lines cut short by a kill are skipped.
  /// Returns the journal's in-root, or an error naming a bad entry.
  llvm::Expected<std::string> addJournal(llvm::StringRef Journal,
                                         llvm::StringRef Path);

  /// How names are stored: JSON needs UTF-8, file names need not be. A name
  /// that is UTF-8 without '%' is itself; any other has '%' and every byte
  /// outside UTF-8 written as %XX.
  static std::string encodeName(llvm::StringRef Name);
  static std::optional<std::string> decodeName(llvm::StringRef Stored);

  /// hipkit's version and the options that change translations.
  std::string RunKey;
  /// The real path of the --in-root whose translation this is; empty in a
  /// manifest written before it was recorded.
  std::string InRoot;
  /// By output path relative to the output root.
  std::map<std::string, Entry> Outputs;
};

} // namespace hipkit::hipify

#endif
