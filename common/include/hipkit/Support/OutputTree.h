//===- OutputTree.h - A folder tree a tool may change -----------*- C++ -*-===//
//
// The one owner of "a tree the tool may change" (hipify-clang's --out-root,
// or the project itself with --inplace), beside OutputFile.h, which owns
// single named outputs. The contract:
//  - Everything is addressed by a path relative to the root, '/'-separated,
//    with no empty, '.' or '..' component; anything else is an error.
//  - Nothing outside the root is created, replaced, read or deleted: every
//    operation walks from a descriptor of the root, one component at a time,
//    with O_NOFOLLOW. A symbolic link on the way (a folder swapped for a link
//    between two runs, or during one) is an error naming the link's path and
//    where it leads, never followed; the caller may ask for a link it made
//    itself to be replaced by a real folder (replaceLinkWithFolder).
//  - Only regular files are read, replaced or deleted. A FIFO, device,
//    socket or link where a file is expected is refused by type; reading
//    never blocks (O_NONBLOCK) and is bounded.
//  - A replaced file keeps its owner, group and mode; a read-only one (no
//    write bit, or one the user cannot write) is refused, root included.
//    No file written here carries the set-user-ID or set-group-ID bit.
//  - Writes are atomic (a temporary beside the file, renamed over it); copies
//    stream (copy_file_range, holes kept) and never hold a file in memory.
//  - The root itself is opened once (open): a link among the components of
//    the root's own path is followed only under the kernel's
//    protected_symlinks rule (see OutputFile.h), for every component, not only
//    the last.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_OUTPUTTREE_H
#define HIPKIT_SUPPORT_OUTPUTTREE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <system_error>

struct stat;

namespace hipkit {

/// What is at a path: the kinds a tree distinguishes.
enum class TreeEntryKind { Missing, RegularFile, Folder, Link, Other };

struct TreeEntry {
  TreeEntryKind Kind = TreeEntryKind::Missing;
  unsigned Mode = 0;  ///< st_mode.
  unsigned Owner = 0; ///< st_uid.
  uint64_t Size = 0;
  std::string LinkTarget; ///< For a Link.
  /// For Other: "a FIFO", "a character device", ... for messages.
  std::string TypeName;
};

/// Reads \p Fd to its end in pieces of at most 1 MiB, each given to
/// \p Consume, which returns false to stop early; never holds the whole file.
std::error_code
readInPieces(int Fd, llvm::function_ref<bool(llvm::StringRef Piece)> Consume);

/// Names the type of a file with mode \p Mode for a message ("a FIFO").
std::string describeFileType(unsigned Mode);

/// Checks that a relative tree path is '/'-separated, with no empty, '.' or
/// '..' component, not absolute and not empty.
llvm::Error checkTreePath(llvm::StringRef Rel);

/// Follows \p Path's folders like the kernel does, applying the sticky-folder
/// rule of OutputFile.h to each link on the way; the path the user means
/// (absolute, without '.', '..' or links where it exists). Components that do
/// not exist are appended lexically.
llvm::Expected<std::string> resolveFolderPath(llvm::StringRef Path);

/// \p Path made absolute, `.` and `..` removed, links not resolved: how the
/// manifests and the output plan key outputs.
std::string absolutePath(llvm::StringRef Path);

/// \p Path with every link resolved; a file that does not exist yet gets its
/// folder resolved; \p Path itself when not even that exists.
std::string realPathOf(llvm::StringRef Path);

class OutputTree {
public:
  /// Opens the folder \p Root (creating it and missing parents, mode 0777
  /// less the umask, when \p Create). \p Root's own links are resolved by
  /// resolveFolderPath.
  static llvm::Expected<OutputTree> open(llvm::StringRef Root, bool Create);

  OutputTree(OutputTree &&Other);
  OutputTree &operator=(OutputTree &&Other);
  OutputTree(const OutputTree &) = delete;
  ~OutputTree();

  /// The root as given (for messages) and the root's real path.
  llvm::StringRef root() const { return Root; }
  llvm::StringRef realRoot() const { return RealRoot; }
  /// \p Rel below the root as the user named it, for messages.
  std::string pathOf(llvm::StringRef Rel) const;

  /// What is at \p Rel, not following a link there. A link or non-folder
  /// among the folders on the way is an error naming it.
  llvm::Expected<TreeEntry> lookup(llvm::StringRef Rel) const;

  /// Reads the regular file at \p Rel (at most \p MaxSize bytes; a larger one
  /// is an error). Missing: std::nullopt.
  llvm::Expected<std::optional<std::string>>
  read(llvm::StringRef Rel, uint64_t MaxSize = uint64_t(1) << 30) const;

  /// The SHA-256 (hex) of the regular file at \p Rel, read in pieces;
  /// std::nullopt when there is none.
  llvm::Expected<std::optional<std::string>> hash(llvm::StringRef Rel) const;

  /// Creates the folders leading to \p Rel (not \p Rel itself).
  llvm::Error createParents(llvm::StringRef Rel);

  /// Replaces the link at \p Rel (only a link) by an empty folder.
  llvm::Error replaceLinkWithFolder(llvm::StringRef Rel);

  struct WriteOptions {
    /// For a new file: its mode (the set-ID bits are dropped); default
    /// 0666 less the umask.
    std::optional<unsigned> NewMode;
    /// --inplace: the file must still hold exactly this right before it is
    /// replaced.
    std::optional<llvm::StringRef> Previous;
    /// Whether a symbolic link at \p Rel itself may be replaced (the link,
    /// never its target): --force.
    bool ReplaceLink = false;
  };
  /// Writes \p Contents to \p Rel atomically.
  llvm::Error write(llvm::StringRef Rel, llvm::StringRef Contents,
                    const WriteOptions &Options);
  /// Copies the regular file \p From (any path; opened without following a
  /// last link) to \p Rel, streaming and keeping holes; the copy takes
  /// \p From's permission bits without set-ID bits. Returns the SHA-256 of
  /// what was copied.
  llvm::Expected<std::string> copy(llvm::StringRef From, llvm::StringRef Rel,
                                   const WriteOptions &Options);
  /// Creates the symbolic link \p Rel -> \p Target (a link already there
  /// with that target is kept).
  llvm::Error makeLink(llvm::StringRef Target, llvm::StringRef Rel);
  /// Removes the regular file or link at \p Rel (never a folder, never
  /// through a link); a missing one is no error.
  llvm::Error remove(llvm::StringRef Rel);
  /// Removes the folders of \p Rel that are empty, deepest first, up to
  /// (not including) the root.
  void removeEmptyParents(llvm::StringRef Rel);
  /// Appends \p Text to the regular file \p Rel (created if missing), in one
  /// write: a journal.
  llvm::Error append(llvm::StringRef Rel, llvm::StringRef Text);
  /// --inplace's backup of \p Rel (see writeBackup in OutputFile.h), beneath
  /// the root. Returns the backup's relative path.
  llvm::Expected<std::string> backup(llvm::StringRef Rel,
                                     llvm::StringRef Original);
  /// The backup backup() would use now; empty when all are taken.
  std::string plannedBackup(llvm::StringRef Rel, llvm::StringRef Original);

private:
  OutputTree(int Fd, std::string Root, std::string RealRoot)
      : RootFd(Fd), Root(std::move(Root)), RealRoot(std::move(RealRoot)) {}
  /// A descriptor of \p Rel's folder (the caller closes it, unless it is
  /// RootFd; -1 with errno ENOENT when a folder on the way is missing), and
  /// \p Rel's last component. With \p Create, missing folders are made.
  llvm::Expected<int> openParent(llvm::StringRef Rel, bool Create,
                                 llvm::StringRef &Name) const;
  void closeParent(int Fd) const;
  /// An entry's folder, opened below the root without following a link
  /// (closed with this, unless it is the root), and the entry's name in it.
  class Parent {
  public:
    Parent(int Fd, int RootFd, std::string Leaf)
        : Fd(Fd), RootFd(RootFd), Leaf(std::move(Leaf)) {}
    Parent(Parent &&Other)
        : Fd(Other.Fd), RootFd(Other.RootFd), Leaf(std::move(Other.Leaf)) {
      Other.Fd = -1;
    }
    Parent &operator=(Parent &&) = delete;
    ~Parent();
    int fd() const { return Fd; }
    const std::string &leaf() const { return Leaf; }
    /// The entry's own status (lstat); false, with errno set, when it cannot
    /// be read (ENOENT: there is none).
    bool status(struct stat &Status) const;

  private:
    int Fd, RootFd;
    std::string Leaf;
  };
  /// \p Rel's folder (openParent); none when a folder on the way is missing.
  llvm::Expected<std::optional<Parent>> parentOf(llvm::StringRef Rel,
                                                 bool Create) const;
  /// Replaces \p Rel atomically by a temporary beside it that \p Fill
  /// writes and gives its attributes (\p Replaced: the file replaced, if
  /// any); Fill returns why it failed, or "". Errors start with \p Doing.
  llvm::Error
  replace(llvm::StringRef Rel, const WriteOptions &Options,
          llvm::StringRef Doing,
          llvm::function_ref<std::string(int Fd, const struct stat *Replaced)>
              Fill);
  /// The regular file \p Rel opened for reading; -1 when it is missing.
  llvm::Expected<int> openForReading(llvm::StringRef Rel) const;

  int RootFd = -1;
  std::string Root, RealRoot;
};

} // namespace hipkit

#endif
