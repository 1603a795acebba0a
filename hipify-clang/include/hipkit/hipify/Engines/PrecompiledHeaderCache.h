//===- PrecompiledHeaderCache.h - precompiled headers kept across runs ----===//
//
// A source of a PyTorch extension spends 15-20 s of CPU parsing PyTorch's
// headers, and loads them precompiled in under a second. Without a cache a
// run builds its precompiled headers (Driver.cpp) in its private folder and
// removes them at the end, so a rerun that parses one edited source parses
// them again. With a cache (--cache-dir; <out-root>/.hipify-cache by default
// in project mode) they are kept, one entry each:
//   <key>.cu      the prelude's #include lines, the header's main file
//   <key>.pch     the precompiled header
//   <key>.inputs  its base (the CUDA headers' entry of its command, for a
//                 prelude), and every file it was built
//                 from, with its size and time
//   <key>.facts   for a prelude: PreludeFacts (PrecompiledPreludes.h),
//                 written by the build before its .inputs
// The key is a digest of what decides the header besides those files: this
// build of the tool, the parse command, the prelude and the entry it is
// chained on. An entry is used only while every input still has its recorded
// size and time: clang checks the user files of a PCH it loads, not the system
// headers, which a package update changes. Not noticed: a header newly put in
// an include folder where it would now be found first (remove the folder to
// start afresh; it only ever holds what a run can rebuild).
//
//===----------------------------------------------------------------------===//

#ifndef HIPKIT_HIPIFY_PRECOMPILEDHEADERCACHE_H
#define HIPKIT_HIPIFY_PRECOMPILEDHEADERCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace hipkit::hipify {

class PrecompiledHeaderCache {
public:
  /// The folder's name at the top of --out-root when --cache-dir is not given.
  static constexpr llvm::StringLiteral DefaultName = ".hipify-cache";
  /// Entries no run has used for this long are removed (prune).
  static constexpr std::chrono::hours MaxUnusedAge{24 * 30};

  /// Opens the cache in \p Dir, creating that folder (mode 0700) when its
  /// parent exists. Refused, with a one-line reason: a \p Dir that is not a
  /// folder (a symbolic link included), one another user owns, or one that
  /// others may write to (they could plant a header the parse would load).
  /// \p ToolIdentity names this build of the tool (a header another build
  /// wrote may not load, or hold other stand-in headers).
  static llvm::Expected<PrecompiledHeaderCache>
  open(llvm::StringRef Dir, llvm::StringRef ToolIdentity);

  const std::string &dir() const { return Dir; }

  /// The path of an entry without its extension, for the header that
  /// \p Command (the parse command without the source) precompiles from
  /// \p Prelude's includes, chained on the entry \p BaseStem ("" for none).
  std::string stemFor(const std::vector<std::string> &Command,
                      const std::vector<std::string> &Prelude,
                      llvm::StringRef BaseStem) const;

  /// Whether the entry at \p Stem is complete and each of its inputs
  /// unchanged; a fresh entry is marked used (its .inputs gets the time).
  bool isFresh(llvm::StringRef Stem);

  /// Removes what the entry at \p Stem records, before it is rebuilt, so
  /// that a build that fails midway leaves no entry that looks fresh; then
  /// writes its main file (\p PreludeText, at Stem.cu) if missing or other.
  llvm::Error prepare(llvm::StringRef Stem, llvm::StringRef PreludeText);

  /// Records the files the header at \p Stem.pch was just built from, and
  /// the entry it is chained on (\p BaseStem, "" for none).
  llvm::Error recordInputs(llvm::StringRef Stem,
                           const std::vector<std::string> &Inputs,
                           llvm::StringRef BaseStem);

  /// The preludes (their headers, in order) of the entries chained on
  /// \p BaseStem: what earlier runs built for a parse command, which a rerun
  /// of fewer sources may still load.
  std::vector<std::vector<std::string>> preludesOn(llvm::StringRef BaseStem);

  /// Removes, unless this run used them, the entries that another build of
  /// the tool wrote or that no run has used for MaxUnusedAge, and the pieces
  /// of entries that never got their .inputs (after an hour: another run may
  /// be building one).
  void prune();

private:
  PrecompiledHeaderCache(std::string Dir, std::string ToolIdentity)
      : Dir(std::move(Dir)), ToolIdentity(std::move(ToolIdentity)) {}
  std::string Dir;
  std::string ToolIdentity;
  /// Stems this run used or built (threads build headers in parallel), and
  /// those it found fresh or built: a stem is checked against its inputs
  /// once a run, not at each of the several places that ask.
  std::set<std::string> Used, Fresh;
  std::mutex UsedLock;
  void markUsed(llvm::StringRef Stem);
  /// The second line of each .inputs: the build that wrote it.
  std::string toolLine() const;

public:
  PrecompiledHeaderCache(PrecompiledHeaderCache &&Other)
      : Dir(std::move(Other.Dir)), ToolIdentity(std::move(Other.ToolIdentity)),
        Used(std::move(Other.Used)), Fresh(std::move(Other.Fresh)) {}
};

} // namespace hipkit::hipify

#endif
