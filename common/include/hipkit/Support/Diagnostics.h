//===- Diagnostics.h - The one way hipkit tools report problems -*- C++ -*-===//
//
// Every hipkit tool prints problems as `<tool>: error: <what>` (or warning/note),
// one line each, so users and scripts see the same shape from hipcc, hipconfig and
// hipify-clang.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_DIAGNOSTICS_H
#define HIPKIT_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace hipkit {

/// Sets the name printed before every diagnostic ("hipcc", "hipify-clang", ...).
void setToolName(llvm::StringRef Name);
llvm::StringRef getToolName();

void reportError(const llvm::Twine &Message);
void reportWarning(const llvm::Twine &Message);
void reportNote(const llvm::Twine &Message);

/// Prints \p Message as an error and exits with \p ExitCode.
[[noreturn]] void exitWithError(const llvm::Twine &Message, int ExitCode = 1);
/// Prints every error in \p E and exits with \p ExitCode.
[[noreturn]] void exitWithError(llvm::Error E, int ExitCode = 1);

} // namespace hipkit

#endif
