//===- ClangDriver.h - clang's driver, set up as clang++ does --*- C++ -*-===//
//
// hipcc reads clang's own job list in two places: the parallel offload
// compile runs it (ParallelOffload.cpp), the device libraries' dependency
// entries read it from a dry run (DeviceLibraries.cpp). Both must see the
// jobs clang++ would run, so the driver is set up once, here, as clang++'s
// main sets it up.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_CLANGDRIVER_H
#define HIPKIT_HIPCC_CLANGDRIVER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipkit {

struct ClangDriverSetup {
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::driver::Driver> Driver;
  /// The target and mode the program's name gives (clang++: g++).
  clang::driver::ParsedClangName NameParts;
  /// BuildCompilation's argv: the path, the mode argument after it (clang
  /// hashes it into the -cuid), then the arguments. It points into the
  /// strings given to setUpClangDriver, which must outlive the compilation.
  std::vector<const char *> Argv;
};

/// clang's driver for the clang at \p ClangPath with the real path of the
/// binary (clang canonicalizes it), reporting to \p Consumer; nullopt when
/// the path does not resolve.
std::optional<ClangDriverSetup>
setUpClangDriver(const std::string &ClangPath,
                 llvm::ArrayRef<std::string> Args,
                 clang::DiagnosticConsumer &Consumer);

} // namespace hipkit

#endif
