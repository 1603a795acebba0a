//===- ProjectTree.cpp - The files of a project under --in-root -----------===//

#include "hipkit/hipify/Project/ProjectTree.h"
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"

#include "hipkit/Support/OutputTree.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

using namespace hipkit::hipify;

ProjectFileKind hipkit::hipify::projectFileKind(llvm::StringRef FileName) {
  // BuildFileMigration owns which names are build files.
  if (buildFileKind(FileName) != BuildFileKind::None)
    return ProjectFileKind::BuildFile;
  llvm::StringRef Extension = llvm::sys::path::extension(FileName);
  // .C is C++ by gcc's and clang's convention; the rest case-insensitively.
  if (Extension == ".C")
    return ProjectFileKind::CxxSource;
  return llvm::StringSwitch<ProjectFileKind>(Extension.lower())
      .Case(".cu", ProjectFileKind::CudaSource)
      .Cases(".cpp", ".cc", ".cxx", ".c++", ".cp", ".hip",
             ProjectFileKind::CxxSource)
      .Case(".c", ProjectFileKind::CSource)
      .Cases(".h", ".hh", ".hpp", ".hxx", ".h++", ".cuh",
             ProjectFileKind::Header)
      .Cases(".inl", ".inc", ".ipp", ".tpp", ".tcc",
             ProjectFileKind::Header)
      .Default(ProjectFileKind::Other);
}

bool hipkit::hipify::isTranslatableText(ProjectFileKind Kind) {
  switch (Kind) {
  case ProjectFileKind::CudaSource:
  case ProjectFileKind::CxxSource:
  case ProjectFileKind::Header:
  case ProjectFileKind::CSource:
    return true;
  case ProjectFileKind::BuildFile:
  case ProjectFileKind::Other:
  case ProjectFileKind::Symlink:
    return false;
  }
  llvm_unreachable("every kind is handled");
}

namespace {
bool isBackupName(llvm::StringRef Name) {
  size_t At = Name.rfind(".prehip");
  if (At == llvm::StringRef::npos || At == 0)
    return false;
  llvm::StringRef Rest = Name.substr(At + 7);
  unsigned Number;
  return Rest.empty() ||
         (Rest.consume_front(".") && !Rest.getAsInteger(10, Number));
}

/// Lists the folder \p Rel (empty: the root) below \p Root with readdir and
/// lstat, so that names are kept byte for byte and a folder that cannot be
/// read is seen, not skipped.
void listFolder(const std::string &Root, const std::string &Rel,
                llvm::ArrayRef<std::string> Excluded,
                const ProjectOwnFiles &Own, std::vector<ProjectFile> &Files,
                std::vector<LeftOutFile> &LeftOut) {
  std::string Folder = Rel.empty() ? Root : Root + "/" + Rel;
  DIR *Stream = ::opendir(Folder.c_str());
  if (!Stream) {
    LeftOut.push_back(
        {Rel.empty() ? "." : Rel,
         "the folder cannot be read (" +
             std::error_code(errno, std::generic_category()).message() +
             "); make it readable",
         /*IsError=*/true});
    return;
  }
  std::vector<std::string> Names;
  while (struct dirent *Entry = ::readdir(Stream)) {
    llvm::StringRef Name = Entry->d_name;
    if (Name != "." && Name != "..")
      Names.push_back(Name.str());
  }
  ::closedir(Stream);
  llvm::sort(Names);
  for (const std::string &Name : Names) {
    std::string ChildRel = Rel.empty() ? Name : Rel + "/" + Name;
    std::string Path = Root + "/" + ChildRel;
    struct stat Status;
    if (::lstat(Path.c_str(), &Status))
      continue; // Deleted meanwhile.
    if (Rel.empty() && llvm::is_contained(Own.RootFiles, Name)) {
      if (!Own.BackupsAreOwn) // --out-root: the input's copy would collide.
        LeftOut.push_back({ChildRel,
                           "hipify-clang's own file of that name at the top "
                           "of --out-root takes its place"});
      continue;
    }
    if (S_ISDIR(Status.st_mode)) {
      llvm::SmallString<256> Real;
      if (Name == ".git" || Name == ".hg" || Name == ".svn" ||
          (!llvm::sys::fs::real_path(Path, Real) &&
           llvm::is_contained(Excluded, std::string(Real))))
        continue;
      listFolder(Root, ChildRel, Excluded, Own, Files, LeftOut);
      continue;
    }
    if (Own.BackupsAreOwn && isBackupName(Name))
      continue; // --inplace's own backups.
    ProjectFile File;
    File.Path = Path;
    File.RelPath = ChildRel;
    if (S_ISLNK(Status.st_mode)) {
      File.Kind = ProjectFileKind::Symlink;
    } else if (S_ISREG(Status.st_mode)) {
      File.Kind = projectFileKind(Name);
    } else {
      LeftOut.push_back(
          {ChildRel, "it is " + hipkit::describeFileType(Status.st_mode) +
                         ", not a regular file, and is no part "
                         "of a source tree"});
      continue;
    }
    Files.push_back(std::move(File));
  }
}
} // namespace

llvm::Expected<std::vector<ProjectFile>> hipkit::hipify::listProjectFiles(
    llvm::StringRef Root, llvm::ArrayRef<std::string> Excluded,
    const ProjectOwnFiles &Own, std::vector<LeftOutFile> &LeftOut) {
  std::vector<ProjectFile> Files;
  std::string Top = Root.str();
  while (Top.size() > 1 && Top.back() == '/')
    Top.pop_back();
  listFolder(Top, "", Excluded, Own, Files, LeftOut);
  // Sorted by the full relative path ('a-b' before 'a/b'), as before.
  llvm::sort(Files, [](const ProjectFile &A, const ProjectFile &B) {
    return A.RelPath < B.RelPath;
  });
  return Files;
}
