//===- EditBuffer.cpp - The edits to one file's bytes ---------------------===//

#include "hipkit/hipify/Translation/EditBuffer.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace hipkit::hipify;

void EditBuffer::add(unsigned Offset, unsigned Length, llvm::StringRef Text) {
  Edits.push_back(
      {Offset, Length, Text.str(), static_cast<unsigned>(Edits.size())});
}

void EditBuffer::addLeading(unsigned Offset, llvm::StringRef Text) {
  add(Offset, 0, Text);
  Edits.back().Leads = true;
}

// Every offset gets exactly one edit, so that clang::tooling::Replacements
// applies them without any ordering ambiguity:
// - insertions at one offset are joined in the order they were made (leading
//   ones first), before a replacement starting there;
// - a replacement found twice (by both engines, or by two rules) is one edit;
// - an edit inside a removed range (a name in a dropped call argument) changes
//   bytes that are removed anyway, and goes;
// - any other overlap means two rules disagree on what the same bytes become:
//   an error naming both, never a silent choice of one.
bool EditBuffer::addArrangement(unsigned NameOffset, OffsetRange List,
                                std::vector<OffsetRange> Arguments,
                                std::vector<ArgumentPiece> Pieces) {
  if (!ArrangedAt.insert(NameOffset).second)
    return false;
  Arrangements.push_back({List, std::move(Arguments), std::move(Pieces)});
  return true;
}

llvm::Expected<std::vector<EditBuffer::Edit>>
EditBuffer::resolveArrangements() const {
  std::vector<Edit> All = Edits;
  std::vector<const Arrangement *> Order;
  for (const Arrangement &A : Arrangements)
    Order.push_back(&A);
  // Innermost first: a rearranged call inside another's argument is one edit
  // of that argument by the time the outer call moves it.
  llvm::stable_sort(Order, [](const Arrangement *A, const Arrangement *B) {
    return A->List.End - A->List.Begin < B->List.End - B->List.Begin;
  });
  unsigned Sequence = Edits.size();
  for (const Arrangement *A : Order) {
    Edit Whole{A->List.Begin, A->List.End - A->List.Begin, "", Sequence++};
    std::vector<std::vector<Edit>> Inside(A->Arguments.size());
    std::vector<Edit> Outside;
    for (const Edit &E : All) {
      unsigned End = E.Offset + E.Length;
      if (E.Offset < A->List.Begin || End > A->List.End ||
          (E.Length == 0 && (E.Offset == A->List.Begin || E.Offset == A->List.End) &&
           llvm::none_of(A->Arguments, [&](const OffsetRange &R) {
             return R.Begin == E.Offset || R.End == E.Offset;
           }))) {
        Outside.push_back(E);
        continue;
      }
      auto In = llvm::find_if(A->Arguments, [&](const OffsetRange &R) {
        return R.Begin <= E.Offset && End <= R.End;
      });
      if (In == A->Arguments.end())
        return overlapError(Whole, E);
      Inside[In - A->Arguments.begin()].push_back(E);
    }
    std::vector<std::string> Texts;
    for (size_t I = 0; I != A->Arguments.size(); ++I) {
      const OffsetRange &R = A->Arguments[I];
      llvm::Expected<std::vector<Edit>> Own = normalize(std::move(Inside[I]));
      if (!Own)
        return Own.takeError();
      std::string Text;
      unsigned Copied = R.Begin;
      for (const Edit &E : *Own) {
        Text.append(Original.data() + Copied, E.Offset - Copied);
        Text += E.Text;
        Copied = E.Offset + E.Length;
      }
      Text.append(Original.data() + Copied, R.End - Copied);
      Texts.push_back(std::move(Text));
    }
    // Arguments that stay in place (the `convert` rule) keep the separators
    // and line breaks between them; a rearranged list is joined by ", ".
    bool InPlace = A->Pieces.size() == A->Arguments.size();
    for (size_t I = 0; InPlace && I != A->Pieces.size(); ++I)
      InPlace = A->Pieces[I].Index == static_cast<int>(I);
    unsigned Copied = A->List.Begin; // In place: the text up to here is out.
    for (size_t I = 0; I != A->Pieces.size(); ++I) {
      const ArgumentPiece &Piece = A->Pieces[I];
      if (InPlace)
        Whole.Text.append(Original.data() + Copied, A->Arguments[I].Begin - Copied);
      else if (I)
        Whole.Text += ", ";
      Whole.Text += Piece.Text;
      if (Piece.Index >= 0)
        Whole.Text += Texts[Piece.Index] + Piece.After;
      if (InPlace)
        Copied = A->Arguments[I].End;
    }
    if (InPlace && !A->Arguments.empty())
      Whole.Text.append(Original.data() + Copied, A->List.End - Copied);
    Outside.push_back(std::move(Whole));
    All = std::move(Outside);
  }
  return All;
}

llvm::Expected<std::vector<EditBuffer::Edit>>
EditBuffer::normalized() const {
  llvm::Expected<std::vector<Edit>> All = resolveArrangements();
  if (!All)
    return All.takeError();
  return normalize(std::move(*All));
}

llvm::Expected<std::vector<EditBuffer::Edit>>
EditBuffer::normalize(std::vector<Edit> All) const {
  std::vector<Edit> Replaced, Inserted;
  for (const Edit &E : All)
    (E.Length ? Replaced : Inserted).push_back(E);
  // Longest first at one offset, so a removal precedes what it contains.
  llvm::stable_sort(Replaced, [](const Edit &A, const Edit &B) {
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    return A.Length > B.Length;
  });
  std::vector<Edit> Result;
  for (const Edit &E : Replaced) {
    if (!Result.empty()) {
      const Edit &Last = Result.back();
      unsigned LastEnd = Last.Offset + Last.Length;
      if (E.Offset == Last.Offset && E.Length == Last.Length &&
          E.Text == Last.Text)
        continue;
      if (Last.Text.empty() && E.Offset + E.Length <= LastEnd &&
          E.Length < Last.Length)
        continue;
      if (E.Offset < LastEnd)
        return overlapError(Last, E);
    }
    Result.push_back(E);
  }
  llvm::stable_sort(Inserted, [](const Edit &A, const Edit &B) {
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    return A.Leads && !B.Leads;
  });
  // Both lists are sorted: one merge places every insertion, so a file with
  // an insertion per statement costs no more than its edits (inserting into
  // the middle of Result moved all the edits after each one).
  std::vector<Edit> Merged;
  Merged.reserve(Result.size() + Inserted.size());
  size_t Next = 0; // The first replacement not yet in Merged.
  for (const Edit &I : Inserted) {
    while (Next < Result.size() && Result[Next].Offset <= I.Offset)
      Merged.push_back(std::move(Result[Next++]));
    if (!Merged.empty()) {
      // The last edit at or before the insertion's offset: the replacement
      // starting at or containing it, or an insertion there.
      Edit &Before = Merged.back();
      if (Before.Offset < I.Offset &&
          I.Offset < Before.Offset + Before.Length) {
        if (Before.Text.size() == Before.Inserted) // Inside a removal.
          continue;
        return overlapError(Before, I);
      }
      if (Before.Offset == I.Offset) {
        // Joined ahead of the replacement, after earlier insertions.
        Before.Text.insert(Before.Inserted, I.Text);
        Before.Inserted += I.Text.size();
        continue;
      }
    }
    Edit Joined = I;
    Joined.Inserted = I.Text.size();
    Merged.push_back(std::move(Joined));
  }
  while (Next < Result.size())
    Merged.push_back(std::move(Result[Next++]));
  return Merged;
}

llvm::Error EditBuffer::overlapError(const Edit &A, const Edit &B) const {
  auto Describe = [&](const Edit &E) {
    return llvm::formatv("'{0}' -> '{1}'",
                         Original.substr(E.Offset, E.Length),
                         llvm::StringRef(E.Text).drop_front(E.Inserted))
        .str();
  };
  const Edit &First = A.Sequence < B.Sequence ? A : B;
  const Edit &Second = A.Sequence < B.Sequence ? B : A;
  unsigned At = std::max(A.Offset, B.Offset);
  llvm::StringRef Before = Original.take_front(At);
  unsigned Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  unsigned Column =
      At - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1) + 1;
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("{0}:{1}:{2}: two rules edit overlapping text: {3} and {4}",
                    DisplayPath, Line, Column, Describe(First),
                    Describe(Second)));
}

llvm::Expected<std::string> EditBuffer::apply() const {
  llvm::Expected<std::vector<Edit>> Normalized = normalized();
  if (!Normalized)
    return Normalized.takeError();
  clang::tooling::Replacements Replacements;
  for (const Edit &E : *Normalized)
    if (llvm::Error Err = Replacements.add(clang::tooling::Replacement(
            DisplayPath, E.Offset, E.Length, E.Text)))
      return std::move(Err);
  // The replacements are sorted and disjoint: splice them in directly.
  // clang::tooling::applyAllReplacements would load the text into a
  // SourceManager, which rejects a file starting with what it takes for an
  // unsupported byte order mark ("+/v", UTF-7's, is plain ASCII) by reporting
  // to a diagnostics engine without a consumer: a crash.
  std::string Result;
  Result.reserve(Original.size());
  size_t Copied = 0;
  for (const clang::tooling::Replacement &R : Replacements) {
    if (R.getOffset() < Copied ||
        R.getOffset() + R.getLength() > Original.size())
      return llvm::createStringError(
          std::errc::invalid_argument,
          "edit at offset %u (length %u) outside the file or overlapping",
          R.getOffset(), R.getLength());
    Result.append(Original.data() + Copied, R.getOffset() - Copied);
    Result += R.getReplacementText();
    Copied = R.getOffset() + R.getLength();
  }
  Result.append(Original.data() + Copied, Original.size() - Copied);
  return Result;
}

EditBuffer::TranslatedLines::TranslatedLines(
    const EditBuffer &Buffer, llvm::ArrayRef<unsigned> LineStarts,
    llvm::StringRef Translated)
    : Original(Buffer.Original), LineStarts(LineStarts),
      Translated(Translated) {
  llvm::Expected<std::vector<Edit>> Normalized = Buffer.normalized();
  if (!Normalized) {
    llvm::consumeError(Normalized.takeError());
    return;
  }
  Valid = true;
  Edits = std::move(*Normalized);
  GrowthBefore.reserve(Edits.size() + 1);
  GrowthBefore.push_back(0);
  for (const Edit &E : Edits)
    GrowthBefore.push_back(GrowthBefore.back() + long(E.Text.size()) -
                           long(E.Length));
  for (size_t I = 0; I < Translated.size(); ++I)
    if (Translated[I] == '\n')
      TranslatedNewLines.push_back(I);
}

std::optional<EditBuffer::TranslatedLine>
EditBuffer::TranslatedLines::lookup(unsigned Line) const {
  if (!Valid || Line == 0 || Line > LineStarts.size())
    return std::nullopt;
  unsigned Begin = LineStarts[Line - 1];
  unsigned End =
      Begin + Original.drop_front(Begin)
                  .take_until([](char C) { return C == '\n' || C == '\r'; })
                  .size();
  // Where the line's first byte and its end land. Normalized edits are
  // sorted and disjoint (so their ends are sorted too); an edit's insertions
  // at the line's start go before it (an added #include), its replacement
  // belongs to the line; everything an edit ending at the line's end writes
  // belongs to the line.
  auto FirstAtOrAfter = llvm::partition_point(
      Edits, [&](const Edit &E) { return E.Offset < Begin; });
  size_t K = FirstAtOrAfter - Edits.begin(); // Edits starting before Begin.
  long TBegin = long(Begin) + GrowthBefore[K];
  if (K && Begin < Edits[K - 1].Offset + Edits[K - 1].Length)
    TBegin = long(Edits[K - 1].Offset) + GrowthBefore[K - 1]; // Inside it.
  else if (K < Edits.size() && Edits[K].Offset == Begin)
    TBegin += Edits[K].Inserted;
  size_t M =
      llvm::partition_point(
          Edits, [&](const Edit &E) { return E.Offset + E.Length <= End; }) -
      Edits.begin(); // Edits ending at or before End.
  long TEnd = long(End) + GrowthBefore[M];
  if (M < Edits.size() && Edits[M].Offset < End) // Ends inside it.
    TEnd = long(Edits[M].Offset) + GrowthBefore[M] + Edits[M].Text.size();
  if (TBegin < 0 || size_t(TBegin) > Translated.size() ||
      size_t(TEnd) > Translated.size() || TEnd < TBegin)
    return std::nullopt;
  // The translated lines the range touches, whole.
  auto NewLineBefore =
      llvm::lower_bound(TranslatedNewLines, size_t(TBegin)); // >= TBegin
  size_t LineBegin = NewLineBefore == TranslatedNewLines.begin()
                         ? 0
                         : *std::prev(NewLineBefore) + 1;
  size_t LineEnd = std::min(Translated.find_first_of("\r\n", size_t(TEnd)),
                            Translated.size());
  TranslatedLine Result;
  Result.Number = (NewLineBefore - TranslatedNewLines.begin()) + 1;
  for (char C : Translated.slice(LineBegin, LineEnd))
    if (C != '\r')
      Result.Text += C;
  return Result;
}
