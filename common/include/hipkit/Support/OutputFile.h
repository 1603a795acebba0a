//===- OutputFile.h - Writing every hipkit tool's files -*- C++ -*-===//
//
// The one owner of "write a file without losing or clobbering anything": where
// a path really leads (symbolic links, devices, /dev/stdout), whether it can be
// written, atomic replacement that keeps owner, group and mode, backups that
// never overwrite a different backup.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_OUTPUTFILE_H
#define HIPKIT_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hipkit {

/// Where writing a path named on the command line really goes.
struct OutputTarget {
  enum class Kind {
    Missing,      ///< Nothing there yet: a new file at ReplacedPath.
    RegularFile,  ///< Replaced atomically: a temporary beside it, renamed over.
    WriteThrough, ///< A device, FIFO or socket, or a link into /proc (what
                  ///< /dev/stdout is): opened and written, never renamed over.
    Directory,
  };
  Kind Type = Kind::Missing;
  /// The file a rename replaces: the path with every symbolic link resolved,
  /// so the link stays a link and its target is what changes. For
  /// WriteThrough, the path as named (opening it follows the links).
  std::string ReplacedPath;
  /// True when at least one symbolic link was followed.
  bool ThroughLink = false;
  /// For a link to one of this process's open files (/dev/stdout is
  /// /proc/self/fd/1): its descriptor, written directly. Reopening the name
  /// would need permission on the file (a pipe another user created) and lose
  /// the descriptor's offset and append mode. -1 otherwise.
  int Descriptor = -1;
};

/// Follows \p Path's symbolic links (also to targets that do not exist yet).
/// A link in a sticky world-writable folder (/tmp) is followed only when its
/// owner is the caller or the folder's owner, as the kernel's
/// protected_symlinks rule does for open(); otherwise this is an error.
/// A folder that does not exist is not an error here: the target is then a
/// Missing file at \p Path, and checkOutputPath says what is wrong.
llvm::Expected<OutputTarget> resolveOutput(llvm::StringRef Path);

/// Says in one line (without the tool name) why \p Path cannot be written, or
/// succeeds: its folder exists and is writable (for a file that is replaced),
/// it is not a directory, and it is not read-only. A read-only file is one
/// without any write permission bit, or one the user cannot write; root is
/// refused too, because the mode says the file is not to be changed.
/// \p ChooseElsewhere ends each message, saying how the tool's own command
/// line picks another output ("choose another output with -o or --o-dir"):
/// the tool owns its option spellings.
llvm::Error checkOutputPath(llvm::StringRef Path,
                            llvm::StringRef ChooseElsewhere);

/// Writes \p Contents to \p Path: through devices, pipes and /proc links;
/// otherwise to a temporary file in the target's folder that takes the
/// replaced file's owner, group and mode and is renamed over it. On failure
/// (disk full, file size limit, ...) the previous file is intact, no temporary
/// is left, and the error is one line. The temporary has a short name of its
/// own, so an output whose name is close to NAME_MAX can still be written.
/// With \p Previous (--inplace), the file must still hold exactly that text
/// right before it is replaced; if another program changed it meanwhile,
/// nothing is replaced and the error says so.
llvm::Error
writeOutputFile(llvm::StringRef Path, llvm::StringRef Contents,
                std::optional<llvm::StringRef> Previous = std::nullopt);

/// Reads the file at \p Path whole into \p Text; false when it cannot be read.
bool readWholeFile(llvm::StringRef Path, std::string &Text);

/// Reads \p Path (links followed) whole if it is a regular file of at most
/// \p MaxSize bytes: a FIFO is never waited on and a device never read (a
/// link to /dev/zero would otherwise fill the memory); anything else is an
/// error naming its type. A missing file is std::nullopt.
llvm::Expected<std::optional<std::string>>
readRegularFile(llvm::StringRef Path, uint64_t MaxSize = uint64_t(1) << 30);

/// The SHA-256 (hex) of the regular file \p Path (links followed), read in
/// pieces; std::nullopt when it is missing, not a regular file or unreadable.
std::optional<std::string> hashRegularFile(llvm::StringRef Path);

/// Whether the file at \p Path can be read and holds exactly \p Contents.
bool fileStillHolds(llvm::StringRef Path, llvm::StringRef Contents);

/// Puts \p Finished, a complete file another program wrote (hipcc keeps a
/// compiler's output in its private folder until the job counts), where
/// \p Path leads, exactly as writeOutputFile would write its contents: copied
/// through devices, pipes and /proc links (-o /dev/null, -o /dev/stdout);
/// otherwise copied to a temporary beside the replaced file and renamed over
/// it, keeping the replaced file's owner, group and mode, or for a new file
/// \p Finished's mode (an executable stays executable). \p Finished is
/// removed once it is in place.
llvm::Error installOutputFile(llvm::StringRef Finished, llvm::StringRef Path);

/// Keeps \p Original, the text of \p SourcePath before --inplace replaced it,
/// in `<SourcePath>.prehip`; a backup that holds other text is never
/// overwritten, the next free `<SourcePath>.prehip.N` (N = 1, 2, ...) is used
/// instead, and nothing is written when some backup already holds exactly
/// \p Original. The backup takes the source's owner, group and mode. Returns
/// the backup's path.
llvm::Expected<std::string> writeBackup(llvm::StringRef SourcePath,
                                        llvm::StringRef Original);

/// The backup writeBackup would use now: the first of `<SourcePath>.prehip`,
/// `.prehip.1`, ... that does not exist or already holds \p Original; empty
/// when all 1000 are taken.
std::string plannedBackupPath(llvm::StringRef SourcePath,
                              llvm::StringRef Original);

/// Writes \p Contents to standard output; a failed write is an error, not a
/// fatal "IO failure on output stream" at exit.
llvm::Error writeStandardOutput(llvm::StringRef Contents);

} // namespace hipkit

#endif
