//===- DeviceLibraries.cpp - Device libraries as dependencies -------------===//
#include "hipkit/Hipcc/DeviceLibraries.h"
#include "ClangDriver.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdlib>
#include <memory>

using namespace llvm;
using namespace clang::driver;

namespace hipkit {

std::vector<std::string> linkedDeviceLibraries(StringRef ClangPath,
                                               ArrayRef<std::string> Args) {
  // clang reports the command's problems when it runs; this is a dry run.
  clang::IgnoringDiagConsumer Quiet;
  std::string Program = ClangPath.str();
  std::optional<ClangDriverSetup> Clang = setUpClangDriver(Program, Args, Quiet);
  if (!Clang)
    return {};
  // ~Compilation removes the temporary files BuildCompilation creates.
  std::unique_ptr<Compilation> C(Clang->Driver->BuildCompilation(Clang->Argv));
  if (!C || Clang->Diags->hasErrorOccurred() || C->containsError())
    return {};
  std::vector<std::string> Libraries;
  StringSet<> Seen;
  for (const Command &Cmd : C->getJobs()) {
    const auto &JobArgs = Cmd.getArguments();
    for (size_t I = 0; I + 1 < JobArgs.size(); ++I)
      if (StringRef(JobArgs[I]) == "-mlink-builtin-bitcode" &&
          Seen.insert(JobArgs[I + 1]).second)
        Libraries.push_back(JobArgs[I + 1]);
  }
  return Libraries;
}

std::vector<std::string>
deviceLibraryDependencyArgs(StringRef ClangPath, ArrayRef<std::string> Args) {
  // Only a compile that writes a dependency file pays for the dry run. -MMD
  // leaves out system files, and the libraries are ROCm's, like its headers.
  if (!is_contained(Args, "-MD"))
    return {};
  std::vector<std::string> Extra;
  for (const std::string &Library : linkedDeviceLibraries(ClangPath, Args)) {
    Extra.push_back("-Xclang");
    Extra.push_back("-fdepfile-entry=" + Library);
  }
  return Extra;
}

std::vector<std::string>
withDeviceLibrariesHashed(ArrayRef<std::string> Launched,
                          ArrayRef<std::string> Libraries) {
  std::string Files;
  if (const char *Own = getenv("CCACHE_EXTRAFILES"))
    Files = Own;
  // ccache splits the list at ':', so such a path cannot be named; a key
  // without it would be wrong, so ccache compiles that job uncached.
  bool Nameable = true;
  for (const std::string &Library : Libraries) {
    Nameable &= !StringRef(Library).contains(':');
    Files += (Files.empty() ? "" : ":") + Library;
  }
  bool Any = !Libraries.empty();
  ErrorOr<std::string> Env = sys::findProgramByName("env");
  if (!Any || !Env || Launched.empty())
    return Launched.vec();
  std::vector<std::string> Out{*Env, Nameable
                                         ? "CCACHE_EXTRAFILES=" + Files
                                         : std::string("CCACHE_DISABLE=1")};
  append_range(Out, Launched);
  return Out;
}

} // namespace hipkit
