//===- RunFolder.h - The one owner of a run's temporary files ---*- C++ -*-===//
//
// Every temporary file a hipkit tool makes (hipcc's parallel jobs and link
// bindings, hipify-clang's precompiled headers) lives in a folder of its run,
// TMPDIR/<prefix>XXXXXX, created with mkdtemp (mode 0700, a name nobody else
// can have planted) and holding an 'owner' file, "pid <pid> <pid namespace>".
// The folder goes away
//  - when the RunFolder is destroyed (the run ends);
//  - on SIGINT, SIGTERM and SIGHUP: a handler installed with the first folder
//    removes every live one, then lets the signal do what it did before
//    (LLVM's handler, which removes its own files, or the default: die);
//  - after SIGKILL, which nothing can catch: the next run of any hipkit tool
//    sweeps the temporary folder and removes hipkit folders of this user
//    whose owner is a process of this pid namespace that no longer exists.
// Anything else in the temporary folder (another user's folder, a folder of a
// live run or of another pid namespace, a folder without an owner file, a
// symbolic link) is never touched.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_RUNFOLDER_H
#define HIPKIT_SUPPORT_RUNFOLDER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hipkit {

class RunFolder {
public:
  /// Removes the folders dead runs left in \p TempDir (the system temporary
  /// directory when empty), then creates TempDir/<Prefix>XXXXXX, records this
  /// process as its owner and arms the signal handler. \p Prefix is one of
  /// the prefixes the sweep knows ("hipcc-", "hipify-", "hipkit-clang-").
  static llvm::Expected<RunFolder> create(llvm::StringRef Prefix,
                                          llvm::StringRef TempDir = "");
  RunFolder(RunFolder &&Other);
  RunFolder(const RunFolder &) = delete;
  RunFolder &operator=(const RunFolder &) = delete;
  ~RunFolder();

  const std::string &path() const { return Path; }
  /// The file naming the owner; removed last.
  std::string ownerFile() const { return Path + "/owner"; }

  /// Keeps the folder and what is in it after the run (--save-temps): the
  /// owner file goes, so no later run removes it, and neither the end of the
  /// run nor a signal does.
  void keep();

  /// Removes the folders in \p TempDir that runs of this user left when they
  /// were killed: <prefix>XXXXXX folders (any hipkit prefix) owned by this
  /// user whose owner file names a process of this pid namespace that no
  /// longer exists.
  static void removeStale(llvm::StringRef TempDir);

  /// Removes every live RunFolder of the process now. Async-signal-safe (raw
  /// system calls into fixed storage): for a tool's own signal handler that
  /// must stop its children first (hipcc's parallel compile), then clean up.
  static void removeAllFromSignalHandler();

private:
  explicit RunFolder(std::string Path, int Slot)
      : Path(std::move(Path)), Slot(Slot) {}
  std::string Path;
  int Slot = -1; ///< Its entry in the signal handler's table; -1: none.
  bool Kept = false;
};

/// Removes \p Dir and everything in it (named pipes too, which
/// llvm::sys::fs::remove keeps), without following symbolic links.
void removeTree(llvm::StringRef Dir);

} // namespace hipkit

#endif
