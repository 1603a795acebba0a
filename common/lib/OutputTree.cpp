//===- OutputTree.cpp - A folder tree a tool may change -------------------===//
//
// Every operation starts at the root's descriptor and opens one component at
// a time with O_NOFOLLOW (the portable form of openat2's RESOLVE_BENEATH |
// RESOLVE_NO_SYMLINKS, which needs Linux 5.6 and is often filtered in
// containers), so what another process swaps into the tree between two calls
// is seen and refused, never followed.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <cerrno>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

using namespace hipkit;

namespace {

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(std::errc::io_error, "%s",
                                 Message.str().c_str());
}

std::string lastErrorText() {
  return std::error_code(errno, std::generic_category()).message();
}

/// Closes a descriptor of the tree's, which may be the root's own (kept).
void closeUnlessRoot(int Fd, int RootFd) {
  if (Fd >= 0 && Fd != RootFd)
    ::close(Fd);
}

/// Closes the descriptor it holds, unless that is the tree's root.
class Descriptor {
public:
  Descriptor(int Fd, int RootFd) : Fd(Fd), RootFd(RootFd) {}
  Descriptor(const Descriptor &) = delete;
  ~Descriptor() { closeUnlessRoot(Fd, RootFd); }
  int get() const { return Fd; }

private:
  int Fd, RootFd;
};

/// Opens the folder \p Name in \p Dir without following a link; with
/// \p Create, makes it first if it is missing. -1 with errno set when it
/// cannot be opened; \p NotCreated says why it could not be made.
int openFolderAt(int Dir, const std::string &Name, bool Create,
                 std::string &NotCreated) {
  int Flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  int Fd = ::openat(Dir, Name.c_str(), Flags);
  if (Fd >= 0 || errno != ENOENT || !Create)
    return Fd;
  if (::mkdirat(Dir, Name.c_str(), 0777) && errno != EEXIST) {
    NotCreated = lastErrorText();
    return -1;
  }
  return ::openat(Dir, Name.c_str(), Flags);
}

std::optional<std::string> readLinkAt(int Dir, const char *Name) {
  llvm::SmallString<256> Target;
  Target.resize(4096);
  ssize_t Length = ::readlinkat(Dir, Name, Target.data(), Target.size());
  if (Length < 0)
    return std::nullopt;
  Target.resize(Length);
  return std::string(Target);
}

TreeEntry entryOf(int Dir, const char *Name, const struct stat &Status) {
  TreeEntry Entry;
  Entry.Mode = Status.st_mode;
  Entry.Owner = Status.st_uid;
  Entry.Size = Status.st_size;
  if (S_ISREG(Status.st_mode)) {
    Entry.Kind = TreeEntryKind::RegularFile;
  } else if (S_ISDIR(Status.st_mode)) {
    Entry.Kind = TreeEntryKind::Folder;
  } else if (S_ISLNK(Status.st_mode)) {
    Entry.Kind = TreeEntryKind::Link;
    Entry.LinkTarget = readLinkAt(Dir, Name).value_or("?");
  } else {
    Entry.Kind = TreeEntryKind::Other;
  }
  Entry.TypeName = describeFileType(Status.st_mode);
  return Entry;
}

/// Writes all of \p Data at \p Offset.
bool writeAllAt(int Fd, const char *Data, size_t Size, off_t Offset) {
  while (Size) {
    ssize_t Written = ::pwrite(Fd, Data, Size, Offset);
    if (Written < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Data += Written;
    Size -= Written;
    Offset += Written;
  }
  return true;
}

/// A new, empty temporary file in \p Dir with a name of its own.
int createTemporary(int Dir, std::string &Name) {
  static thread_local std::mt19937_64 Random(std::random_device{}());
  for (int Attempt = 0; Attempt < 100; ++Attempt) {
    Name = "hipify-" + llvm::utohexstr(Random() & 0xffffffffu, true) + ".tmp";
    int Fd =
        ::openat(Dir, Name.c_str(),
                 O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (Fd >= 0 || errno != EEXIST)
      return Fd;
  }
  errno = EEXIST;
  return -1;
}

} // namespace

std::string hipkit::describeFileType(unsigned Mode) {
  switch (Mode & S_IFMT) {
  case S_IFREG:
    return "a regular file";
  case S_IFDIR:
    return "a folder";
  case S_IFLNK:
    return "a symbolic link";
  case S_IFIFO:
    return "a FIFO";
  case S_IFCHR:
    return "a character device";
  case S_IFBLK:
    return "a block device";
  case S_IFSOCK:
    return "a socket";
  default:
    return "a special file";
  }
}

llvm::Error hipkit::checkTreePath(llvm::StringRef Rel) {
  if (Rel.empty() || Rel.starts_with("/"))
    return failure("'" + Rel + "' is not a relative path");
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Rel.split(Parts, '/');
  for (llvm::StringRef Part : Parts)
    if (Part.empty() || Part == "." || Part == ".." || Part.contains('\0'))
      return failure("'" + Rel +
                     "' is not a normalised relative path (it has an empty, "
                     "'.' or '..' component)");
  return llvm::Error::success();
}

std::string hipkit::absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string hipkit::realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  // A file that does not exist yet: resolve its directory.
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  if (llvm::sys::fs::real_path(Dir, Real))
    return Path.str();
  llvm::sys::path::append(Real, llvm::sys::path::filename(Path));
  return std::string(Real);
}

llvm::Expected<std::string> hipkit::resolveFolderPath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Absolute))
    return failure("cannot use '" + Path + "': " + EC.message());
  // Components still to walk, first at the back.
  std::vector<std::string> Pending;
  auto push = [&Pending](llvm::StringRef Text) {
    llvm::SmallVector<llvm::StringRef, 16> Parts;
    Text.split(Parts, '/', -1, /*KeepEmpty=*/false);
    for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
      Pending.push_back(It->str());
  };
  push(Absolute);
  std::string Current = "/";
  bool Missing = false;
  unsigned Links = 0;
  auto parentOf = [](std::string &P) {
    llvm::StringRef Parent = llvm::sys::path::parent_path(P);
    P = Parent.empty() ? "/" : Parent.str();
  };
  while (!Pending.empty()) {
    std::string Part = std::move(Pending.back());
    Pending.pop_back();
    if (Part == ".")
      continue;
    if (Part == "..") {
      parentOf(Current); // Current has no links: '..' is its parent.
      continue;
    }
    llvm::SmallString<256> Candidate(Current);
    llvm::sys::path::append(Candidate, Part);
    if (Missing) {
      Current = std::string(Candidate);
      continue;
    }
    struct stat Status;
    if (::lstat(Candidate.c_str(), &Status)) {
      if (errno != ENOENT)
        return failure("cannot use '" + Path + "': '" + Candidate +
                       "': " + lastErrorText());
      Missing = true; // What follows is created; it has no links.
      Current = std::string(Candidate);
      continue;
    }
    if (!S_ISLNK(Status.st_mode)) {
      if (!S_ISDIR(Status.st_mode))
        return failure("cannot use '" + Path + "' as a folder: '" + Candidate +
                       "' is " + describeFileType(Status.st_mode));
      Current = std::string(Candidate);
      continue;
    }
    if (++Links > 40)
      return failure("cannot use '" + Path +
                     "': too many levels of symbolic links");
    struct stat Dir;
    if (::stat(Current.c_str(), &Dir))
      return failure("cannot use '" + Path + "': '" + Current +
                     "': " + lastErrorText());
    bool Shared = (Dir.st_mode & S_ISVTX) && (Dir.st_mode & S_IWOTH);
    if (Shared && Status.st_uid != ::geteuid() && Status.st_uid != Dir.st_uid)
      return failure("cannot use '" + Path + "': '" + Candidate +
                     "' is a symbolic link owned by another user (uid " +
                     llvm::Twine(Status.st_uid) +
                     ") in the shared sticky folder '" + Current +
                     "', which is not followed; remove the link or choose "
                     "another folder");
    std::optional<std::string> Target = readLinkAt(AT_FDCWD, Candidate.c_str());
    if (!Target)
      return failure("cannot use '" + Path + "': cannot read the link '" +
                     Candidate + "': " + lastErrorText());
    if (llvm::sys::path::is_absolute(*Target))
      Current = "/";
    push(*Target);
  }
  return Current;
}

llvm::Expected<OutputTree> OutputTree::open(llvm::StringRef Root, bool Create) {
  llvm::Expected<std::string> Real = resolveFolderPath(Root);
  if (!Real)
    return Real.takeError();
  // From '/', one component at a time: the real path has no links, so a link
  // found now was swapped in since, and is refused.
  int Fd = ::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (Fd < 0)
    return failure("cannot open '/': " + lastErrorText());
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  llvm::StringRef(*Real).split(Parts, '/', -1, /*KeepEmpty=*/false);
  std::string Walked;
  for (llvm::StringRef Part : Parts) {
    Walked += "/" + Part.str();
    std::string Name = Part.str();
    std::string NotCreated;
    int Next = openFolderAt(Fd, Name, Create, NotCreated);
    if (!NotCreated.empty()) {
      ::close(Fd);
      return failure("cannot create the folder '" + Walked + "' for '" +
                     Root + "': " + NotCreated);
    }
    if (Next < 0) {
      std::string Why = errno == ELOOP     ? "it became a symbolic link"
                        : errno == ENOTDIR ? "it is not a folder"
                                           : lastErrorText();
      ::close(Fd);
      return failure("cannot use '" + Root + "': '" + Walked + "': " + Why);
    }
    ::close(Fd);
    Fd = Next;
  }
  std::string Shown = Root.str();
  while (Shown.size() > 1 && Shown.back() == '/')
    Shown.pop_back();
  return OutputTree(Fd, Shown, *Real);
}

OutputTree::OutputTree(OutputTree &&Other)
    : RootFd(Other.RootFd), Root(std::move(Other.Root)),
      RealRoot(std::move(Other.RealRoot)) {
  Other.RootFd = -1;
}

OutputTree &OutputTree::operator=(OutputTree &&Other) {
  if (this != &Other) {
    if (RootFd >= 0)
      ::close(RootFd);
    RootFd = Other.RootFd;
    Root = std::move(Other.Root);
    RealRoot = std::move(Other.RealRoot);
    Other.RootFd = -1;
  }
  return *this;
}

OutputTree::~OutputTree() {
  if (RootFd >= 0)
    ::close(RootFd);
}

std::string OutputTree::pathOf(llvm::StringRef Rel) const {
  return Root == "/" ? "/" + Rel.str() : Root + "/" + Rel.str();
}

void OutputTree::closeParent(int Fd) const { closeUnlessRoot(Fd, RootFd); }

llvm::Expected<int> OutputTree::openParent(llvm::StringRef Rel, bool Create,
                                           llvm::StringRef &Name) const {
  if (llvm::Error E = checkTreePath(Rel))
    return failure("'" + Root + "': " + llvm::toString(std::move(E)));
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Rel.split(Parts, '/');
  Name = Parts.back();
  Parts.pop_back();
  int Fd = RootFd;
  std::string Walked;
  for (llvm::StringRef Part : Parts) {
    Walked += (Walked.empty() ? "" : "/") + Part.str();
    std::string Component = Part.str();
    std::string NotCreated;
    int Next = openFolderAt(Fd, Component, Create, NotCreated);
    if (!NotCreated.empty()) {
      closeParent(Fd);
      return failure("cannot create the folder '" + pathOf(Walked) +
                     "': " + NotCreated);
    }
    if (Next < 0) {
      int Error = errno;
      struct stat Status;
      std::string Why;
      if (Error == ENOENT) {
        closeParent(Fd);
        errno = ENOENT;
        return -1; // The caller decides whether missing is an error.
      }
      if (!::fstatat(Fd, Component.c_str(), &Status, AT_SYMLINK_NOFOLLOW) &&
          S_ISLNK(Status.st_mode))
        Why = "it is a symbolic link (to '" +
              readLinkAt(Fd, Component.c_str()).value_or("?") +
              "'), and nothing is written through links below '" + Root +
              "'; remove the link";
      else if (Error == ENOTDIR)
        Why = "it is " + describeFileType(Status.st_mode) +
              ", not a folder; remove it";
      else
        Why = std::error_code(Error, std::generic_category()).message();
      closeParent(Fd);
      return failure("cannot use '" + pathOf(Walked) + "': " + Why);
    }
    closeParent(Fd);
    Fd = Next;
  }
  return Fd;
}

OutputTree::Parent::~Parent() { closeUnlessRoot(Fd, RootFd); }

bool OutputTree::Parent::status(struct stat &Status) const {
  return !::fstatat(Fd, Leaf.c_str(), &Status, AT_SYMLINK_NOFOLLOW);
}

llvm::Expected<std::optional<OutputTree::Parent>>
OutputTree::parentOf(llvm::StringRef Rel, bool Create) const {
  llvm::StringRef Name;
  llvm::Expected<int> Dir = openParent(Rel, Create, Name);
  if (!Dir)
    return Dir.takeError();
  if (*Dir < 0)
    return std::nullopt;
  return std::optional<Parent>(std::in_place, *Dir, RootFd, Name.str());
}

llvm::Expected<TreeEntry> OutputTree::lookup(llvm::StringRef Rel) const {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened)
    return Opened.takeError();
  if (!*Opened)
    return TreeEntry();
  struct stat Status;
  if (!(*Opened)->status(Status)) {
    if (errno == ENOENT)
      return TreeEntry();
    return failure("cannot use '" + pathOf(Rel) + "': " + lastErrorText());
  }
  return entryOf((*Opened)->fd(), (*Opened)->leaf().c_str(), Status);
}

namespace {
/// Opens \p Name in \p Dir for reading if it is a regular file; -1 with
/// \p Why set otherwise (ENOENT: \p Why empty).
int openRegular(int Dir, const std::string &Name, std::string &Why) {
  // Not opened at all unless it is a regular file (opening some devices
  // acts); O_NONBLOCK: a FIFO swapped in since would block open() and read().
  struct stat Before;
  if (!::fstatat(Dir, Name.c_str(), &Before, AT_SYMLINK_NOFOLLOW) &&
      !S_ISREG(Before.st_mode)) {
    Why = S_ISLNK(Before.st_mode)
              ? "it is a symbolic link, which is not followed"
              : "it is " + describeFileType(Before.st_mode) +
                    ", not a regular file; remove it";
    return -1;
  }
  int Fd = ::openat(Dir, Name.c_str(),
                    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0) {
    if (errno == ENOENT)
      return -1;
    Why = errno == ELOOP ? "it is a symbolic link, which is not followed"
                         : lastErrorText();
    return -1;
  }
  struct stat Status;
  if (::fstat(Fd, &Status) || !S_ISREG(Status.st_mode)) {
    Why = "it is " + describeFileType(Status.st_mode) +
          ", not a regular file; remove it";
    ::close(Fd);
    return -1;
  }
  // Reads from a regular file never block; blocking mode back for clarity.
  ::fcntl(Fd, F_SETFL, ::fcntl(Fd, F_GETFL) & ~O_NONBLOCK);
  return Fd;
}

/// Whether what is left to read from \p Fd is exactly \p Text.
bool holdsExactly(int Fd, llvm::StringRef Text) {
  size_t At = 0;
  bool Same = true;
  std::error_code EC = readInPieces(Fd, [&](llvm::StringRef Piece) {
    Same = Text.substr(At).starts_with(Piece);
    At += Piece.size();
    return Same;
  });
  return !EC && Same && At == Text.size();
}
} // namespace

std::error_code
hipkit::readInPieces(int Fd,
                     llvm::function_ref<bool(llvm::StringRef Piece)> Consume) {
  std::vector<char> Buffer(1 << 20);
  for (;;) {
    ssize_t Got = ::read(Fd, Buffer.data(), Buffer.size());
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got < 0)
      return std::error_code(errno, std::generic_category());
    if (Got == 0 || !Consume(llvm::StringRef(Buffer.data(), Got)))
      return {};
  }
}

llvm::Expected<int> OutputTree::openForReading(llvm::StringRef Rel) const {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened)
    return Opened.takeError();
  if (!*Opened) {
    errno = ENOENT;
    return -1;
  }
  std::string Why;
  int Fd = openRegular((*Opened)->fd(), (*Opened)->leaf(), Why);
  if (Fd < 0 && !Why.empty())
    return failure("cannot read '" + pathOf(Rel) + "': " + Why);
  return Fd;
}

llvm::Expected<std::optional<std::string>>
OutputTree::read(llvm::StringRef Rel, uint64_t MaxSize) const {
  llvm::Expected<int> Fd = openForReading(Rel);
  if (!Fd)
    return Fd.takeError();
  if (*Fd < 0)
    return std::nullopt;
  Descriptor File(*Fd, -1);
  struct stat Status;
  if (!::fstat(*Fd, &Status) && uint64_t(Status.st_size) > MaxSize)
    return failure("cannot read '" + pathOf(Rel) + "': it has " +
                   llvm::Twine(uint64_t(Status.st_size)) +
                   " bytes, more than the " + llvm::Twine(MaxSize) +
                   " expected");
  std::string Text;
  bool TooLarge = false;
  std::error_code EC = readInPieces(*Fd, [&](llvm::StringRef Piece) {
    TooLarge = Text.size() + Piece.size() > MaxSize;
    if (!TooLarge)
      Text += Piece;
    return !TooLarge;
  });
  if (EC)
    return failure("cannot read '" + pathOf(Rel) + "': " + EC.message());
  if (TooLarge)
    return failure("cannot read '" + pathOf(Rel) + "': it grew past the " +
                   llvm::Twine(MaxSize) + " bytes expected");
  return std::optional<std::string>(std::move(Text));
}

llvm::Expected<std::optional<std::string>>
OutputTree::hash(llvm::StringRef Rel) const {
  llvm::Expected<int> Fd = openForReading(Rel);
  if (!Fd)
    return Fd.takeError();
  if (*Fd < 0)
    return std::nullopt;
  Descriptor File(*Fd, -1);
  llvm::SHA256 Hasher;
  if (std::error_code EC = readInPieces(*Fd, [&](llvm::StringRef Piece) {
        Hasher.update(llvm::arrayRefFromStringRef(Piece));
        return true;
      }))
    return failure("cannot read '" + pathOf(Rel) + "': " + EC.message());
  return std::optional<std::string>(
      llvm::toHex(Hasher.final(), /*LowerCase=*/true));
}

llvm::Error OutputTree::createParents(llvm::StringRef Rel) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, true);
  return Opened ? llvm::Error::success() : Opened.takeError();
}

llvm::Error OutputTree::replaceLinkWithFolder(llvm::StringRef Rel) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened)
    return Opened.takeError();
  if (!*Opened)
    return failure("cannot use '" + pathOf(Rel) + "': its folder is missing");
  const Parent &At = **Opened;
  struct stat Status;
  if (!At.status(Status) || !S_ISLNK(Status.st_mode))
    return failure("cannot replace '" + pathOf(Rel) +
                   "' by a folder: it is no longer a symbolic link");
  if (::unlinkat(At.fd(), At.leaf().c_str(), 0) ||
      ::mkdirat(At.fd(), At.leaf().c_str(), 0777))
    return failure("cannot replace the link '" + pathOf(Rel) +
                   "' by a folder: " + lastErrorText());
  return llvm::Error::success();
}

namespace {
/// Checks what is at \p Name in \p Dir before it is replaced: a regular file
/// that may be written, nothing, or (with \p ReplaceLink) a link.
llvm::Error checkReplaceable(int Dir, const std::string &Name,
                             const std::string &Shown, bool ReplaceLink,
                             struct stat &Status, bool &Exists) {
  Exists = false;
  if (::fstatat(Dir, Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW)) {
    if (errno == ENOENT)
      return llvm::Error::success();
    return failure("cannot write '" + Shown + "': " + lastErrorText());
  }
  if (S_ISLNK(Status.st_mode)) {
    if (ReplaceLink)
      return llvm::Error::success(); // The link itself is renamed over.
    return failure("cannot write '" + Shown + "': it is a symbolic link (to '" +
                   readLinkAt(Dir, Name.c_str()).value_or("?") +
                   "'), which is never written through here; remove it");
  }
  if (!S_ISREG(Status.st_mode))
    return failure("cannot write '" + Shown + "': it is " +
                   describeFileType(Status.st_mode) +
                   ", not a regular file; remove it");
  // The mode is the only sign that a file is not to be changed, also for
  // root, whom access() lets write anything.
  if (!(Status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) ||
      ::faccessat(Dir, Name.c_str(), W_OK, AT_EACCESS))
    return failure("cannot write '" + Shown +
                   "': the file is read-only; make it writable (chmod u+w) "
                   "or remove it");
  Exists = true;
  return llvm::Error::success();
}

/// Gives the temporary \p Fd the owner, group and mode of \p Like (set-ID
/// bits dropped), or \p NewMode.
bool takeAttributes(int Fd, const struct stat *Like,
                    std::optional<unsigned> NewMode) {
  if (Like) {
    struct stat Now;
    if (::fstat(Fd, &Now))
      return false;
    // Owner first: chown clears the set-ID bits anyway.
    if ((Now.st_uid != Like->st_uid || Now.st_gid != Like->st_gid) &&
        ::fchown(Fd, Like->st_uid, Like->st_gid))
      return false;
    return !::fchmod(Fd, Like->st_mode & 01777);
  }
  if (NewMode)
    return !::fchmod(Fd, *NewMode & 0777);
  return true;
}
} // namespace

llvm::Error OutputTree::replace(
    llvm::StringRef Rel, const WriteOptions &Options, llvm::StringRef Doing,
    llvm::function_ref<std::string(int Fd, const struct stat *Replaced)> Fill) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, true);
  if (!Opened)
    return Opened.takeError();
  const Parent &At = **Opened;
  const std::string &Leaf = At.leaf();
  std::string Shown = pathOf(Rel);
  struct stat Replaced;
  bool Exists;
  if (llvm::Error E = checkReplaceable(At.fd(), Leaf, Shown,
                                       Options.ReplaceLink, Replaced, Exists))
    return E;
  std::string Temp;
  int Fd = createTemporary(At.fd(), Temp);
  if (Fd < 0)
    return failure("cannot write '" + Shown + "': " + lastErrorText());
  auto discard = [&](const std::string &Why) {
    ::unlinkat(At.fd(), Temp.c_str(), 0);
    return failure(Doing + Why);
  };
  std::string Why = Fill(Fd, Exists ? &Replaced : nullptr);
  if (!Why.empty()) {
    ::close(Fd);
    return discard(Why);
  }
  if (::close(Fd) && errno != EINTR)
    return discard(lastErrorText());
  if (Options.Previous) {
    // Right before the rename: text another program added since the file
    // was read would otherwise be lost.
    int Now = openRegular(At.fd(), Leaf, Why);
    bool Same = false;
    if (Now >= 0) {
      Descriptor File(Now, -1);
      Same = holdsExactly(Now, *Options.Previous);
    }
    if (!Same) {
      ::unlinkat(At.fd(), Temp.c_str(), 0);
      return failure("'" + Shown +
                     "' changed while it was translated (another program "
                     "wrote to it); it was left as it is; translate it again "
                     "when nothing else writes to it");
    }
  }
  if (::renameat(At.fd(), Temp.c_str(), At.fd(), Leaf.c_str()))
    return discard(lastErrorText());
  return llvm::Error::success();
}

llvm::Error OutputTree::write(llvm::StringRef Rel, llvm::StringRef Contents,
                              const WriteOptions &Options) {
  return replace(Rel, Options, "cannot write '" + pathOf(Rel) + "': ",
                 [&](int Fd, const struct stat *Replaced) {
                   if (!writeAllAt(Fd, Contents.data(), Contents.size(), 0) ||
                       !takeAttributes(Fd, Replaced, Options.NewMode))
                     return lastErrorText();
                   return std::string();
                 });
}

llvm::Expected<std::string> OutputTree::copy(llvm::StringRef From,
                                             llvm::StringRef Rel,
                                             const WriteOptions &Options) {
  struct stat Before;
  if (!::lstat(From.str().c_str(), &Before) && !S_ISREG(Before.st_mode))
    return failure("cannot copy '" + From + "': it is " +
                   describeFileType(Before.st_mode) + ", not a regular file");
  int In = ::open(From.str().c_str(),
                  O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (In < 0)
    return failure("cannot read '" + From + "': " +
                   (errno == ELOOP ? std::string("it became a symbolic link")
                                   : lastErrorText()));
  Descriptor Input(In, -1);
  struct stat Source;
  if (::fstat(In, &Source) || !S_ISREG(Source.st_mode))
    return failure("cannot copy '" + From + "': it is " +
                   describeFileType(Source.st_mode) + ", not a regular file");
  // Data extents are copied and holes skipped (SEEK_DATA/SEEK_HOLE), so a
  // sparse file stays sparse; the hash covers the holes' zeros too.
  llvm::SHA256 Hasher;
  auto fill = [&](int Out, const struct stat *Replaced) -> std::string {
    std::vector<char> Buffer(1 << 20);
    std::vector<uint8_t> Zeros(1 << 20, 0);
    auto hashZeros = [&](uint64_t Count) {
      while (Count) {
        size_t Piece = std::min<uint64_t>(Count, Zeros.size());
        Hasher.update(llvm::ArrayRef<uint8_t>(Zeros.data(), Piece));
        Count -= Piece;
      }
    };
    off_t Size = Source.st_size, Offset = 0;
    while (Offset < Size) {
      off_t Data = ::lseek(In, Offset, SEEK_DATA);
      if (Data < 0 && errno == ENXIO)
        Data = Size; // Only a hole is left.
      else if (Data < 0)
        Data = Offset; // No SEEK_DATA here: everything is data.
      hashZeros(Data - Offset);
      if (Data >= Size)
        break;
      off_t Hole = ::lseek(In, Data, SEEK_HOLE);
      if (Hole < 0 || Hole > Size)
        Hole = Size;
      for (off_t At = Data; At < Hole;) {
        ssize_t Got = ::pread(In, Buffer.data(),
                              std::min<off_t>(Buffer.size(), Hole - At), At);
        if (Got < 0 && errno == EINTR)
          continue;
        if (Got < 0)
          return lastErrorText();
        if (Got == 0) { // Shrunk meanwhile.
          Size = At;
          break;
        }
        Hasher.update(llvm::ArrayRef<uint8_t>(
            reinterpret_cast<uint8_t *>(Buffer.data()), Got));
        if (!writeAllAt(Out, Buffer.data(), Got, At))
          return lastErrorText();
        At += Got;
      }
      Offset = std::min(Hole, Size);
    }
    if (::ftruncate(Out, Size))
      return lastErrorText();
    // A copy never carries set-ID bits: root copying another user's
    // set-user-ID program would otherwise hand that user a root-owned one.
    std::optional<unsigned> Mode =
        Options.NewMode ? Options.NewMode
                        : std::optional<unsigned>(Source.st_mode);
    if (!takeAttributes(Out, Replaced, Mode))
      return lastErrorText();
    return "";
  };
  if (llvm::Error E = replace(
          Rel, Options,
          "cannot copy '" + From.str() + "' to '" + pathOf(Rel) + "': ", fill))
    return std::move(E);
  return llvm::toHex(Hasher.final(), /*LowerCase=*/true);
}

llvm::Error OutputTree::makeLink(llvm::StringRef Target, llvm::StringRef Rel) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, true);
  if (!Opened)
    return Opened.takeError();
  const Parent &At = **Opened;
  const std::string &Leaf = At.leaf();
  struct stat Status;
  if (At.status(Status)) {
    if (S_ISLNK(Status.st_mode) &&
        readLinkAt(At.fd(), Leaf.c_str()) == Target.str())
      return llvm::Error::success();
    return failure("cannot create the link '" + pathOf(Rel) + "': it exists");
  }
  if (::symlinkat(Target.str().c_str(), At.fd(), Leaf.c_str()))
    return failure("cannot create the link '" + pathOf(Rel) +
                   "': " + lastErrorText());
  return llvm::Error::success();
}

llvm::Error OutputTree::remove(llvm::StringRef Rel) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened)
    return Opened.takeError();
  struct stat Status;
  if (!*Opened || !(*Opened)->status(Status))
    return llvm::Error::success();
  if (!S_ISREG(Status.st_mode) && !S_ISLNK(Status.st_mode))
    return failure("cannot remove '" + pathOf(Rel) + "': it is " +
                   describeFileType(Status.st_mode) +
                   ", and only files are removed");
  if (::unlinkat((*Opened)->fd(), (*Opened)->leaf().c_str(), 0) &&
      errno != ENOENT)
    return failure("cannot remove '" + pathOf(Rel) + "': " + lastErrorText());
  return llvm::Error::success();
}

void OutputTree::removeEmptyParents(llvm::StringRef Rel) {
  llvm::StringRef Folder =
      llvm::sys::path::parent_path(Rel, llvm::sys::path::Style::posix);
  while (!Folder.empty()) {
    llvm::Expected<std::optional<Parent>> Above = parentOf(Folder, false);
    if (!Above) {
      llvm::consumeError(Above.takeError());
      return;
    }
    // Fails on a folder that is not empty, and on a link (ENOTDIR).
    if (!*Above ||
        ::unlinkat((*Above)->fd(), (*Above)->leaf().c_str(), AT_REMOVEDIR))
      return;
    Folder =
        llvm::sys::path::parent_path(Folder, llvm::sys::path::Style::posix);
  }
}

llvm::Error OutputTree::append(llvm::StringRef Rel, llvm::StringRef Text) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, true);
  if (!Opened)
    return Opened.takeError();
  const Parent &At = **Opened;
  int Fd = ::openat(At.fd(), At.leaf().c_str(),
                    O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
                        O_CLOEXEC,
                    0666);
  if (Fd < 0)
    return failure("cannot write '" + pathOf(Rel) + "': " +
                   (errno == ELOOP ? std::string("it is a symbolic link")
                                   : lastErrorText()));
  Descriptor File(Fd, -1);
  struct stat Status;
  if (::fstat(Fd, &Status) || !S_ISREG(Status.st_mode))
    return failure("cannot write '" + pathOf(Rel) + "': it is " +
                   describeFileType(Status.st_mode) +
                   ", not a regular file; remove it");
  // One write() with O_APPEND: a line is whole or absent after a kill.
  ssize_t Written = ::write(Fd, Text.data(), Text.size());
  if (Written != ssize_t(Text.size()))
    return failure("cannot write '" + pathOf(Rel) + "': " + lastErrorText());
  return llvm::Error::success();
}

namespace {
std::string backupName(llvm::StringRef Leaf, unsigned Number) {
  std::string Name = (Leaf + ".prehip").str();
  if (Number)
    Name += "." + std::to_string(Number);
  return Name;
}

/// Whether \p Name in \p Dir is a regular file holding exactly \p Text.
bool holdsAt(int Dir, const std::string &Name, llvm::StringRef Text) {
  std::string Why;
  int Fd = openRegular(Dir, Name, Why);
  if (Fd < 0)
    return false;
  Descriptor File(Fd, -1);
  return holdsExactly(Fd, Text);
}
} // namespace

llvm::Expected<std::string> OutputTree::backup(llvm::StringRef Rel,
                                               llvm::StringRef Original) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened)
    return Opened.takeError();
  if (!*Opened)
    return failure("cannot back up '" + pathOf(Rel) + "': it is missing");
  const Parent &At = **Opened;
  const std::string &Leaf = At.leaf();
  llvm::StringRef Folder =
      llvm::sys::path::parent_path(Rel, llvm::sys::path::Style::posix);
  auto relative = [&](const std::string &File) {
    return Folder.empty() ? File : (Folder + "/" + File).str();
  };
  struct stat Source;
  if (!At.status(Source) || !S_ISREG(Source.st_mode))
    return failure("cannot back up '" + pathOf(Rel) +
                   "': it is not a regular file");
  for (unsigned Number = 0; Number < 1000; ++Number) {
    std::string Backup = backupName(Leaf, Number);
    struct stat Status;
    if (!::fstatat(At.fd(), Backup.c_str(), &Status,
                   AT_SYMLINK_NOFOLLOW)) {
      if (holdsAt(At.fd(), Backup, Original))
        return relative(Backup); // Already backed up.
      continue;
    }
    std::string Temp;
    int Fd = createTemporary(At.fd(), Temp);
    if (Fd < 0)
      return failure("cannot write '" + pathOf(relative(Backup)) +
                     "': " + lastErrorText());
    bool Written = writeAllAt(Fd, Original.data(), Original.size(), 0) &&
                   takeAttributes(Fd, &Source, std::nullopt);
    std::string Why = Written ? "" : lastErrorText();
    if (::close(Fd) && Written) {
      Written = false;
      Why = lastErrorText();
    }
    if (!Written) {
      ::unlinkat(At.fd(), Temp.c_str(), 0);
      return failure("cannot write '" + pathOf(relative(Backup)) + "': " + Why);
    }
    // linkat() fails if the backup appeared meanwhile, where a rename would
    // replace it.
    int Linked =
        ::linkat(At.fd(), Temp.c_str(), At.fd(), Backup.c_str(), 0);
    int Error = errno;
    ::unlinkat(At.fd(), Temp.c_str(), 0);
    if (!Linked)
      return relative(Backup);
    if (Error != EEXIST)
      return failure("cannot write '" + pathOf(relative(Backup)) + "': " +
                     std::error_code(Error, std::generic_category()).message());
  }
  return failure("cannot back up '" + pathOf(Rel) + "': '" + pathOf(Rel) +
                 ".prehip' and 999 numbered backups exist; remove old ones");
}

std::string OutputTree::plannedBackup(llvm::StringRef Rel,
                                      llvm::StringRef Original) {
  llvm::Expected<std::optional<Parent>> Opened = parentOf(Rel, false);
  if (!Opened) {
    llvm::consumeError(Opened.takeError());
    return "";
  }
  if (!*Opened)
    return "";
  const Parent &At = **Opened;
  const std::string &Leaf = At.leaf();
  llvm::StringRef Folder =
      llvm::sys::path::parent_path(Rel, llvm::sys::path::Style::posix);
  for (unsigned Number = 0; Number < 1000; ++Number) {
    std::string Backup = backupName(Leaf, Number);
    struct stat Status;
    if (::fstatat(At.fd(), Backup.c_str(), &Status, AT_SYMLINK_NOFOLLOW) ||
        holdsAt(At.fd(), Backup, Original))
      return Folder.empty() ? Backup : (Folder + "/" + Backup).str();
  }
  return "";
}
