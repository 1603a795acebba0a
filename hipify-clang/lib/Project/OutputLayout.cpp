//===- OutputLayout.cpp - Where every output of a run goes ----------------===//
//
// No file is read or written here: the settings say how a path resolves and
// where a backup goes, so that the layout is a function of its arguments.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Project/OutputLayout.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace hipkit::hipify;

OutputLayout::OutputLayout(LayoutSettings S) : Settings(std::move(S)) {}

std::string OutputLayout::realPath(llvm::StringRef Path) const {
  return Settings.RealPath ? Settings.RealPath(Path) : Path.str();
}

std::string OutputLayout::backupPath(llvm::StringRef Path,
                                     llvm::StringRef Original) const {
  return Settings.BackupPath ? Settings.BackupPath(Path, Original)
                             : (Path + ".prehip").str();
}

void OutputLayout::addNamedSource(llvm::StringRef RealPath,
                                  llvm::StringRef Output) {
  SourceOutputs[RealPath] = Output.str();
}

const std::string *OutputLayout::namedOutput(llvm::StringRef RealPath) const {
  auto It = SourceOutputs.find(RealPath);
  return It == SourceOutputs.end() ? nullptr : &It->second;
}

std::vector<PlannedOutput>
OutputLayout::sourceOutputs(llvm::StringRef Path, llvm::StringRef Output,
                            llvm::StringRef Contents) const {
  std::vector<PlannedOutput> Outputs;
  if (Settings.NoOutput)
    return Outputs;
  using Writable = PlannedOutput::Writable;
  PlannedOutput O;
  O.Path = Output.str();
  O.What = "the translation of '" + Path.str() + "'";
  O.Owner = "'" + Path.str() + "'";
  O.Role = Settings.InPlace ? OutputRole::InPlace : OutputRole::Named;
  O.Kind = OutputKind::TranslatedSource;
  O.Replaces = Path.str();
  O.KeepsBackup = Settings.InPlace && !Settings.NoBackup;
  // --o-dir's folders are created once the plan is checked.
  O.CheckWritable =
      Settings.OutputDir ? Writable::CheckedIfFolderExists : Writable::Checked;
  Outputs.push_back(std::move(O));
  if (Settings.InPlace && !Settings.NoBackup) {
    PlannedOutput B;
    B.Path = backupPath(Path, Contents);
    B.What = "the backup of '" + Path.str() + "'";
    B.Kind = OutputKind::Backup;
    Outputs.push_back(std::move(B));
  }
  return Outputs;
}

std::vector<PlannedOutput> OutputLayout::runOutputs(llvm::StringRef Statistics,
                                                    llvm::StringRef Report,
                                                    llvm::StringRef Manifest) {
  std::vector<PlannedOutput> Outputs;
  auto add = [&](llvm::StringRef Path, llvm::StringRef What, OutputKind Kind,
                 bool Checked) {
    if (Path.empty())
      return;
    PlannedOutput O;
    O.Path = Path.str();
    O.What = What.str();
    O.Kind = Kind;
    if (Checked)
      O.CheckWritable = PlannedOutput::Writable::Checked;
    Outputs.push_back(std::move(O));
  };
  add(Manifest, "the manifest", OutputKind::Manifest, false);
  add(Statistics, "the statistics", OutputKind::Statistics, false);
  // The report is written last, after every translation: a folder that
  // cannot take it is said before anything is written.
  add(Report, "the report", OutputKind::Report, true);
  return Outputs;
}

const HeaderPlacement *OutputLayout::header(llvm::StringRef RealPath) const {
  auto It = Headers.find(RealPath);
  return It == Headers.end() ? nullptr : &It->second;
}

std::string OutputLayout::relativeToRoot(llvm::StringRef RealPath) const {
  llvm::StringRef Rel = RealPath;
  if (!Rel.consume_front(Settings.InRoot) ||
      (!Rel.empty() && !llvm::sys::path::is_separator(Rel.front())))
    return "";
  return llvm::sys::path::convert_to_slash(Rel.ltrim("/"));
}

std::string OutputLayout::projectOutput(llvm::StringRef Rel) const {
  llvm::SmallString<256> Out(Settings.OutRoot);
  llvm::sys::path::append(Out, Rel);
  return std::string(Out);
}

std::optional<PlannedOutput> OutputLayout::treeOutput(llvm::StringRef Rel,
                                                      bool Rewritten) const {
  if (Settings.InPlace && !Rewritten)
    return std::nullopt;
  PlannedOutput O;
  O.Path = projectOutput(Rel);
  O.TreeRel = Rel.str();
  O.What = "the translation of '" + Rel.str() + "'";
  O.Kind = OutputKind::TreeFile;
  O.Role = Settings.InPlace ? OutputRole::InPlace : OutputRole::Implied;
  O.Replaces = Settings.InRootName + "/" + Rel.str();
  return O;
}

SourceLayout OutputLayout::place(const LayoutSource &S,
                                 const llvm::StringSet<> &Done) {
  SourceLayout L;
  L.Claimed.assign(S.Files.size(), false);
  if (projectMode())
    placeInTree(S, Done, L);
  else
    placeBesideOutput(S, L);
  for (size_t I = 1; I < S.Files.size(); ++I)
    if (L.Claimed[I])
      planHeader(S.Files[I], L);
  return L;
}

void OutputLayout::placeInTree(const LayoutSource &S,
                               const llvm::StringSet<> &Done, SourceLayout &L) {
  for (size_t I = 1; I < S.Files.size(); ++I) {
    const LayoutFile &F = S.Files[I];
    std::string Rel = relativeToRoot(F.RealPath);
    // A source included by another (samples #include "kernel.cu") is
    // written as the source it also is; a header outside the root is not
    // the run's to write.
    if (Rel.empty() || TreeSources.count(Rel) || Done.count(Rel) ||
        Headers.count(F.RealPath))
      continue;
    L.Claimed[I] = true;
    HeaderPlacement &H = Headers[F.RealPath];
    H.Path = projectOutput(Rel);
    H.Written = !Settings.NoOutput;
  }
}

void OutputLayout::placeBesideOutput(const LayoutSource &S, SourceLayout &L) {
  // The first source to include a header translates it.
  bool WriteHeaders = !S.Output.empty() && S.Output != "-";
  llvm::SmallString<256> SourceDir(llvm::sys::path::parent_path(S.RealPath));
  llvm::SmallString<256> OutputDir(llvm::sys::path::parent_path(
      WriteHeaders ? realPath(S.Output) : S.RealPath));
  for (size_t I = 1; I < S.Files.size(); ++I) {
    const LayoutFile &F = S.Files[I];
    if (Headers.count(F.RealPath))
      continue;
    L.Claimed[I] = true;
    HeaderPlacement &H = Headers[F.RealPath];
    if (Settings.InPlace) {
      H.Path = F.RealPath;
    } else {
      // A header from a subfolder of the source's folder goes to the same
      // subfolder of the output's.
      llvm::StringRef Relative = F.RealPath;
      Relative.consume_front(SourceDir);
      Relative = Relative.ltrim("/");
      llvm::SmallString<256> Out(OutputDir);
      llvm::sys::path::append(Out, Relative);
      H.Path = std::string(Out);
      if (H.Path == F.RealPath) {
        H.Path += ".hip";
        H.Renamed = true;
      }
    }
    // A header that is also a named source, going where that source's
    // translation goes (--inplace, or <header>.hip beside it): the source's
    // own translation is written, and includes may name it.
    auto Named = SourceOutputs.find(F.RealPath);
    if (Named != SourceOutputs.end() &&
        realPath(Named->second) == realPath(H.Path)) {
      H.WrittenBySource = true;
      H.Written = true;
    }
  }
  std::vector<bool> Changes = renameIncludes(S, L);
  // Which headers this source writes.
  for (size_t I = 1; I < S.Files.size(); ++I) {
    if (!L.Claimed[I])
      continue;
    HeaderPlacement &H = Headers[S.Files[I].RealPath];
    if (Settings.NoOutput || !WriteHeaders || H.WrittenBySource ||
        (H.Renamed && !Changes[I]))
      continue;
    H.Written = true;
  }
}

std::vector<bool> OutputLayout::renameIncludes(const LayoutSource &S,
                                               SourceLayout &L) const {
  std::vector<bool> Changes;
  for (const LayoutFile &F : S.Files)
    Changes.push_back(F.Changes);
  // A renamed header is written only if its translation differs; includes of
  // it then name the .hip file. Renaming changes the including header, which
  // may in turn need writing, hence the fixed point. (Headers are written
  // only beside a file output: with standard output the includes keep naming
  // the original headers.)
  if (Settings.NoOutput || S.Output.empty() || S.Output == "-")
    return Changes;
  llvm::StringSet<> Redirected;
  // Each header's translation by real path: a chain of thousands of headers
  // takes as many passes, which must not each search every file.
  llvm::StringMap<size_t> HeaderIndex;
  for (size_t I = 1; I < S.Files.size(); ++I)
    HeaderIndex[S.Files[I].RealPath] = I;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const LayoutInclude &Inc : S.Includes) {
      auto It = Headers.find(Inc.HeaderRealPath);
      if (It == Headers.end() || !It->second.Renamed)
        continue;
      // Is the header's translation (in whichever source claimed it) changed?
      auto Index = HeaderIndex.find(Inc.HeaderRealPath);
      bool HeaderChanged = Index != HeaderIndex.end() &&
                           (Changes[Index->second] || It->second.Written);
      std::string Key =
          llvm::formatv("{0}:{1}", Inc.IncludingFile, Inc.NameBegin).str();
      if (!HeaderChanged || Redirected.count(Key))
        continue;
      Redirected.insert(Key);
      L.IncludeEdits.push_back({Inc.IncludingFile, Inc.NameBegin,
                                Inc.NameEnd - Inc.NameBegin,
                                "\"" + Inc.Spelled + ".hip\""});
      Changes[Inc.IncludingFile] = true;
      Changed = true;
    }
  }
  return Changes;
}

void OutputLayout::planHeader(const LayoutFile &F, SourceLayout &L) const {
  const HeaderPlacement &H = Headers.find(F.RealPath)->second;
  if (!H.Written || H.WrittenBySource)
    return;
  PlannedOutput O;
  O.Path = H.Path;
  O.What = "the translation of the header '" + F.DisplayPath + "'";
  O.Owner = "the header '" + F.DisplayPath + "'";
  O.Kind = OutputKind::Header;
  // A header's folder below --o-dir is created when it is written.
  O.CheckWritable = PlannedOutput::Writable::CheckedIfFolderExists;
  if (!Settings.InPlace) {
    O.Role = OutputRole::Implied;
    O.Original = F.Contents.str();
    L.Outputs.push_back(std::move(O));
    return;
  }
  O.Role = OutputRole::InPlace;
  O.Replaces = F.RealPath;
  L.Outputs.push_back(std::move(O));
  if (Settings.NoBackup)
    return;
  PlannedOutput B;
  B.Path = backupPath(H.Path, F.Contents);
  B.What = "the backup of '" + H.Path + "'";
  B.Kind = OutputKind::Backup;
  L.Outputs.push_back(std::move(B));
}
