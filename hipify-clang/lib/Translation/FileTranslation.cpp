//===- FileTranslation.cpp ------------------------------------------------===//
#include "hipkit/hipify/Translation/FileTranslation.h"

#include "hipkit/hipify/Source/Encoding.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

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
  // The first line's, from the line index: a search for it would scan the
  // whole of a one-line file for each line inserted there.
  llvm::ArrayRef<unsigned> LineStarts = Source.lineStarts();
  if (LineStarts.size() > 1 && LineStarts[1] >= 2 &&
      Contents[LineStarts[1] - 2] == '\r')
    return "\r\n";
  return "\n";
}

std::pair<unsigned, unsigned>
FileTranslation::lineAndColumn(unsigned Offset) const {
  llvm::ArrayRef<unsigned> LineStarts = Source.lineStarts();
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = It - LineStarts.begin();
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

void FileTranslation::warn(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  Log.Warnings.push_back({Offset, Message.str(), Check.str(), false});
}

void FileTranslation::addHazard(unsigned Offset, llvm::StringRef Check,
                                const llvm::Twine &Message) {
  // A check may reach the same spelling twice (a macro expanded twice).
  for (const FileWarning &W : Log.Warnings)
    if (W.IsHazard && W.Offset == Offset && W.Check == Check)
      return;
  Log.Warnings.push_back({Offset, Message.str(), Check.str(), true});
}

std::vector<FileWarning> FileTranslation::warnings() const {
  std::vector<FileWarning> Sorted;
  for (const FileWarning &W : Log.Warnings)
    if (!W.IsHazard || !Refs.RemovedNames.count(W.Offset))
      Sorted.push_back(W);
  llvm::stable_sort(Sorted, [](const FileWarning &A, const FileWarning &B) {
    return A.Offset < B.Offset;
  });
  return Sorted;
}

llvm::StringRef FileTranslation::lineText(unsigned Line) const {
  llvm::ArrayRef<unsigned> LineStarts = Source.lineStarts();
  if (Line == 0 || Line > LineStarts.size())
    return "";
  llvm::StringRef Rest = llvm::StringRef(Contents).drop_front(LineStarts[Line - 1]);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

void FileTranslation::removeName(unsigned Offset, unsigned Length,
                                 const ApiMapping &Row, EditOrigin Origin,
                                 const llvm::Twine &Message) {
  Buffer.add(Offset, Length, "");
  Refs.RemovedNames.insert(Offset);
  countConverted(Row, Origin);
  note(Offset, warning_names::Removed, Message);
}

void FileTranslation::removeUnreachableLabel(unsigned NameOffset,
                                             const ApiMapping &Row,
                                             unsigned Begin, unsigned End,
                                             llvm::StringRef Replacement,
                                             const llvm::Twine &Message) {
  auto Left = llvm::find_if(Log.Warnings, [&](const FileWarning &W) {
    return W.Offset == NameOffset && W.Check == warning_names::Unsupported;
  });
  if (Left != Log.Warnings.end()) {
    Log.Warnings.erase(Left);
    auto drop = [](std::map<std::string, unsigned> &Counts,
                   llvm::StringRef Key) {
      auto It = Counts.find(Key.str());
      if (It != Counts.end() && --It->second == 0)
        Counts.erase(It);
    };
    --Stats.Unconverted;
    drop(Stats.UnconvertedByKind, getKindName(Row.Kind));
    drop(Stats.UnconvertedByApi, Row.Api);
    drop(Stats.UnconvertedByName, Row.CudaName);
  }
  Buffer.add(Begin, End - Begin, Replacement);
  Refs.RemovedNames.insert(NameOffset);
  countConverted(Row, EditOrigin::AST);
  note(NameOffset, warning_names::Removed, Message);
}

void FileTranslation::note(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  FileWarning Note{Offset, Message.str(), Check.str()};
  Note.IsNote = true;
  Log.Warnings.push_back(std::move(Note));
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
  const RewriteRule *Rule =
      Resolved.hasRule() ? RewriteRule::forRow(Row) : nullptr;
  if (Rule && !Rule->rewriteReference(*this, Offset, Row, Origin, Decision))
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
      Log.WarnedRocKeepsHip.try_emplace(Row.Api, Log.Warnings.size());
  if (!IsFirst && Log.Warnings[Known->second].Offset <= Offset)
    return;
  std::string Message =
      llvm::formatv("no ROCm library has {0}'s API; --roc "
                    "writes its HIP names ('{1}' -> '{2}')",
                    Library->Library, Row.CudaName, Decision.Replacement);
  if (IsFirst)
    warn(Offset, warning_names::RocKeepsHipName, Message);
  else
    Log.Warnings[Known->second] = {Offset, Message,
                                   warning_names::RocKeepsHipName.str(), false};
}

void FileTranslation::addUnknownLibraryName(unsigned Offset,
                                            llvm::StringRef Name,
                                            const ApiInfo &Library) {
  if (Refs.NotCuda.count(Offset) || !Refs.Referenced.insert(Offset).second)
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

void FileTranslation::addArgumentDrop(unsigned NameOffset, unsigned Begin,
                                      unsigned End) {
  if (!Refs.DroppedAt.insert(NameOffset).second)
    return;
  Buffer.add(Begin, End - Begin, "");
}

void FileTranslation::warnIfNewerThanTarget(unsigned Offset,
                                            const ApiMapping &Row,
                                            const NameDecision &Decision,
                                            const NamePolicy &Policy) {
  if (!Decision.NewerThanTarget || !Log.WarnedNewer.insert(Row.CudaName).second)
    return;
  const ApiInfo *Api = lookupApi(Row.Api);
  llvm::StringRef Library =
      Api && Api->isLibrary() && !Api->HipLibrary.empty() ? Api->HipLibrary
                                                          : "HIP";
  bool Kept = Decision.Action == NameAction::KeepIdentical;
  Log.NewerHip.push_back({Offset, Library, Row.HipAdded,
                          (Kept ? Row.CudaName : Decision.Replacement).str(),
                          Row.CudaName});
  if (Kept)
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
  Log.Warnings.back().Summarized = true;
}

namespace {

/// The code of HelperBlocks.def's block \p Name; empty when there is none.
llvm::StringRef helperBlockText(llvm::StringRef Name) {
#define HIPIFY_HELPER_BLOCK(BlockName, Text)                                   \
  if (Name == #BlockName)                                                      \
    return Text;
#include "hipkit/hipify/Tables/HelperBlocks.def"
  return "";
}

/// Where a top-level declaration or directive may start at or before
/// \p Offset in \p Source's file: the start of the line after the
/// previous top-level declaration or directive, or of the directive holding
/// \p Offset (a macro body). Code inserted there is outside every brace, so
/// it is at namespace scope, before the declaration that holds \p Offset.
unsigned topLevelLineBefore(const SourceText &Source, unsigned Offset) {
  llvm::StringRef Contents = Source.contents();
  auto NextLineStart = [&](unsigned From) {
    size_t NewLine = Contents.find('\n', From);
    return NewLine == llvm::StringRef::npos ? unsigned(Contents.size())
                                            : unsigned(NewLine + 1);
  };
  unsigned Best = 0;
  auto Consider = [&](unsigned Candidate) {
    if (Candidate <= Offset && Candidate > Best)
      Best = Candidate;
  };
  llvm::ArrayRef<RawToken> Tokens = Source.tokens();
  unsigned Depth = 0;
  size_t I = 0;
  while (I < Tokens.size() && Tokens[I].Offset <= Offset) {
    if (Tokens[I].Kind == clang::tok::hash && Tokens[I].StartOfLine) {
      if (Depth == 0)
        Consider(Source.lineStart(Tokens[I].Offset));
      do
        ++I;
      while (I < Tokens.size() && !Tokens[I].StartOfLine);
      if (Depth == 0 && I < Tokens.size())
        Consider(Source.lineStart(Tokens[I].Offset));
      continue;
    }
    if (Tokens[I].Kind == clang::tok::l_brace)
      ++Depth;
    else if (Tokens[I].Kind == clang::tok::r_brace && Depth > 0)
      --Depth;
    bool EndsDeclaration = Depth == 0 && (Tokens[I].Kind == clang::tok::semi ||
                                          Tokens[I].Kind == clang::tok::r_brace);
    unsigned End = Tokens[I].end();
    ++I;
    // A declaration's closing brace may be followed by its declarators or a
    // semicolon (`struct S { ... } s;`): only a token on a later line starts
    // the next declaration.
    if (EndsDeclaration && I < Tokens.size() && Tokens[I].StartOfLine &&
        Tokens[I].Kind != clang::tok::semi)
      Consider(NextLineStart(End));
  }
  return Best;
}

} // namespace

void FileTranslation::requireHelper(llvm::StringRef Block, unsigned Offset) {
  auto [It, IsNew] = Refs.HelperUses.try_emplace(Block.str(), Offset);
  if (!IsNew)
    It->second = std::min(It->second, Offset);
}

void FileTranslation::insertHelpers() {
  for (const auto &[Block, FirstUse] : Refs.HelperUses) {
    llvm::StringRef Text = helperBlockText(Block);
    if (Text.empty())
      continue; // gen_mapping_table.py checks every block's name.
    unsigned At = topLevelLineBefore(Source, FirstUse);
    // The block's leading newline sets it apart from the code before it.
    Buffer.add(At, 0, At == 0 ? Text.drop_front(Text.starts_with("\n")) : Text);
    unsigned Line = lineAndColumn(At).first;
    note(FirstUse, warning_names::HelperDefined,
         llvm::formatv("HIP has no counterpart of this CUDA API; it is "
                       "written as calls to functions hipify-clang defines "
                       "before line {0} of this file (HelperBlocks.def's "
                       "'{1}')",
                       Line, Block));
  }
  Refs.HelperUses.clear();
}

void FileTranslation::addEdit(unsigned Offset, unsigned Length,
                              llvm::StringRef Text, EditOrigin Origin,
                              llvm::StringRef Kind, llvm::StringRef Api) {
  Buffer.add(Offset, Length, Text);
  if (Kind.empty())
    return;
  ++Stats.Converted;
  ++(Origin == EditOrigin::AST ? Stats.AstChecked : Stats.Lexical);
  ++Stats.ConvertedByKind[Kind.str()];
  if (!Api.empty())
    ++Stats.ConvertedByApi[Api.str()];
}

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
    if (W.Summarized || !Selection.Enabled(W.Check))
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
