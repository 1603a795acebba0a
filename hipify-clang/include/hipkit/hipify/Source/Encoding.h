//===- Source/Encoding.h - Which text hipify reads --------------*- C++ -*-===//
//
// A source's bytes before any index of them: whether they are text hipify
// translates (UTF-8 or 8-bit text, not UTF-16/32, not binary) and where
// they stop being UTF-8. The driver, the project run and the AST engine
// check each file read; FileTranslation notes the first byte that is not
// UTF-8.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_SOURCE_ENCODING_H
#define HIPKIT_HIPIFY_SOURCE_ENCODING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace hipkit::hipify {

/// A Unicode encoding wider than UTF-8, as \c iconv names it.
struct WideEncoding {
  llvm::StringRef Name;      ///< "UTF-16LE".
  llvm::StringRef IconvName; ///< "UTF-16" when a byte order mark says which.
};

/// The encoding of a text that starts with \p Start when it is UTF-16 or
/// UTF-32 (a byte order mark, or ASCII with NUL bytes at fixed places), which
/// would otherwise be refused as binary for its NUL bytes.
std::optional<WideEncoding> wideUnicodeEncoding(llvm::StringRef Start);

/// The one-line error for a source in \p Encoding.
llvm::Error wideEncodingError(llvm::StringRef Path,
                              const WideEncoding &Encoding);

/// Checks that \p Text, read from \p Path, is something hipify translates:
/// not empty, not UTF-16 or UTF-32, no NUL bytes. The error says in one line
/// why not. Text that is not UTF-8 is translated, its other bytes kept (a note
/// says so).
llvm::Error checkSourceText(llvm::StringRef Path, llvm::StringRef Text);

/// The offset of the first byte of \p Text that is not UTF-8, or
/// std::nullopt when it all is.
std::optional<unsigned> firstNonUtf8Byte(llvm::StringRef Text);

} // namespace hipkit::hipify

#endif
