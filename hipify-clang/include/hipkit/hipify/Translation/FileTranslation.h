//===- FileTranslation.h - What translating one file found -----*- C++ -*-===//
//
// One source or user header being translated: the record of what both
// engines found in it - each reference to a CUDA name (at most once per
// spelling) and what it became - beside the file's text (SourceText.h), its
// edits (EditBuffer.h: the bytes, apart from what they mean, applied only at
// the end), its warnings (FileWarnings.h: WarningLog), its counts
// (Statistics.h) and the helper blocks it needs (HelperUses.h), each owned
// there. Its rules see it through RuleEdits (RewriteRule.h).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_FILETRANSLATION_H
#define HIPKIT_HIPIFY_FILETRANSLATION_H

#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Translation/EditBuffer.h"
#include "hipkit/hipify/Translation/FileWarnings.h"
#include "hipkit/hipify/Translation/HelperUses.h"
#include "hipkit/hipify/Translation/RewriteRule.h"
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

class FileTranslation : public RuleEdits {
public:
  FileTranslation(std::string DisplayPath, std::string RealPath,
                  std::string Contents, bool IsMainFile);
  // The source index and the resolver read Contents in place.
  FileTranslation(const FileTranslation &) = delete;
  FileTranslation &operator=(const FileTranslation &) = delete;

  llvm::StringRef displayPath() const { return DisplayPath; }
  llvm::StringRef realPath() const { return RealPath; }
  llvm::StringRef contents() const override { return Contents; }
  /// The file's raw tokens and directive index (SourceText.h), built once:
  /// every scanner of the text reads this one.
  const SourceText &source() const override { return Source; }
  bool isMainFile() const { return IsMainFile; }
  llvm::StringRef lineEnding() const override;

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

  void addArgumentDrop(unsigned NameOffset, unsigned Begin,
                       unsigned End) override;
  bool hasArgumentDrop(unsigned NameOffset) const override {
    return Refs.DroppedAt.count(NameOffset);
  }
  void addArgumentArrangement(unsigned NameOffset, OffsetRange List,
                              std::vector<OffsetRange> Arguments,
                              std::vector<ArgumentPiece> Pieces) override {
    Buffer.addArrangement(NameOffset, List, std::move(Arguments),
                          std::move(Pieces));
  }
  bool hasArgumentArrangement(unsigned NameOffset) const override {
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

  bool firstRewriteAt(unsigned Offset, llvm::StringRef Rule) override {
    return Refs.RuleRewrites.insert({Rule.str(), Offset}).second;
  }
  bool rewroteAt(unsigned Offset, llvm::StringRef Rule) const override {
    return Refs.RuleRewrites.count({Rule.str(), Offset});
  }

  /// An edit that is not a name: include lines, kernel launches. \p Kind is
  /// the statistics category ("include", "kernel_launch") or empty when the
  /// edit is part of a change already counted.
  void addEdit(unsigned Offset, unsigned Length, llvm::StringRef Text,
               EditOrigin Origin, llvm::StringRef Kind = "",
               llvm::StringRef Api = "") override;

  /// Makes \p Line (with the file's line ending) the translation's first
  /// line, before any other insertion at the start (PyTorch's hipify marker,
  /// TorchExtension.h); not counted in the statistics.
  void addFirstLine(llvm::StringRef Line) {
    Buffer.addLeading(0, (Line + lineEnding()).str());
  }

  void requireHelper(llvm::StringRef Block, unsigned Offset) override;
  /// Writes each helper block requireHelper asked for (HelperUses::insert).
  /// Called once the engines are done with the file.
  void insertHelpers();
  void removeName(unsigned Offset, unsigned Length, const ApiMapping &Row,
                  EditOrigin Origin, const llvm::Twine &Message) override;

  /// Replaces [\p Begin, \p End) (a case label of \p Row's enumerator, at
  /// \p NameOffset, that a switch on the HIP enum can never take) with
  /// \p Replacement: the reference's "no HIP equivalent" warning and count
  /// become a translated name and the note \p Message (hipify-removed).
  void removeUnreachableLabel(unsigned NameOffset, const ApiMapping &Row,
                              unsigned Begin, unsigned End,
                              llvm::StringRef Replacement,
                              const llvm::Twine &Message);

  void countUnconverted(const ApiMapping &Row) override;
  void countConverted(const ApiMapping &Row, EditOrigin Origin) override;
  void warn(unsigned Offset, llvm::StringRef Check,
            const llvm::Twine &Message) override;
  void note(unsigned Offset, llvm::StringRef Check,
            const llvm::Twine &Message) override;
  /// The file's warnings and notes (porting hazards, the names newer than the
  /// targeted HIP, ...).
  WarningLog &diagnostics() { return Log; }
  const WarningLog &diagnostics() const { return Log; }
  /// Every warning, in file order.
  std::vector<FileWarning> warnings() const { return Log.warnings(); }

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

  /// Which row a CUDA spelling denotes in this file (NameResolver.h): every
  /// engine and scanner asks this one.
  NameResolver &resolver() { return Resolver; }
  const NameResolver &resolver() const override { return Resolver; }

  /// The translated bytes; an error when two edits overlap and disagree
  /// (two rules rewriting the same text differently).
  llvm::Expected<std::string> apply() const { return Buffer.apply(); }
  bool changesAnything() const { return !Buffer.empty(); }

  /// "path:line:col: warning: ... [name]" lines, in file order, for the
  /// warnings \p Selection enables; \p Errors counts those printed as errors.
  std::string formatWarnings(const WarningSelection &Selection,
                             unsigned &Errors) const {
    return Log.format(DisplayPath, Source, Selection, Errors);
  }
  /// Original lines as apply()'s output has them (EditBuffer.h), for the
  /// report's side-by-side view.
  using TranslatedLine = EditBuffer::TranslatedLine;
  using TranslatedLines = EditBuffer::TranslatedLines;
  TranslatedLines translatedLines(llvm::StringRef Translated) const {
    return Buffer.translatedLines(Source.lineStarts(), Translated);
  }

  TranslationStatistics &statistics() { return Stats; }
  const TranslationStatistics &statistics() const override { return Stats; }
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
    /// Callee offsets whose argument drop is done.
    llvm::DenseSet<unsigned> DroppedAt;
  } Refs;

  WarningLog Log;
  HelperUses Helpers;

  /// The counts, and where the file uses CUDA.
  TranslationStatistics Stats;
  bool UsesCuda = false;
  std::vector<unsigned> CudaUseOffsets;
};

} // namespace hipkit::hipify

#endif
