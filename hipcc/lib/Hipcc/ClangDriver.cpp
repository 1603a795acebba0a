//===- ClangDriver.cpp - clang's driver, set up as clang++ does -----------===//
#include "ClangDriver.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;
using namespace clang::driver;

namespace hipkit {

std::optional<ClangDriverSetup>
setUpClangDriver(const std::string &ClangPath, ArrayRef<std::string> Args,
                 clang::DiagnosticConsumer &Consumer) {
  SmallString<256> RealClang;
  if (sys::fs::real_path(ClangPath, RealClang))
    return std::nullopt;
  ClangDriverSetup S;
  auto DiagOpts = makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  S.Diags = std::make_unique<clang::DiagnosticsEngine>(
      makeIntrusiveRefCnt<clang::DiagnosticIDs>(), &*DiagOpts, &Consumer,
      /*ShouldOwnClient=*/false);
  S.Driver = std::make_unique<Driver>(RealClang, sys::getDefaultTargetTriple(),
                                      *S.Diags, "clang LLVM compiler");
  S.NameParts = ToolChain::getTargetAndModeFromProgramName(ClangPath);
  S.Driver->setTargetAndMode(S.NameParts);
  S.Argv.push_back(ClangPath.c_str());
  if (S.NameParts.DriverMode)
    S.Argv.push_back(S.NameParts.DriverMode);
  for (const std::string &A : Args)
    S.Argv.push_back(A.c_str());
  return std::move(S);
}

} // namespace hipkit
