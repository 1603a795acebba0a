//===- OutputLayout.h - Where every output of a run goes --------*- C++ -*-===//
//
// The layout answers, for both modes, where each file a translation produces
// is written: a named source to its output (-o, --o-dir, <source>.hip,
// --inplace, OUT/<path>), each user header to the place beside it that the
// first source reaching it chooses (renamed <header>.hip where it would
// replace itself, and then the includes of it edited to name that file),
// the backups, the statistics, the report and the manifest. It is data in,
// data out: it touches no file (the caller hands it how a path resolves and
// where a backup goes), so that a small tree in a unit test gives the same
// layout as a run. The OutputPlan then checks what the layout returns.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_OUTPUTLAYOUT_H
#define HIPKIT_HIPIFY_OUTPUTLAYOUT_H

#include "hipkit/hipify/Project/OutputPlan.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipkit::hipify {

/// One file of a source's translation, as the layout sees it.
struct LayoutFile {
  std::string RealPath;
  /// As the parse named it, for messages.
  std::string DisplayPath;
  /// The input's text (a header's output whose file holds exactly it may be
  /// replaced: OutputPlan); the caller's, alive while the layout reads it.
  llvm::StringRef Contents;
  /// Whether its translation changes it, before the layout's include edits.
  bool Changes = false;
};

/// An #include of a user header in one of a source's files.
struct LayoutInclude {
  unsigned IncludingFile = 0;          ///< Index into LayoutSource::Files.
  unsigned NameBegin = 0, NameEnd = 0; ///< The name with its quotes.
  std::string Spelled;                 ///< The name without its quotes.
  std::string HeaderRealPath;
};

/// A translated source: Files[0] is the source, its user headers follow.
struct LayoutSource {
  std::string Path; ///< As named on the command line.
  std::string RealPath;
  /// Its output: empty with --no-output, "-" for standard output.
  std::string Output;
  std::vector<LayoutFile> Files;
  std::vector<LayoutInclude> Includes;
};

/// Where a header's translation goes, decided by the first source that
/// reaches it.
struct HeaderPlacement {
  std::string Path;
  bool Renamed = false; ///< Written as <header>.hip beside the header.
  bool Written = false; ///< Its translation is (to be) written at Path.
  /// A named source, whose own translation is written at Path.
  bool WrittenBySource = false;
};

/// An edit the layout makes to a translation: an include naming a header
/// that is written renamed names the renamed file.
struct IncludeEdit {
  unsigned File = 0; ///< Index into LayoutSource::Files.
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// What one source's translation writes.
struct SourceLayout {
  /// Per header (index 1 on; the source's own entry is false): whether this
  /// source writes it.
  std::vector<bool> Claimed;
  std::vector<IncludeEdit> IncludeEdits;
  /// The headers it writes (with their backups), in file order.
  std::vector<PlannedOutput> Outputs;
};

struct LayoutSettings {
  bool InPlace = false, NoOutput = false, NoBackup = false;
  /// Project mode: --in-root's real path, and where its files go (--out-root,
  /// or --in-root with --inplace). Empty in single-file mode.
  std::string InRoot, OutRoot;
  /// --in-root as the user named it (an input's path in messages).
  std::string InRootName;
  /// --o-dir: a named source's folder is created when the plan is checked,
  /// so its output's folder is checked only where it exists.
  bool OutputDir = false;
  /// How a path resolves (hipkit::realPathOf in a run); itself when unset.
  std::function<std::string(llvm::StringRef)> RealPath;
  /// Where the backup of the input \p Path holding \p Original goes
  /// (hipkit::plannedBackupPath in a run); <path>.prehip when unset.
  std::function<std::string(llvm::StringRef Path, llvm::StringRef Original)>
      BackupPath;
};

/// The layout of one run. Sources are placed in run order (the first source
/// that reaches a header writes it); each call reads only its arguments and
/// what the layout placed before.
class OutputLayout {
public:
  explicit OutputLayout(LayoutSettings Settings);

  bool projectMode() const { return !Settings.InRoot.empty(); }
  /// A source of the run, written at \p Output: a header that is also a
  /// source is written as that source (single-file mode: where the two
  /// outputs are one file; project mode: always).
  void addNamedSource(llvm::StringRef RealPath, llvm::StringRef Output);
  /// Where the named source at \p RealPath is written; null when it is none.
  const std::string *namedOutput(llvm::StringRef RealPath) const;
  /// Project mode: a source below --in-root, \p Rel its path there, parsed
  /// or unchanged since the last run: never written as a header.
  void addTreeSource(llvm::StringRef Rel) { TreeSources.insert(Rel); }
  /// A named source's own outputs: its translation at \p Output and,
  /// --inplace, the backup of \p Contents (empty with --no-output).
  std::vector<PlannedOutput> sourceOutputs(llvm::StringRef Path,
                                           llvm::StringRef Output,
                                           llvm::StringRef Contents) const;
  /// The run's own outputs: the statistics, the report and project mode's
  /// manifest (an empty path: none).
  static std::vector<PlannedOutput> runOutputs(llvm::StringRef Statistics,
                                               llvm::StringRef Report,
                                               llvm::StringRef Manifest);
  /// Places \p S's headers: those no earlier source reached (and, in project
  /// mode, not in \p Done: written or kept by an earlier run or another
  /// shard) are its to write.
  SourceLayout place(const LayoutSource &S, const llvm::StringSet<> &Done = {});
  /// Where the header at \p RealPath goes; null when no source reached it.
  const HeaderPlacement *header(llvm::StringRef RealPath) const;
  /// Project mode: the output of the file at \p Rel below --in-root, checked
  /// below the tree (PlannedOutput::TreeRel); none where --inplace leaves
  /// the file as it is (\p Rewritten: translated or migrated text).
  std::optional<PlannedOutput> treeOutput(llvm::StringRef Rel,
                                          bool Rewritten) const;
  /// Project mode: \p RealPath relative to --in-root, "" outside it.
  std::string relativeToRoot(llvm::StringRef RealPath) const;
  /// Project mode: where the file at \p Rel below --in-root goes.
  std::string projectOutput(llvm::StringRef Rel) const;

private:
  std::string realPath(llvm::StringRef Path) const;
  std::string backupPath(llvm::StringRef Path, llvm::StringRef Original) const;
  /// Single-file mode: a header beside the source's output, or <h>.hip.
  void placeBesideOutput(const LayoutSource &S, SourceLayout &L);
  /// Single-file mode: the includes of the renamed headers that are written.
  /// Returns which files change once those edits are made.
  std::vector<bool> renameIncludes(const LayoutSource &S,
                                   SourceLayout &L) const;
  void placeInTree(const LayoutSource &S, const llvm::StringSet<> &Done,
                   SourceLayout &L);
  /// The header's output (and backup) that \p S writes.
  void planHeader(const LayoutFile &F, SourceLayout &L) const;

  LayoutSettings Settings;
  /// By real path, first claim wins.
  llvm::StringMap<HeaderPlacement> Headers;
  /// Each named source's output, by the source's real path.
  llvm::StringMap<std::string> SourceOutputs;
  llvm::StringSet<> TreeSources;
};

} // namespace hipkit::hipify

#endif
