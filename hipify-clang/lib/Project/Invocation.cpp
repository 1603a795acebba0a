//===- Invocation.cpp - A run's validated options -------------------------===//
//
// Every check of the command line that needs no file read: the options of
// each mode (single sources, --in-root, --shard, --merge), the warning
// selections and the report's format. A run's later phases see the result
// only as a const Invocation.
//
//===----------------------------------------------------------------------===//
#include "Invocation.h"

#include "hipkit/Support/Diagnostics.h"
#include "hipkit/Support/OutputFile.h"
#include "hipkit/Support/OutputTree.h"
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Translation/Statistics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace hipkit;
using namespace hipkit::hipify;
using namespace hipkit::hipify::driver;

std::optional<checks::GlobList>
hipkit::hipify::driver::parseWarningSelection(llvm::StringRef Option, llvm::StringRef Globs) {
  std::vector<llvm::StringRef> Names;
  for (const checks::CheckName &Check : checks::portingCheckNames())
    Names.push_back(Check.Name);
  llvm::append_range(Names, warning_names::All);
  llvm::Expected<checks::GlobList> List =
      checks::parseSelection(Globs, Names, "porting check or warning");
  if (!List) {
    reportError(Option + ": " + toString(List.takeError()) +
                "; --list-checks names them");
    return std::nullopt;
  }
  return std::move(*List);
}

const OutputAdvice &hipkit::hipify::driver::adviceFor(Frontend Tool) {
  static const OutputAdvice Clang{"choose another output with -o or --o-dir",
                                  "--inplace",
                                  "use --no-backup or make it writable"};
  static const OutputAdvice Perl{
      "choose another output with -o, or leave -o out to write to standard "
      "output",
      "-inplace", "make it writable"};
  return Tool == Frontend::Perl ? Perl : Clang;
}

std::string hipkit::hipify::driver::normalisedRootName(llvm::StringRef Root) {
  llvm::SmallString<256> Clean(Root);
  llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/false);
  std::string Name(Clean);
  while (Name.size() > 1 && Name.back() == '/')
    Name.pop_back();
  return Name.empty() ? "." : Name;
}

/// Whether \p Path lies below the folder \p Folder (both real paths).
static bool isBelow(llvm::StringRef Path, llvm::StringRef Folder) {
  if (Folder == "/")
    return Path.size() > 1;
  return Path.size() > Folder.size() && Path.starts_with(Folder) &&
         Path[Folder.size()] == '/';
}

static std::string parentOrDot(llvm::StringRef Path) {
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  return Parent.empty() ? "." : Parent.str();
}

std::string Invocation::statisticsPath() const {
  if (!Options.StatsFile.empty())
    return Options.StatsFile;
  llvm::SmallString<256> P(Options.OutputDir.empty() ? "." : Options.OutputDir);
  llvm::sys::path::append(P, "hipify_stats.csv");
  return std::string(P);
}

static bool checkShardOptions(const HipifyOptions &Options) {
  if (Options.InRoot.empty() || Options.OutRoot.empty() || Options.InPlace ||
      Options.NoOutput) {
    reportError("--shard=" + llvm::Twine(Options.ShardIndex) + "/" +
                llvm::Twine(Options.ShardCount) +
                " translates a share of a project into its own folder; give "
                "--in-root=<project> and --out-root=<folder> (not --inplace "
                "or --no-output)");
    return false;
  }
  if (!Options.Sources.empty() || !Options.BuildPath.empty()) {
    // Named sources or -p's would be split like the others; refused so that
    // no shard's share depends on what another machine was told.
    reportError("--shard splits every source of --in-root; name no sources "
                "and no -p database, or translate without --shard");
    return false;
  }
  return true;
}

static bool checkMergeOptions(HipifyOptions &Options) {
  if (Options.OutRoot.empty()) {
    reportError("--merge needs --out-root=<folder>, the new folder the "
                "shards are joined into");
    return false;
  }
  if (!Options.InRoot.empty() || Options.ShardCount || Options.InPlace ||
      Options.NoOutput || !Options.Sources.empty()) {
    reportError("--merge joins the shards' out-roots into --out-root and "
                "takes the project and its options from the shards; give it "
                "only --out-root, --report and the statistics options");
    return false;
  }
  Options.OutRoot = normalisedRootName(Options.OutRoot);
  return true;
}

static bool checkProjectOptions(Invocation &Inv) {
  HipifyOptions &Options = Inv.Options;
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
  // Both roots once, as the user means them: `in//` is `in`, and every
  // relative path below is taken from these.
  Options.InRoot = normalisedRootName(Options.InRoot);
  if (Options.OutRoot.empty())
    return true;
  Options.OutRoot = normalisedRootName(Options.OutRoot);
  llvm::Expected<std::string> OutReal = resolveFolderPath(Options.OutRoot);
  if (!OutReal) {
    reportError("--out-root: " + llvm::toString(OutReal.takeError()));
    return false;
  }
  std::string InReal = realPathOf(Options.InRoot);
  if (*OutReal == InReal) {
    reportError("--out-root '" + Options.OutRoot + "' is --in-root '" +
                Options.InRoot +
                "' itself; use --inplace to replace the project's files "
                "with their translations");
    return false;
  }
  if (isBelow(InReal, *OutReal)) {
    reportError("--out-root '" + Options.OutRoot + "' contains --in-root '" +
                Options.InRoot +
                "': the translation would be written into the project's "
                "own files; choose an --out-root outside the project");
    return false;
  }
  // The report and the statistics are not the project's: a path inside
  // --out-root would replace (or later be taken for) one of its files.
  for (auto [Option, Path] :
       {std::pair<llvm::StringRef, std::string>{
            "--report", Inv.ReportAs ? Options.ReportFile : std::string()},
        {"--o-stats", Options.PrintStatsCSV ? Inv.statisticsPath() : ""}}) {
    if (Path.empty() || Path == "-")
      continue;
    llvm::Expected<std::string> Folder = resolveFolderPath(parentOrDot(Path));
    if (!Folder) {
      llvm::consumeError(Folder.takeError());
      continue; // The output's own check says what is wrong.
    }
    if (*Folder == *OutReal || isBelow(*Folder, *OutReal)) {
      reportError(Option + " '" + Path + "' is inside --out-root '" +
                  Options.OutRoot +
                  "', which holds only the project's translation; write it "
                  "outside --out-root");
      return false;
    }
  }
  return true;
}

/// Checks the options of every mode and completes them; false after
/// reporting the first thing wrong.
static bool checkOptions(Invocation &Inv) {
  HipifyOptions &Options = Inv.Options;
  auto Enabled = parseWarningSelection("--checks", Options.Checks);
  if (!Enabled)
    return false;
  auto AsErrors =
      parseWarningSelection("--warnings-as-errors", Options.WarningsAsErrors);
  if (!AsErrors)
    return false;
  Inv.EnabledWarnings = std::move(*Enabled);
  Inv.ErrorWarnings = std::move(*AsErrors);
  if (!Options.ReportFile.empty()) {
    llvm::Expected<ReportFormat> Format = reportFormatFor(Options.ReportFile);
    if (!Format) {
      reportError(toString(Format.takeError()));
      return false;
    }
    Inv.ReportAs = *Format;
  }
  // Never created: a mistyped --temp-dir would otherwise become a chain of
  // new folders (as root, anywhere).
  if (!Options.TempDir.empty() &&
      !llvm::sys::fs::is_directory(Options.TempDir)) {
    reportError("--temp-dir: '" + Options.TempDir +
                "' is not an existing directory; create it or leave "
                "--temp-dir out to use the system's");
    return false;
  }
  if (!Options.CacheDir.empty() && Options.NoCache) {
    reportError("--cache-dir names where precompiled headers are kept and "
                "--no-cache keeps none; use only one of them");
    return false;
  }
  if (!Options.CacheDir.empty() && Options.NoPrecompiledHeaders) {
    reportError("--cache-dir names where precompiled headers are kept and "
                "--no-precompiled-headers builds none; use only one of them");
    return false;
  }
  bool Perl = Options.Tool == Frontend::Perl;
  if (!Options.MergeDirs.empty())
    return checkMergeOptions(Options);
  if (Options.ShardCount && !checkShardOptions(Options))
    return false;
  if (!Options.InRoot.empty() || !Options.OutRoot.empty())
    return checkProjectOptions(Inv);
  if (Options.Sources.empty()) {
    reportError(Perl ? "no input files; usage: hipify-perl [options] "
                       "<source>...; see hipify-perl -help"
                     : "no input files; usage: hipify-clang [options] "
                       "<source>... [-- <clang args>]");
    return false;
  }
  int OutputModes = !Options.OutputFile.empty() + !Options.OutputDir.empty() +
                    Options.InPlace;
  if (OutputModes > 1) {
    reportError(Perl ? "-o and -inplace choose where output goes; use only "
                       "one of them"
                     : "-o, --o-dir and --inplace choose where output goes; "
                       "use only one of them");
    return false;
  }
  // Several translations to standard output follow each other (hipify-perl's
  // default); several to one file would leave only the last.
  if (!Options.OutputFile.empty() && Options.OutputFile != "-" &&
      Options.Sources.size() > 1) {
    reportError("-o names one output but " +
                llvm::Twine(Options.Sources.size()) + " sources were given; " +
                (Perl ? "use -inplace, or no -o to write them all to "
                        "standard output"
                      : "use --o-dir for several sources"));
    return false;
  }
  if (Options.OutputFile == "-" && Options.Sources.size() > 1 && !Perl) {
    reportError("-o names one output but " +
                llvm::Twine(Options.Sources.size()) +
                " sources were given; use --o-dir for several sources");
    return false;
  }
  return true;
}

std::optional<Invocation> Invocation::create(HipifyOptions Options) {
  Invocation Inv;
  Inv.Options = std::move(Options);
  NameOptions &Names = Inv.Options.Names;
  if (Names.TargetHipVersion == 0 && !Names.TargetHipVersionText.empty())
    Names.TargetHipVersion = NamePolicy::parseVersion(Names.TargetHipVersionText);
  if (!checkOptions(Inv))
    return std::nullopt;
  return Inv;
}
