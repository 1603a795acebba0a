//===- CommandLine.h - hipcc's command line, split between tables -*- C++
//-*-===//
//
// Private to hipkitHipcc: the command line as HipccDriver reads it (hipcc's own
// options from HipccOptions.td, everything else parsed by clang's driver
// table), shared by the AMD path (HipccDriver.cpp) and the NVIDIA path
// (NvidiaPlatform.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_LIB_COMMANDLINE_H
#define HIPKIT_HIPCC_LIB_COMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/OptSpecifier.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace hipkit {
namespace hipcc_detail {
using llvm::any_of;
using llvm::ArrayRef;
using llvm::opt::Arg;
using llvm::opt::OptSpecifier;

/// One option or input clang's table parsed, with the exact strings it came
/// from, so hipcc passes it on unchanged.
struct ClangArgument {
  std::unique_ptr<Arg> Parsed;
  std::vector<std::string> Spelling;
};

/// One of nvcc's options (HipccOptions.td, nvcc_Group) with the strings it
/// came from, and its place among the clang arguments: NVIDIA passes it to
/// nvcc there, AMD translates it (NvccOptions.h).
struct NvccArgument {
  std::unique_ptr<Arg> Parsed;
  std::vector<std::string> Spelling;
  /// How many of CommandLine::ClangArgs came before it.
  size_t ClangArgsBefore = 0;
};

struct CommandLine {
  std::vector<std::unique_ptr<Arg>> HipccArgs;
  std::vector<ClangArgument> ClangArgs;
  std::vector<NvccArgument> NvccArgs;

  /// The last of hipcc's options \p IDs given, or nullptr.
  const Arg *lastHipcc(ArrayRef<unsigned> IDs) const {
    for (auto It = HipccArgs.rbegin(); It != HipccArgs.rend(); ++It)
      if (any_of(IDs,
                 [&](unsigned ID) { return (*It)->getOption().matches(ID); }))
        return It->get();
    return nullptr;
  }
  bool hasHipcc(unsigned ID) const {
    return any_of(HipccArgs, [&](const std::unique_ptr<Arg> &A) {
      return A->getOption().matches(ID);
    });
  }
  bool hasClang(OptSpecifier ID) const {
    return any_of(ClangArgs, [&](const ClangArgument &A) {
      return A.Parsed && A.Parsed->getOption().matches(ID);
    });
  }
  const Arg *lastClang(OptSpecifier ID) const {
    for (auto It = ClangArgs.rbegin(); It != ClangArgs.rend(); ++It)
      if (It->Parsed && It->Parsed->getOption().matches(ID))
        return It->Parsed.get();
    return nullptr;
  }
};

/// The language hipcc gives an input by its extension: "hip" for HIP, CUDA
/// and (unless \p CompileCxxAsHip is false) C++ sources, "c" for C, "none"
/// for everything clang or nvcc decides itself (objects, archives, ...).
llvm::StringRef languageForInput(llvm::StringRef Path, bool CompileCxxAsHip);
/// "0", "false", "off", "no" (any case) are false; "" is \p Default.
bool parseBoolEnv(llvm::StringRef Value, bool Default);
/// True when this command links: nothing stops the compiler before the link.
bool isLinkStep(const CommandLine &CL);
/// Splits the *_APPEND variable \p Name into words as a POSIX shell would,
/// without running one; an unclosed quote is an error.
llvm::Error splitFlagsVariable(llvm::StringRef Name, llvm::StringRef Value,
                               std::vector<std::string> &Words);

} // namespace hipcc_detail
} // namespace hipkit

#endif
