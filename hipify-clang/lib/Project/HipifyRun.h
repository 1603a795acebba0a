//===- HipifyRun.h - One hipify-clang run (internal) -----------*- C++ -*-===//
//
// The state of one run, shared by the single-source flow (Driver.cpp) and the
// project flow (ProjectRun.cpp): the sources, their outputs, the warnings
// selected, the statistics and the report. Internal to the library.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_LIB_HIPIFYRUN_H
#define HIPKIT_HIPIFY_LIB_HIPIFYRUN_H

#include "Invocation.h"
#include "hipkit/hipify/Report/NewerHipSummary.h"
#include "hipkit/hipify/Engines/PrecompiledHeaderCache.h"
#include "hipkit/hipify/Engines/PrecompiledPreludes.h"
#include "hipkit/Support/OutputTree.h"
#include "hipkit/Support/RunFolder.h"
#include "hipkit/checks/CheckRegistry.h"
#include "hipkit/hipify/Engines/ASTEngine.h"
#include "hipkit/hipify/BuildFiles/BuildFileMigration.h"
#include "hipkit/hipify/Report/MigrationReport.h"
#include "hipkit/hipify/Tables/Options.h"
#include "hipkit/hipify/Project/OutputLayout.h"
#include "hipkit/hipify/Project/OutputPlan.h"
#include "hipkit/hipify/Project/ProjectManifest.h"
#include "hipkit/hipify/Project/ProjectTree.h"
#include "hipkit/hipify/Translation/Statistics.h"
#include "hipkit/hipify/Engines/TokenEngine.h"
#include "hipkit/hipify/Project/Toolchain.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <set>
#include <mutex>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify::driver {

/// What the symbolic link at \p Path holds; nullopt (errno set) when it is
/// none.
std::optional<std::string> linkTarget(llvm::StringRef Path);

using hipkit::absolutePath; // Support/OutputTree.h
using hipkit::realPathOf;

/// Reads a source, or says in one line why it cannot be translated: only a
/// regular file or a pipe (a device such as /dev/zero may never end), at most
/// MaxSourceBytes, refused at the first NUL byte, not empty, UTF-8.
llvm::Expected<std::string> readSource(llvm::StringRef Path);

struct Source {
  std::string Path; ///< As named on the command line.
  std::string RealPath;
  std::string Contents;
  std::string Output; ///< Empty with --no-output; "-" for standard output.
  std::vector<std::string> ProjectFlags;
};

/// What one emitted file of a shard was: where it goes in a single run's
/// order (the global source index and the file's index in that source's
/// translation, or, for a file no parse reached, the source count plus its
/// index among the project's files), which parse wrote it, and what it
/// adds to the report and the statistics.
struct ShardItem {
  uint64_t Order = 0, Sub = 0;
  std::string Rel;
  /// The global index of the source whose parse wrote it; -1: no parse of
  /// this shard reached it (written by tokens, migrated, copied or linked).
  int64_t Via = -1;
  std::optional<ReportedFile> Report;
  bool Copied = false;
};
struct ShardOutside {
  uint64_t Order = 0, Sub = 0;
  std::string RealPath;
  OutsideRootHeader Header;
};
/// What a shard records at its out-root for --merge.
constexpr llvm::StringLiteral ShardRecordName = ".hipify-shard.json";

class HipifyRun {
public:
  explicit HipifyRun(Invocation Inv)
      : Inv(std::move(Inv)), Options(this->Inv.Options), Policy(Options.Names),
        Engine(Policy), Layout(layoutSettings("")) {
    Selection.Enabled = [this](llvm::StringRef Name) {
      return this->Inv.EnabledWarnings.contains(Name);
    };
    Selection.AsError = [this](llvm::StringRef Name) {
      return this->Inv.ErrorWarnings.contains(Name);
    };
  }

  int run();

private:
  /// Finds CUDA and the targeted HIP (Toolchain.h) and sets the name policy.
  void discoverTargets();
  /// The PyTorch naming the run writes (NameOptions::Torch): --torch-naming,
  /// else that of the PyTorch headers the first source's parse finds.
  void discoverTorch();
  /// Says once what the run lacks: a ROCm to target, a CUDA to parse with.
  void warnAboutToolchain();
  /// The run's last words (warnings made errors) and its exit status.
  int finishRun();
  bool loadCompilationDatabase();
  bool prepareSources();
  /// Adds a named source's output (and its backup) to the plan.
  void planSourceOutput(const Source &S);
  /// Adds the run's own outputs, the statistics, the report and project
  /// mode's \p Manifest, to the plan.
  void planRunOutputs(llvm::StringRef Manifest = "");
  /// The layout's settings (OutputLayout.h): \p InRoot is --in-root's real
  /// path in project mode.
  LayoutSettings layoutSettings(llvm::StringRef InRoot) const;
  /// \p Result as the layout reads it.
  static LayoutSource layoutSource(const Source &S,
                                   const SourceTranslation &Result);
  /// Checks what was added to the plan since the last check; false after
  /// reporting each problem.
  bool reportPlanProblems();
  /// --o-dir's folders, once the plan is checked.
  bool createOutputFolders();
  std::string statisticsPath() const { return Inv.statisticsPath(); }
  void translate(Source &S, SourceTranslation &Result);
  /// Translates Sources[Begin, End) into \p Results (-j threads).
  void translateSources(size_t Begin, size_t End,
                        std::vector<SourceTranslation> &Results);
  /// -j, else a thread per core.
  unsigned jobThreads() const;
  /// --verbose: the command \p Result's source was parsed with (the prelude
  /// it loaded, after any refused), with its other messages.
  void noteParseCommand(const SourceTranslation &Result);
  /// Decides which of the source's user headers it writes, and where
  /// (checkPlan checks them before anything is written); the includes of
  /// renamed headers are edited.
  SourceLayout planOutputs(const Source &S, SourceTranslation &Result);
  bool emit(const Source &S, SourceTranslation &Result,
            const std::vector<bool> &Claimed);
  /// Whether an in-place write of \p Shown may go on after its backup:
  /// false after reporting why it could not be written; the backup's path
  /// noted under -v.
  bool keptBackup(llvm::StringRef Shown, llvm::Expected<std::string> Backup);
  bool writeFile(llvm::StringRef Path, llvm::StringRef Contents,
                 llvm::StringRef Original, bool IsInPlace);
  void printStatistics();
  /// \p S's parse command, loading the costliest precompiled prelude it
  /// may load, \p Refused (their paths) aside.
  std::vector<std::string> parseCommand(const Source &S,
                                        const std::set<std::string> &Refused);
  /// Why \p S may not load the prelude at \p Path, whose headers it
  /// includes after user code (barrierConflict, with \p List its
  /// leadingList); "" when it may.
  std::string preludeConflict(const Source &S, const std::string &Path,
                              const LeadingList &List);
  /// The command a parse of \p S runs: parseCommand's, with its deferred
  /// prelude built, and checked against the user code its headers are moved
  /// before (barrierConflict); a prelude that fails the check is replaced
  /// by one that needs none, with a note under -v.
  std::vector<std::string> checkedParseCommand(const Source &S);
  void precompileCudaHeaders();
  /// A precompiled header to build: the CUDA headers of a parse command
  /// (prelude 0) or a prelude of system headers on top of them (a PCH of its
  /// own: precompileCudaHeaders says why it is not chained on prelude 0).
  struct PchJob {
    std::vector<std::string> Generate;
    std::vector<std::string> Key;
    size_t Prelude;
    std::string Output;
    /// The cache entry (PrecompiledHeaderCache::stemFor), or "" without one,
    /// and the CUDA headers' entry of its command (the prelude's base).
    std::string Stem, BaseStem;
    std::string Text; ///< The prelude's #include lines.
    /// The job of its base (-1: none), what a source loads when this one is
    /// not built, and the cost of its own headers (costlier first).
    int Parent = -1;
    unsigned Cost = 0;
    /// How many of the sources sharing its command may load it.
    unsigned Users = 0;
    bool Built = false;
    bool FromCache = false;
    /// Left to its one user's parse (DeferredPch).
    bool Deferred = false;
    std::string Refusal;
    std::vector<std::string> Inputs;
    /// For a prelude (not the CUDA headers alone): what its headers add.
    std::shared_ptr<PreludeFacts> Facts;
  };
  /// Builds \p J (or finds it fresh in the cache); sets Built, or Refusal.
  void buildPrecompiledHeader(PchJob &J);
  /// Per parse command (without the source), in source order, the system
  /// includes each of its sources opens with.
  void leadingIncludesByCommand(
      std::vector<std::vector<std::string>> &Order,
      std::map<std::vector<std::string>, std::vector<std::vector<std::string>>>
          &Leading);
  /// The precompiled headers worth building (PrecompiledHeaders' sets, the
  /// jobs); false, after a warning, when the private folder cannot be made.
  bool planPrecompiledHeaders(std::vector<PchJob> &Jobs);
  /// Builds the jobs not deferred, in parallel, costliest first.
  void buildPrecompiledHeaders(std::vector<PchJob> &Jobs);
  /// Records what was built (or deferred) for the parses, with notes.
  void adoptPrecompiledHeaders(std::vector<PchJob> &Jobs);
  /// A prelude only one source loads, not kept by an earlier run: built when
  /// that source's parse is about to start, in its worker, so that the
  /// other sources parse meanwhile instead of waiting for it.
  struct DeferredPch {
    PchJob Job;
    std::once_flag Once;
    std::string Named;    ///< " <a.h> <b.h>", for the notes.
    std::string Fallback; ///< The CUDA headers' PCH ("" when not built).
  };
  /// By the deferred prelude's path.
  std::map<std::string, std::unique_ptr<DeferredPch>> DeferredPchs;
  /// \p Command (parseCommand's) with its deferred prelude built, or
  /// replaced with the CUDA headers' PCH when it cannot be.
  std::vector<std::string>
  withDeferredPrecompiledHeader(std::vector<std::string> Command);
  void removeTemporaries();

  /// Checks every output of the run against the inputs and each other
  /// (OutputPlan.h) once all are known; false after reporting what is wrong.
  bool checkPlan(const std::vector<SourceTranslation> &Results,
                 const std::vector<SourceLayout> &Layouts);
  void writeManifests();
  /// Warns once per header outside the root that uses CUDA names, and counts
  /// its references as unconverted in \p Main's statistics.
  void reportOutsideRoot(const Source &S, SourceTranslation &Result);
  /// A translated file's warnings printed and its counts closed, in both
  /// modes: the statistics the report and the run's totals take.
  TranslationStatistics finishFile(FileTranslation &FT);

  /// The options, checked once (Invocation.h); never changed by the run.
  const Invocation Inv;
  const HipifyOptions &Options;
  /// Every output, checked before the first is written: the only checker.
  OutputPlan Plan{Options.Force, adviceFor(Options.Tool)};
  Toolchain TC;
  NamePolicy Policy;
  TokenEngine Engine;
  /// Where every output goes: the named sources', each header's (first
  /// claim wins), the run's own.
  OutputLayout Layout;
  std::vector<Source> Sources;
  std::vector<TranslationStatistics> FileStats;
  /// Inv's selections, as the translations ask for them.
  WarningSelection Selection;
  unsigned WarningErrors = 0;
  /// HIP names newer than the targeted HIP, said once per library and
  /// version when the files are all reported (reportNewerHip).
  NewerHipSummary NewerHip;
  void reportNewerHip();
  /// --report: every file's entry, in output order; the format is Inv's,
  /// and a shard collects them (as JSON) without --report.
  std::optional<ReportFormat> ReportAs = Inv.ReportAs;
  std::vector<ReportedFile> ReportedFiles;
  void writeReport();
  RunFacts runFacts() const;
  bool Failed = false;
  /// Precompiled headers of one parse command: the CUDA headers alone
  /// (prelude 0, empty) and the chosen leading system includes on top of
  /// them; an empty path where precompiling failed or was refused.
  struct PrecompiledSet {
    std::vector<std::vector<std::string>> Preludes;
    std::vector<std::string> Paths;
  };
  /// The includes that open \p S and find system headers (with \p Command),
  /// up to the first that may find a user header: those a precompiled
  /// prelude may hold (PrecompiledPreludes.h).
  std::vector<std::string>
  leadingSystemIncludes(const Source &S,
                        const std::vector<std::string> &Command);
  /// The same, read past the user headers \p S opens with
  /// (scanLeadingIncludes).
  LeadingList leadingList(const Source &S,
                          const std::vector<std::string> &Command);
  /// Where an #include in \p Command's parse finds a user header.
  UserHeaderFinder userHeaderFinder(const std::vector<std::string> &Command);
  /// The facts of each built prelude, by its PCH's path.
  std::map<std::string, std::shared_ptr<PreludeFacts>> PreludeFactsByPch;
  /// By parse command, prelude and user headers.
  std::map<std::vector<std::string>, std::shared_ptr<const BarrierFacts>>
      BarrierFactsCache;
  std::mutex PreludeFactsLock;
  /// By parse command (without the source).
  std::map<std::vector<std::string>, PrecompiledSet> PrecompiledHeaders;
  /// Bounds the time spent building, the disk used in the temporary folder
  /// and what a parse may have to choose from.
  static constexpr unsigned MaxPreludesPerCommand = 24;
  /// The run's private folder for the precompiled headers (TMPDIR/hipify-
  /// XXXXXX): removed at the end, on SIGINT, SIGTERM and SIGHUP, or by a later
  /// run of any hipkit tool after SIGKILL; kept with --save-temps.
  std::optional<RunFolder> PrivateFolder;
  /// Where precompiled headers are kept across runs (--cache-dir, else
  /// <out-root>/.hipify-cache); none with --no-cache or outside project mode.
  std::optional<PrecompiledHeaderCache> Cache;
  /// Opens it; false (after an error) when --cache-dir names one that cannot
  /// be used; the default one is then left out with a warning.
  bool openCache();
  /// The files in it (--save-temps names them).
  std::vector<std::string> Temporaries;
  /// What the token engine finds in each header outside the root, by real
  /// path; a header already warned about is not warned about again.
  struct OutsideScan {
    unsigned References = 0;
    std::vector<std::string> Names;
    TranslationStatistics Found;
    bool Reported = false;
  };
  /// Headers outside the root that use CUDA names, for the report.
  std::vector<OutsideRootHeader> OutsideRootHeaders;
  llvm::StringMap<OutsideScan> OutsideScans;
  /// --in-root's real path; empty when each source's folder is its root.
  std::string UserRoot;
  /// A setup.py using torch.utils.cpp_extension is among the project's files
  /// (or the named ones): its C, C++ and CUDA files are a PyTorch
  /// extension's.
  bool TorchExtension = false;
  /// Where the sources \p S (a build file) names are written, relative to its
  /// own output (BuildFileMigration.h).
  OutputNameLookup outputNameLookup(const Source &S) const;
  /// Notes a setup.py among the files of the run (TorchExtension).
  void noteBuildFile(llvm::StringRef Path, llvm::StringRef Contents);
  /// Marks \p FT's translation for PyTorch's hipify (TorchExtension.h) when
  /// it is a PyTorch extension's C, C++ or CUDA file that the translation
  /// changes.
  void markTorchExtensionFile(FileTranslation &FT) const;
  /// -p's compile_commands.json.
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;

  // Project mode (--in-root): every file under the root, each written once.
  /// Lists the project, reads the manifest, chooses and reads the sources
  /// to parse and checks every output before anything is written.
  bool prepareProject();
  /// Whether \p F's outputs are what the last run wrote from the same
  /// inputs and options (then neither parsed nor written).
  bool unchangedSinceLastRun(const ProjectFile &F);
  /// The indices in ProjectFiles of the sources to parse; nullopt after an
  /// error.
  std::optional<std::vector<size_t>> chooseParsedSources();
  /// Leaves out the sources another one includes as code.
  void dropSourcesIncludedAsCode(std::vector<size_t> &Parsed,
                                 const llvm::StringMap<size_t> &ByRealPath);
  /// The sources to parse (Sources) and the files unchanged since the last
  /// run (Handled).
  bool readProjectSources(const std::vector<size_t> &Parsed);
  /// Checks every output of the project (OutputPlan, below the tree).
  bool checkProjectPlan();
  int runProject();
  /// Where the file at \p RelPath below the root goes.
  std::string projectOutput(llvm::StringRef RelPath) const;
  /// \p RealPath relative to the root, or empty when outside it.
  std::string relativeToRoot(llvm::StringRef RealPath) const;
  /// How the manifest names an input: relative below the root, else absolute.
  std::string inputKey(llvm::StringRef RealPath) const;
  /// The SHA-256 of the file an input key names now; empty when unreadable.
  std::string currentHash(llvm::StringRef Key);
  /// Whether each input (key -> SHA-256 when read) still holds that text.
  bool inputsUnchanged(const std::map<std::string, std::string> &Inputs);
  std::string runKey() const;
  /// Decides where a translated source's headers go: under the root, each
  /// to its place below --out-root, written by the first source that reaches
  /// it; a later source whose translation of it differs is reported.
  std::vector<bool> planProjectHeaders(const Source &S,
                                       SourceTranslation &Result);
  /// Plans, writes and records source \p I's translation and the headers
  /// it is the first to reach (project mode).
  void emitProjectSource(size_t I, SourceTranslation &Result);
  void recordProjectOutputs(const Source &S, const SourceTranslation &Result,
                            const std::vector<bool> &Claimed);
  /// A file no parse reached: translated by tokens, migrated or copied.
  bool emitUnreachedFile(const ProjectFile &File);
  /// The same link below the out-root (none with --inplace).
  bool emitLink(const ProjectFile &File);
  /// A data file, copied as it is.
  bool copyDataFile(const ProjectFile &File);
  /// A text or build file: translated by tokens or migrated.
  bool emitUnreachedText(const ProjectFile &File);
  /// The last run's outputs this run did not record: kept in the manifest
  /// while their input is there (not written this time: an error was
  /// reported), removed with the folders they leave empty when the input
  /// left the project and the output is still what hipify-clang wrote.
  bool settleOutputsNotRecorded();
  void progress(llvm::StringRef Current);
  void clearProgress();

  /// Whether the output at \p Rel is still a regular file (no link
  /// followed).
  bool outputStillThere(llvm::StringRef Rel) const;
  /// The output \p Path's path relative to the tree; nullopt when it is not
  /// in project mode's tree.
  std::optional<std::string> treeRelative(llvm::StringRef Path) const;
  /// Replaces the links on the way to \p Rel that the plan allowed.
  bool prepareTreeFolders(llvm::StringRef Rel);
  /// Writes \p Contents to the tree file \p Rel (--inplace: after its backup).
  bool writeTreeFile(llvm::StringRef Rel, llvm::StringRef Contents,
                     llvm::StringRef Original, bool IsInPlace);
  /// Records in the journal that \p Rel now holds what \p E says.
  void journalOutput(llvm::StringRef Rel, const ProjectManifest::Entry &E);
  /// Reads the manifest and an interrupted run's journal beneath the tree.
  bool loadProjectManifest();

  // Sharded translation (ProjectShard.cpp; docs/distributed.md): --shard
  // translates a share of the project and records what it emitted, in run
  // order, so that --merge can join the shares as one run would have.
  /// The share (0-based) that \p RelPath, a path below the root, belongs to.
  unsigned shardOf(llvm::StringRef RelPath) const;
  /// Keeps this share's sources; the others' are another shard's work.
  bool selectShardSources();
  /// Whether this shard writes \p File when none of its parses reaches it.
  bool shardOwns(const ProjectFile &File) const;
  /// Records what emit() added for the source at \p Index of this shard.
  void recordShardSource(size_t Index, const SourceTranslation &Result,
                         const std::vector<bool> &Claimed,
                         size_t ReportedBefore, size_t OutsideBefore);
  void recordShardUnreached(size_t FileIndex, size_t ReportedBefore,
                            size_t CopiedBefore);
  /// Writes <out-root>/.hipify-shard.json (last, and only for a complete run).
  bool writeShardRecord();
  int runMerge();
  /// The global index of each source this shard parses, by Sources' index.
  std::vector<size_t> ShardSourceIndex;
  size_t GlobalSourceCount = 0;
  std::string ShardFilesDigest;
  std::vector<ShardItem> ShardItems;
  std::vector<ShardOutside> ShardOutsides;
  /// --merge: the shards' run facts, reported instead of this run's options.
  std::optional<RunFacts> MergedFacts;

  std::vector<ProjectFile> ProjectFiles;
  /// Files and folders under --in-root that are no part of the translation.
  std::vector<LeftOutFile> LeftOut;
  /// What project mode may change: --out-root, or --in-root with --inplace.
  std::optional<OutputTree> Tree;
  /// Links on the way to outputs that become folders (the plan's check
  /// allowed them), until replaced.
  llvm::StringSet<> LinksToReplace;
  bool JournalStarted = false;
  /// OUT/.hipify-manifest.json: the last run's (Last) and this run's (This).
  ProjectOutputManifest TreeManifest;
  llvm::StringMap<std::string> HashCache;
  /// Files below the root that need no more work: written this run, or
  /// unchanged since the last one.
  llvm::StringSet<> Handled;
  llvm::StringSet<> SourceRelPaths;
  /// Per header written this run: the source that wrote it, the SHA-256 of
  /// its translation and the uses of its pasting macros in that source's
  /// translation (which one differing use explains); a header reported as
  /// translated differently.
  struct HeaderWriter {
    std::string Source, Hash;
    PastingMacroUses PastingUses;
  };
  llvm::StringMap<HeaderWriter> HeaderWriters;
  llvm::StringSet<> ReportedDivergence;
  /// SHA-256 of what was written, by absolute output path.
  llvm::StringMap<std::string> WrittenHashes;
  std::vector<std::string> UnchangedFiles, CopiedFiles, RemovedOutputs;
  unsigned TranslatedCount = 0;
  bool ShowProgress = false, ProgressShown = false;
  unsigned ProgressDone = 0, ProgressTotal = 0;
};

} // namespace hipkit::hipify::driver

#endif
