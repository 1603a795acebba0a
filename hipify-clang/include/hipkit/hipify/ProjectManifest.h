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

#include <map>
#include <string>

namespace hipkit::hipify {

class ProjectManifest {
public:
  static constexpr llvm::StringLiteral FileName = ".hipify-manifest.json";

  struct Entry {
    std::string OutputHash; ///< Empty for a symbolic link.
    /// Input path (relative to the input root, or absolute outside it) ->
    /// its SHA-256 when it was read.
    std::map<std::string, std::string> Inputs;
    /// The source whose translation wrote it (a header), or empty.
    std::string Owner;
  };

  /// Reads \p Path; a missing file is an empty manifest, one that is not a
  /// hipify-clang manifest an error saying what to do.
  static llvm::Expected<ProjectManifest> load(llvm::StringRef Path);
  /// The manifest's JSON text (sorted, so that reruns compare equal).
  std::string render() const;

  /// hipkit's version and the options that change translations.
  std::string RunKey;
  /// By output path relative to the output root.
  std::map<std::string, Entry> Outputs;
};

} // namespace hipkit::hipify

#endif
