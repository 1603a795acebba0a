//===- OutputPlan.h - Every output of a run, checked before any is written ===//
//
// hipify-clang computes every path it will write (translations, translated
// headers, the report, the statistics, backups, manifests) before writing
// any, and checks them together: no output is an input or another output
// (by real path, and by device and inode where the file exists: symbolic and
// hard links are seen through), and no file that hipify-clang did not write
// is replaced at a path the user did not name (a translated header beside
// -o, a file below --out-root). What hipify-clang writes at such paths is
// recorded in a manifest (OutputManifest.h: `.hipify-manifest` in the folder,
// or project mode's `OUT/.hipify-manifest.json`), so that running the same
// command again replaces its own earlier output. Project mode's outputs are
// checked below its OutputTree, where no link is followed.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_OUTPUTPLAN_H
#define HIPKIT_HIPIFY_OUTPUTPLAN_H

#include "hipkit/hipify/Project/OutputManifest.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hipkit {
class OutputTree;
} // namespace hipkit

namespace hipkit::hipify {

/// Why an output may replace what is at its path.
enum class OutputRole {
  /// Named by the user (-o, --o-dir, --report, --o-stats, <source>.hip): an
  /// existing file there is replaced.
  Named,
  /// Chosen by hipify-clang (a header's translation beside -o): an existing
  /// file is replaced only if a manifest says hipify-clang wrote it, with
  /// the text it still has, or with --force.
  Implied,
  /// --inplace: the output is the input \p Replaces itself.
  InPlace,
};

/// What a planned output is, for the reader of the layout (the plan checks
/// by OutputRole: why it may replace what is there).
enum class OutputKind {
  TranslatedSource, ///< A named source's translation.
  Header,           ///< A user header's translation, written by a source.
  Backup,           ///< --inplace: the input's text before it is replaced.
  Statistics,       ///< --o-stats.
  Report,           ///< --report.
  Manifest,         ///< Project mode's OUT/.hipify-manifest.json.
  TreeFile,         ///< Project mode: a file below the root, by the tree.
};

/// How the tool's own command line picks another output, ending the
/// plan's messages (the front end owns its option spellings).
struct OutputAdvice {
  /// Ends a message saying why an output cannot be written.
  llvm::StringRef ChooseAnotherOutput = "choose another output";
  /// The option that replaces a source with its translation.
  llvm::StringRef InPlace = "--inplace";
  /// Ends the message about an input whose backup folder is not writable.
  llvm::StringRef UnwritableBackupFolder = "make it writable";
};

/// One output of a run, as the run's layout plans it.
struct PlannedOutput {
  std::string Path;
  /// Names the output in messages ("the translation of 'a.cu'").
  std::string What;
  /// Names it where two outputs collide ("'a.cu'", "the statistics"); What
  /// when empty.
  std::string Owner;
  OutputRole Role = OutputRole::Named;
  OutputKind Kind = OutputKind::TranslatedSource;
  /// The input it translates (a named output that is this input is refused
  /// as such) or replaces (InPlace).
  std::string Replaces;
  /// InPlace: a backup of the input is written beside the name given, whose
  /// folder must then be writable.
  bool KeepsBackup = false;
  /// An implied output's input text: a file at Path that holds exactly it is
  /// a copy of the input and may be replaced, since nothing is lost.
  std::optional<std::string> Original;
  /// Whether its folder and the file there are checked for writing
  /// (checkOutputPath) before anything is written.
  enum class Writable { Unchecked, Checked, CheckedIfFolderExists };
  Writable CheckWritable = Writable::Unchecked;
  /// Project mode: the output's path below the plan's tree (useTree), where
  /// it is checked instead of by Path: no link on the way is followed, and
  /// Replaces is its input (a file there holding the input's text is a copy
  /// of it).
  std::string TreeRel;
};

/// Where a path leads: its real path, and the file's device and inode when
/// it exists.
struct FileIdentity {
  std::string RealPath;
  bool Exists = false;
  uint64_t Device = 0, Inode = 0;
  bool WriteThrough = false; ///< A device, FIFO or /proc link.
  bool sameFileAs(const FileIdentity &Other) const;
};

class OutputPlan {
public:
  explicit OutputPlan(bool Force = false, OutputAdvice Advice = {})
      : Force(Force), Advice(Advice) {}
  // Manifest may point at OwnManifest.
  OutputPlan(const OutputPlan &) = delete;
  OutputPlan &operator=(const OutputPlan &) = delete;

  /// \p What names the input in messages ("the source 'a.cu'").
  void addInput(llvm::StringRef Path, llvm::StringRef What);
  /// \p What names the output in messages ("the report"); for InPlace,
  /// \p Replaces is the input path it replaces.
  void addOutput(llvm::StringRef Path, llvm::StringRef What, OutputRole Role,
                 llvm::StringRef Replaces = "");
  /// An Implied output, a translated header, whose input holds \p Original:
  /// a file at \p Path that holds exactly that text is a copy of the input
  /// (a copied project being translated) and may be replaced, since nothing
  /// is lost.
  void addImpliedOutput(llvm::StringRef Path, llvm::StringRef What,
                        llvm::StringRef Original);

  void add(PlannedOutput Output);

  /// Checks every output against every input and every other output, and
  /// implied outputs against files hipify-clang did not write. Returns one
  /// line (without the tool's name) per problem; empty when the plan is safe.
  std::vector<std::string> check() const;
  /// The same checks, of what was added since the last call only (a run
  /// plans its named outputs before the parses and its headers after): each
  /// problem is found once.
  std::vector<std::string> checkAdded();

  /// The manifest implied outputs are checked against (a FolderManifests of
  /// the plan's own unless another is given); the emitter records in it.
  void useManifest(OutputManifest &M) { Manifest = &M; }
  OutputManifest &manifest() const { return *Manifest; }
  /// Project mode: outputs with a TreeRel are checked below \p Tree.
  void useTree(const OutputTree &T) { Tree = &T; }
  /// The links on the way to tree outputs that the checks allowed to
  /// become folders (made by the last run, or --force).
  const llvm::StringSet<> &linksToReplace() const {
    return Checked.LinksToReplace;
  }

  /// Where \p Path leads now.
  static FileIdentity identify(llvm::StringRef Path);

private:
  struct Input {
    std::string Path, What;
    FileIdentity Id;
  };
  struct Output : PlannedOutput {
    FileIdentity Id;
  };
  /// What has been checked: the inputs and outputs before these indices, the
  /// outputs with their identities then, and the manifests.
  struct CheckState {
    size_t Inputs = 0, Outputs = 0;
    std::vector<Output> Accepted;
    std::set<std::string> Manifests;
    llvm::StringSet<> LinksToReplace;
  };
  void checkFrom(CheckState &State, std::vector<std::string> &Problems) const;
  /// Whether \p O may be written where it is; false after adding why not.
  bool checkWritable(const Output &O, std::vector<std::string> &Problems) const;
  bool writtenByThisTool(llvm::StringRef Path) const;
  /// A tree output: what is at it and on the way to it.
  void checkTreeOutput(const Output &O, CheckState &State,
                       std::vector<std::string> &Problems) const;
  /// The folders on the way to \p Rel: true when the output needs no more
  /// checks (a folder is missing or becomes one), false after a problem,
  /// nullopt when the file itself is to be checked.
  std::optional<bool>
  checkTreeFolders(llvm::StringRef Rel, CheckState &State,
                   std::vector<std::string> &Problems) const;
  /// --inplace: only a file that is not read-only is replaced.
  bool checkInPlaceTreeOutput(const Output &O,
                              std::vector<std::string> &Problems) const;
  /// Whether the regular file at \p O's TreeRel is what the last run wrote
  /// there, or a copy of its input; says why not.
  bool replacesOnlyItsOwn(const Output &O,
                          std::vector<std::string> &Problems) const;
  bool linkMadeByHipify(llvm::StringRef Rel, llvm::StringRef Target) const;

  bool Force;
  OutputAdvice Advice;
  CheckState Checked;
  FolderManifests OwnManifest;
  OutputManifest *Manifest = &OwnManifest;
  const OutputTree *Tree = nullptr;
  std::vector<Input> Inputs;
  std::vector<Output> Outputs;
};

/// The SHA-256 of \p Text, in hex.
std::string contentHash(llvm::StringRef Text);

} // namespace hipkit::hipify

#endif
