//===- DeviceLibraries.h - Device libraries as dependencies ------*- C++ -*-===//
//
// clang links device-library bitcode (ocml.bc, oclc_isa_version_942.bc, ...)
// into every device compilation, but its dependency file (-MD) lists only the
// sources and headers read. Make, Ninja and ccache's depend mode, which hashes
// every file the dependency file lists, then do not see that an object changes
// with the libraries. hipcc and <prefix>/llvm/bin/clang++ add them with
// clang's own -fdepfile-entry, the list being the one clang's driver (the
// clangDriver library, the code clang++ runs) builds for the command.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_DEVICELIBRARIES_H
#define HIPKIT_HIPCC_DEVICELIBRARIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipkit {

/// The device libraries clang links into the device compilations of
/// `ClangPath Args...`: the -mlink-builtin-bitcode files of the jobs clang's
/// driver builds for it, each once, in clang's order. Empty when the command
/// compiles no device code or does not build (clang says why when it runs).
std::vector<std::string> linkedDeviceLibraries(llvm::StringRef ClangPath,
                                               llvm::ArrayRef<std::string> Args);

/// Arguments that make clang list those libraries in the dependency file
/// (-Xclang -fdepfile-entry=<file>, each), when Args write one with system
/// files (-MD); none otherwise (-MMD leaves ROCm's files out, headers too).
std::vector<std::string>
deviceLibraryDependencyArgs(llvm::StringRef ClangPath,
                            llvm::ArrayRef<std::string> Args);

/// \p Launched (a launcher's command, JobLauncher.h) run with \p Libraries,
/// the device libraries the compile links, added to ccache's
/// extra_files_to_hash (CCACHE_EXTRAFILES, after the user's own): the
/// command names them, but ccache hashes a path on the command line, not the
/// file, and would hand back an object built with other libraries. Each job
/// lists its own, so another architecture's libraries do not change its key.
/// Other launchers ignore the variable; a compile linking none is unchanged.
std::vector<std::string>
withDeviceLibrariesHashed(llvm::ArrayRef<std::string> Launched,
                          llvm::ArrayRef<std::string> Libraries);

} // namespace hipkit

#endif
