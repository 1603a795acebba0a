//===- Diagnostics.cpp ----------------------------------------------------===//
#include "hipkit/Support/Diagnostics.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
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

std::string printable(llvm::StringRef Text, bool KeepNewlines) {
  std::string Out;
  Out.reserve(Text.size());
  auto escape = [&Out](unsigned char Byte) {
    Out += llvm::formatv("\\x{0:x-2}", unsigned(Byte)).str();
  };
  for (size_t I = 0; I < Text.size();) {
    unsigned char Byte = Text[I];
    if (Byte < 0x80) {
      if (Byte == '\n')
        Out += KeepNewlines ? "\n" : "\\n";
      else if ((Byte < 0x20 && Byte != '\t') || Byte == 0x7f)
        escape(Byte);
      else
        Out += char(Byte);
      ++I;
      continue;
    }
    // A whole UTF-8 sequence is kept, but not the C1 controls (U+0080 to
    // U+009F, which some terminals act on) nor a byte that starts none.
    unsigned Length = llvm::getNumBytesForUTF8(Byte);
    const llvm::UTF8 *Begin =
        reinterpret_cast<const llvm::UTF8 *>(Text.data() + I);
    bool Valid = Length > 1 && I + Length <= Text.size() &&
                 llvm::isLegalUTF8Sequence(Begin, Begin + Length);
    if (!Valid || (Byte == 0xc2 && (unsigned char)Text[I + 1] < 0xa0)) {
      escape(Byte);
      ++I;
      continue;
    }
    Out.append(Text.data() + I, Length);
    I += Length;
  }
  return Out;
}

std::unique_lock<std::recursive_mutex> lockDiagnostics() {
  static std::recursive_mutex Stderr;
  return std::unique_lock<std::recursive_mutex>(Stderr);
}

void reportError(const llvm::Twine &Message) {
  auto Lock = lockDiagnostics();
  llvm::WithColor::error(llvm::errs(), toolName())
      << printable(Message.str()) << '\n';
}

void reportWarning(const llvm::Twine &Message) {
  auto Lock = lockDiagnostics();
  llvm::WithColor::warning(llvm::errs(), toolName())
      << printable(Message.str()) << '\n';
}

void reportNote(const llvm::Twine &Message) {
  auto Lock = lockDiagnostics();
  llvm::WithColor::note(llvm::errs(), toolName())
      << printable(Message.str()) << '\n';
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
