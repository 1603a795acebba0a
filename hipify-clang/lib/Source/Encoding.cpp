//===- Source/Encoding.cpp ------------------------------------------------===//
#include "hipkit/hipify/Source/Encoding.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

std::optional<WideEncoding>
hipkit::hipify::wideUnicodeEncoding(llvm::StringRef Start) {
  // A byte order mark says it (UTF-32's first: FF FE 00 00 starts with
  // UTF-16LE's FF FE).
  if (Start.starts_with(llvm::StringRef("\xFF\xFE\0\0", 4)))
    return WideEncoding{"UTF-32LE", "UTF-32"};
  if (Start.starts_with(llvm::StringRef("\0\0\xFE\xFF", 4)))
    return WideEncoding{"UTF-32BE", "UTF-32"};
  if (Start.starts_with("\xFF\xFE"))
    return WideEncoding{"UTF-16LE", "UTF-16"};
  if (Start.starts_with("\xFE\xFF"))
    return WideEncoding{"UTF-16BE", "UTF-16"};
  // Without one, source code is mostly ASCII, which UTF-16 and UTF-32 write
  // as the character's byte with NUL bytes beside it at fixed places. Most
  // units of the start (3 in 4) having that shape tells them from a binary
  // file, whose NUL bytes follow no such pattern.
  Start = Start.take_front(512);
  auto mostly = [&](unsigned Width, unsigned CharByte) {
    unsigned Units = Start.size() / Width, Matching = 0;
    for (unsigned U = 0; U < Units; ++U) {
      llvm::StringRef Unit = Start.substr(U * Width, Width);
      bool Shape = Unit[CharByte] != 0;
      for (unsigned B = 0; B < Width; ++B)
        Shape &= B == CharByte || Unit[B] == 0;
      Matching += Shape;
    }
    return Units >= 2 && Matching * 4 >= Units * 3;
  };
  if (mostly(4, 0))
    return WideEncoding{"UTF-32LE", "UTF-32LE"};
  if (mostly(4, 3))
    return WideEncoding{"UTF-32BE", "UTF-32BE"};
  if (mostly(2, 0))
    return WideEncoding{"UTF-16LE", "UTF-16LE"};
  if (mostly(2, 1))
    return WideEncoding{"UTF-16BE", "UTF-16BE"};
  return std::nullopt;
}

llvm::Error hipkit::hipify::wideEncodingError(llvm::StringRef Path,
                                              const WideEncoding &Encoding) {
  return llvm::createStringError(
      std::errc::invalid_argument, "%s",
      llvm::formatv("'{0}' is {1} text, but hipify reads UTF-8; convert it "
                    "first (iconv -f {2} -t UTF-8 '{0}' > converted.cu)",
                    Path, Encoding.Name, Encoding.IconvName)
          .str()
          .c_str());
}

llvm::Error hipkit::hipify::checkSourceText(llvm::StringRef Path,
                                            llvm::StringRef Text) {
  auto fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(std::errc::invalid_argument, "%s",
                                   Why.str().c_str());
  };
  if (Text.empty())
    return fail("'" + Path + "' is empty; there is nothing to translate");
  if (std::optional<WideEncoding> Wide = wideUnicodeEncoding(Text))
    return wideEncodingError(Path, *Wide);
  if (Text.contains('\0'))
    return fail("'" + Path +
                "' is a binary file (it contains NUL bytes), not CUDA source");
  return llvm::Error::success();
}

std::optional<unsigned> hipkit::hipify::firstNonUtf8Byte(llvm::StringRef Text) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  const llvm::UTF8 *Cursor = Begin;
  if (llvm::isLegalUTF8String(&Cursor, Begin + Text.size()))
    return std::nullopt;
  return unsigned(Cursor - Begin);
}
