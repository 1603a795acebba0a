//===- ProjectRun.cpp - hipify-clang --in-root / --out-root ---------------===//
//
// Project mode: every file under --in-root goes to the same relative path
// under --out-root, each written once, planned and checked before anything is
// written, and translated again only when its inputs changed (the manifest,
// ProjectManifest.h). docs/hipify-clang.md, "Projects", says what users see.
//
//===----------------------------------------------------------------------===//
#include "HipifyRun.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/OutputFile.h"
#include "hipkit/hipify/BuildFileMigration.h"
#include "hipkit/hipify/LexicalLaunch.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::driver;

bool HipifyRun::checkProjectOptions() {
  if (Options.InRoot.empty()) {
    reportError("--out-root needs --in-root=<folder>: the project folder "
                "whose files are translated into it");
    return false;
  }
  if (!Options.OutputFile.empty() || !Options.OutputDir.empty()) {
    reportError("--in-root translates a project into --out-root; -o and "
                "--o-dir are for single sources; use only one of them");
    return false;
  }
  int Modes = !Options.OutRoot.empty() + Options.InPlace + Options.NoOutput;
  if (Modes == 0) {
    reportError("--in-root needs --out-root=<folder> for the translated "
                "project (or --inplace, or --no-output)");
    return false;
  }
  if (Modes > 1) {
    reportError("--out-root, --inplace and --no-output choose where the "
                "project's translation goes; use only one of them");
    return false;
  }
  if (!llvm::sys::fs::is_directory(Options.InRoot)) {
    reportError("--in-root: '" + Options.InRoot +
                "' is not an existing folder; name the project's folder");
    return false;
  }
  if (!Options.OutRoot.empty() &&
      realPathOf(Options.OutRoot) == realPathOf(Options.InRoot)) {
    reportError("--out-root '" + Options.OutRoot + "' is --in-root '" +
                Options.InRoot +
                "' itself; use --inplace to replace the project's files "
                "with their translations");
    return false;
  }
  return true;
}

std::string HipifyRun::projectOutput(llvm::StringRef RelPath) const {
  llvm::SmallString<256> Out(Options.InPlace ? Options.InRoot
                                             : Options.OutRoot);
  llvm::sys::path::append(Out, RelPath);
  return std::string(Out);
}

std::string HipifyRun::relativeToRoot(llvm::StringRef RealPath) const {
  llvm::StringRef Rel = RealPath;
  if (!Rel.consume_front(UserRoot) ||
      (!Rel.empty() && !llvm::sys::path::is_separator(Rel.front())))
    return "";
  return llvm::sys::path::convert_to_slash(Rel.ltrim("/"));
}

std::string HipifyRun::inputKey(llvm::StringRef RealPath) const {
  std::string Rel = relativeToRoot(RealPath);
  return Rel.empty() ? RealPath.str() : Rel;
}

std::string HipifyRun::currentHash(llvm::StringRef Key) {
  auto [It, New] = HashCache.try_emplace(Key);
  if (New) {
    std::string Path = Key.str();
    if (!llvm::sys::path::is_absolute(Key)) {
      llvm::SmallString<256> Joined(UserRoot);
      llvm::sys::path::append(Joined, Key);
      Path = std::string(Joined);
    }
    std::string Text;
    if (readWholeFile(Path, Text))
      It->second = contentHash(Text);
  }
  return It->second;
}

bool HipifyRun::inputsUnchanged(const ProjectManifest::Entry &E) {
  if (E.Inputs.empty())
    return false;
  for (const auto &[Key, Hash] : E.Inputs)
    if (currentHash(Key) != Hash)
      return false;
  return true;
}

/// What, besides the inputs, decides a translation: a rerun with other
/// options or another hipkit translates everything again.
std::string HipifyRun::runKey() const {
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  const NameOptions &N = Options.Names;
  OS << "hipkit " HIPKIT_VERSION << '\n'
     << N.Roc << N.MIOpen << N.Experimental << N.UseHipDataTypes
     << Options.HipKernelExecutionSyntax << Options.Amap
     << Options.SkipExcludedBlocks << Options.TranslateUserHeaders << '\n'
     << "hip " << TC.HipVersion << "\ncuda " << TC.CudaPath << '\n';
  for (const auto *List : {&Options.CudaGpuArchs, &Options.IncludeDirs,
                           &Options.Defines, &Options.ExtraArgsBefore,
                           &Options.ExtraArgs, &Options.ClangArgs}) {
    for (const std::string &Arg : *List)
      OS << Arg << '\0';
    OS << '\n';
  }
  OS << "db " << Options.BuildPath << '\n';
  return contentHash(Key);
}

void HipifyRun::progress(llvm::StringRef Current) {
  ++ProgressDone;
  if (!ShowProgress)
    return;
  llvm::errs() << "\r\x1b[K[" << ProgressDone << "/" << ProgressTotal << "] "
               << Current;
  llvm::errs().flush();
  ProgressShown = true;
}

void HipifyRun::clearProgress() {
  if (!ProgressShown)
    return;
  llvm::errs() << "\r\x1b[K";
  llvm::errs().flush();
  ProgressShown = false;
}

bool HipifyRun::prepareProject() {
  UserRoot = realPathOf(Options.InRoot);
  if (!Options.OutRoot.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(
            Options.OutRoot, /*IgnoreExisting=*/true, llvm::sys::fs::all_all)) {
      reportError("cannot create --out-root '" + Options.OutRoot +
                  "': " + EC.message());
      return false;
    }
  std::vector<std::string> Excluded;
  if (!Options.OutRoot.empty())
    Excluded.push_back(realPathOf(Options.OutRoot));
  llvm::Expected<std::vector<ProjectFile>> Files =
      listProjectFiles(Options.InRoot, Excluded);
  if (!Files) {
    reportError(llvm::toString(Files.takeError()));
    return false;
  }
  ProjectFiles = std::move(*Files);
  if (!Options.NoOutput) {
    llvm::SmallString<256> Manifest(Options.InPlace ? Options.InRoot
                                                    : Options.OutRoot);
    llvm::sys::path::append(Manifest, ProjectManifest::FileName);
    ManifestPath = std::string(Manifest);
    llvm::Expected<ProjectManifest> Old = ProjectManifest::load(ManifestPath);
    if (!Old) {
      reportError(llvm::toString(Old.takeError()));
      return false;
    }
    OldManifest = std::move(*Old);
  }
  NewManifest.RunKey = runKey();
  bool SameRun = OldManifest.RunKey == NewManifest.RunKey;
  if (!loadCompilationDatabase())
    return false;

  // Which files are parsed: those named, else the database's, else every .cu
  // and every C++ source that uses CUDA.
  llvm::StringMap<size_t> ByRealPath;
  for (size_t I = 0; I < ProjectFiles.size(); ++I)
    if (ProjectFiles[I].Kind != ProjectFileKind::Symlink)
      ByRealPath[realPathOf(ProjectFiles[I].Path)] = I;
  std::vector<size_t> Parsed;
  bool Ok = true;
  if (!Options.Sources.empty() || Database) {
    std::vector<std::string> Named = Options.Sources;
    if (Named.empty())
      Named = Database->getAllFiles();
    for (const std::string &Path : Named) {
      std::string Real = realPathOf(Path);
      auto It = ByRealPath.find(Real);
      if (It != ByRealPath.end()) {
        Parsed.push_back(It->second);
        continue;
      }
      if (Options.Sources.empty())
        continue; // The database lists sources of other folders too.
      reportError("'" + Path + "' is not a file under --in-root '" +
                  Options.InRoot + "'; name sources inside the project");
      Ok = false;
    }
  } else {
    for (size_t I = 0; I < ProjectFiles.size(); ++I) {
      const ProjectFile &F = ProjectFiles[I];
      if (F.Kind == ProjectFileKind::CudaSource) {
        Parsed.push_back(I);
      } else if (F.Kind == ProjectFileKind::CxxSource) {
        // A C++ source is parsed as CUDA only when the token engine finds
        // CUDA in it: a plain host file has nothing to translate.
        std::string Text;
        if (!readWholeFile(F.Path, Text) ||
            checkSourceText(F.Path, Text).operator bool())
          continue;
        FileTranslation Probe(F.Path, F.Path, Text, /*IsMainFile=*/true);
        LexicalScope Whole;
        Whole.WholeFile = true;
        Engine.translate(Probe, Whole);
        if (Probe.changesAnything() || Probe.UsesCudaFeatures)
          Parsed.push_back(I);
      }
    }
  }
  if (!Ok)
    return false;
  llvm::sort(Parsed);
  Parsed.erase(std::unique(Parsed.begin(), Parsed.end()), Parsed.end());

  for (size_t Index : Parsed) {
    const ProjectFile &F = ProjectFiles[Index];
    SourceRelPaths.insert(F.RelPath);
    auto Old = OldManifest.Outputs.find(F.RelPath);
    if (SameRun && Old != OldManifest.Outputs.end() && Old->second.Owner.empty() &&
        inputsUnchanged(Old->second) &&
        llvm::sys::fs::exists(projectOutput(F.RelPath))) {
      // Unchanged since the last run: neither parsed nor written, and so
      // are the headers it wrote.
      for (const auto &[Rel, E] : OldManifest.Outputs)
        if (Rel == F.RelPath || E.Owner == F.RelPath) {
          Handled.insert(Rel);
          UnchangedFiles.push_back(Rel);
          NewManifest.Outputs[Rel] = E;
        }
      continue;
    }
    Source S;
    S.Path = F.Path;
    llvm::Expected<std::string> Contents = readSource(F.Path);
    if (!Contents) {
      reportError(llvm::toString(Contents.takeError()));
      Ok = false;
      continue;
    }
    S.Contents = std::move(*Contents);
    S.RealPath = realPathOf(F.Path);
    if (!Options.NoOutput)
      S.Output = projectOutput(F.RelPath);
    SourceOutputs[S.RealPath] = S.Output;
    if (Database) {
      std::vector<clang::tooling::CompileCommand> Commands =
          Database->getCompileCommands(S.RealPath);
      if (!Commands.empty())
        S.ProjectFlags = filterProjectFlags(Commands.front().CommandLine,
                                            Commands.front().Directory);
    }
    Sources.push_back(std::move(S));
  }
  // The other files need work unless unchanged: same input, output there.
  for (const ProjectFile &F : ProjectFiles) {
    if (Handled.count(F.RelPath) || SourceRelPaths.count(F.RelPath) ||
        F.Kind == ProjectFileKind::Symlink)
      continue;
    auto Old = OldManifest.Outputs.find(F.RelPath);
    if (SameRun && Old != OldManifest.Outputs.end() &&
        Old->second.Owner.empty() && inputsUnchanged(Old->second) &&
        llvm::sys::fs::exists(projectOutput(F.RelPath))) {
      Handled.insert(F.RelPath);
      UnchangedFiles.push_back(F.RelPath);
      NewManifest.Outputs[F.RelPath] = Old->second;
    }
  }
  if (!Ok)
    return false;

  // Every output is known now: checked before anything is written.
  if (Options.NoOutput)
    return true;
  llvm::StringMap<std::string> Written;
  for (const auto &[Rel, E] : OldManifest.Outputs)
    Written[absolutePath(projectOutput(Rel))] = E.OutputHash;
  Plan.useProjectManifest(ManifestPath, std::move(Written));
  for (const ProjectFile &F : ProjectFiles)
    if (F.Kind != ProjectFileKind::Symlink)
      Plan.addInput(F.Path, "'" + F.Path + "'");
  for (const ProjectFile &F : ProjectFiles) {
    if (Handled.count(F.RelPath) || F.Kind == ProjectFileKind::Symlink)
      continue;
    std::string What = "the translation of '" + F.RelPath + "'";
    if (!Options.InPlace) {
      Plan.addOutput(projectOutput(F.RelPath), What, OutputRole::Implied);
      continue;
    }
    Plan.addOutput(F.Path, What, OutputRole::InPlace, F.Path);
    if (!Options.NoBackup && isTranslatableText(F.Kind)) {
      std::string Text;
      if (readWholeFile(F.Path, Text))
        Plan.addOutput(plannedBackupPath(F.Path, Text),
                       "the backup of '" + F.RelPath + "'", OutputRole::Named);
    }
  }
  Plan.addOutput(ManifestPath, "the manifest", OutputRole::Named);
  if (Options.PrintStatsCSV)
    Plan.addOutput(statisticsPath(), "the statistics", OutputRole::Named);
  if (ReportAs)
    Plan.addOutput(Options.ReportFile, "the report", OutputRole::Named);
  std::vector<std::string> Problems = Plan.check();
  for (const std::string &Problem : Problems)
    reportError(Problem);
  return Problems.empty();
}

/// The uses of a pasting macro, for a message: "RT(Free), RT(Malloc)".
static std::string listUses(const std::set<std::string> &Uses) {
  if (Uses.empty())
    return "no use";
  std::string Text;
  unsigned Shown = 0;
  for (const std::string &Use : Uses) {
    if (Shown++ == 4)
      return Text + ", ...";
    Text += (Text.empty() ? "" : ", ") + Use;
  }
  return Text;
}

/// Why a header translates differently through \p Source than through
/// \p Writer when one of its pasting macros is used with other names in the
/// two translations (the uses decide whether the macro is rewritten); ""
/// when the macros' uses are the same.
static std::string pastingDivergence(const PastingMacroUses &Here,
                                     const PastingMacroUses &There,
                                     llvm::StringRef Source,
                                     llvm::StringRef Writer) {
  static const std::set<std::string> None;
  for (const auto &[Macro, Uses] : Here) {
    auto Written = There.find(Macro);
    const std::set<std::string> &WrittenUses =
        Written == There.end() ? None : Written->second;
    if (Uses == WrittenUses)
      continue;
    return llvm::formatv(", because the pasting macro '{0}' is used with "
                         "different names in '{1}' ({2}) and '{3}' ({4}); the "
                         "translation through '{3}' was kept; check the uses "
                         "of '{0}'",
                         Macro, Source, listUses(Uses), Writer,
                         listUses(WrittenUses))
        .str();
  }
  return "";
}

void HipifyRun::planProjectHeaders(const Source &S, SourceTranslation &Result,
                                   std::vector<bool> &Claimed) {
  Claimed.assign(Result.Files.size(), false);
  std::string SourceRel = relativeToRoot(S.RealPath);
  for (size_t I = 1; I < Result.Files.size(); ++I) {
    FileTranslation &FT = *Result.Files[I];
    std::string Rel = relativeToRoot(FT.realPath());
    // A source included by another (samples #include "kernel.cu") is
    // written as the source it also is.
    if (Rel.empty() || SourceRelPaths.count(Rel))
      continue;
    llvm::Expected<std::string> Text = FT.apply();
    std::string Hash = Text ? contentHash(*Text) : "";
    if (!Text)
      llvm::consumeError(Text.takeError());
    auto Writer = HeaderWriters.find(Rel);
    std::string WrittenBy, WrittenHash;
    // Unknown for a header written by an earlier run.
    const PastingMacroUses *WrittenPastingUses = nullptr;
    if (Writer != HeaderWriters.end()) {
      WrittenBy = Writer->second.Source;
      WrittenHash = Writer->second.Hash;
      WrittenPastingUses = &Writer->second.PastingUses;
    } else if (Handled.count(Rel)) {
      auto Old = NewManifest.Outputs.find(Rel);
      if (Old == NewManifest.Outputs.end())
        continue;
      WrittenBy = Old->second.Owner.empty() ? Rel : Old->second.Owner;
      WrittenHash = Old->second.OutputHash;
    } else {
      Claimed[I] = true;
      HeaderWriters[Rel] = {SourceRel, Hash, FT.pastingMacroUses()};
      Handled.insert(Rel);
      HeaderOutput &H = Headers[FT.realPath()];
      H.Path = projectOutput(Rel);
      H.Written = !Options.NoOutput;
      continue;
    }
    if (Hash == WrittenHash || !ReportedDivergence.insert(Rel).second)
      continue;
    std::string Pasting =
        WrittenPastingUses
            ? pastingDivergence(FT.pastingMacroUses(), *WrittenPastingUses,
                                SourceRel, WrittenBy)
            : "";
    if (!Pasting.empty()) {
      reportWarning("'" + Rel + "' translates differently when '" + SourceRel +
                    "' includes it than when '" + WrittenBy + "' does" +
                    Pasting);
      continue;
    }
    reportWarning("'" + Rel + "' translates differently when '" + SourceRel +
                  "' includes it than when '" + WrittenBy +
                  "' does (different macros or include paths?); the "
                  "translation through '" + WrittenBy +
                  "' was kept; check the header's #if branches");
  }
}

void HipifyRun::recordProjectOutputs(const Source &S,
                                     const SourceTranslation &Result,
                                     const std::vector<bool> &Claimed) {
  ProjectManifest::Entry Inputs;
  for (const auto &File : Result.Files)
    Inputs.Inputs[inputKey(File->realPath())] = contentHash(File->contents());
  for (const OutsideRootInclude &H : Result.OutsideRoot)
    Inputs.Inputs[H.RealPath] = currentHash(H.RealPath);
  std::string SourceRel = relativeToRoot(S.RealPath);
  for (size_t I = 0; I < Result.Files.size(); ++I) {
    if (I && !Claimed[I])
      continue;
    std::string Rel = relativeToRoot(Result.Files[I]->realPath());
    auto Hash = WrittenHashes.find(absolutePath(projectOutput(Rel)));
    if (Hash == WrittenHashes.end())
      continue; // Not written: an error was reported.
    ProjectManifest::Entry E = Inputs;
    E.OutputHash = Hash->second;
    if (I)
      E.Owner = SourceRel;
    NewManifest.Outputs[Rel] = std::move(E);
  }
}

bool HipifyRun::settleOutputsNotRecorded() {
  bool Ok = true;
  for (const auto &[Rel, E] : OldManifest.Outputs) {
    if (NewManifest.Outputs.count(Rel))
      continue;
    llvm::SmallString<256> Input(Options.InRoot);
    llvm::sys::path::append(Input, Rel);
    if (llvm::sys::fs::exists(Input)) {
      NewManifest.Outputs[Rel] = E; // Claimed still; retranslated next run.
      continue;
    }
    if (Options.InPlace)
      continue; // The output was the input: gone with it.
    std::string Output = projectOutput(Rel);
    std::string Text;
    if (!llvm::sys::fs::exists(Output) || !readWholeFile(Output, Text))
      continue;
    if (contentHash(Text) != E.OutputHash) {
      reportWarning("kept '" + Output + "': its input '" + Rel +
                    "' is no longer under --in-root, but the file was "
                    "changed after hipify-clang wrote it; remove it if it is "
                    "not needed");
      continue;
    }
    if (std::error_code EC = llvm::sys::fs::remove(Output)) {
      reportError("cannot remove '" + Output + "', whose input '" + Rel +
                  "' left the project: " + EC.message());
      Ok = false;
      continue;
    }
    RemovedOutputs.push_back(Rel);
    // Folders the removal leaves empty go too, up to --out-root.
    llvm::StringRef Dir = llvm::sys::path::parent_path(Output);
    while (!Dir.empty() && Dir.size() > Options.OutRoot.size() &&
           !llvm::sys::fs::remove(Dir, /*IgnoreNonExisting=*/false))
      Dir = llvm::sys::path::parent_path(Dir);
  }
  return Ok;
}

bool HipifyRun::emitUnreachedFile(const ProjectFile &File) {
  std::string Output = projectOutput(File.RelPath);
  progress(File.RelPath);
  if (File.Kind == ProjectFileKind::Symlink) {
    if (Options.InPlace || Options.NoOutput)
      return true;
    // The same link, so that a link inside the tree still leads where it did.
    std::optional<std::string> Target = linkTarget(File.Path);
    if (!Target) {
      reportError("cannot read the link '" + File.Path +
                  "': " + std::strerror(errno));
      return false;
    }
    std::optional<std::string> Existing = linkTarget(Output);
    if (Existing && *Existing == *Target)
      return true;
    if (Existing || llvm::sys::fs::exists(Output)) {
      reportWarning("'" + Output + "' exists; the link '" + File.RelPath +
                    "' -> '" + *Target + "' was not recreated there");
      return true;
    }
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Output));
    if (std::error_code EC = llvm::sys::fs::create_link(*Target, Output)) {
      reportError("cannot create the link '" + Output + "': " + EC.message());
      return false;
    }
    return true;
  }
  std::string Text;
  if (!readWholeFile(File.Path, Text)) {
    reportError("cannot read '" + File.Path + "'; make it readable");
    return false;
  }
  std::string Translated = Text;
  bool IsBuildFile = File.Kind == ProjectFileKind::BuildFile;
  bool IsText = isTranslatableText(File.Kind) || IsBuildFile;
  if (IsText) {
    if (llvm::Error E = checkSourceText(File.Path, Text)) {
      llvm::consumeError(std::move(E)); // Not text after all: copied.
      IsText = false;
    }
  }
  if (IsText) {
    FileTranslation FT(File.Path, realPathOf(File.Path), Text,
                       /*IsMainFile=*/true);
    if (IsBuildFile) {
      migrateBuildFile(FT, buildFileKind(File.Path), Policy);
    } else {
      LexicalScope Whole;
      Whole.WholeFile = true;
      Engine.translate(FT, Whole);
      if (Options.HipKernelExecutionSyntax)
        rewriteLaunchesLexically(FT);
    }
    clearProgress();
    if (!Options.QuietWarnings)
      llvm::errs() << FT.formatWarnings(Selection, WarningErrors);
    FT.finishStatistics();
    TranslationStatistics Stats = FT.statistics();
    Stats.ChangedFiles = FT.changesAnything();
    llvm::Expected<std::string> Applied = FT.apply();
    if (!Applied) {
      reportError("internal error translating '" + File.Path +
                  "': " + llvm::toString(Applied.takeError()));
      return false;
    }
    if (FT.changesAnything() || !FT.warnings().empty()) {
      FileStats.push_back(Stats);
      if (ReportAs)
        ReportedFiles.push_back(
            reportFile(FT, Stats, Selection, Options.NoOutput ? "" : Output));
    }
    Translated = std::move(*Applied);
  }
  if (Translated == Text)
    CopiedFiles.push_back(File.RelPath);
  else
    ++TranslatedCount;
  if (Options.NoOutput)
    return true;
  bool Existed = llvm::sys::fs::exists(Output);
  if (!Options.InPlace)
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Output), /*IgnoreExisting=*/true,
            llvm::sys::fs::all_all)) {
      reportError("cannot create the folder for '" + Output +
                  "': " + EC.message());
      return false;
    }
  if (!writeFile(Output, Translated, Text, Options.InPlace))
    return false;
  // A new file has its original's permissions (an executable script stays
  // executable).
  if (!Existed)
    if (llvm::ErrorOr<llvm::sys::fs::perms> Mode =
            llvm::sys::fs::getPermissions(File.Path))
      llvm::sys::fs::setPermissions(Output, *Mode);
  ProjectManifest::Entry &E = NewManifest.Outputs[File.RelPath];
  E.Inputs = {{File.RelPath, contentHash(Text)}};
  E.OutputHash = contentHash(Translated);
  return true;
}

int HipifyRun::runProject() {
  discoverTargets();
  if (!prepareProject())
    return 1;
  warnAboutToolchain();
  ShowProgress = !Options.Quiet && llvm::sys::Process::StandardErrIsDisplayed();
  ProgressTotal = 0;
  for (const ProjectFile &F : ProjectFiles)
    ProgressTotal += !Handled.count(F.RelPath);
  precompileCudaHeaders();
  if (Options.Verbose)
    for (const Source &S : Sources) {
      std::string Line;
      for (const std::string &Arg : parseCommand(S))
        Line += (Line.empty() ? "" : " ") + Arg;
      reportNote("parse: " + Line);
    }

  unsigned Threads =
      Options.Jobs ? Options.Jobs
                   : llvm::hardware_concurrency().compute_thread_count();
  Threads = std::max(1u, Threads);
  // Sources are translated a batch at a time and written in order, so that
  // messages are deterministic and only a batch's results are in memory.
  size_t Batch = std::max<size_t>(4 * Threads, 8);
  for (size_t Begin = 0; Begin < Sources.size(); Begin += Batch) {
    size_t End = std::min(Sources.size(), Begin + Batch);
    std::vector<SourceTranslation> Results(End - Begin);
    if (Threads == 1 || End - Begin == 1) {
      for (size_t I = Begin; I < End; ++I)
        translate(Sources[I], Results[I - Begin]);
    } else {
      llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
      for (size_t I = Begin; I < End; ++I)
        Pool.async([this, I, Begin, &Results] {
          translate(Sources[I], Results[I - Begin]);
        });
      Pool.wait();
    }
    for (size_t I = Begin; I < End; ++I) {
      SourceTranslation &Result = Results[I - Begin];
      std::vector<bool> Claimed;
      planProjectHeaders(Sources[I], Result, Claimed);
      clearProgress();
      if (!Options.NoOutput && !Options.InPlace)
        if (std::error_code EC = llvm::sys::fs::create_directories(
                llvm::sys::path::parent_path(Sources[I].Output),
                /*IgnoreExisting=*/true, llvm::sys::fs::all_all)) {
          reportError("cannot create the folder for '" + Sources[I].Output +
                      "': " + EC.message());
          Failed = true;
          continue;
        }
      if (!emit(Sources[I], Result, Claimed))
        Failed = true;
      for (size_t J = 0; J < Result.Files.size(); ++J)
        if (!J || Claimed[J]) {
          ++TranslatedCount;
          progress(relativeToRoot(Result.Files[J]->realPath()));
        }
      Handled.insert(relativeToRoot(Sources[I].RealPath));
      if (!Options.NoOutput)
        recordProjectOutputs(Sources[I], Result, Claimed);
    }
  }
  for (const ProjectFile &F : ProjectFiles)
    if (!Handled.count(F.RelPath) && !emitUnreachedFile(F))
      Failed = true;
  clearProgress();
  removeTemporaries();
  if (!Options.NoOutput && !Failed && !settleOutputsNotRecorded())
    Failed = true;
  if (!Options.NoOutput)
    if (llvm::Error E = writeOutputFile(ManifestPath, NewManifest.render())) {
      reportError(llvm::toString(std::move(E)) +
                  "; the next run will translate everything again");
      Failed = true;
    }
  printStatistics();
  writeReport();
  if (Options.Verbose || llvm::sys::Process::StandardErrIsDisplayed())
    if (!Options.Quiet)
      reportNote(llvm::formatv("{0} file{1} under '{2}': {3} translated, {4} "
                               "copied as they are, {5} unchanged since the "
                               "last run{6}",
                               ProjectFiles.size(),
                               ProjectFiles.size() == 1 ? "" : "s",
                               Options.InRoot, TranslatedCount,
                               CopiedFiles.size(), UnchangedFiles.size(),
                               RemovedOutputs.empty()
                                   ? std::string()
                                   : llvm::formatv(
                                         "; {0} output{1} removed (their "
                                         "inputs left the project)",
                                         RemovedOutputs.size(),
                                         RemovedOutputs.size() == 1 ? "" : "s")
                                         .str())
                     .str());
  return finishRun();
}
