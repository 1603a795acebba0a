//===- ChildProcess.h - Children that do not outlive hipcc -----*- C++ -*-===//
//
// llvm::sys::ExecuteNoWait has no hook between fork and exec, and a child that
// outlives a hipcc killed with SIGKILL (which hipcc cannot catch) goes on
// forever: a host compile blocked opening hipcc's named pipe, a device compile
// writing into a folder nobody cleans. The child asks the kernel for SIGTERM
// when hipcc dies (PR_SET_PDEATHSIG); clang removes its partial outputs on
// SIGTERM as on ^C.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_CHILDPROCESS_H
#define HIPKIT_HIPCC_CHILDPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <string>

namespace hipkit {

/// Starts \p Program with the argument vector \p Argv (Argv[0] included) and
/// this process's environment, its standard error redirected to \p StderrPath
/// when given. The error, when it cannot start, is the errno of the failed
/// exec (E2BIG, ENOENT, ...) with a message of one line.
llvm::Expected<llvm::sys::ProcessInfo>
startTiedChild(llvm::StringRef Program, llvm::ArrayRef<std::string> Argv,
               std::optional<llvm::StringRef> StderrPath = std::nullopt);

/// startTiedChild, then waits: the exit status, or -1 for a child killed by
/// a signal (clang crashed and printed its own report).
llvm::Expected<int> runTiedChild(llvm::StringRef Program,
                                 llvm::ArrayRef<std::string> Argv);

} // namespace hipkit

#endif
