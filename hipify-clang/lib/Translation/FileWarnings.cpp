//===- FileWarnings.cpp ---------------------------------------------------===//
#include "hipkit/hipify/Translation/FileWarnings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace hipkit::hipify;

void WarningLog::warn(unsigned Offset, llvm::StringRef Check,
                      const llvm::Twine &Message) {
  Warnings.push_back({Offset, Message.str(), Check.str(), false});
}

void WarningLog::note(unsigned Offset, llvm::StringRef Check,
                      const llvm::Twine &Message) {
  FileWarning Note{Offset, Message.str(), Check.str()};
  Note.IsNote = true;
  Warnings.push_back(std::move(Note));
}

void WarningLog::addHazard(unsigned Offset, llvm::StringRef Check,
                           const llvm::Twine &Message) {
  for (const FileWarning &W : Warnings)
    if (W.IsHazard && W.Offset == Offset && W.Check == Check)
      return;
  Warnings.push_back({Offset, Message.str(), Check.str(), true});
}

bool WarningLog::remove(unsigned Offset, llvm::StringRef Check) {
  auto Found = llvm::find_if(Warnings, [&](const FileWarning &W) {
    return W.Offset == Offset && W.Check == Check;
  });
  if (Found == Warnings.end())
    return false;
  Warnings.erase(Found);
  return true;
}

std::vector<FileWarning> WarningLog::warnings() const {
  std::vector<FileWarning> Sorted;
  for (const FileWarning &W : Warnings)
    if (!W.IsHazard || !HazardsDropped.count(W.Offset))
      Sorted.push_back(W);
  llvm::stable_sort(Sorted, [](const FileWarning &A, const FileWarning &B) {
    return A.Offset < B.Offset;
  });
  return Sorted;
}

void WarningLog::warnIfRocKeepsHipName(unsigned Offset, const ApiMapping &Row,
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

void WarningLog::warnIfNewerThanTarget(unsigned Offset, const ApiMapping &Row,
                                       const NameDecision &Decision,
                                       const NamePolicy &Policy) {
  if (!Decision.NewerThanTarget || !WarnedNewer.insert(Row.CudaName).second)
    return;
  const ApiInfo *Api = lookupApi(Row.Api);
  llvm::StringRef Library = Api && Api->isLibrary() && !Api->HipLibrary.empty()
                                ? Api->HipLibrary
                                : "HIP";
  bool Kept = Decision.Action == NameAction::KeepIdentical;
  NewerHip.push_back({Offset, Library, Row.HipAdded,
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
  Warnings.back().Summarized = true;
}

std::string WarningLog::format(llvm::StringRef Path, const SourceText &Source,
                               const WarningSelection &Selection,
                               unsigned &Errors) const {
  std::string Text;
  for (const FileWarning &W : warnings()) {
    if (W.Summarized || !Selection.Enabled(W.Check))
      continue;
    bool IsError = Selection.AsError(W.Check);
    Errors += IsError;
    auto [Line, Column] = Source.lineAndColumn(W.Offset);
    Text += llvm::formatv("{0}:{1}:{2}: {3}: {4} [{5}]\n", Path, Line, Column,
                          IsError    ? "error"
                          : W.IsNote ? "note"
                                     : "warning",
                          W.Message, W.Check)
                .str();
  }
  return Text;
}
