//===- ProjectTree.cpp - The files of a project under --in-root -----------===//

#include "hipkit/hipify/ProjectTree.h"
#include "hipkit/hipify/BuildFileMigration.h"
#include "hipkit/hipify/ProjectManifest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

llvm::Expected<std::vector<ProjectFile>>
hipkit::hipify::listProjectFiles(llvm::StringRef Root,
                                 llvm::ArrayRef<std::string> Excluded) {
  std::vector<ProjectFile> Files;
  std::error_code EC;
  llvm::sys::fs::recursive_directory_iterator It(Root, EC,
                                                 /*follow_symlinks=*/false);
  for (llvm::sys::fs::recursive_directory_iterator End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    llvm::sys::fs::file_type Type = It->type();
    if (Type == llvm::sys::fs::file_type::directory_file) {
      llvm::SmallString<256> Real;
      bool IsExcluded =
          Name == ".git" || Name == ".hg" || Name == ".svn" ||
          (!llvm::sys::fs::real_path(Path, Real) &&
           llvm::is_contained(Excluded, std::string(Real)));
      if (IsExcluded)
        It.no_push();
      continue;
    }
    if (Name == ProjectManifest::FileName || Name.ends_with(".prehip") ||
        Name.contains(".prehip."))
      continue;
    ProjectFile File;
    File.Path = Path.str();
    llvm::StringRef Relative = Path;
    Relative.consume_front(Root);
    File.RelPath = llvm::sys::path::convert_to_slash(Relative.ltrim("/"));
    if (Type == llvm::sys::fs::file_type::symlink_file)
      File.Kind = ProjectFileKind::Symlink;
    else if (Type == llvm::sys::fs::file_type::regular_file)
      File.Kind = projectFileKind(Name);
    else
      continue; // Sockets, FIFOs and devices are no part of a source tree.
    Files.push_back(std::move(File));
  }
  if (EC)
    return llvm::createStringError(EC, "cannot list the files under '" +
                                           Root + "': " + EC.message());
  llvm::sort(Files, [](const ProjectFile &A, const ProjectFile &B) {
    return A.RelPath < B.RelPath;
  });
  return Files;
}
