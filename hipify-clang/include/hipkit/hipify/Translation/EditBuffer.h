//===- EditBuffer.h - The edits to one file's bytes ------------*- C++ -*-===//
//
// Every edit the engines and the rewrite rules make to one file's text, kept
// apart from what the edits mean (FileTranslation records the references,
// warnings and counts): replacements, insertions, and call argument lists
// rearranged with the edits inside them. They are normalized to one sorted,
// disjoint list - a name found by both engines is one edit, an edit inside a
// removed range goes, two edits that disagree on the same bytes are an error
// naming both - and applied only at the end, so every byte outside them is
// kept: comments, formatting and line endings.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_EDITBUFFER_H
#define HIPKIT_HIPIFY_EDITBUFFER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// A half-open byte range [Begin, End) of a file.
struct OffsetRange {
  unsigned Begin = 0, End = 0;
  bool contains(unsigned Offset) const {
    return Begin <= Offset && Offset < End;
  }
};

class EditBuffer {
public:
  /// One edit: Length bytes at Offset become Text.
  struct Edit {
    unsigned Offset, Length;
    std::string Text;
    unsigned Sequence; ///< The order edits were made in (for messages).
    /// After normalization: how much of Text is insertions joined before
    /// the replacement.
    unsigned Inserted = 0;
    /// An insertion joined before the others at its offset, whenever it was
    /// made (a file's new first line).
    bool Leads = false;
  };
  /// One piece of a rearranged argument list (the `arguments`, `when` and
  /// `convert` rules): call argument Index, with the edits made inside it,
  /// between Text and After (a conversion around it), or, when Index is
  /// negative, Text.
  struct ArgumentPiece {
    int Index;
    std::string Text;
    std::string After = "";
  };

  /// \p Original must outlive the buffer; \p DisplayPath names the file in
  /// errors.
  EditBuffer(llvm::StringRef DisplayPath, llvm::StringRef Original)
      : DisplayPath(DisplayPath.str()), Original(Original) {}

  void add(unsigned Offset, unsigned Length, llvm::StringRef Text);
  /// Inserts \p Text at \p Offset before every other insertion there.
  void addLeading(unsigned Offset, llvm::StringRef Text);
  /// Rewrites the argument list \p List (from after the call's `(` to its
  /// `)`) of the call whose callee name is at \p NameOffset into \p Pieces,
  /// joined by ", ". \p Arguments are the arguments' ranges, in order; the
  /// edits inside each move with it (an edit elsewhere in the list is an
  /// overlap error). Each call is rearranged once: false if it already was.
  bool addArrangement(unsigned NameOffset, OffsetRange List,
                      std::vector<OffsetRange> Arguments,
                      std::vector<ArgumentPiece> Pieces);
  bool hasArrangement(unsigned NameOffset) const {
    return ArrangedAt.count(NameOffset);
  }
  bool empty() const { return Edits.empty() && Arrangements.empty(); }

  /// The edits, arrangements resolved, sorted and disjoint; an error when
  /// two of them disagree.
  llvm::Expected<std::vector<Edit>> normalized() const;
  /// The text with every edit made.
  llvm::Expected<std::string> apply() const;

  /// An original line as apply()'s output has it: its line number there and
  /// its text, without line endings (an edit that adds line breaks makes it
  /// several lines).
  struct TranslatedLine {
    unsigned Number = 0;
    std::string Text;
  };
  /// Finds original lines in \p Translated (apply()'s output, which must
  /// outlive it, like the original's line starts). The edits are normalized
  /// and the translated text's lines indexed once, so each lookup is a binary
  /// search: the report looks up the line of every warning, and a build file
  /// has one per statement.
  class TranslatedLines {
  public:
    /// Line \p Line (1-based); nullopt when the line or the edits are not
    /// valid.
    std::optional<TranslatedLine> lookup(unsigned Line) const;

  private:
    friend class EditBuffer;
    TranslatedLines(const EditBuffer &Buffer,
                    llvm::ArrayRef<unsigned> LineStarts,
                    llvm::StringRef Translated);
    llvm::StringRef Original;
    llvm::ArrayRef<unsigned> LineStarts;
    llvm::StringRef Translated;
    bool Valid = false; ///< The edits normalized without a clash.
    std::vector<Edit> Edits;
    /// GrowthBefore[I]: how much longer the text is after edits [0, I).
    std::vector<long> GrowthBefore;
    std::vector<size_t> TranslatedNewLines; ///< Offsets of Translated's '\n'.
  };
  /// The original's lines (\p LineStarts: the offset each starts at) in
  /// \p Translated.
  TranslatedLines translatedLines(llvm::ArrayRef<unsigned> LineStarts,
                                  llvm::StringRef Translated) const {
    return TranslatedLines(*this, LineStarts, Translated);
  }

private:
  struct Arrangement {
    OffsetRange List;
    std::vector<OffsetRange> Arguments;
    std::vector<ArgumentPiece> Pieces;
  };
  llvm::Expected<std::vector<Edit>> normalize(std::vector<Edit> All) const;
  /// Replaces every arrangement, innermost first, by one edit of its list,
  /// taking the edits inside its arguments along.
  llvm::Expected<std::vector<Edit>> resolveArrangements() const;
  llvm::Error overlapError(const Edit &A, const Edit &B) const;

  std::string DisplayPath;
  llvm::StringRef Original;
  std::vector<Edit> Edits;
  llvm::DenseSet<unsigned> ArrangedAt; ///< Callees whose arguments moved.
  std::vector<Arrangement> Arrangements;
};

} // namespace hipkit::hipify

#endif
