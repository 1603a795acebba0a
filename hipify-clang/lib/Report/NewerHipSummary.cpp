//===- NewerHipSummary.cpp - HIP names newer than the target, once per run ===//

#include "hipkit/hipify/Report/NewerHipSummary.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <vector>

using namespace hipkit::hipify;

void NewerHipSummary::collect(const FileTranslation &FT) {
  // The engines find names in their own orders; the file's first use is the
  // one nearest its top.
  std::vector<const NewerHipUse *> Uses;
  for (const NewerHipUse &U : FT.diagnostics().newerHipUses())
    Uses.push_back(&U);
  llvm::stable_sort(Uses, [](const NewerHipUse *A, const NewerHipUse *B) {
    return A->Offset < B->Offset;
  });
  for (const NewerHipUse *UsePtr : Uses) {
    const NewerHipUse &U = *UsePtr;
    auto [It, IsNew] =
        IndexOf.try_emplace({U.Library.str(), U.HipAdded.str()}, Groups.size());
    if (IsNew)
      Groups.push_back({U.Library.str(), U.HipAdded.str()});
    Group &G = Groups[It->second];
    if (IsNew) {
      auto [Line, Column] = FT.source().lineAndColumn(U.Offset);
      G.FirstLocation =
          llvm::formatv("{0}:{1}:{2}", FT.displayPath(), Line, Column).str();
      G.FirstHipName = U.HipName;
      G.FirstCudaName = U.CudaName.str();
    }
    G.Names.insert(U.HipName);
    G.Files.insert(FT.displayPath());
    ++G.Uses;
  }
}

void NewerHipSummary::print(llvm::raw_ostream &OS,
                            const WarningSelection &Selection,
                            llvm::StringRef TargetVersion,
                            unsigned &Errors) const {
  llvm::StringRef Check = warning_names::NewerThanTarget;
  if (!Selection.Enabled(Check))
    return;
  bool IsError = Selection.AsError(Check);
  for (const Group &G : Groups) {
    llvm::StringRef Library = G.Library, Version = G.Version;
    std::string Name = G.FirstHipName == G.FirstCudaName
                           ? "'" + G.FirstHipName + "'"
                           : "'" + G.FirstHipName + "' (for '" +
                                 G.FirstCudaName + "')";
    std::string Others;
    if (G.Names.size() > 1)
      Others = llvm::formatv(", and so do{0} {1} more {2} name{3} ({4} uses "
                             "in {5} file{6}; --report lists each)",
                             G.Names.size() == 2 ? "es" : "",
                             G.Names.size() - 1, Library,
                             G.Names.size() == 2 ? "" : "s", G.Uses,
                             G.Files.size(), G.Files.size() == 1 ? "" : "s")
                   .str();
    else if (G.Files.size() > 1)
      Others = llvm::formatv(" ({0} uses in {1} files)", G.Uses,
                             G.Files.size())
                   .str();
    Errors += IsError;
    OS << llvm::formatv("{0}: {1}: {2} needs HIP {3}{4}, but the targeted "
                        "ROCm has HIP {5}; said once per library and "
                        "version: --rocm-path=<a ROCm with HIP {3} or newer> "
                        "or --hip-version={3} targets a newer HIP [{6}]\n",
                        G.FirstLocation, IsError ? "error" : "warning", Name,
                        Version, Others, TargetVersion, Check);
  }
}
