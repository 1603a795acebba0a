//===- FileTranslation.cpp ------------------------------------------------===//
#include "hipkit/hipify/Translation/FileTranslation.h"

#include "hipkit/hipify/Source/Encoding.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace hipkit::hipify;

FileTranslation::FileTranslation(std::string DisplayPath, std::string RealPath,
                                 std::string Contents, bool IsMainFile)
    : DisplayPath(std::move(DisplayPath)), RealPath(std::move(RealPath)),
      Contents(std::move(Contents)), IsMainFile(IsMainFile),
      Buffer(this->DisplayPath, this->Contents) {
  Stats.FileName = this->DisplayPath;
  // Old sources carry Latin-1 and other 8-bit text in comments and strings.
  // The translation edits only names, which are ASCII, so those bytes are
  // kept as they are; the note says the file was read as it is.
  if (std::optional<unsigned> Offset = firstNonUtf8Byte(this->Contents))
    note(*Offset, warning_names::NotUtf8,
         llvm::formatv("the file is not UTF-8 text (byte {0:x2} here); bytes "
                       "that are not UTF-8 are kept as they are, only names "
                       "are translated",
                       static_cast<unsigned>(static_cast<unsigned char>(
                           this->Contents[*Offset]))));
}

llvm::StringRef FileTranslation::lineEnding() const {
  return Source.lineEnding();
}

void FileTranslation::warn(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  Log.warn(Offset, Check, Message);
}

void FileTranslation::note(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  Log.note(Offset, Check, Message);
}

void FileTranslation::removeName(unsigned Offset, unsigned Length,
                                 const ApiMapping &Row, EditOrigin Origin,
                                 const llvm::Twine &Message) {
  Buffer.add(Offset, Length, "");
  Log.dropHazardsAt(Offset);
  Stats.countConverted(Row, Origin);
  note(Offset, warning_names::Removed, Message);
}

void FileTranslation::removeUnreachableLabel(unsigned NameOffset,
                                             const ApiMapping &Row,
                                             unsigned Begin, unsigned End,
                                             llvm::StringRef Replacement,
                                             const llvm::Twine &Message) {
  if (Log.remove(NameOffset, warning_names::Unsupported))
    Stats.uncountUnconverted(Row);
  Buffer.add(Begin, End - Begin, Replacement);
  Log.dropHazardsAt(NameOffset);
  Stats.countConverted(Row, EditOrigin::AST);
  note(NameOffset, warning_names::Removed, Message);
}

void FileTranslation::countConverted(const ApiMapping &Row, EditOrigin Origin) {
  Stats.countConverted(Row, Origin);
}

void FileTranslation::countUnconverted(const ApiMapping &Row) {
  Stats.countUnconverted(Row);
}

bool FileTranslation::addReference(unsigned Offset, const Resolution &Resolved,
                                   EditOrigin Origin, const NamePolicy &Policy,
                                   bool MarksCudaUse) {
  assert(Resolved && "a reference without a row");
  if (Refs.NotCuda.count(Offset) || !Refs.Referenced.insert(Offset).second)
    return false;
  if (MarksCudaUse)
    markCudaUse(Offset);
  const ApiMapping &Row = *Resolved.Row;
  NameDecision Decision = Resolved.Decision;
  // The row's rewrite rule (value:TEXT, drop:N) may change what is written,
  // or leave the reference, having reported why.
  const RewriteRule *Rule = RewriteRule::forResolution(Resolved);
  if (Rule && !Rule->rewriteReference(*this, Offset, Row, Origin, Decision))
    return true;
  switch (Decision.Action) {
  case NameAction::KeepIdentical:
    // Nothing to rewrite, but HIP may still lack the name.
    Log.warnIfRocKeepsHipName(Offset, Row, Decision, Policy);
    Log.warnIfNewerThanTarget(Offset, Row, Decision, Policy);
    return true;
  case NameAction::ReportUnsupported:
    Stats.countUnconverted(Row);
    Log.warn(Offset, warning_names::Unsupported,
             llvm::formatv("'{0}' has no HIP equivalent; left untranslated",
                           Row.CudaName));
    return true;
  case NameAction::ReportExperimental:
    Stats.countUnconverted(Row);
    Log.warn(Offset, warning_names::Experimental,
             llvm::formatv("'{0}' maps to '{1}', which is experimental; pass "
                           "--experimental to translate it",
                           Row.CudaName, Row.HipName));
    return true;
  case NameAction::ReportNoRocEquivalent:
    Stats.countUnconverted(Row);
    Log.warn(Offset, warning_names::NoRocEquivalent,
             llvm::formatv("'{0}' has no {1} equivalent; left untranslated",
                           Row.CudaName, Resolved.Library->RocLibrary));
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
  Buffer.add(Offset, Spelled.size(), Decision.Replacement);
  Log.warnIfRocKeepsHipName(Offset, Row, Decision, Policy);
  Log.warnIfNewerThanTarget(Offset, Row, Decision, Policy);
  Stats.countConverted(Row, Origin);
  return true;
}

void FileTranslation::addUnknownLibraryName(unsigned Offset,
                                            llvm::StringRef Name,
                                            const ApiInfo &Library) {
  if (Refs.NotCuda.count(Offset) || !Refs.Referenced.insert(Offset).second)
    return;
  markCudaUse(Offset);
  Stats.countUnconverted(Name, Library.Name);
  Log.warn(Offset, warning_names::NotInTables,
           llvm::formatv("'{0}' ({1}) is not in hipkit's tables; left "
                         "untranslated",
                         Name, Library.Library));
}

void FileTranslation::addArgumentDrop(unsigned NameOffset, unsigned Begin,
                                      unsigned End) {
  if (!Refs.DroppedAt.insert(NameOffset).second)
    return;
  Buffer.add(Begin, End - Begin, "");
}

void FileTranslation::addEdit(unsigned Offset, unsigned Length,
                              llvm::StringRef Text, EditOrigin Origin,
                              llvm::StringRef Kind, llvm::StringRef Api) {
  Buffer.add(Offset, Length, Text);
  if (!Kind.empty())
    Stats.countConvertedEdit(Origin, Kind, Api);
}

void FileTranslation::requireHelper(llvm::StringRef Block, unsigned Offset) {
  Helpers.require(Block, Offset);
}

void FileTranslation::insertHelpers() { Helpers.insert(Buffer, Source, Log); }

void FileTranslation::finishStatistics() {
  Stats.TotalBytes = Contents.size();
  Stats.TotalLines =
      Source.lineStarts().size() - (!Contents.empty() && Contents.back() == '\n');
  if (Contents.empty())
    Stats.TotalLines = 0;
  std::set<unsigned> Lines;
  Stats.ReplacedBytes = 0;
  // Edits that clash are reported by apply().
  llvm::Expected<std::vector<EditBuffer::Edit>> Normalized =
      Buffer.normalized();
  if (!Normalized) {
    llvm::consumeError(Normalized.takeError());
    return;
  }
  for (const EditBuffer::Edit &E : *Normalized) {
    if (E.Length == 0 && E.Text.empty())
      continue;
    Stats.ReplacedBytes += E.Length; // Bytes of the original replaced.
    unsigned First = Source.lineAndColumn(E.Offset).first;
    unsigned Last =
        Source.lineAndColumn(E.Offset + (E.Length ? E.Length - 1 : 0)).first;
    for (unsigned L = First; L <= Last; ++L)
      Lines.insert(L);
  }
  Stats.ChangedLines = Lines.size();
}
