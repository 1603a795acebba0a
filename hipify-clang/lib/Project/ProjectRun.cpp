//===- ProjectRun.cpp - hipify-clang --in-root / --out-root ---------------===//
//
// Project mode: every file under --in-root goes to the same relative path
// under --out-root, each written once, planned and checked before anything is
// written, and translated again only when its inputs changed (the manifest,
// ProjectManifest.h). docs/hipify-clang.md, "Projects", says what users see.
//
//===----------------------------------------------------------------------===//
#include "HipifyRun.h"
#include "hipkit/hipify/Engines/TestHooks.h"
#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/InOrder.h"
#include "hipkit/Support/OutputFile.h"
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"
#include "hipkit/hipify/Engines/LexicalLaunch.h"
#include "hipkit/hipify/Source/Encoding.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>
#include <cerrno>
#include <csignal>
#include <cstring>

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::driver;

/// The names of the `#include "..."` lines of \p Text (a scan of the
/// directives, for which files a project's sources include as code).
static std::vector<std::string> quotedIncludes(llvm::StringRef Text) {
  std::vector<std::string> Names;
  while (!Text.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("\""))
      continue;
    size_t Close = Line.find('"');
    if (Close != llvm::StringRef::npos && Close > 0)
      Names.push_back(Line.take_front(Close).str());
  }
  return Names;
}

std::string HipifyRun::projectOutput(llvm::StringRef RelPath) const {
  return Layout.projectOutput(RelPath);
}

std::string HipifyRun::relativeToRoot(llvm::StringRef RealPath) const {
  return Layout.relativeToRoot(RealPath);
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
    // Streamed, and only from a regular file: a manifest's input may name
    // anything, a data file may be gigabytes.
    It->second = hashRegularFile(Path).value_or("");
  }
  return It->second;
}

bool HipifyRun::inputsUnchanged(
    const std::map<std::string, std::string> &Inputs) {
  if (Inputs.empty())
    return false;
  for (const auto &[Key, Hash] : Inputs)
    if (currentHash(Key) != Hash)
      return false;
  return true;
}

/// What, besides the inputs, decides a translation: a rerun with other
/// options or another hipkit translates everything again. Files and folders
/// are keyed by what they are, not how they were spelled: the same options
/// written from another folder are the same run, the same relative -I from
/// another folder is not.
std::string HipifyRun::runKey() const {
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  const NameOptions &N = Options.Names;
  OS << "hipkit " HIPKIT_VERSION << '\n'
     << N.Roc << N.MIOpen << N.Experimental << N.UseHipDataTypes
     << Options.HipKernelExecutionSyntax << Options.Amap
     << Options.SkipExcludedBlocks << Options.TranslateUserHeaders << '\n'
     << "hip " << TC.HipVersion << "\ncuda " << canonicalPath(TC.CudaPath)
     << '\n';
  auto keyList = [&](const std::vector<std::string> &List) {
    for (const std::string &Arg : List)
      OS << Arg << '\0';
    OS << '\n';
  };
  keyList(Options.CudaGpuArchs);
  std::vector<std::string> IncludeDirs;
  for (const std::string &Dir : Options.IncludeDirs)
    IncludeDirs.push_back(canonicalPath(Dir));
  keyList(IncludeDirs);
  keyList(Options.Defines);
  for (const auto *List :
       {&Options.ExtraArgsBefore, &Options.ExtraArgs, &Options.ClangArgs})
    keyList(canonicalArguments(*List));
  OS << "db "
     << (Options.BuildPath.empty() ? "" : canonicalPath(Options.BuildPath))
     << '\n';
  OS << "torch-extension " << TorchExtension << '\n';
  return contentHash(Key);
}

void HipifyRun::progress(llvm::StringRef Current) {
  ++ProgressDone;
  if (!ShowProgress)
    return;
  llvm::errs() << "\r\x1b[K[" << ProgressDone << "/" << ProgressTotal << "] "
               << printable(Current);
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

bool HipifyRun::loadProjectManifest() {
  TreeManifest.Path = projectOutput(ProjectManifest::FileName);
  Plan.useManifest(TreeManifest);
  Plan.useTree(*Tree);
  // Read beneath the tree, as regular files only: a FIFO there would block,
  // a link to /dev/zero fill the memory.
  llvm::Expected<std::optional<std::string>> Text =
      Tree->read(ProjectManifest::FileName, ProjectManifest::MaxBytes);
  if (!Text) {
    reportError(llvm::toString(Text.takeError()) +
                "; it should be the manifest hipify-clang wrote");
    return false;
  }
  if (*Text) {
    llvm::Expected<ProjectManifest> Old =
        ProjectManifest::parse(**Text, TreeManifest.Path);
    if (!Old) {
      reportError(llvm::toString(Old.takeError()));
      return false;
    }
    TreeManifest.Last = std::move(*Old);
  }
  std::string JournalPath = projectOutput(ProjectManifest::JournalName);
  llvm::Expected<std::optional<std::string>> Journal =
      Tree->read(ProjectManifest::JournalName, ProjectManifest::MaxBytes);
  if (!Journal) {
    reportError(llvm::toString(Journal.takeError()) +
                "; it should be the journal hipify-clang writes");
    return false;
  }
  std::string JournalInRoot;
  if (*Journal) {
    llvm::Expected<std::string> In =
        TreeManifest.Last.addJournal(**Journal, JournalPath);
    if (!In) {
      reportError(llvm::toString(In.takeError()));
      return false;
    }
    JournalInRoot = std::move(*In);
  }
  // Another project's translation is never taken over silently: its
  // outputs would count as having left this project, and be removed.
  for (const std::string *Recorded :
       {&TreeManifest.Last.InRoot, &JournalInRoot}) {
    if (Recorded->empty() || *Recorded == UserRoot || Options.InPlace)
      continue;
    if (Options.Force)
      break;
    reportError("--out-root '" + Options.OutRoot +
                "' holds the translation of another project ('" + *Recorded +
                "', says its manifest); nothing was written; choose another "
                "--out-root, or use --force to make it this project's (the "
                "other project's outputs are then removed)");
    return false;
  }
  if (*Journal) {
    // The interrupted run's outputs are now in the manifest: written as it
    // is before anything else, so a second interruption loses nothing.
    TreeManifest.Last.InRoot = UserRoot;
    if (llvm::Error E = Tree->write(ProjectManifest::FileName,
                                    TreeManifest.Last.render(), {})) {
      reportError(llvm::toString(std::move(E)));
      return false;
    }
    if (llvm::Error E = Tree->remove(ProjectManifest::JournalName)) {
      reportError(llvm::toString(std::move(E)));
      return false;
    }
    if (Options.Verbose)
      reportNote("'" + JournalPath +
                 "': an interrupted run's outputs were recognised");
  }
  return true;
}

bool HipifyRun::prepareProject() {
  UserRoot = realPathOf(Options.InRoot);
  Layout = OutputLayout(layoutSettings(UserRoot));
  TreeManifest.This.InRoot = UserRoot;
  if (!Options.NoOutput) {
    llvm::Expected<OutputTree> Opened =
        OutputTree::open(Options.InPlace ? Options.InRoot : Options.OutRoot,
                         /*Create=*/!Options.InPlace);
    if (!Opened) {
      reportError((Options.InPlace ? "--in-root: " : "--out-root: ") +
                  llvm::toString(Opened.takeError()));
      return false;
    }
    Tree = std::move(*Opened);
  }
  std::vector<std::string> Excluded;
  if (!Options.OutRoot.empty())
    Excluded.push_back(realPathOf(Options.OutRoot));
  ProjectOwnFiles Own;
  Own.RootFiles = {ProjectManifest::FileName, ProjectManifest::JournalName,
                   PrecompiledHeaderCache::DefaultName, ShardRecordName};
  Own.BackupsAreOwn = Options.InPlace;
  llvm::Expected<std::vector<ProjectFile>> Files =
      listProjectFiles(Options.InRoot, Excluded, Own, LeftOut);
  if (!Files) {
    reportError(llvm::toString(Files.takeError()));
    return false;
  }
  ProjectFiles = std::move(*Files);
  for (const LeftOutFile &L : LeftOut) {
    std::string Path =
        L.RelPath == "." ? Options.InRoot : Options.InRoot + "/" + L.RelPath;
    if (L.IsError) {
      reportError("'" + Path + "' was left out: " + L.Reason);
      Failed = true;
    } else {
      reportWarning("'" + Path + "' was left out: " + L.Reason);
    }
  }
  if (Tree && !loadProjectManifest())
    return false;
  // Whether the project is a PyTorch extension changes its translations (the
  // marker), so the run key holds it.
  for (const ProjectFile &F : ProjectFiles) {
    std::string Text;
    if (buildFileKind(F.Path) == BuildFileKind::SetupPy &&
        readWholeFile(F.Path, Text))
      noteBuildFile(F.Path, Text);
  }
  TreeManifest.This.RunKey = runKey();
  if (!loadCompilationDatabase())
    return false;
  std::optional<std::vector<size_t>> Parsed = chooseParsedSources();
  return Parsed && readProjectSources(*Parsed) && checkProjectPlan();
}

bool HipifyRun::unchangedSinceLastRun(const ProjectFile &F) {
  // A shard translates all its share: --merge needs every file's report.
  if (Options.ShardCount ||
      TreeManifest.Last.RunKey != TreeManifest.This.RunKey)
    return false;
  std::optional<ManifestRecord> Old = TreeManifest.written(F.RelPath);
  return Old && Old->Owner.empty() && inputsUnchanged(Old->Inputs) &&
         outputStillThere(F.RelPath);
}

std::optional<std::vector<size_t>> HipifyRun::chooseParsedSources() {
  // Which files are parsed: those named, else the database's, else every .cu
  // and every C or C++ source that uses CUDA.
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
      } else if (F.Kind == ProjectFileKind::CxxSource ||
                 F.Kind == ProjectFileKind::CSource) {
        // A C++ source is parsed as CUDA (a C source as C) only when the
        // token engine finds CUDA in it: a plain host file has nothing to
        // translate.
        std::string Text;
        if (!readWholeFile(F.Path, Text) ||
            checkSourceText(F.Path, Text).operator bool())
          continue;
        FileTranslation Probe(F.Path, F.Path, Text, /*IsMainFile=*/true);
        LexicalScope Whole;
        Whole.WholeFile = true;
        Engine.translate(Probe, Whole);
        if (Probe.changesAnything() || Probe.usesCuda())
          Parsed.push_back(I);
      }
    }
  }
  if (!Ok)
    return std::nullopt;
  llvm::sort(Parsed);
  Parsed.erase(std::unique(Parsed.begin(), Parsed.end()), Parsed.end());
  if (Options.Sources.empty() && !Database)
    dropSourcesIncludedAsCode(Parsed, ByRealPath);
  return Parsed;
}

void HipifyRun::dropSourcesIncludedAsCode(
    std::vector<size_t> &Parsed, const llvm::StringMap<size_t> &ByRealPath) {
  // A source that another parsed source includes as code (`#include
  // "kernels.cu"`) takes its types from its includer: parsed alone it would
  // not compile. Unless named, it is translated in its includer's parse, as
  // that source's user header.
  {
    std::vector<std::string> Folders = Options.IncludeDirs;
    for (const auto &[Flag, Dir] : includeFolders(Options.ClangArgs))
      if (Flag == "-I" || Flag == "-iquote")
        Folders.push_back(Dir);
    std::set<size_t> Included;
    for (size_t Index : Parsed) {
      // Two sources that include each other: the first keeps its parse.
      if (Included.count(Index))
        continue;
      std::string Text;
      if (!readWholeFile(ProjectFiles[Index].Path, Text))
        continue;
      for (const std::string &Name : quotedIncludes(Text)) {
        std::vector<std::string> Candidates = {
            (llvm::sys::path::parent_path(ProjectFiles[Index].Path) + "/" +
             Name)
                .str()};
        for (const std::string &Folder : Folders)
          Candidates.push_back(Folder + "/" + Name);
        for (const std::string &Candidate : Candidates) {
          if (!llvm::sys::fs::exists(Candidate))
            continue;
          auto It = ByRealPath.find(realPathOf(Candidate));
          if (It != ByRealPath.end() && It->second != Index)
            Included.insert(It->second);
          break;
        }
      }
    }
    llvm::erase_if(Parsed, [&](size_t I) { return Included.count(I); });
  }
}

bool HipifyRun::readProjectSources(const std::vector<size_t> &Parsed) {
  bool Ok = true;
  for (size_t Index : Parsed) {
    const ProjectFile &F = ProjectFiles[Index];
    SourceRelPaths.insert(F.RelPath);
    Layout.addTreeSource(F.RelPath);
    if (unchangedSinceLastRun(F)) {
      // Unchanged since the last run: neither parsed nor written, and so
      // are the headers it wrote.
      for (const auto &[Rel, E] : TreeManifest.Last.Outputs)
        if (Rel == F.RelPath || E.Owner == F.RelPath) {
          Handled.insert(Rel);
          UnchangedFiles.push_back(Rel);
          TreeManifest.keepLast(Rel);
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
    Layout.addNamedSource(S.RealPath, S.Output);
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
        F.Kind == ProjectFileKind::Symlink || !unchangedSinceLastRun(F))
      continue;
    Handled.insert(F.RelPath);
    UnchangedFiles.push_back(F.RelPath);
    TreeManifest.keepLast(F.RelPath);
  }
  return Ok;
}

bool HipifyRun::checkProjectPlan() {
  // Every output is known now: checked before anything is written.
  if (Options.NoOutput)
    return true;
  for (const ProjectFile &F : ProjectFiles)
    if (F.Kind != ProjectFileKind::Symlink)
      Plan.addInput(F.Path, "'" + F.Path + "'");
  // Each output below the tree, checked there (OutputPlan::useTree).
  for (const ProjectFile &F : ProjectFiles)
    if (!Handled.count(F.RelPath))
      if (std::optional<PlannedOutput> O = Layout.treeOutput(
              F.RelPath, isTranslatableText(F.Kind) ||
                             F.Kind == ProjectFileKind::BuildFile))
        Plan.add(std::move(*O));
  planRunOutputs(TreeManifest.Path);
  bool Ok = reportPlanProblems();
  LinksToReplace = Plan.linksToReplace();
  return Ok;
}

bool HipifyRun::outputStillThere(llvm::StringRef Rel) const {
  llvm::Expected<TreeEntry> Entry = Tree ? Tree->lookup(Rel) : TreeEntry();
  if (!Entry) {
    llvm::consumeError(Entry.takeError());
    return false;
  }
  return Tree ? Entry->Kind == TreeEntryKind::RegularFile
              : llvm::sys::fs::exists(projectOutput(Rel));
}

std::optional<std::string> HipifyRun::treeRelative(llvm::StringRef Path) const {
  if (!Tree)
    return std::nullopt;
  std::string Prefix = projectOutput("");
  if (!llvm::sys::path::is_separator(Prefix.back()))
    Prefix += '/';
  if (!Path.starts_with(Prefix) || Path.size() == Prefix.size())
    return std::nullopt;
  return Path.substr(Prefix.size()).str();
}

bool HipifyRun::prepareTreeFolders(llvm::StringRef Rel) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Rel.split(Parts, '/');
  std::string Folder;
  for (size_t I = 0; I + 1 < Parts.size(); ++I) {
    Folder += (Folder.empty() ? "" : "/") + Parts[I].str();
    if (!LinksToReplace.count(Folder))
      continue;
    llvm::Expected<TreeEntry> Entry = Tree->lookup(Folder);
    if (Entry && Entry->Kind == TreeEntryKind::Link)
      if (llvm::Error E = Tree->replaceLinkWithFolder(Folder)) {
        reportError(llvm::toString(std::move(E)));
        return false;
      }
    if (!Entry)
      llvm::consumeError(Entry.takeError());
    LinksToReplace.erase(Folder);
    TreeManifest.forget(Folder);
  }
  return true;
}

void HipifyRun::journalOutput(llvm::StringRef Rel,
                              const ProjectManifest::Entry &E) {
  std::string Lines;
  if (!JournalStarted)
    Lines = ProjectManifest::journalHeader(UserRoot);
  Lines += ProjectManifest::journalLine(Rel, E);
  if (llvm::Error Err = Tree->append(ProjectManifest::JournalName, Lines)) {
    // Without it, only an interrupted run loses something: a warning.
    reportWarning(llvm::toString(std::move(Err)) +
                  "; an interrupted run's outputs would count as foreign");
    return;
  }
  JournalStarted = true;
  static unsigned Journaled = 0;
  if (std::optional<std::string> Kill = testHook("kill-after-outputs"))
    if (++Journaled == unsigned(std::atoi(Kill->c_str())))
      ::raise(SIGKILL);
}

bool HipifyRun::writeTreeFile(llvm::StringRef Rel, llvm::StringRef Contents,
                              llvm::StringRef Original, bool IsInPlace) {
  std::string Shown = Tree->pathOf(Rel);
  OutputTree::WriteOptions Write;
  Write.ReplaceLink = Options.Force;
  WrittenHashes[absolutePath(projectOutput(Rel))] = contentHash(Contents);
  if (IsInPlace) {
    if (Contents == Original)
      return true; // Nothing to replace: the file and its time stamp stay.
    Write.Previous = Original;
    if (!Options.NoBackup) {
      llvm::Expected<std::optional<std::string>> Now = Tree->read(Rel);
      if (!Now || !*Now || **Now != Original) {
        if (!Now)
          llvm::consumeError(Now.takeError());
        reportError("'" + Shown +
                    "' changed while it was translated (another program "
                    "wrote to it); it was left as it is; translate it again "
                    "when nothing else writes to it");
        return false;
      }
      llvm::Expected<std::string> Backup = Tree->backup(Rel, Original);
      if (Backup)
        *Backup = Tree->pathOf(*Backup);
      if (!keptBackup(Shown, std::move(Backup)))
        return false;
    }
  } else {
    if (!prepareTreeFolders(Rel))
      return false;
    // A new file takes its input's permissions (a script stays
    // executable), never its set-ID bits.
    llvm::ErrorOr<llvm::sys::fs::perms> Mode =
        llvm::sys::fs::getPermissions(Options.InRoot + "/" + Rel.str());
    if (Mode)
      Write.NewMode = unsigned(*Mode) & 0777;
  }
  if (llvm::Error E = Tree->write(Rel, Contents, Write)) {
    reportError(llvm::toString(std::move(E)));
    return false;
  }
  ProjectManifest::Entry Written;
  Written.OutputHash = contentHash(Contents);
  journalOutput(Rel, Written);
  if (Options.Verbose)
    reportNote("wrote '" + Shown + "'");
  return true;
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

std::vector<bool> HipifyRun::planProjectHeaders(const Source &S,
                                                SourceTranslation &Result) {
  // The headers no source wrote before are this one's (OutputLayout); the
  // others are checked for a translation that differs here.
  std::vector<bool> Claimed =
      Layout.place(layoutSource(S, Result), Handled).Claimed;
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
    if (Claimed[I]) {
      HeaderWriters[Rel] = {SourceRel, Hash, Result.Pasting.macroUsesIn(FT)};
      Handled.insert(Rel);
      continue;
    }
    if (Writer != HeaderWriters.end()) {
      WrittenBy = Writer->second.Source;
      WrittenHash = Writer->second.Hash;
      WrittenPastingUses = &Writer->second.PastingUses;
    } else {
      // Handled before: kept from the last run, or another shard's.
      const ProjectManifest::Entry *Old = TreeManifest.recorded(Rel);
      if (!Old)
        continue;
      WrittenBy = Old->Owner.empty() ? Rel : Old->Owner;
      WrittenHash = Old->OutputHash;
    }
    if (Hash == WrittenHash || !ReportedDivergence.insert(Rel).second)
      continue;
    std::string Pasting =
        WrittenPastingUses
            ? pastingDivergence(Result.Pasting.macroUsesIn(FT), *WrittenPastingUses,
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
  return Claimed;
}

void HipifyRun::recordProjectOutputs(const Source &S,
                                     const SourceTranslation &Result,
                                     const std::vector<bool> &Claimed) {
  ManifestRecord Inputs;
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
    ManifestRecord E = Inputs;
    E.Hash = Hash->second;
    if (I)
      E.Owner = SourceRel;
    TreeManifest.record(Rel, std::move(E));
  }
}

bool HipifyRun::settleOutputsNotRecorded() {
  bool Ok = true;
  for (const auto &[Rel, E] : TreeManifest.Last.Outputs) {
    if (TreeManifest.recorded(Rel))
      continue;
    std::string Input = Options.InRoot + "/" + Rel;
    bool InputIsLink = linkTarget(Input).has_value();
    bool InputIsFile = !InputIsLink && llvm::sys::fs::exists(Input) &&
                       !llvm::sys::fs::is_directory(Input);
    if (E.LinkTarget ? InputIsLink : InputIsFile) {
      // Claimed still; retranslated next run.
      TreeManifest.keepLast(Rel);
      continue;
    }
    if (E.LinkTarget && llvm::sys::fs::is_directory(Input))
      continue; // The link became the folder this run wrote.
    if (Options.InPlace)
      continue; // The output was the input: gone with it.
    std::string Output = Tree->pathOf(Rel);
    // Only what is still exactly what hipify-clang made goes, beneath the
    // tree: a file with the recorded text, a link with the recorded target.
    llvm::Expected<TreeEntry> Entry = Tree->lookup(Rel);
    if (!Entry) {
      llvm::consumeError(Entry.takeError()); // Not below the tree any more.
      continue;
    }
    bool Ours = false;
    if (E.LinkTarget) {
      Ours = Entry->Kind == TreeEntryKind::Link &&
             Entry->LinkTarget == *E.LinkTarget;
    } else if (Entry->Kind == TreeEntryKind::RegularFile) {
      llvm::Expected<std::optional<std::string>> Hash = Tree->hash(Rel);
      if (!Hash) {
        llvm::consumeError(Hash.takeError());
        continue;
      }
      Ours = *Hash && **Hash == E.OutputHash;
      if (!Ours) {
        reportWarning("kept '" + Output + "': its input '" + Rel +
                      "' is no longer under --in-root, but the file was "
                      "changed after hipify-clang wrote it; remove it if it "
                      "is not needed");
        continue;
      }
    }
    if (!Ours)
      continue;
    if (llvm::Error Err = Tree->remove(Rel)) {
      reportError(llvm::toString(std::move(Err)) + " (its input '" + Rel +
                  "' left the project)");
      Ok = false;
      continue;
    }
    RemovedOutputs.push_back(Rel);
    // Folders the removal leaves empty go too, up to --out-root.
    Tree->removeEmptyParents(Rel);
  }
  return Ok;
}

bool HipifyRun::emitUnreachedFile(const ProjectFile &File) {
  progress(File.RelPath);
  if (File.Kind == ProjectFileKind::Symlink)
    return emitLink(File);
  if (!isTranslatableText(File.Kind) &&
      File.Kind != ProjectFileKind::BuildFile)
    return copyDataFile(File);
  return emitUnreachedText(File);
}

bool HipifyRun::emitLink(const ProjectFile &File) {
  TreeManifest.forget(File.RelPath);
  if (Options.InPlace || Options.NoOutput)
    return true;
  // The same link, so that a link inside the tree still leads where it did.
  std::optional<std::string> Target = linkTarget(File.Path);
  if (!Target) {
    reportError("cannot read the link '" + File.Path +
                "': " + std::strerror(errno));
    return false;
  }
  llvm::Expected<TreeEntry> Existing = Tree->lookup(File.RelPath);
  if (!Existing) {
    reportError(llvm::toString(Existing.takeError()));
    return false;
  }
  if (Existing->Kind != TreeEntryKind::Missing &&
      !(Existing->Kind == TreeEntryKind::Link &&
        Existing->LinkTarget == *Target))
    // The plan allowed it (OutputPlan::checkTreeOutput): a link or file of
    // hipify-clang's, or --force.
    if (llvm::Error E = Tree->remove(File.RelPath)) {
      reportError(llvm::toString(std::move(E)));
      return false;
    }
  if (!prepareTreeFolders(File.RelPath))
    return false;
  if (llvm::Error E = Tree->makeLink(*Target, File.RelPath)) {
    reportError(llvm::toString(std::move(E)));
    return false;
  }
  ProjectManifest::Entry Link;
  Link.LinkTarget = *Target;
  journalOutput(File.RelPath, Link);
  TreeManifest.record(File.RelPath, {"", *Target, {}, ""});
  return true;
}

bool HipifyRun::copyDataFile(const ProjectFile &File) {
  // Data: streamed, never held in memory, holes kept.
  CopiedFiles.push_back(File.RelPath);
  std::optional<std::string> Hash;
  if (Options.NoOutput || Options.InPlace) {
    Hash = hashRegularFile(File.Path);
  } else if (prepareTreeFolders(File.RelPath)) {
    OutputTree::WriteOptions Write;
    Write.ReplaceLink = Options.Force;
    llvm::Expected<std::string> Copied =
        Tree->copy(File.Path, File.RelPath, Write);
    if (!Copied) {
      reportError(llvm::toString(Copied.takeError()));
      TreeManifest.forget(File.RelPath);
      return false;
    }
    Hash = *Copied;
    ProjectManifest::Entry Written;
    Written.OutputHash = *Hash;
    journalOutput(File.RelPath, Written);
  } else {
    TreeManifest.forget(File.RelPath);
    return false;
  }
  if (!Hash) {
    TreeManifest.forget(File.RelPath);
    if (!llvm::sys::fs::exists(File.Path)) {
      reportWarning("'" + File.Path +
                    "' was deleted while hipify-clang "
                    "ran; it was not copied");
      return true;
    }
    reportError("cannot read '" + File.Path + "'; make it readable");
    return false;
  }
  TreeManifest.record(File.RelPath,
                      {*Hash, std::nullopt, {{File.RelPath, *Hash}}, ""});
  return true;
}

bool HipifyRun::emitUnreachedText(const ProjectFile &File) {
  std::string Output = projectOutput(File.RelPath);
  bool IsBuildFile = File.Kind == ProjectFileKind::BuildFile;
  llvm::Expected<std::optional<std::string>> Read = readRegularFile(File.Path);
  if (!Read || !*Read) {
    TreeManifest.forget(File.RelPath);
    if (!Read) {
      reportError(llvm::toString(Read.takeError()));
      return false;
    }
    reportWarning("'" + File.Path +
                  "' was deleted while hipify-clang ran; "
                  "it was not translated");
    return true;
  }
  std::string Text = std::move(**Read);
  std::string Translated = Text;
  bool IsText = true;
  if (llvm::Error E = checkSourceText(File.Path, Text)) {
    llvm::consumeError(std::move(E)); // Not text after all: copied.
    IsText = false;
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
      FT.insertHelpers();
      markTorchExtensionFile(FT);
    }
    clearProgress();
    TranslationStatistics Stats = finishFile(FT);
    llvm::Expected<std::string> Applied = FT.apply();
    if (!Applied) {
      reportError("internal error translating '" + File.Path +
                  "': " + llvm::toString(Applied.takeError()));
      TreeManifest.forget(File.RelPath);
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
  TreeManifest.record(File.RelPath, {contentHash(Translated),
                                     std::nullopt,
                                     {{File.RelPath, contentHash(Text)}},
                                     ""});
  if (Options.NoOutput)
    return true;
  if (!writeTreeFile(File.RelPath, Translated, Text, Options.InPlace)) {
    TreeManifest.forget(File.RelPath);
    return false;
  }
  return true;
}

void HipifyRun::emitProjectSource(size_t I, SourceTranslation &Result) {
  noteParseCommand(Result);
  std::vector<bool> Claimed = planProjectHeaders(Sources[I], Result);
  clearProgress();
  size_t ReportedBefore = ReportedFiles.size(),
         OutsideBefore = OutsideRootHeaders.size();
  // (The tree creates the folders an output needs.)
  if (!emit(Sources[I], Result, Claimed))
    Failed = true;
  if (Options.ShardCount)
    recordShardSource(I, Result, Claimed, ReportedBefore, OutsideBefore);
  for (size_t J = 0; J < Result.Files.size(); ++J)
    if (!J || Claimed[J]) {
      ++TranslatedCount;
      progress(relativeToRoot(Result.Files[J]->realPath()));
    }
  Handled.insert(relativeToRoot(Sources[I].RealPath));
  if (!Options.NoOutput)
    recordProjectOutputs(Sources[I], Result, Claimed);
}

int HipifyRun::runProject() {
  discoverTargets();
  if (!prepareProject())
    return 1;
  discoverTorch();
  if (Options.ShardCount && !selectShardSources())
    return 1;
  warnAboutToolchain();
  ShowProgress = !Options.Quiet && llvm::sys::Process::StandardErrIsDisplayed();
  ProgressTotal = 0;
  for (const ProjectFile &F : ProjectFiles)
    ProgressTotal += !Handled.count(F.RelPath);
  if (!openCache())
    return 1;
  precompileCudaHeaders();
  // Sources are translated on -j threads and written in order, so that
  // messages are deterministic; at most a few per thread wait in memory.
  std::vector<SourceTranslation> Results(Sources.size());
  runInOrder(
      Sources.size(), jobThreads(), 4 * jobThreads(),
      [&](size_t I) { translate(Sources[I], Results[I]); },
      [&](size_t I) {
        // Workers' notes come between sources, not inside one's messages.
        auto Lock = lockDiagnostics();
        emitProjectSource(I, Results[I]);
        Results[I] = SourceTranslation();
      });
  for (size_t I = 0; I < ProjectFiles.size(); ++I) {
    const ProjectFile &F = ProjectFiles[I];
    if (Handled.count(F.RelPath) || (Options.ShardCount && !shardOwns(F)))
      continue;
    size_t ReportedBefore = ReportedFiles.size(),
           CopiedBefore = CopiedFiles.size();
    if (!emitUnreachedFile(F))
      Failed = true;
    if (Options.ShardCount)
      recordShardUnreached(I, ReportedBefore, CopiedBefore);
  }
  clearProgress();
  removeTemporaries();
  if (!Options.NoOutput && !Failed && !settleOutputsNotRecorded())
    Failed = true;
  if (!Options.NoOutput) {
    if (llvm::Error E = Tree->write(ProjectManifest::FileName,
                                    TreeManifest.This.render(), {})) {
      reportError(llvm::toString(std::move(E)) +
                  "; the next run will translate everything again");
      Failed = true;
    } else if (llvm::Error E = Tree->remove(ProjectManifest::JournalName)) {
      reportWarning(llvm::toString(std::move(E)));
    }
  }
  if (Options.ShardCount && !Failed && !writeShardRecord())
    Failed = true;
  reportNewerHip();
  printStatistics();
  writeReport();
  if (Options.Verbose || llvm::sys::Process::StandardErrIsDisplayed())
    if (!Options.Quiet)
      reportNote(llvm::formatv(
                     "{0} file{1} under '{2}': {3} translated, {4} "
                     "copied as they are, {5} unchanged since the "
                     "last run{6}",
                     ProjectFiles.size(), ProjectFiles.size() == 1 ? "" : "s",
                     Options.InRoot, TranslatedCount, CopiedFiles.size(),
                     UnchangedFiles.size(),
                     (RemovedOutputs.empty()
                          ? std::string()
                          : llvm::formatv("; {0} output{1} removed (their "
                                          "inputs left the project)",
                                          RemovedOutputs.size(),
                                          RemovedOutputs.size() == 1 ? "" : "s")
                                .str()) +
                         (LeftOut.empty() ? std::string()
                                          : llvm::formatv("; {0} left out "
                                                          "(named above)",
                                                          LeftOut.size())
                                                .str()))
                     .str());
  return finishRun();
}
