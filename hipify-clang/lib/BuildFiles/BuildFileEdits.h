//===- BuildFileEdits.h - Edits shared by the build-file kinds --*- C++ -*-===//
//
// Internal to hipifyTranslation: what every build-file kind (CMake, Makefile,
// setup.py: BuildFileMigration.cpp, SetupPyMigration.cpp) records on its
// FileTranslation, and what a compiler flag of one becomes (BuildFileEdits.cpp).
// It sits below both readers and includes neither's header (BuildFileKind.h
// holds what it shares with the interface). The flag rows are
// nvcc's (common's NvccFlags.def, which hipcc reads too) and the macro names
// the mapping tables' (tables/macros.tsv), so that a build file says what the
// compiler and the sources say.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_LIB_BUILDFILEEDITS_H
#define HIPKIT_HIPIFY_LIB_BUILDFILEEDITS_H

#include "hipkit/Support/NvccFlags.h"
#include "hipkit/hipify/BuildFiles/BuildFileKind.h"
#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Tables/NamePolicy.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify::buildfile {

/// The statistics category of every build-file edit.
inline constexpr llvm::StringLiteral StatisticsKind = "build_file";
/// hipcc's and hipkit's CMake packages' processor when none is named and the
/// machine has no AMD GPU (docs/cmake.md): the one a migrated build names
/// where the CUDA build named NVIDIA's.
inline constexpr llvm::StringLiteral DefaultProcessor = "gfx942";

/// Records a build file's edits, warnings and notes on its FileTranslation.
class Editor {
public:
  /// \p Api: the API the edits are counted under ("cmake", "make",
  /// "setup.py").
  Editor(FileTranslation &FT, llvm::StringRef Api)
      : FT(FT), Text(FT.contents()), Api(Api) {}

  void replace(unsigned Begin, unsigned End, llvm::StringRef With) {
    FT.addEdit(Begin, End - Begin, With, EditOrigin::Lexical, StatisticsKind,
               Api);
  }
  /// Leaves the spelling at \p Offset, saying what to do instead; counted as
  /// unconverted.
  void leave(unsigned Offset, const llvm::Twine &Message);
  /// Says what was chosen at \p Offset where CUDA's value has no counterpart.
  void note(unsigned Offset, const llvm::Twine &Message) {
    FT.note(Offset, warning_names::BuildFileChoice, Message);
  }
  llvm::StringRef text(unsigned Begin, unsigned End) const {
    return Text.slice(Begin, End);
  }

protected:
  FileTranslation &FT;
  llvm::StringRef Text;
  llvm::StringRef Api;
};

/// Whether \p Value names NVIDIA processors: sm_80, compute_90a,
/// arch=compute_80,code=sm_80, native, all; a make or CMake variable
/// (`$(SMS)`, `${ARCHS}`) is taken as one, as is a Python f-string field
/// (`sm_{cc}`).
bool namesNvidiaProcessors(llvm::StringRef Value);

/// What a build file writes for one compiler flag.
struct FlagOutcome {
  enum class Action {
    Keep,      ///< Not nvcc's (-arch x86_64): left as it is, silently.
    Replace,   ///< By Words.
    Remove,    ///< Dropped; Message, when set, is a note saying why.
    Processor, ///< NVIDIA processors: the build's AMD processor flag.
    Leave,     ///< No counterpart: left, Message warns.
  };
  Action What = Action::Keep;
  std::vector<std::string> Words;
  std::string Message;
};

/// What the nvcc flag \p M, spelled \p Spelling (the flag and its value, as
/// written), becomes in a build file.
FlagOutcome decideNvccFlag(const nvcc::FlagMatch &M, llvm::StringRef Spelling);

/// What the macro flag \p Word (-DNAME, -DNAME=VALUE, -UNAME) becomes when it
/// names a CUDA macro of the tables (`-U__CUDA_NO_HALF_OPERATORS__` ->
/// `-U__HIP_NO_HALF_OPERATORS__`) or a switch of CUDA's headers the tables
/// lack; nullopt for any other word.
std::optional<FlagOutcome> decideMacroFlag(llvm::StringRef Word,
                                           const FileTranslation &FT,
                                           const NamePolicy &Policy);

/// Records on \p FT the migration of a setup.py (SetupPyMigration.cpp);
/// \p OutputName renames the sources its extensions list.
void migrateSetupPy(FileTranslation &FT, const NamePolicy &Policy,
                    const OutputNameLookup &OutputName);

} // namespace hipkit::hipify::buildfile

#endif
