//===- ProjectTree.h - The files of a project under --in-root ---*- C++ -*-===//
//
// Project mode translates every file under one root into the same relative
// path under another. This unit lists the files and says what each one is:
// a source to parse, a header (translated through the sources that include
// it, else by tokens), C (tokens only: parsed as CUDA it would be C++), a
// build file (migrated), or anything else (copied byte for byte).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_PROJECTTREE_H
#define HIPKIT_HIPIFY_PROJECTTREE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit::hipify {

enum class ProjectFileKind {
  CudaSource, ///< .cu: always parsed.
  CxxSource,  ///< .cpp, .cc, .cxx, .C: parsed when it uses CUDA.
  Header,     ///< .h, .cuh, .hpp, ...: reached through a parse, else tokens.
  CSource,    ///< .c: parsed as C (buildParseCommand) when it uses CUDA.
  BuildFile,  ///< CMakeLists.txt, *.cmake, Makefile, *.mk: migrated.
  Other,      ///< Copied as it is.
  Symlink,    ///< Recreated as the same link.
};

struct ProjectFile {
  std::string RelPath; ///< Below the root, '/'-separated.
  std::string Path;    ///< The root joined with RelPath.
  ProjectFileKind Kind;
};

/// What a file named \p FileName is, by its name.
ProjectFileKind projectFileKind(llvm::StringRef FileName);

/// Whether a file of \p Kind holds C, C++ or CUDA text that the token engine
/// may translate.
bool isTranslatableText(ProjectFileKind Kind);

/// A file or folder under the root that is not part of the project's
/// translation, and why: said to the user and counted, never silent.
struct LeftOutFile {
  std::string RelPath;
  std::string Reason;
  /// True when the output tree is incomplete because of it (a folder that
  /// cannot be read): the run fails.
  bool IsError = false;
};

/// Names of hipify-clang's own files at the root of the tree it writes.
struct ProjectOwnFiles {
  /// Files and folders at the root that are the run's own (the manifest, its
  /// journal, the precompiled-header cache):
  /// with --inplace they are skipped; with --out-root one of them in the
  /// input would collide with the run's own and is left out with a reason.
  std::vector<llvm::StringRef> RootFiles;
  /// --inplace: `*.prehip` and `*.prehip.N` are the run's backups, skipped;
  /// with --out-root they are the user's files and copied like any other.
  bool BackupsAreOwn = false;
};

/// Every file under \p Root, sorted by relative path; folders whose real path
/// is in \p Excluded (the output root inside the input root) and version
/// control folders are left out. Symbolic links are listed as links, never
/// followed; sockets, FIFOs and devices, hipify-clang's own files and
/// folders that cannot be read are added to \p LeftOut with the reason.
llvm::Expected<std::vector<ProjectFile>>
listProjectFiles(llvm::StringRef Root, llvm::ArrayRef<std::string> Excluded,
                 const ProjectOwnFiles &Own, std::vector<LeftOutFile> &LeftOut);

} // namespace hipkit::hipify

#endif
