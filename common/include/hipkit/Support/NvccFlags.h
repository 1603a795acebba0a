//===- NvccFlags.h - nvcc's flags and their AMD counterparts ----*- C++ -*-===//
//
// The rows of NvccFlags.def, and how a word of a command line or build file is
// matched against them. hipcc (its nvcc options on AMD) and hipify-clang (the
// nvcc flags of migrated build files) read these rows, so that a flag means
// the same in both.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_NVCCFLAGS_H
#define HIPKIT_SUPPORT_NVCCFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace hipkit::nvcc {

enum class FlagForm { Word, Joined, Separate };
enum class FlagSide { Both, Host, Device };

struct FlagRow {
  llvm::StringLiteral Long, Short;
  FlagForm Form;
  FlagSide Side;
  llvm::StringLiteral Amd, Why;

  bool namesProcessors() const { return Amd == "$ARCH"; }
  bool hasNoCounterpart() const { return Amd == "?"; }
  bool isHostCompilerOptions() const { return Amd == "$HOST"; }
  bool isJobCount() const { return Amd == "$JOBS"; }
};

/// Every row, in the table's order.
llvm::ArrayRef<FlagRow> flagRows();

/// The row of the flag nvcc names \p Name (its long or short name, without
/// dashes: "Xcompiler", "compiler-options"), or nullptr.
const FlagRow *findFlag(llvm::StringRef Name);

/// A flag found at one word of a list of words.
struct FlagMatch {
  const FlagRow *Row;
  /// The value, for Joined and Separate flags: the rest of the word (after
  /// `=`), or the next word.
  std::optional<llvm::StringRef> Value;
  /// How many words after the first the flag takes (1 for a separate value).
  size_t Consumed = 0;
};

/// The nvcc flag at \p Words[I] (`-` or `--`, a name, a value), or nullopt.
/// A separate flag with no word after it is no match.
std::optional<FlagMatch> matchFlag(llvm::ArrayRef<llvm::StringRef> Words,
                                   size_t I);

} // namespace hipkit::nvcc

#endif
