//===- Diagnostics.cpp ----------------------------------------------------===//
#include "hipkit/Support/Diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace hipkit {

static std::string &toolName() {
  static std::string Name = "hipkit";
  return Name;
}

void setToolName(llvm::StringRef Name) { toolName() = Name.str(); }
llvm::StringRef getToolName() { return toolName(); }

void reportError(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), toolName()) << Message << '\n';
}

void reportWarning(const llvm::Twine &Message) {
  llvm::WithColor::warning(llvm::errs(), toolName()) << Message << '\n';
}

void reportNote(const llvm::Twine &Message) {
  llvm::WithColor::note(llvm::errs(), toolName()) << Message << '\n';
}

void exitWithError(const llvm::Twine &Message, int ExitCode) {
  reportError(Message);
  std::exit(ExitCode);
}

void exitWithError(llvm::Error E, int ExitCode) {
  llvm::handleAllErrors(std::move(E), [](const llvm::ErrorInfoBase &Info) {
    reportError(Info.message());
  });
  std::exit(ExitCode);
}

} // namespace hipkit
