//===- RunFolder.cpp - The one owner of a run's temporary files -----------===//
//
// The removal is written with raw system calls (openat, getdents64, unlinkat)
// into stack buffers, so the signal handler can run the very code the
// destructor runs: opendir and readdir allocate, and a handler that
// interrupted malloc must not.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/RunFolder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace llvm;

namespace hipkit {
namespace {

/// The prefixes of hipkit's run folders, which the sweep recognises.
constexpr StringLiteral KnownPrefixes[] = {"hipcc-", "hipify-",
                                           "hipkit-clang-"};
constexpr size_t RandomPartLength = 6; // mkdtemp's XXXXXX

//===----------------------------------------------------------------------===//
// Removal, async-signal-safe
//===----------------------------------------------------------------------===//

/// getdents64's record (glibc's struct dirent64 has the same layout, but the
/// kernel's is what the buffer holds).
struct KernelDirent {
  uint64_t Inode;
  int64_t Offset;
  unsigned short Length;
  unsigned char Type;
  char Name[1];
};

bool sameName(const char *A, const char *B) {
  while (*A && *A == *B)
    ++A, ++B;
  return *A == *B;
}

/// Folders hipkit creates inside a run folder are shallow (clang's temporary
/// files are plain files); deeper ones are left, as they cost stack here.
constexpr int MaxDepth = 8;

/// Empties the folder open as \p DirFd, keeping the entry \p Keep (may be
/// null). Entries are removed while the folder is read, which can make the
/// kernel skip some: it is read again until a pass removes nothing.
void emptyFolder(int DirFd, int Depth, const char *Keep) {
  for (int Pass = 0; Pass < 16; ++Pass) {
    bool Removed = false;
    if (::lseek(DirFd, 0, SEEK_SET) < 0)
      return;
    alignas(8) char Buffer[2048];
    long Size;
    while ((Size = ::syscall(SYS_getdents64, DirFd, Buffer, sizeof Buffer)) >
           0) {
      for (long Offset = 0; Offset < Size;) {
        const auto *Entry =
            reinterpret_cast<const KernelDirent *>(Buffer + Offset);
        Offset += Entry->Length;
        const char *Name = Entry->Name;
        if (sameName(Name, ".") || sameName(Name, "..") ||
            (Keep && sameName(Name, Keep)))
          continue;
        bool IsDir = Entry->Type == DT_DIR;
        if (Entry->Type == DT_UNKNOWN) {
          struct stat Status;
          IsDir = !::fstatat(DirFd, Name, &Status, AT_SYMLINK_NOFOLLOW) &&
                  S_ISDIR(Status.st_mode);
        }
        if (!IsDir) {
          Removed |= !::unlinkat(DirFd, Name, 0);
          continue;
        }
        if (Depth >= MaxDepth)
          continue;
        int Sub = ::openat(DirFd, Name,
                           O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (Sub >= 0) {
          emptyFolder(Sub, Depth + 1, nullptr);
          ::close(Sub);
        }
        Removed |= !::unlinkat(DirFd, Name, AT_REMOVEDIR);
      }
    }
    if (!Removed)
      return;
  }
}

/// Removes the run folder \p Path, its owner file last. When something keeps
/// the folder (a file created meanwhile), the owner file is written again
/// from \p OwnerText, so a later run removes the folder once this process is
/// gone.
void removeFolder(const char *Path, const char *OwnerText) {
  int DirFd = ::open(Path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (DirFd < 0)
    return;
  emptyFolder(DirFd, 0, "owner");
  ::unlinkat(DirFd, "owner", 0);
  if (::rmdir(Path) && OwnerText && *OwnerText) {
    int Fd =
        ::openat(DirFd, "owner",
                 O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (Fd >= 0) {
      size_t Length = 0;
      while (OwnerText[Length])
        ++Length;
      (void)!::write(Fd, OwnerText, Length);
      ::close(Fd);
    }
  }
  ::close(DirFd);
}

//===----------------------------------------------------------------------===//
// The live folders, and the signal handler that removes them
//===----------------------------------------------------------------------===//

/// Fixed storage the handler reads: no allocation, no lock.
struct LiveFolder {
  enum : int { Free, Armed, Removing };
  std::atomic<int> State{Free};
  char Path[PATH_MAX];
  char OwnerText[128];
};
constexpr int MaxLiveFolders = 16;
LiveFolder LiveFolders[MaxLiveFolders];
std::mutex LiveFoldersMutex; // taken by create/keep/destroy, never the handler

constexpr int CleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction PreviousActions[std::size(CleanupSignals)];
bool HandlersInstalled = false;

void removeArmedFolders() {
  for (LiveFolder &F : LiveFolders) {
    int Expected = LiveFolder::Armed;
    if (F.State.compare_exchange_strong(Expected, LiveFolder::Removing))
      removeFolder(F.Path, F.OwnerText);
  }
}

extern "C" void onTerminatingSignal(int Signal) {
  int SavedErrno = errno;
  removeArmedFolders();
  // Then what the signal did before: the previous action gets it once this
  // handler returns (the signal is blocked until then). LLVM's handler
  // removes its files and dies of it; the default action dies.
  for (size_t I = 0; I < std::size(CleanupSignals); ++I)
    if (CleanupSignals[I] == Signal)
      ::sigaction(Signal, &PreviousActions[I], nullptr);
  ::raise(Signal);
  errno = SavedErrno;
}

bool isIgnored(const struct sigaction &Action) {
  return !(Action.sa_flags & SA_SIGINFO) && Action.sa_handler == SIG_IGN;
}

/// Once per process. A signal the process ignores (nohup's SIGHUP, SIGINT in
/// a background job) stays ignored.
void installHandlers() {
  if (HandlersInstalled)
    return;
  HandlersInstalled = true;
  struct sigaction Action = {};
  Action.sa_handler = onTerminatingSignal;
  sigemptyset(&Action.sa_mask);
  for (int S : CleanupSignals)
    sigaddset(&Action.sa_mask, S);
  for (size_t I = 0; I < std::size(CleanupSignals); ++I) {
    ::sigaction(CleanupSignals[I], nullptr, &PreviousActions[I]);
    if (!isIgnored(PreviousActions[I]))
      ::sigaction(CleanupSignals[I], &Action, nullptr);
  }
}

/// Arms a slot for \p Path; -1 when the table is full or the path too long
/// (the folder is then still removed at the end, or by a later run).
int armFolder(StringRef Path, StringRef OwnerText) {
  if (Path.size() >= PATH_MAX ||
      OwnerText.size() >= sizeof(LiveFolder::OwnerText))
    return -1;
  std::lock_guard<std::mutex> Lock(LiveFoldersMutex);
  installHandlers();
  for (int I = 0; I < MaxLiveFolders; ++I) {
    LiveFolder &F = LiveFolders[I];
    if (F.State.load() != LiveFolder::Free)
      continue;
    std::memcpy(F.Path, Path.data(), Path.size());
    F.Path[Path.size()] = '\0';
    std::memcpy(F.OwnerText, OwnerText.data(), OwnerText.size());
    F.OwnerText[OwnerText.size()] = '\0';
    F.State.store(LiveFolder::Armed);
    return I;
  }
  return -1;
}

void disarmFolder(int Slot) {
  if (Slot < 0)
    return;
  std::lock_guard<std::mutex> Lock(LiveFoldersMutex);
  LiveFolders[Slot].State.store(LiveFolder::Free);
}

//===----------------------------------------------------------------------===//
// Owners
//===----------------------------------------------------------------------===//

/// The pid namespace: a pid means something only inside its namespace, and a
/// TMPDIR shared with a container holds folders of runs this one cannot see.
std::string pidNamespace() {
  struct stat Status;
  if (::stat("/proc/self/ns/pid", &Status))
    return "unknown";
  return std::to_string(Status.st_dev) + ":" + std::to_string(Status.st_ino);
}

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

bool isRunFolderName(StringRef Name) {
  for (StringRef Prefix : KnownPrefixes)
    if (Name.starts_with(Prefix) &&
        Name.size() == Prefix.size() + RandomPartLength)
      return true;
  return false;
}

/// The owner file of the folder open as \p DirFd, read without following a
/// link; empty when there is none.
std::string readOwner(int DirFd) {
  int Fd = ::openat(DirFd, "owner", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0)
    return "";
  char Buffer[128];
  ssize_t Size = ::read(Fd, Buffer, sizeof Buffer);
  ::close(Fd);
  return Size > 0 ? std::string(Buffer, Size) : "";
}

/// Whether the run folder \p Path belongs to this user and to a run of this
/// pid namespace that no longer exists.
bool ownerIsDead(const std::string &Path, StringRef Namespace) {
  int DirFd =
      ::open(Path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (DirFd < 0)
    return false;
  struct stat Status;
  bool Mine = !::fstat(DirFd, &Status) && Status.st_uid == ::geteuid();
  std::string Owner = Mine ? readOwner(DirFd) : "";
  ::close(DirFd);
  SmallVector<StringRef, 3> Words;
  SplitString(Owner, Words);
  int Pid = 0;
  if (Words.size() != 3 || Words[0] != "pid" ||
      Words[1].getAsInteger(10, Pid) || Pid <= 0 || Words[2] != Namespace)
    return false;
  // Alive, or a process of another user with that pid (EPERM).
  return ::kill(Pid, 0) != 0 && errno == ESRCH;
}

} // namespace

//===----------------------------------------------------------------------===//
// RunFolder
//===----------------------------------------------------------------------===//

Expected<RunFolder> RunFolder::create(StringRef Prefix, StringRef TempDir) {
  SmallString<256> Dir(TempDir);
  if (Dir.empty())
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  removeStale(Dir);
  SmallString<256> Model(Dir);
  sys::path::append(Model, Prefix + "XXXXXX");
  (void)Model.c_str(); // mkdtemp needs the terminating NUL
  if (!::mkdtemp(Model.data())) {
    std::error_code EC = lastError();
    return createStringError(EC, "cannot create a folder for temporary files "
                                 "in '" +
                                     Dir + "': " + EC.message() +
                                     "; set TMPDIR to a writable folder");
  }
  std::string OwnerText =
      "pid " + std::to_string(::getpid()) + " " + pidNamespace() + "\n";
  std::string Path(Model);
  int Fd = ::open((Path + "/owner").c_str(),
                  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool Written = Fd >= 0 && ::write(Fd, OwnerText.data(), OwnerText.size()) ==
                                ssize_t(OwnerText.size());
  std::error_code EC = lastError();
  if (Fd >= 0)
    ::close(Fd);
  if (!Written) {
    removeTree(Path);
    return createStringError(EC, "cannot write '" + Path +
                                     "/owner': " + EC.message() +
                                     "; set TMPDIR to a writable folder");
  }
  return RunFolder(Path, armFolder(Path, OwnerText));
}

RunFolder::RunFolder(RunFolder &&Other)
    : Path(std::move(Other.Path)), Slot(Other.Slot), Kept(Other.Kept) {
  Other.Path.clear();
  Other.Slot = -1;
}

RunFolder::~RunFolder() {
  if (Path.empty() || Kept)
    return;
  disarmFolder(Slot);
  removeTree(Path);
}

void RunFolder::keep() {
  disarmFolder(Slot);
  Slot = -1;
  ::unlink(ownerFile().c_str());
  Kept = true;
}

void RunFolder::removeStale(StringRef TempDir) {
  SmallString<256> Dir(TempDir);
  if (Dir.empty())
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  std::string Namespace = pidNamespace();
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (!isRunFolderName(sys::path::filename(It->path())))
      continue;
    if (ownerIsDead(It->path(), Namespace))
      removeTree(It->path());
  }
}

void RunFolder::removeAllFromSignalHandler() { removeArmedFolders(); }

void removeTree(StringRef Dir) {
  std::string Path = Dir.str();
  int DirFd =
      ::open(Path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (DirFd < 0)
    return;
  emptyFolder(DirFd, 0, nullptr);
  ::close(DirFd);
  ::rmdir(Path.c_str());
}

} // namespace hipkit
