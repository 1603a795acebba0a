//===- RunFolder.h - The one private folder of a hipcc run -----*- C++ -*-===//
//
// Every temporary file of a parallel compile (clang's, the job diagnostics,
// the named pipes, the results before they count) lives in one folder,
// TMPDIR/hipcc-XXXXXX, created with mkdtemp (mode 0700, a name nobody else
// can have planted) and holding an 'owner' file with the pid of the hipcc
// that made it. A hipcc killed with SIGKILL cannot clean up; the next run
// recognises its folder (same user, owner pid gone) and removes it.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_RUNFOLDER_H
#define HIPKIT_HIPCC_RUNFOLDER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hipkit {

class RunFolder {
public:
  /// Creates the folder under \p TempDir (the system temporary directory
  /// when empty) and records this process as its owner.
  static llvm::Expected<RunFolder> create(llvm::StringRef TempDir = "");
  RunFolder(RunFolder &&Other) : Path(std::move(Other.Path)) {
    Other.Path.clear();
  }
  RunFolder(const RunFolder &) = delete;
  ~RunFolder();

  const std::string &path() const { return Path; }
  /// The file naming the owner; the signal handler removes it last.
  std::string ownerFile() const { return Path + "/owner"; }

  /// Removes the folders in \p TempDir that runs of this user left when they
  /// were killed: hipcc-XXXXXX folders owned by this user whose owner file
  /// names a process of this pid namespace that no longer exists. Anything
  /// else (another user's folder, a live run, a folder without owner file) is
  /// left alone.
  static void removeStale(llvm::StringRef TempDir);

private:
  explicit RunFolder(std::string Path) : Path(std::move(Path)) {}
  std::string Path;
};

/// Removes \p Dir and everything in it (named pipes too, which
/// llvm::sys::fs::remove keeps), without following symbolic links.
void removeTree(llvm::StringRef Dir);

} // namespace hipkit

#endif
