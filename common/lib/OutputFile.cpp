//===- OutputFile.cpp - Writing every hipkit tool's files safely -------===//
//
// POSIX calls are used directly where LLVM's file API has no counterpart and
// the semantics are the point: lstat/readlink to follow links one at a time,
// fchown/fchmod on the temporary before it becomes visible, link() to create a
// backup that can never replace an existing one.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/OutputFile.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace hipkit;

namespace {

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(std::errc::io_error, "%s",
                                 Message.str().c_str());
}

llvm::Error cannotWrite(llvm::StringRef Path, std::error_code EC) {
  return failure("cannot write '" + Path + "': " + EC.message());
}

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

/// Writes all of \p Contents to \p FD, retrying short and interrupted writes.
std::error_code writeAll(int FD, llvm::StringRef Contents) {
  const char *Data = Contents.data();
  size_t Left = Contents.size();
  while (Left) {
    ssize_t Written = ::write(FD, Data, Left);
    if (Written < 0) {
      if (errno == EINTR)
        continue;
      return lastError();
    }
    Data += Written;
    Left -= Written;
  }
  return {};
}

/// Closes \p FD; some file systems report a failed write only here.
std::error_code closeChecked(int FD) {
  if (::close(FD) && errno != EINTR)
    return lastError();
  return {};
}

bool isUnderProc(llvm::StringRef RealDir) {
  return RealDir == "/proc" || RealDir.starts_with("/proc/");
}

/// Creates a temporary file beside \p Path holding \p Contents, with the
/// owner, group and mode of \p Like when given. Returns its path.
llvm::Expected<std::string> writeTemporary(llvm::StringRef Path,
                                           llvm::StringRef Contents,
                                           const struct stat *Like,
                                           llvm::StringRef NamedPath) {
  // A short name of its own in the same folder (so that the rename stays on
  // one file system): the output's name plus a suffix can pass NAME_MAX
  // (255 bytes) where the output's name alone does not.
  llvm::SmallString<256> Pattern(llvm::sys::path::parent_path(Path));
  if (Pattern.empty())
    Pattern = ".";
  llvm::sys::path::append(Pattern, "hipify-%%%%%%%%.tmp");
  llvm::SmallString<256> Temp;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Pattern, FD, Temp))
    return cannotWrite(NamedPath, EC);
  auto discard = [&](std::error_code EC, llvm::StringRef Why) {
    ::close(FD);
    ::unlink(Temp.c_str());
    return failure("cannot write '" + NamedPath + "': " + Why + EC.message());
  };
  if (std::error_code EC = writeAll(FD, Contents))
    return discard(EC, "");
  if (Like) {
    // Owner first: chown clears the set-user-ID and set-group-ID bits.
    struct stat Now;
    if (::fstat(FD, &Now))
      return discard(lastError(), "");
    if ((Now.st_uid != Like->st_uid || Now.st_gid != Like->st_gid) &&
        ::fchown(FD, Like->st_uid, Like->st_gid))
      return discard(lastError(), "cannot keep the file's owner and group: ");
    if (::fchmod(FD, Like->st_mode & 07777))
      return discard(lastError(), "cannot keep the file's mode: ");
  }
  if (std::error_code EC = closeChecked(FD)) {
    ::unlink(Temp.c_str());
    return cannotWrite(NamedPath, EC);
  }
  return std::string(Temp);
}

/// The kernel's protected_symlinks rule for open(), applied by hand because
/// the link is resolved here and its target replaced by a rename the kernel
/// never sees as a follow: a link in a sticky world-writable folder (/tmp) is
/// followed only when its owner is the follower or the folder's owner.
/// Otherwise another user could plant `k.cu.hip -> /victim/config` and have
/// root's run replace the victim.
llvm::Error checkLinkMayBeFollowed(llvm::StringRef Path,
                                   llvm::StringRef LinkPath,
                                   llvm::StringRef RealDir,
                                   const struct stat &Link) {
  struct stat Dir;
  if (::stat(RealDir.str().c_str(), &Dir))
    return cannotWrite(Path, lastError());
  bool Shared = (Dir.st_mode & S_ISVTX) && (Dir.st_mode & S_IWOTH);
  if (!Shared || Link.st_uid == ::geteuid() || Link.st_uid == Dir.st_uid)
    return llvm::Error::success();
  return failure("cannot write '" + Path + "': '" + LinkPath +
                 "' is a symbolic link owned by another user (uid " +
                 llvm::Twine(Link.st_uid) + ") in the shared sticky folder '" +
                 RealDir +
                 "', which is not followed; remove the link or choose "
                 "another output");
}

} // namespace

bool hipkit::readWholeFile(llvm::StringRef Path, std::string &Text) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return false;
  Text = (*Buffer)->getBuffer().str();
  return true;
}

llvm::Expected<std::optional<std::string>>
hipkit::readRegularFile(llvm::StringRef Path, uint64_t MaxSize) {
  struct stat Before;
  if (!::stat(Path.str().c_str(), &Before) && !S_ISREG(Before.st_mode))
    return failure("cannot read '" + Path + "': it is " +
                   describeFileType(Before.st_mode) +
                   ", not a regular file; remove it");
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0) {
    if (errno == ENOENT)
      return std::nullopt;
    return failure("cannot read '" + Path + "': " + lastError().message());
  }
  struct stat Status;
  if (::fstat(FD, &Status) || !S_ISREG(Status.st_mode)) {
    ::close(FD);
    return failure("cannot read '" + Path + "': it is " +
                   describeFileType(Status.st_mode) +
                   ", not a regular file; remove it");
  }
  if (uint64_t(Status.st_size) > MaxSize) {
    ::close(FD);
    return failure("cannot read '" + Path + "': it has " +
                   llvm::Twine(uint64_t(Status.st_size)) +
                   " bytes, more than the " + llvm::Twine(MaxSize) +
                   " expected");
  }
  std::string Text;
  bool TooLarge = false;
  std::error_code EC = readInPieces(FD, [&](llvm::StringRef Piece) {
    TooLarge = Text.size() + Piece.size() > MaxSize;
    if (!TooLarge)
      Text += Piece;
    return !TooLarge;
  });
  ::close(FD);
  if (EC || TooLarge)
    return failure("cannot read '" + Path + "': " +
                   (EC ? EC.message() : std::string("it grew too large")));
  return std::optional<std::string>(std::move(Text));
}

std::optional<std::string> hipkit::hashRegularFile(llvm::StringRef Path) {
  // Not even opened unless it is a regular file: opening some devices acts
  // (a tape rewinds, a watchdog arms), and a manifest may name any path.
  struct stat Before;
  if (::stat(Path.str().c_str(), &Before) || !S_ISREG(Before.st_mode))
    return std::nullopt;
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return std::nullopt;
  struct stat Status;
  if (::fstat(FD, &Status) || !S_ISREG(Status.st_mode)) {
    ::close(FD);
    return std::nullopt;
  }
  llvm::SHA256 Hasher;
  std::error_code EC = readInPieces(FD, [&](llvm::StringRef Piece) {
    Hasher.update(llvm::arrayRefFromStringRef(Piece));
    return true;
  });
  ::close(FD);
  if (EC)
    return std::nullopt;
  return llvm::toHex(Hasher.final(), /*LowerCase=*/true);
}

bool hipkit::fileStillHolds(llvm::StringRef Path, llvm::StringRef Contents) {
  std::string Now;
  return readWholeFile(Path, Now) && Now == Contents;
}

llvm::Expected<OutputTarget> hipkit::resolveOutput(llvm::StringRef Path) {
  OutputTarget Target;
  std::string Current = Path.str();
  // As the kernel does (MAXSYMLINKS), give up on a chain of 40 links.
  for (int Links = 0; Links <= 40; ++Links) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Current));
    if (Dir.empty())
      Dir = ".";
    llvm::SmallString<256> RealDir;
    if (llvm::sys::fs::real_path(Dir, RealDir)) {
      // No such folder: checkOutputPath reports it.
      Target.ReplacedPath = Current;
      return Target;
    }
    // /proc/self/fd/N and its kin are not real links: what they lead to is an
    // open file (a pipe, a terminal, a file the shell redirected to), which
    // only opening the name reaches.
    if (isUnderProc(RealDir)) {
      Target.Type = OutputTarget::Kind::WriteThrough;
      Target.ReplacedPath = Path.str();
      unsigned Descriptor;
      if (RealDir == ("/proc/" + llvm::Twine(::getpid()) + "/fd").str() &&
          !llvm::sys::path::filename(Current).getAsInteger(10, Descriptor))
        Target.Descriptor = Descriptor;
      return Target;
    }
    llvm::SmallString<256> Candidate(RealDir);
    llvm::sys::path::append(Candidate, llvm::sys::path::filename(Current));
    Target.ReplacedPath = std::string(Candidate);
    struct stat Status;
    if (::lstat(Candidate.c_str(), &Status)) {
      if (errno == ENOENT)
        return Target;
      return cannotWrite(Path, lastError());
    }
    if (S_ISLNK(Status.st_mode)) {
      if (llvm::Error E =
              checkLinkMayBeFollowed(Path, Candidate, RealDir, Status))
        return std::move(E);
      llvm::SmallString<256> Link;
      Link.resize(Status.st_size ? Status.st_size + 1 : 4096);
      ssize_t Length = ::readlink(Candidate.c_str(), Link.data(), Link.size());
      if (Length < 0)
        return cannotWrite(Path, lastError());
      Link.resize(Length);
      if (llvm::sys::path::is_absolute(Link)) {
        Current = std::string(Link);
      } else {
        llvm::SmallString<256> Joined(RealDir);
        llvm::sys::path::append(Joined, Link);
        Current = std::string(Joined);
      }
      Target.ThroughLink = true;
      continue;
    }
    if (S_ISREG(Status.st_mode))
      Target.Type = OutputTarget::Kind::RegularFile;
    else if (S_ISDIR(Status.st_mode))
      Target.Type = OutputTarget::Kind::Directory;
    else {
      Target.Type = OutputTarget::Kind::WriteThrough;
      Target.ReplacedPath = Path.str();
    }
    return Target;
  }
  return cannotWrite(
      Path, std::make_error_code(std::errc::too_many_symbolic_link_levels));
}

llvm::Error hipkit::checkOutputPath(llvm::StringRef Path,
                                    llvm::StringRef Elsewhere) {
  llvm::Expected<OutputTarget> Target = resolveOutput(Path);
  if (!Target)
    return Target.takeError();
  switch (Target->Type) {
  case OutputTarget::Kind::WriteThrough:
    if (Target->Descriptor >= 0) {
      int Flags = ::fcntl(Target->Descriptor, F_GETFL);
      if (Flags < 0 || (Flags & O_ACCMODE) == O_RDONLY)
        return failure("cannot write '" + Path + "': descriptor " +
                       llvm::Twine(Target->Descriptor) +
                       " is not open for writing; " + Elsewhere);
      return llvm::Error::success();
    }
    if (::access(Target->ReplacedPath.c_str(), W_OK))
      return failure("cannot write '" + Path + "': " + lastError().message() +
                     "; " + Elsewhere);
    return llvm::Error::success();
  case OutputTarget::Kind::Directory:
    return failure("cannot write '" + Path + "': it is a directory; " +
                   Elsewhere);
  case OutputTarget::Kind::Missing:
  case OutputTarget::Kind::RegularFile:
    break;
  }
  // The temporary file is created in the folder of the file it replaces.
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(
      Target->ThroughLink ? llvm::StringRef(Target->ReplacedPath) : Path));
  if (Dir.empty())
    Dir = ".";
  if (!llvm::sys::fs::is_directory(Dir))
    return failure("cannot write '" + Path + "': directory '" + Dir +
                   "' does not exist; create it or " + Elsewhere);
  if (::access(Dir.c_str(), W_OK))
    return failure("cannot write '" + Path + "': directory '" + Dir +
                   "' is not writable; " + Elsewhere);
  if (Target->Type == OutputTarget::Kind::RegularFile) {
    struct stat Status;
    if (::stat(Target->ReplacedPath.c_str(), &Status) ||
        !(Status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) ||
        ::access(Target->ReplacedPath.c_str(), W_OK))
      return failure("cannot write '" + Path +
                     "': the file is read-only; make it writable (chmod u+w) "
                     "or " +
                     Elsewhere);
  }
  return llvm::Error::success();
}

namespace {

/// Writes \p Contents where \p Path leads (\p Target): through a descriptor,
/// device, pipe or /proc link, or by a temporary renamed over the file, which
/// keeps the replaced file's owner, group and mode, or takes \p NewFileLike's
/// for a new file (nullptr: the defaults).
llvm::Error writeResolved(const OutputTarget &Target, llvm::StringRef Path,
                          llvm::StringRef Contents,
                          std::optional<llvm::StringRef> Previous,
                          const struct stat *NewFileLike) {
  if (Target.Descriptor >= 0) {
    if (std::error_code EC = writeAll(Target.Descriptor, Contents))
      return cannotWrite(Path, EC);
    return llvm::Error::success();
  }
  if (Target.Type == OutputTarget::Kind::Directory)
    return failure("cannot write '" + Path + "': it is a directory");
  if (Target.Type == OutputTarget::Kind::WriteThrough) {
    int FD =
        ::open(Target.ReplacedPath.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (FD < 0)
      return cannotWrite(Path, lastError());
    std::error_code EC = writeAll(FD, Contents);
    std::error_code CloseEC = closeChecked(FD);
    if (EC || CloseEC)
      return cannotWrite(Path, EC ? EC : CloseEC);
    return llvm::Error::success();
  }
  struct stat Replaced;
  bool Exists = Target.Type == OutputTarget::Kind::RegularFile &&
                !::stat(Target.ReplacedPath.c_str(), &Replaced);
  llvm::Expected<std::string> Temp = writeTemporary(
      Target.ReplacedPath, Contents, Exists ? &Replaced : NewFileLike, Path);
  if (!Temp)
    return Temp.takeError();
  // Checked as late as possible, right before the rename: text another
  // program added since the file was read would otherwise be lost (in neither
  // the file nor its backup).
  if (Previous && !fileStillHolds(Target.ReplacedPath, *Previous)) {
    ::unlink(Temp->c_str());
    return failure("'" + Path +
                   "' changed while it was translated (another program "
                   "wrote to it); it was left as it is; translate it again "
                   "when nothing else writes to it");
  }
  if (::rename(Temp->c_str(), Target.ReplacedPath.c_str())) {
    std::error_code EC = lastError();
    ::unlink(Temp->c_str());
    return cannotWrite(Path, EC);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error hipkit::writeOutputFile(llvm::StringRef Path,
                                    llvm::StringRef Contents,
                                    std::optional<llvm::StringRef> Previous) {
  llvm::Expected<OutputTarget> Target = resolveOutput(Path);
  if (!Target)
    return Target.takeError();
  return writeResolved(*Target, Path, Contents, Previous, nullptr);
}

llvm::Error hipkit::installOutputFile(llvm::StringRef Finished,
                                      llvm::StringRef Path) {
  struct stat Made;
  if (::stat(Finished.str().c_str(), &Made))
    return cannotWrite(Path, lastError());
  auto Buffer = llvm::MemoryBuffer::getFile(Finished, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return cannotWrite(Path, Buffer.getError());
  llvm::Expected<OutputTarget> Target = resolveOutput(Path);
  if (!Target)
    return Target.takeError();
  // A new file takes only the finished file's mode (the compiler's, under the
  // umask): its owner and group are those any new file there gets (a
  // set-group-ID folder's group); -1 leaves them.
  Made.st_uid = static_cast<uid_t>(-1);
  Made.st_gid = static_cast<gid_t>(-1);
  if (llvm::Error E = writeResolved(*Target, Path, (*Buffer)->getBuffer(),
                                    std::nullopt, &Made))
    return E;
  Buffer->reset();
  ::unlink(Finished.str().c_str());
  return llvm::Error::success();
}

llvm::Expected<std::string> hipkit::writeBackup(llvm::StringRef SourcePath,
                                                llvm::StringRef Original) {
  struct stat Source;
  if (::stat(SourcePath.str().c_str(), &Source))
    return failure("cannot back up '" + SourcePath +
                   "': " + lastError().message());
  for (unsigned Number = 0; Number < 1000; ++Number) {
    std::string Backup = (SourcePath + ".prehip").str();
    if (Number)
      Backup += "." + std::to_string(Number);
    if (llvm::sys::fs::exists(Backup)) {
      auto Buffer =
          llvm::MemoryBuffer::getFile(Backup, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
      if (Buffer && (*Buffer)->getBuffer() == Original)
        return Backup; // Already backed up.
      continue;
    }
    llvm::Expected<std::string> Temp =
        writeTemporary(Backup, Original, &Source, Backup);
    if (!Temp)
      return Temp.takeError();
    // link() fails if the backup appeared meanwhile, where rename would
    // replace it.
    int Linked = ::link(Temp->c_str(), Backup.c_str());
    std::error_code EC = Linked ? lastError() : std::error_code();
    ::unlink(Temp->c_str());
    if (!Linked)
      return Backup;
    if (EC != std::errc::file_exists)
      return cannotWrite(Backup, EC);
  }
  return failure("cannot back up '" + SourcePath + "': '" + SourcePath +
                 ".prehip' and 999 numbered backups exist; remove old ones");
}

std::string hipkit::plannedBackupPath(llvm::StringRef SourcePath,
                                      llvm::StringRef Original) {
  for (unsigned Number = 0; Number < 1000; ++Number) {
    std::string Backup = (SourcePath + ".prehip").str();
    if (Number)
      Backup += "." + std::to_string(Number);
    if (!llvm::sys::fs::exists(Backup) || fileStillHolds(Backup, Original))
      return Backup;
  }
  return "";
}

llvm::Error hipkit::writeStandardOutput(llvm::StringRef Contents) {
  llvm::raw_fd_ostream &OS = llvm::outs();
  OS << Contents;
  OS.flush();
  if (!OS.has_error())
    return llvm::Error::success();
  std::error_code EC = OS.error();
  // Cleared, or the stream reports a fatal error when the program exits.
  OS.clear_error();
  return failure("cannot write the translation to standard output: " +
                 EC.message());
}
