//===- BuildFileMigration.h - Build files to HIP ----------------*- C++ -*-===//
//
// A project's build files name CUDA too: the CUDA language, FindCUDAToolkit's
// targets, nvcc and its flags (CMake files, Makefiles, and a PyTorch
// extension's setup.py). Their migration records edits and warnings on a
// FileTranslation like a source's, so that writing, statistics and the report
// treat a build file as any other translated file. What each CUDA spelling
// becomes is data (BuildFileMappings.def); what cannot be migrated safely is
// left and warned about (hipify-build-file-left), never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_BUILDFILEMIGRATION_H
#define HIPKIT_HIPIFY_BUILDFILEMIGRATION_H

#include "hipkit/hipify/BuildFiles/BuildFileKind.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Translation/FileTranslation.h"

#include "llvm/ADT/StringRef.h"

namespace hipkit::hipify {

/// The kind of build file \p Path names, by its file name: CMakeLists.txt and
/// *.cmake are CMake; Makefile, makefile, GNUmakefile, Makefile.* and *.mk are
/// Makefiles; setup.py is a Python build (setuptools, PyTorch's
/// torch.utils.cpp_extension); anything else is None (a source to translate).
BuildFileKind buildFileKind(llvm::StringRef Path);

/// Records on \p FT the edits that migrate the build file's CUDA spellings to
/// HIP, and a warning for each one left. \p Policy's --roc selects the roc*
/// libraries' packages and link names, as it does for the sources' names.
/// \p OutputName renames the sources a setup.py lists.
void migrateBuildFile(FileTranslation &FT, BuildFileKind Kind,
                      const NamePolicy &Policy,
                      const OutputNameLookup &OutputName = {});

} // namespace hipkit::hipify

#endif
