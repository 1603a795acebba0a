//===- FileTranslation.cpp ------------------------------------------------===//
#include "hipkit/hipify/FileTranslation.h"

#include "hipkit/hipify/RewriteRule.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>
#include <set>

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

FileTranslation::FileTranslation(std::string DisplayPath, std::string RealPath,
                                 std::string Contents, bool IsMainFile)
    : DisplayPath(std::move(DisplayPath)), RealPath(std::move(RealPath)),
      Contents(std::move(Contents)), IsMainFile(IsMainFile) {
  LineStarts.push_back(0);
  for (unsigned I = 0, E = this->Contents.size(); I != E; ++I)
    if (this->Contents[I] == '\n')
      LineStarts.push_back(I + 1);
  Stats.FileName = this->DisplayPath;
  // Old sources carry Latin-1 and other 8-bit text in comments and strings.
  // The translation edits only names, which are ASCII, so those bytes are
  // kept as they are; the note says the file was read as it is.
  llvm::StringRef Text = this->Contents;
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  const llvm::UTF8 *Cursor = Begin;
  if (!llvm::isLegalUTF8String(&Cursor, Begin + Text.size()))
    note(Cursor - Begin, warning_names::NotUtf8,
         llvm::formatv("the file is not UTF-8 text (byte {0:x2} here); bytes "
                       "that are not UTF-8 are kept as they are, only names "
                       "are translated",
                       static_cast<unsigned>(*Cursor)));
}

llvm::StringRef FileTranslation::lineEnding() const {
  size_t NewLine = Contents.find('\n');
  if (NewLine != std::string::npos && NewLine > 0 &&
      Contents[NewLine - 1] == '\r')
    return "\r\n";
  return "\n";
}

std::pair<unsigned, unsigned>
FileTranslation::lineAndColumn(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = It - LineStarts.begin();
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

void FileTranslation::warn(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  Warnings.push_back({Offset, Message.str(), Check.str(), false});
}

void FileTranslation::addHazard(unsigned Offset, llvm::StringRef Check,
                                const llvm::Twine &Message) {
  // A check may reach the same spelling twice (a macro expanded twice).
  for (const FileWarning &W : Warnings)
    if (W.IsHazard && W.Offset == Offset && W.Check == Check)
      return;
  Warnings.push_back({Offset, Message.str(), Check.str(), true});
}

std::vector<FileWarning> FileTranslation::warnings() const {
  std::vector<FileWarning> Sorted;
  for (const FileWarning &W : Warnings)
    if (!W.IsHazard || !RemovedNames.count(W.Offset))
      Sorted.push_back(W);
  llvm::stable_sort(Sorted, [](const FileWarning &A, const FileWarning &B) {
    return A.Offset < B.Offset;
  });
  return Sorted;
}

llvm::StringRef FileTranslation::lineText(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return "";
  llvm::StringRef Rest = llvm::StringRef(Contents).drop_front(LineStarts[Line - 1]);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

std::optional<FileTranslation::TranslatedLine>
FileTranslation::translatedLine(unsigned Line,
                                llvm::StringRef Translated) const {
  if (Line == 0 || Line > LineStarts.size())
    return std::nullopt;
  llvm::Expected<std::vector<Edit>> Normalized = normalizedEdits();
  if (!Normalized) {
    llvm::consumeError(Normalized.takeError());
    return std::nullopt;
  }
  unsigned Begin = LineStarts[Line - 1];
  unsigned End = Begin + lineText(Line).size();
  // Where the line's first byte and its end land. Normalized edits are
  // sorted and disjoint; an edit's insertions at the line's start go before
  // it (an added #include), its replacement belongs to the line; everything
  // an edit ending at the line's end writes belongs to the line.
  size_t TBegin = Begin, TEnd = End;
  for (const Edit &E : *Normalized) {
    long Growth = long(E.Text.size()) - long(E.Length);
    if (E.Offset < Begin && Begin < E.Offset + E.Length)
      TBegin = TBegin - (Begin - E.Offset); // The line starts inside it.
    else if (E.Offset + E.Length <= Begin && E.Offset < Begin)
      TBegin += Growth;
    else if (E.Offset == Begin)
      TBegin += E.Inserted;
    if (E.Offset + E.Length <= End)
      TEnd += Growth;
    else if (E.Offset < End)
      TEnd = TEnd - (End - E.Offset) + E.Text.size(); // Ends inside it.
  }
  if (TBegin > Translated.size() || TEnd > Translated.size() || TEnd < TBegin)
    return std::nullopt;
  size_t LineBegin = Translated.take_front(TBegin).rfind('\n');
  LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
  size_t LineEnd =
      std::min(Translated.find_first_of("\r\n", TEnd), Translated.size());
  TranslatedLine Result;
  Result.Number = Translated.take_front(LineBegin).count('\n') + 1;
  for (char C : Translated.slice(LineBegin, LineEnd))
    if (C != '\r')
      Result.Text += C;
  return Result;
}

void FileTranslation::removeName(unsigned Offset, unsigned Length,
                                 const ApiMapping &Row, EditOrigin Origin,
                                 const llvm::Twine &Message) {
  Edits.push_back({Offset, Length, "", static_cast<unsigned>(Edits.size())});
  RemovedNames.insert(Offset);
  countConverted(Row, Origin);
  note(Offset, warning_names::Removed, Message);
}

void FileTranslation::note(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  FileWarning Note{Offset, Message.str(), Check.str()};
  Note.IsNote = true;
  Warnings.push_back(std::move(Note));
}

void FileTranslation::countConverted(const ApiMapping &Row, EditOrigin Origin) {
  ++Stats.Converted;
  ++(Origin == EditOrigin::AST ? Stats.AstChecked : Stats.Lexical);
  ++Stats.ConvertedByKind[getKindName(Row.Kind).str()];
  ++Stats.ConvertedByApi[Row.Api.str()];
  ++Stats.ConvertedByName[Row.CudaName.str()];
}

void FileTranslation::countUnconverted(llvm::StringRef Name,
                                       llvm::StringRef Api) {
  ++Stats.Unconverted;
  ++Stats.UnconvertedByApi[Api.str()];
  ++Stats.UnconvertedByName[Name.str()];
}

void FileTranslation::countUnconverted(const ApiMapping &Row) {
  ++Stats.Unconverted;
  ++Stats.UnconvertedByKind[getKindName(Row.Kind).str()];
  ++Stats.UnconvertedByApi[Row.Api.str()];
  ++Stats.UnconvertedByName[Row.CudaName.str()];
}

bool FileTranslation::addReference(unsigned Offset, const ApiMapping &Row,
                                   EditOrigin Origin, const NamePolicy &Policy,
                                   bool MarksCudaUse) {
  if (NotCuda.count(Offset) || !Referenced.insert(Offset).second)
    return false;
  if (MarksCudaUse)
    markCudaUse(Offset);
  NameDecision Decision = Policy.decide(Row, Resolver.writesRocNames(Row));
  // The row's rewrite rule (value:TEXT, drop:N) may change what is written,
  // or leave the reference, having reported why.
  if (const RewriteRule *Rule = RewriteRule::forRow(Row))
    if (!Rule->rewriteReference(*this, Offset, Row, Origin, Decision))
      return true;
  switch (Decision.Action) {
  case NameAction::KeepIdentical:
    // Nothing to rewrite, but HIP may still lack the name.
    warnIfRocKeepsHipName(Offset, Row, Decision, Policy);
    warnIfNewerThanTarget(Offset, Row, Decision, Policy);
    return true;
  case NameAction::ReportUnsupported:
    countUnconverted(Row);
    warn(Offset, warning_names::Unsupported,
         llvm::formatv("'{0}' has no HIP equivalent; left untranslated",
                               Row.CudaName));
    return true;
  case NameAction::ReportExperimental:
    countUnconverted(Row);
    warn(Offset, warning_names::Experimental,
         llvm::formatv("'{0}' maps to '{1}', which is experimental; pass "
                       "--experimental to translate it",
                       Row.CudaName, Row.HipName));
    return true;
  case NameAction::ReportNoRocEquivalent:
    countUnconverted(Row);
    warn(Offset, warning_names::NoRocEquivalent,
         llvm::formatv("'{0}' has no {1} equivalent; left untranslated",
                               Row.CudaName,
                               lookupApi(Row.Api)->RocLibrary));
    return true;
  case NameAction::Rewrite:
    break;
  }
  llvm::StringRef Spelled = Row.CudaName;
  if (Row.Kind != NameKind::Header) {
    size_t Colons = Spelled.rfind("::");
    if (Colons != llvm::StringRef::npos)
      Spelled = Spelled.drop_front(Colons + 2);
  }
  Edits.push_back({Offset, static_cast<unsigned>(Spelled.size()),
                   Decision.Replacement.str(),
                   static_cast<unsigned>(Edits.size())});
  warnIfRocKeepsHipName(Offset, Row, Decision, Policy);
  warnIfNewerThanTarget(Offset, Row, Decision, Policy);
  countConverted(Row, Origin);
  return true;
}

void FileTranslation::warnIfRocKeepsHipName(unsigned Offset,
                                            const ApiMapping &Row,
                                            const NameDecision &Decision,
                                            const NamePolicy &Policy) {
  const ApiInfo *Library = lookupApi(Row.Api);
  if (!Policy.options().Roc || !Library || !Library->isLibrary() ||
      !Library->RocLibrary.empty())
    return;
  auto [Known, IsFirst] =
      WarnedRocKeepsHip.try_emplace(Row.Api, Warnings.size());
  if (!IsFirst && Warnings[Known->second].Offset <= Offset)
    return;
  std::string Message =
      llvm::formatv("no ROCm library has {0}'s API; --roc "
                    "writes its HIP names ('{1}' -> '{2}')",
                    Library->Library, Row.CudaName, Decision.Replacement);
  if (IsFirst)
    warn(Offset, warning_names::RocKeepsHipName, Message);
  else
    Warnings[Known->second] = {Offset, Message,
                               warning_names::RocKeepsHipName.str(), false};
}

void FileTranslation::addUnknownLibraryName(unsigned Offset,
                                            llvm::StringRef Name,
                                            const ApiInfo &Library) {
  if (NotCuda.count(Offset) || !Referenced.insert(Offset).second)
    return;
  markCudaUse(Offset);
  ++Stats.Unconverted;
  ++Stats.UnconvertedByApi[Library.Name.str()];
  ++Stats.UnconvertedByName[Name.str()];
  warn(Offset, warning_names::NotInTables,
       llvm::formatv("'{0}' ({1}) is not in hipkit's tables; left "
                             "untranslated",
                             Name, Library.Library));
}

bool FileTranslation::isExistenceTest(unsigned Offset) const {
  llvm::StringRef Before = llvm::StringRef(Contents).take_front(Offset);
  // The directive or `defined` before the name, on the same line.
  size_t LineStart = Before.find_last_of('\n');
  Before = Before.drop_front(LineStart == llvm::StringRef::npos ? 0
                                                                : LineStart + 1);
  Before = Before.rtrim(" \t");
  if (Before.ends_with("("))
    Before = Before.drop_back().rtrim(" \t");
  auto EndsWithWord = [&](llvm::StringRef Word) {
    return Before.ends_with(Word) &&
           (Before.size() == Word.size() ||
            !clang::isAsciiIdentifierContinue(Before[Before.size() - Word.size() - 1]));
  };
  if (EndsWithWord("defined"))
    return true;
  llvm::StringRef Directive = Before.ltrim(" \t");
  if (!Directive.consume_front("#"))
    return false;
  Directive = Directive.ltrim(" \t");
  return Directive == "ifdef" || Directive == "ifndef" ||
         Directive == "elifdef" || Directive == "elifndef";
}

void FileTranslation::addArgumentDrop(unsigned NameOffset, unsigned Begin,
                                      unsigned End) {
  if (!DroppedAt.insert(NameOffset).second)
    return;
  Edits.push_back(
      {Begin, End - Begin, "", static_cast<unsigned>(Edits.size())});
}

void FileTranslation::warnIfNewerThanTarget(unsigned Offset,
                                            const ApiMapping &Row,
                                            const NameDecision &Decision,
                                            const NamePolicy &Policy) {
  if (!Decision.NewerThanTarget || !WarnedNewer.insert(Row.CudaName).second)
    return;
  if (Decision.Action == NameAction::KeepIdentical)
    warn(Offset, warning_names::NewerThanTarget,
         llvm::formatv("'{0}' needs HIP {1}, but the targeted ROCm has HIP {2}",
                       Row.CudaName, Row.HipAdded,
                       Policy.options().TargetHipVersionText));
  else
    warn(Offset, warning_names::NewerThanTarget,
         llvm::formatv("'{0}' (for '{1}') needs HIP {2}, but the targeted "
                       "ROCm has HIP {3}",
                       Decision.Replacement, Row.CudaName, Row.HipAdded,
                       Policy.options().TargetHipVersionText));
}

void FileTranslation::addEdit(unsigned Offset, unsigned Length,
                              llvm::StringRef Text, EditOrigin Origin,
                              llvm::StringRef Kind, llvm::StringRef Api) {
  Edits.push_back(
      {Offset, Length, Text.str(), static_cast<unsigned>(Edits.size())});
  if (Kind.empty())
    return;
  ++Stats.Converted;
  ++(Origin == EditOrigin::AST ? Stats.AstChecked : Stats.Lexical);
  ++Stats.ConvertedByKind[Kind.str()];
  if (!Api.empty())
    ++Stats.ConvertedByApi[Api.str()];
}

// Every offset gets exactly one edit, so that clang::tooling::Replacements
// applies them without any ordering ambiguity:
// - insertions at one offset are joined in the order they were made, before a
//   replacement starting there;
// - a replacement found twice (by both engines, or by two rules) is one edit;
// - an edit inside a removed range (a name in a dropped call argument) changes
//   bytes that are removed anyway, and goes;
// - any other overlap means two rules disagree on what the same bytes become:
//   an error naming both, never a silent choice of one.
void FileTranslation::addArgumentArrangement(
    unsigned NameOffset, OffsetRange List, std::vector<OffsetRange> Arguments,
    std::vector<ArgumentPiece> Pieces) {
  if (!ArrangedAt.insert(NameOffset).second)
    return;
  Arrangements.push_back({List, std::move(Arguments), std::move(Pieces)});
}

llvm::Expected<std::vector<FileTranslation::Edit>>
FileTranslation::resolveArrangements() const {
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
        Text.append(Contents, Copied, E.Offset - Copied);
        Text += E.Text;
        Copied = E.Offset + E.Length;
      }
      Text.append(Contents, Copied, R.End - Copied);
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
        Whole.Text.append(Contents, Copied, A->Arguments[I].Begin - Copied);
      else if (I)
        Whole.Text += ", ";
      Whole.Text += Piece.Text;
      if (Piece.Index >= 0)
        Whole.Text += Texts[Piece.Index] + Piece.After;
      if (InPlace)
        Copied = A->Arguments[I].End;
    }
    if (InPlace && !A->Arguments.empty())
      Whole.Text.append(Contents, Copied, A->List.End - Copied);
    Outside.push_back(std::move(Whole));
    All = std::move(Outside);
  }
  return All;
}

llvm::Expected<std::vector<FileTranslation::Edit>>
FileTranslation::normalizedEdits() const {
  llvm::Expected<std::vector<Edit>> All = resolveArrangements();
  if (!All)
    return All.takeError();
  return normalize(std::move(*All));
}

llvm::Expected<std::vector<FileTranslation::Edit>>
FileTranslation::normalize(std::vector<Edit> All) const {
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
    return A.Offset < B.Offset;
  });
  for (const Edit &I : Inserted) {
    // The replacement starting at or containing the insertion's offset.
    auto After =
        llvm::upper_bound(Result, I.Offset, [](unsigned Offset, const Edit &E) {
          return Offset < E.Offset;
        });
    if (After != Result.begin()) {
      Edit &Before = *std::prev(After);
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
    Result.insert(After, Joined);
  }
  return Result;
}

llvm::Error FileTranslation::overlapError(const Edit &A, const Edit &B) const {
  auto Describe = [&](const Edit &E) {
    return llvm::formatv("'{0}' -> '{1}'",
                         llvm::StringRef(Contents).substr(E.Offset, E.Length),
                         llvm::StringRef(E.Text).drop_front(E.Inserted))
        .str();
  };
  const Edit &First = A.Sequence < B.Sequence ? A : B;
  const Edit &Second = A.Sequence < B.Sequence ? B : A;
  auto [Line, Column] = lineAndColumn(std::max(A.Offset, B.Offset));
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("{0}:{1}:{2}: two rules edit overlapping text: {3} and {4}",
                    DisplayPath, Line, Column, Describe(First),
                    Describe(Second)));
}

llvm::Expected<std::string> FileTranslation::apply() const {
  llvm::Expected<std::vector<Edit>> Normalized = normalizedEdits();
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
  Result.reserve(Contents.size());
  size_t Copied = 0;
  for (const clang::tooling::Replacement &R : Replacements) {
    if (R.getOffset() < Copied ||
        R.getOffset() + R.getLength() > Contents.size())
      return llvm::createStringError(
          std::errc::invalid_argument,
          "edit at offset %u (length %u) outside the file or overlapping",
          R.getOffset(), R.getLength());
    Result.append(Contents, Copied, R.getOffset() - Copied);
    Result += R.getReplacementText();
    Copied = R.getOffset() + R.getLength();
  }
  Result.append(Contents, Copied, std::string::npos);
  return Result;
}

void FileTranslation::finishStatistics() {
  Stats.TotalBytes = Contents.size();
  Stats.TotalLines =
      LineStarts.size() - (!Contents.empty() && Contents.back() == '\n');
  if (Contents.empty())
    Stats.TotalLines = 0;
  std::set<unsigned> Lines;
  Stats.ReplacedBytes = 0;
  // Edits that clash are reported by apply().
  llvm::Expected<std::vector<Edit>> Normalized = normalizedEdits();
  if (!Normalized) {
    llvm::consumeError(Normalized.takeError());
    return;
  }
  for (const Edit &E : *Normalized) {
    if (E.Length == 0 && E.Text.empty())
      continue;
    Stats.ReplacedBytes += E.Length; // Bytes of the original replaced.
    unsigned First = lineAndColumn(E.Offset).first;
    unsigned Last =
        lineAndColumn(E.Offset + (E.Length ? E.Length - 1 : 0)).first;
    for (unsigned L = First; L <= Last; ++L)
      Lines.insert(L);
  }
  Stats.ChangedLines = Lines.size();
}

std::string FileTranslation::formatWarnings(const WarningSelection &Selection,
                                            unsigned &Errors) const {
  std::string Text;
  for (const FileWarning &W : warnings()) {
    if (!Selection.Enabled(W.Check))
      continue;
    bool IsError = Selection.AsError(W.Check);
    Errors += IsError;
    auto [Line, Column] = lineAndColumn(W.Offset);
    Text += llvm::formatv("{0}:{1}:{2}: {3}: {4} [{5}]\n", DisplayPath, Line,
                          Column,
                          IsError    ? "error"
                          : W.IsNote ? "note"
                                     : "warning",
                          W.Message, W.Check)
                .str();
  }
  return Text;
}
