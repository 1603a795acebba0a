//===- BuildFileKind.h - Which build file it is -----------------*- C++ -*-===//
//
// What the build-file migration's interface (BuildFileMigration.h) and the
// parts every build-file kind shares (lib/BuildFiles/BuildFileEdits.h) both
// name, below both, so that neither includes the other.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_BUILDFILES_BUILDFILEKIND_H
#define HIPKIT_HIPIFY_BUILDFILES_BUILDFILEKIND_H

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace hipkit::hipify {

enum class BuildFileKind { None, CMake, Makefile, SetupPy };

/// Where the run writes a source the build file names, when not under the
/// source's own name (single-file mode writes `<file>.hip`): given the name
/// as the build file writes it (relative to the build file's folder), the
/// output's path relative to the build file's output; nullopt keeps the name
/// (project mode, or a source the run does not translate).
using OutputNameLookup =
    std::function<std::optional<std::string>(llvm::StringRef)>;

} // namespace hipkit::hipify

#endif
