//===- hipcc.cpp - The HIP compiler driver
//---------------------------------===//
//
// Thin main: the work is in hipkit::HipccDriver (hipcc/lib/Hipcc).
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/HipccDriver.h"
#include "hipkit/Support/Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  hipkit::setToolName("hipcc");
  static int Anchor;
  std::string Self = llvm::sys::fs::getMainExecutable(Argv[0], &Anchor);
  hipkit::HipccDriver Driver(Self, [](llvm::StringRef Name) {
    return llvm::sys::Process::GetEnv(Name);
  });
  return Driver.run(llvm::ArrayRef<const char *>(Argv + 1, Argv + Argc));
}
