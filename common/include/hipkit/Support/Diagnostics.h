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

#include <mutex>
#include <string>

namespace hipkit {

/// Sets the name printed before every diagnostic ("hipcc", "hipify-clang", ...).
void setToolName(llvm::StringRef Name);
llvm::StringRef getToolName();

/// \p Text with what a terminal would act on made visible: control
/// characters (C0 but tab, DEL, C1) and bytes that are not UTF-8 become
/// `\xNN` (`\n` for a newline), so a file name can neither move the cursor,
/// set the title, clear the screen nor start a line of its own. Every
/// diagnostic and progress line goes through it; \p KeepNewlines for
/// multi-line text such as a file's warnings with their source lines.
std::string printable(llvm::StringRef Text, bool KeepNewlines = false);

void reportError(const llvm::Twine &Message);
void reportWarning(const llvm::Twine &Message);
void reportNote(const llvm::Twine &Message);

/// Held while a thread writes diagnostics of its own to stderr (a file's
/// warnings with their source lines, a progress line), so that another
/// thread's report* lines come before or after, never inside or at once
/// (stderr's raw_ostream is not thread-safe). report* take it too; it is
/// recursive, so a holder may call them.
std::unique_lock<std::recursive_mutex> lockDiagnostics();

/// Prints \p Message as an error and exits with \p ExitCode.
[[noreturn]] void exitWithError(const llvm::Twine &Message, int ExitCode = 1);
/// Prints every error in \p E and exits with \p ExitCode.
[[noreturn]] void exitWithError(llvm::Error E, int ExitCode = 1);

} // namespace hipkit

#endif
