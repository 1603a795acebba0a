//===- FileWarnings.h - What a translation says about a file ---*- C++ -*-===//
//
// The warnings and notes of one file's translation, by name (selected with
// --checks=, like the porting checks), and what a run chooses to print. Rules
// and engines write them through the file's translation; the report and the
// run read them.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_FILEWARNINGS_H
#define HIPKIT_HIPIFY_FILEWARNINGS_H

#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Tables/NamePolicy.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <functional>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// The names of hipify-clang's own warnings, selected with --checks= like the
/// porting checks (hipkit-*); docs/hipify-clang.md lists them.
namespace warning_names {
inline constexpr llvm::StringLiteral Unsupported = "hipify-unsupported";
inline constexpr llvm::StringLiteral Experimental = "hipify-experimental";
inline constexpr llvm::StringLiteral NoRocEquivalent =
    "hipify-no-roc-equivalent";
inline constexpr llvm::StringLiteral RocKeepsHipName =
    "hipify-roc-keeps-hip-name";
inline constexpr llvm::StringLiteral NotInTables = "hipify-not-in-tables";
inline constexpr llvm::StringLiteral NewerThanTarget =
    "hipify-newer-than-target";
inline constexpr llvm::StringLiteral CallNotFound = "hipify-call-not-found";
/// A call a rewrite rule cannot translate faithfully (its arguments, a member,
/// a case the ROCm library lacks): left with the reason.
inline constexpr llvm::StringLiteral RuleNotApplied = "hipify-rule-not-applied";
/// A name HIP needs nothing in place of, removed (the `remove` rule): a note
/// saying why the meaning is kept.
inline constexpr llvm::StringLiteral Removed = "hipify-removed";
/// Two CUDA overloads or explicit specializations that the translation makes
/// one (cudaError_t and CUresult are both hipError_t): one is kept, the
/// others' definitions are disabled with `#if 0`.
inline constexpr llvm::StringLiteral DeclarationCollision =
    "hipify-declaration-collision";
/// Two case labels of one switch that the translation makes the same
/// enumerator: the later label is removed.
inline constexpr llvm::StringLiteral DuplicateCase = "hipify-duplicate-case";
/// An include spelled like a CUDA header that resolves to the user's own file
/// (a local cuda_runtime.h): a note that it is left.
inline constexpr llvm::StringLiteral UserHeaderKept = "hipify-user-header-kept";
/// A macro defined before a ROCm header's include so that its declarations
/// match CUDA's (the `define` rule): a note saying why.
inline constexpr llvm::StringLiteral MacroDefined = "hipify-macro-defined";
/// A source that is not UTF-8 (Latin-1 in a comment): a note that its bytes
/// are kept as they are.
inline constexpr llvm::StringLiteral NotUtf8 = "hipify-not-utf8";
/// A user header outside the translated root that uses CUDA names: left
/// untranslated, its references counted as unconverted.
inline constexpr llvm::StringLiteral HeaderOutsideRoot =
    "hipify-header-outside-root";
/// A CUDA spelling of a CMake file or Makefile that has no safe HIP
/// counterpart (FindCUDA's commands, nvcc-only flags): left, with what to do;
/// or removed where keeping it breaks the AMD build (-lnvidia-ml), with what
/// to port.
inline constexpr llvm::StringLiteral BuildFileLeft = "hipify-build-file-left";
/// A choice the build-file migration made where CUDA's value has no HIP
/// counterpart (NVIDIA processors): a note saying which, and how to change it.
inline constexpr llvm::StringLiteral BuildFileChoice =
    "hipify-build-file-choice";
/// A CUDA API HIP lacks, written as calls to functions the translation
/// defines in the file (the `helper` rule, HelperBlocks.def): a note saying
/// where they are.
inline constexpr llvm::StringLiteral HelperDefined = "hipify-helper-defined";
/// `#pragma weak NAME=TARGET` in a CUDA source: nvcc's device compilation
/// ignores a weak alias of host code, clang's rejects it (the host variable
/// is not emitted there), so it is put under `!__HIP_DEVICE_COMPILE__`.
inline constexpr llvm::StringLiteral HostOnlyAlias = "hipify-host-only-alias";
/// A macro that builds CUDA names by token pasting (`cuda##x`) whose names
/// do not all map by one change of the pasted prefix, or cannot be known in
/// the file: left untranslated.
inline constexpr llvm::StringLiteral PastedName = "hipify-pasted-name";
inline constexpr llvm::StringLiteral All[] = {
    CallNotFound,    DeclarationCollision, DuplicateCase,     Experimental,
    NewerThanTarget, NoRocEquivalent,      NotInTables,       Removed,
    RocKeepsHipName, RuleNotApplied,       Unsupported,       UserHeaderKept,
    NotUtf8,         MacroDefined,         HeaderOutsideRoot, BuildFileLeft,
    BuildFileChoice, PastedName,           HelperDefined,     HostOnlyAlias};
} // namespace warning_names

/// One warning about a file: hipify's own or a porting check's.
struct FileWarning {
  unsigned Offset;
  std::string Message;
  std::string Check;     ///< "hipify-unsupported", "hipkit-warp-size", ...
  bool IsHazard = false; ///< From a porting check (hipkit-*).
  bool IsNote = false;   ///< Says what was done, not what is left to do.
  /// Printed once per run for all files (NewerHipSummary), not here: the
  /// report keeps it with its line.
  bool Summarized = false;
};

/// A HIP name written although the targeted HIP is older than the release
/// that added it (NewerThanTarget).
struct NewerHipUse {
  unsigned Offset;
  llvm::StringRef Library;  ///< "HIP", "hipBLAS", ...: what the HIP name is of.
  llvm::StringRef HipAdded; ///< "5.5"
  std::string HipName;
  llvm::StringRef CudaName;
};

/// Which warnings are printed, and which as errors (clang-tidy glob lists
/// over the warnings' names).
struct WarningSelection {
  std::function<bool(llvm::StringRef)> Enabled = [](llvm::StringRef) {
    return true;
  };
  std::function<bool(llvm::StringRef)> AsError = [](llvm::StringRef) {
    return false;
  };
};

/// The warnings and notes of one file, and what makes some of them once per
/// file: the diagnostics sink of a FileTranslation.
class WarningLog {
public:
  /// A warning at \p Offset, named \p Check (see warning_names).
  void warn(unsigned Offset, llvm::StringRef Check, const llvm::Twine &Message);
  /// A `note:` saying what was done (or deliberately not done) at \p Offset.
  void note(unsigned Offset, llvm::StringRef Check, const llvm::Twine &Message);
  /// A porting hazard a check found at \p Offset, once per offset and check
  /// (a check may reach the same spelling twice: a macro expanded twice).
  void addHazard(unsigned Offset, llvm::StringRef Check,
                 const llvm::Twine &Message);
  /// The translation has done what the hazards at \p Offset ask for (the
  /// name there is removed): they are not reported.
  void dropHazardsAt(unsigned Offset) { HazardsDropped.insert(Offset); }
  /// Removes the first warning \p Check at \p Offset; false when there is
  /// none.
  bool remove(unsigned Offset, llvm::StringRef Check);

  /// Records (once per name) that \p Decision writes a HIP name newer than
  /// the targeted HIP version: the report lists it, and the driver says it
  /// once per library and version for the whole run (NewerHipSummary).
  void warnIfNewerThanTarget(unsigned Offset, const ApiMapping &Row,
                             const NameDecision &Decision,
                             const NamePolicy &Policy);
  /// Warns (once per library, at its first reference) when --roc writes the
  /// HIP name of a library that no ROCm library mirrors (cuFFT: rocFFT's API is
  /// another one).
  void warnIfRocKeepsHipName(unsigned Offset, const ApiMapping &Row,
                             const NameDecision &Decision,
                             const NamePolicy &Policy);

  /// Every warning, in file order.
  std::vector<FileWarning> warnings() const;
  const std::vector<NewerHipUse> &newerHipUses() const { return NewerHip; }
  /// "path:line:col: warning: ... [name]" lines of the file \p Path indexed
  /// by \p Source, in file order, for the warnings \p Selection enables;
  /// \p Errors counts those printed as errors.
  std::string format(llvm::StringRef Path, const SourceText &Source,
                     const WarningSelection &Selection, unsigned &Errors) const;

private:
  std::vector<FileWarning> Warnings;
  llvm::DenseSet<unsigned> HazardsDropped;
  llvm::DenseSet<llvm::StringRef> WarnedNewer;
  std::vector<NewerHipUse> NewerHip;
  /// Per library without a ROCm library (cuFFT), the index in Warnings of
  /// the one warning that --roc keeps its HIP names: at its first reference
  /// in the file, whichever engine finds that one last.
  llvm::DenseMap<llvm::StringRef, size_t> WarnedRocKeepsHip;
};

} // namespace hipkit::hipify

#endif
