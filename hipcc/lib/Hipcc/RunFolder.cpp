//===- RunFolder.cpp - The one private folder of a hipcc run --------------===//
#include "RunFolder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace hipkit {

/// The pid namespace: a pid means something only inside its namespace, and a
/// TMPDIR shared with a container holds folders of runs hipcc cannot see.
static std::string pidNamespace() {
  struct stat Status;
  if (::stat("/proc/self/ns/pid", &Status))
    return "unknown";
  return std::to_string(Status.st_dev) + ":" + std::to_string(Status.st_ino);
}

Expected<RunFolder> RunFolder::create(StringRef TempDir) {
  SmallString<256> Model;
  if (TempDir.empty())
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
  else
    Model = TempDir;
  sys::path::append(Model, "hipcc-XXXXXX");
  (void)Model.c_str(); // mkdtemp needs the terminating NUL
  if (!::mkdtemp(Model.data()))
    return createStringError(
        std::error_code(errno, std::generic_category()),
        "cannot create a folder for temporary files in '" +
            sys::path::parent_path(Model) +
            "': " + std::error_code(errno, std::generic_category()).message() +
            "; set TMPDIR to a writable folder");
  RunFolder Folder{std::string(Model)};
  std::error_code EC;
  raw_fd_ostream Owner(Folder.ownerFile(), EC, sys::fs::OF_None);
  if (!EC) {
    Owner << "pid " << ::getpid() << " " << pidNamespace() << "\n";
    Owner.close();
    EC = Owner.error();
  }
  if (EC)
    return createStringError(EC, "cannot write '" + Folder.ownerFile() +
                                     "': " + EC.message() +
                                     "; set TMPDIR to a writable folder");
  return std::move(Folder);
}

RunFolder::~RunFolder() {
  if (!Path.empty())
    removeTree(Path);
}

void removeTree(StringRef Dir) {
  int DirFd = ::open(Dir.str().c_str(),
                     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (DirFd < 0)
    return;
  DIR *Stream = ::fdopendir(DirFd);
  if (!Stream) {
    ::close(DirFd);
    return;
  }
  std::vector<std::pair<std::string, bool>> Entries;
  while (struct dirent *E = ::readdir(Stream)) {
    StringRef Name = E->d_name;
    if (Name == "." || Name == "..")
      continue;
    struct stat Status;
    bool IsDir = !::fstatat(DirFd, E->d_name, &Status, AT_SYMLINK_NOFOLLOW) &&
                 S_ISDIR(Status.st_mode);
    Entries.emplace_back(Name.str(), IsDir);
  }
  for (const auto &[Name, IsDir] : Entries) {
    if (IsDir)
      removeTree((Dir + "/" + Name).str());
    else
      ::unlinkat(DirFd, Name.c_str(), 0);
  }
  ::closedir(Stream);
  ::rmdir(Dir.str().c_str());
}

void RunFolder::removeStale(StringRef TempDir) {
  SmallString<256> Dir(TempDir);
  if (Dir.empty())
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  std::string Namespace = pidNamespace();
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.starts_with("hipcc-") || Name.size() != 12)
      continue;
    struct stat Status;
    if (::lstat(It->path().c_str(), &Status) || !S_ISDIR(Status.st_mode) ||
        Status.st_uid != ::geteuid())
      continue;
    auto Owner = MemoryBuffer::getFile(It->path() + "/owner");
    if (!Owner)
      continue;
    SmallVector<StringRef, 3> Words;
    SplitString((*Owner)->getBuffer(), Words);
    int Pid = 0;
    if (Words.size() != 3 || Words[0] != "pid" ||
        Words[1].getAsInteger(10, Pid) || Pid <= 0 || Words[2] != Namespace)
      continue;
    if (::kill(Pid, 0) == 0 || errno != ESRCH)
      continue; // alive (or another user's process of the same pid)
    removeTree(It->path());
  }
}

} // namespace hipkit
