//===- FileTranslation.h - What translating one file found -----*- C++ -*-===//
//
// One source or user header being translated: the recorder of what both
// engines found in it - each reference to a CUDA name (at most once per
// spelling), the warnings and notes, the counts the statistics report - and
// the resulting edits, which it keeps in an EditBuffer (EditBuffer.h: the
// bytes, apart from what they mean) and applies only at the end.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_FILETRANSLATION_H
#define HIPKIT_HIPIFY_FILETRANSLATION_H

#include "hipkit/hipify/Translation/EditBuffer.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Translation/Statistics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// Which engine proved an edit: the AST engine (the parse resolved the name to
/// a CUDA declaration) or the token engine (the spelling matched a table row).
enum class EditOrigin { AST, Lexical };


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
    CallNotFound,    DeclarationCollision, DuplicateCase, Experimental,
    NewerThanTarget, NoRocEquivalent,      NotInTables,   Removed,
    RocKeepsHipName, RuleNotApplied,       Unsupported,   UserHeaderKept,
    NotUtf8,         MacroDefined,         HeaderOutsideRoot,
    BuildFileLeft,   BuildFileChoice,      PastedName,    HelperDefined,
    HostOnlyAlias};
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
  llvm::StringRef Library; ///< "HIP", "hipBLAS", ...: what the HIP name is of.
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

/// Per token-pasting macro a file defines, the uses in the other files
/// translated with it ("RT(Malloc)"), which decide the macro's translation
/// (PastedNames.h).
using PastingMacroUses = std::map<std::string, std::set<std::string>>;

class FileTranslation {
public:
  FileTranslation(std::string DisplayPath, std::string RealPath,
                  std::string Contents, bool IsMainFile);
  // The source index and the resolver read Contents in place.
  FileTranslation(const FileTranslation &) = delete;
  FileTranslation &operator=(const FileTranslation &) = delete;

  llvm::StringRef displayPath() const { return DisplayPath; }
  llvm::StringRef realPath() const { return RealPath; }
  llvm::StringRef contents() const { return Contents; }
  /// The file's raw tokens and directive index (SourceText.h), built once:
  /// every scanner of the text reads this one.
  const SourceText &source() const { return Source; }
  bool isMainFile() const { return IsMainFile; }
  /// "\r\n" when the file's lines end so, else "\n": inserted lines match.
  llvm::StringRef lineEnding() const;

  /// A reference, resolved as \p Resolved (this file's resolver's answer),
  /// to the CUDA name spelled at \p Offset (as the unqualified name). The
  /// first engine to report an offset wins; later reports of the same offset
  /// are ignored. Returns false if ignored. \p MarksCudaUse is false for a
  /// name the C or C++ library declares too (`sqrt`), whose use alone needs
  /// no HIP runtime header.
  bool addReference(unsigned Offset, const Resolution &Resolved,
                    EditOrigin Origin, const NamePolicy &Policy,
                    bool MarksCudaUse = true);
  bool hasReference(unsigned Offset) const {
    return Refs.Referenced.count(Offset);
  }

  /// Removes [Begin, End) as the argument drop of the call whose callee name
  /// is at \p NameOffset (the drop:N rule); each call is edited once,
  /// whichever engine asks.
  void addArgumentDrop(unsigned NameOffset, unsigned Begin, unsigned End);
  bool hasArgumentDrop(unsigned NameOffset) const {
    return Refs.DroppedAt.count(NameOffset);
  }
  using ArgumentPiece = EditBuffer::ArgumentPiece;
  /// Rearranges the call's argument list (EditBuffer::addArrangement); each
  /// call is rearranged once, whichever engine asks.
  void addArgumentArrangement(unsigned NameOffset, OffsetRange List,
                              std::vector<OffsetRange> Arguments,
                              std::vector<ArgumentPiece> Pieces) {
    Buffer.addArrangement(NameOffset, List, std::move(Arguments),
                          std::move(Pieces));
  }
  bool hasArgumentArrangement(unsigned NameOffset) const {
    return Buffer.hasArrangement(NameOffset);
  }

  /// A reference at \p Offset to \p Name, which a header of the CUDA library
  /// \p Library declares but no row lists: warned about and counted, never
  /// rewritten, so that no library name passes silently.
  void addUnknownLibraryName(unsigned Offset, llvm::StringRef Name,
                             const ApiInfo &Library);

  /// The AST resolved the identifier at \p Offset to something that is not a
  /// CUDA declaration (the user's own): the token engine must leave it.
  void markNotCuda(unsigned Offset) { Refs.NotCuda.insert(Offset); }
  bool isMarkedNotCuda(unsigned Offset) const {
    return Refs.NotCuda.count(Offset);
  }

  /// True the first time a rule asks for \p Offset under \p Rule's name: a
  /// macro argument expanded several times (BOOL_SWITCH's branches) puts one
  /// spelling in several calls, which a rule must edit once.
  bool firstRewriteAt(unsigned Offset, llvm::StringRef Rule) {
    return Refs.RuleRewrites.insert({Rule.str(), Offset}).second;
  }
  /// Whether a rule has asked firstRewriteAt for \p Offset under \p Rule's
  /// name: a call rewrite tells the later reference to the same name so.
  bool rewroteAt(unsigned Offset, llvm::StringRef Rule) const {
    return Refs.RuleRewrites.count({Rule.str(), Offset});
  }

  /// An edit that is not a name: include lines, kernel launches. \p Kind is
  /// the statistics category ("include", "kernel_launch") or empty when the
  /// edit is part of a change already counted.
  void addEdit(unsigned Offset, unsigned Length, llvm::StringRef Text,
               EditOrigin Origin, llvm::StringRef Kind = "",
               llvm::StringRef Api = "");

  /// Makes \p Line (with the file's line ending) the translation's first
  /// line, before any other insertion at the start (PyTorch's hipify marker,
  /// TorchExtension.h); not counted in the statistics.
  void addFirstLine(llvm::StringRef Line) {
    Buffer.addLeading(0, (Line + lineEnding()).str());
  }

  /// Removes the name of \p Row at \p Offset (\p Length bytes, with the
  /// blanks after it), counts it as translated and notes \p Message (the
  /// `remove` rule). A porting check's report of the same spelling is then
  /// dropped: the translation has done what it asks for.
  /// The code of HelperBlocks.def's block \p Block is needed from \p Offset
  /// on (a call the `helper` rule wrote); insertHelpers() writes it.
  void requireHelper(llvm::StringRef Block, unsigned Offset);
  /// Writes each required helper block once, before the top-level
  /// declaration (or directive) holding its first use, with a note there.
  /// Called once the engines are done with the file.
  void insertHelpers();
  void removeName(unsigned Offset, unsigned Length, const ApiMapping &Row,
                  EditOrigin Origin, const llvm::Twine &Message);

  /// Replaces [\p Begin, \p End) (a case label of \p Row's enumerator, at
  /// \p NameOffset, that a switch on the HIP enum can never take) with
  /// \p Replacement: the reference's "no HIP equivalent" warning and count
  /// become a translated name and the note \p Message (hipify-removed).
  void removeUnreachableLabel(unsigned NameOffset, const ApiMapping &Row,
                              unsigned Begin, unsigned End,
                              llvm::StringRef Replacement,
                              const llvm::Twine &Message);

  /// Counts a CUDA header include or name with no HIP equivalent.
  void countUnconverted(const ApiMapping &Row);
  /// Counts a reference to a CUDA name that no row names (a pasted name
  /// whose parts are not known: `cuda##f`), of the statistics category
  /// \p Api.
  void countUnconverted(llvm::StringRef Name, llvm::StringRef Api);
  /// Counts a reference to \p Row as translated, by an edit made elsewhere
  /// (a pasted prefix rewritten in a macro body).
  void countConverted(const ApiMapping &Row, EditOrigin Origin);
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
  /// A warning at \p Offset, named \p Check (see warning_names).
  void warn(unsigned Offset, llvm::StringRef Check, const llvm::Twine &Message);
  /// A `note:` saying what was done (or deliberately not done) at \p Offset.
  void note(unsigned Offset, llvm::StringRef Check, const llvm::Twine &Message);
  /// A porting hazard a check found at \p Offset.
  void addHazard(unsigned Offset, llvm::StringRef Check,
                 const llvm::Twine &Message);
  /// Every warning, in file order.
  std::vector<FileWarning> warnings() const;

  /// True once anything shows the file is CUDA code: a CUDA name, a kernel
  /// launch, a __global__/__device__ declaration, a CUDA include.
  bool usesCuda() const { return UsesCuda; }
  /// Where the file uses CUDA (when known): the HIP runtime include the file
  /// lacks goes into the #if block that holds all of them.
  llvm::ArrayRef<unsigned> cudaUseOffsets() const { return CudaUseOffsets; }
  /// A use of CUDA at \p Offset.
  void markCudaUse(unsigned Offset) {
    UsesCuda = true;
    CudaUseOffsets.push_back(Offset);
  }
  /// The file is CUDA code (it includes a CUDA header), without a use whose
  /// place decides where the HIP runtime include goes.
  void markCudaFile() { UsesCuda = true; }
  /// The uses \p Uses, in the other files translated with this one, of the
  /// pasting macro \p Macro this file defines (translatePastedNames): a
  /// header several sources include translates differently through them when
  /// these differ, and the project run says so.
  void notePastingMacroUses(llvm::StringRef Macro,
                            llvm::ArrayRef<std::string> Uses) {
    Refs.PastingUses[Macro.str()].insert(Uses.begin(), Uses.end());
  }
  const PastingMacroUses &pastingMacroUses() const { return Refs.PastingUses; }

  /// Which row a CUDA spelling denotes in this file (NameResolver.h): every
  /// engine and scanner asks this one.
  NameResolver &resolver() { return Resolver; }
  const NameResolver &resolver() const { return Resolver; }

  /// The translated bytes; an error when two edits overlap and disagree
  /// (two rules rewriting the same text differently).
  llvm::Expected<std::string> apply() const { return Buffer.apply(); }
  bool changesAnything() const { return !Buffer.empty(); }

  /// "path:line:col: warning: ... [name]" lines, in file order, for the
  /// warnings \p Selection enables; \p Errors counts those printed as errors.
  std::string formatWarnings(const WarningSelection &Selection,
                             unsigned &Errors) const;
  const std::vector<NewerHipUse> &newerHipUses() const { return Log.NewerHip; }
  /// The text of line \p Line (1-based), without its line ending.
  llvm::StringRef lineText(unsigned Line) const;
  /// Original lines as apply()'s output has them (EditBuffer.h), for the
  /// report's side-by-side view.
  using TranslatedLine = EditBuffer::TranslatedLine;
  using TranslatedLines = EditBuffer::TranslatedLines;
  TranslatedLines translatedLines(llvm::StringRef Translated) const {
    return Buffer.translatedLines(Source.lineStarts(), Translated);
  }
  std::pair<unsigned, unsigned> lineAndColumn(unsigned Offset) const;

  TranslationStatistics &statistics() { return Stats; }
  /// Fills in the byte and line counts from the final edits.
  void finishStatistics();

private:
  std::string DisplayPath, RealPath, Contents;
  bool IsMainFile;
  SourceText Source{Contents};
  /// The edits, apart from what they mean (after Contents: it reads them).
  EditBuffer Buffer;
  NameResolver Resolver{Source};

  /// The references: which offsets were decided, and by whom.
  struct ReferenceRecord {
    /// Offsets of references recorded, and of the user's own names there.
    llvm::DenseSet<unsigned> Referenced, NotCuda;
    std::set<std::pair<std::string, unsigned>> RuleRewrites;
    llvm::DenseSet<unsigned> RemovedNames; ///< Offsets of removed names.
    /// Callee offsets whose argument drop is done.
    llvm::DenseSet<unsigned> DroppedAt;
    /// Helper blocks required, with the offset of their first use.
    std::map<std::string, unsigned> HelperUses;
    PastingMacroUses PastingUses;
  } Refs;

  /// The warnings and notes, and what makes some of them once per file.
  struct WarningLog {
    std::vector<FileWarning> Warnings;
    llvm::DenseSet<llvm::StringRef> WarnedNewer;
    std::vector<NewerHipUse> NewerHip;
    /// Per library without a ROCm library (cuFFT), the index in Warnings of
    /// the one warning that --roc keeps its HIP names: at its first reference
    /// in the file, whichever engine finds that one last.
    llvm::DenseMap<llvm::StringRef, size_t> WarnedRocKeepsHip;
  } Log;

  /// The counts, and where the file uses CUDA.
  TranslationStatistics Stats;
  bool UsesCuda = false;
  std::vector<unsigned> CudaUseOffsets;
};

} // namespace hipkit::hipify

#endif
