//===- CommandLineFuzzer.cpp - libFuzzer target: hipcc's command line -----===//
//
// Arbitrary command lines and environments through hipcc's library, up to the
// clang command hipcc would run (HipccDriver::computeInvocation, the code
// HipccDriver::run executes before it runs clang): clang's option table, the
// split between hipcc's and clang's options, input languages, ROCm discovery,
// target IDs, HCC_AMDGPU_TARGET and the HIPCC_*_FLAGS_APPEND words. Nothing
// is executed and no file is written.
//
// The input is a list of NUL-separated fields. A field `NAME=VALUE` whose
// NAME is a variable hipcc reads is the environment; every other field is an
// argument. Arguments starting with '@' are dropped: a response file names a
// file to read, and arbitrary paths (/dev/zero) would make the fuzzer hang
// rather than test hipcc (test/hipcc/response-file.test covers them).
//
// HIPKIT_HIPCC, in the fuzzer's own environment, is the hipcc whose prefix
// ROCm discovery starts from (the staged build/stage/bin/hipcc in the tests).
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/HipccDriver.h"
#include "hipkit/Support/Diagnostics.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace hipkit;

namespace {
std::string HipccPath = "/usr/bin/hipcc";

/// The variables hipcc and its ROCm discovery read (docs/hipcc.md).
bool isHipccVariable(llvm::StringRef Name) {
  return Name.starts_with("HIPCC_") || Name.starts_with("HIP_") ||
         Name == "HCC_AMDGPU_TARGET" || Name == "ROCM_PATH" ||
         Name == "DEVICE_LIB_PATH";
}

/// amdgpu-arch's answer without running it: none, one or two GPUs, chosen by
/// the input so that both the default target and detected ones are reached.
std::vector<std::string> installedGpusFor(size_t Choice) {
  switch (Choice % 3) {
  case 0:
    return {};
  case 1:
    return {"gfx90a"};
  default:
    return {"gfx942", "gfx1100"};
  }
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setToolName("hipcc");
  if (const char *Path = getenv("HIPKIT_HIPCC"))
    HipccPath = Path;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  llvm::StringMap<std::string> Environment;
  std::vector<std::string> Arguments;
  llvm::SmallVector<llvm::StringRef, 16> Fields;
  Input.split(Fields, '\0');
  for (llvm::StringRef Field : Fields) {
    auto [Name, Value] = Field.split('=');
    if (Field.contains('=') && isHipccVariable(Name))
      Environment[Name] = Value.str();
    else if (!Field.starts_with("@"))
      Arguments.push_back(Field.str());
  }
  std::vector<const char *> Argv;
  for (const std::string &A : Arguments)
    Argv.push_back(A.c_str());

  HipccDriver Driver(
      HipccPath,
      [&](llvm::StringRef Name) -> std::optional<std::string> {
        auto It = Environment.find(Name);
        if (It == Environment.end())
          return std::nullopt;
        return It->second;
      },
      [&](llvm::StringRef) { return installedGpusFor(Size); });
  llvm::Expected<ClangInvocation> Invocation = Driver.computeInvocation(Argv);
  if (!Invocation)
    llvm::consumeError(Invocation.takeError());
  return 0;
}
