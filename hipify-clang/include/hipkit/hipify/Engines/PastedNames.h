//===- PastedNames.h - CUDA names built by token pasting --------*- C++ -*-===//
//
// `#define RT(x) cuda##x` ... `RT(Malloc)(&p, 4)`: the name cudaMalloc is
// written nowhere, so neither engine sees it (the parse spells it in clang's
// scratch buffer, the token engine meets `cuda` and `Malloc`). This reads the
// file's #define lines and the invocations of their macros and translates a
// paste whose literal first part is a CUDA prefix by rewriting that prefix
// (`hip##x`) when every name it forms in the file maps to its HIP name by
// that one change; otherwise the macro is left, reported (hipify-pasted-name)
// and the CUDA names it forms are counted as unconverted. So is an invocation
// whose pasted text cannot be known (a parameter of an enclosing macro).
// A macro defined in a header and used by the source (or another header) of
// the same translation is decided by those uses too (PastingUses).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_PASTEDNAMES_H
#define HIPKIT_HIPIFY_PASTEDNAMES_H

#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// Per token-pasting macro a file defines, the uses in the other files
/// translated with it ("RT(Malloc)"), which decide the macro's translation.
using PastingMacroUses = std::map<std::string, std::set<std::string>>;

/// A use of a function-like macro: where, and each argument as text.
struct MacroUse {
  struct Argument {
    static constexpr size_t NoToken = static_cast<size_t>(-1);
    std::string Text;
    /// Its token in the file of the use, when it is one token.
    size_t Token = NoToken;
    /// Why a paste of it cannot be known (not one name, a parameter of an
    /// enclosing macro); none when Text is what it pastes.
    std::optional<std::string> Why;
  };
  unsigned Offset = 0; ///< Of the macro's name, in the file of the use.
  std::vector<Argument> Args;
};

/// A use in another file of the translation.
struct ForeignMacroUse {
  const FileTranslation *File = nullptr;
  std::string Where; ///< "file:line", for messages.
  MacroUse Use;
};

/// The uses of pasting macros across the files of one translation (a source
/// and its user headers): a file's uses of a macro it does not define itself
/// count for the files that do.
class PastingUses {
public:
  void collect(llvm::ArrayRef<const FileTranslation *> Files);
  /// Per token-pasting macro \p Defining defines, its uses in the other
  /// files ("RT(Malloc)"), which decide the macro's translation: a header
  /// several sources include translates differently through them when these
  /// differ, and the project run says so.
  PastingMacroUses macroUsesIn(const FileTranslation &Defining) const;
  /// The uses of \p Macro in files other than \p Defining.
  std::vector<ForeignMacroUse> usesOutside(llvm::StringRef Macro,
                                           const FileTranslation &Defining) const;

private:
  llvm::StringMap<std::vector<ForeignMacroUse>> Uses;
};

/// Translates or reports the CUDA names that the macros defined in \p FT
/// (its directive index's function-like macros) build by `##`, given the
/// uses in the other files translated with it (\p Others, may be null). Runs before the
/// token engine's name pass: the pieces of a paste it handled are marked
/// (FileTranslation::markNotCuda) so that no piece is renamed on its own
/// (`curand` is a name of its own).
void translatePastedNames(FileTranslation &FT, const NamePolicy &Policy,
                          const PastingUses *Others = nullptr);

} // namespace hipkit::hipify

#endif
