//===- OutputPlanTest.cpp - Every output checked before any is written ----===//
#include "hipkit/hipify/Project/OutputPlan.h"
#include "hipkit/Support/OutputTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>
#include <unistd.h>

using namespace hipkit::hipify;

namespace {

/// A private folder, removed with everything in it at the end of the test.
class OutputPlanTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("output-plan-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    std::string P = path(Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << P;
    OS << Text;
    return P;
  }
  /// The plan's problems, joined by newlines ("" when it is safe).
  static std::string problems(const OutputPlan &Plan) {
    std::string All;
    for (const std::string &P : Plan.check())
      All += (All.empty() ? "" : "\n") + P;
    return All;
  }

  llvm::SmallString<128> Dir;
};

TEST_F(OutputPlanTest, OutputsOfTheirOwnAreSafe) {
  OutputPlan Plan;
  Plan.addInput(write("a.cu", "x"), "the source 'a.cu'");
  Plan.addOutput(path("a.cu.hip"), "the translation of 'a.cu'",
                 OutputRole::Named);
  Plan.addOutput(path("stats.csv"), "the statistics", OutputRole::Named);
  // '-' (standard output) and an empty path are no files.
  Plan.addOutput("-", "the translation", OutputRole::Named);
  EXPECT_EQ(problems(Plan), "");
}

TEST_F(OutputPlanTest, AnOutputThatIsAnInputIsRefused) {
  std::string Source = write("a.cu", "x");
  OutputPlan Plan;
  Plan.addInput(Source, "the source 'a.cu'");
  Plan.addOutput(Source, "the report", OutputRole::Named);
  EXPECT_EQ(problems(Plan),
            "the report '" + Source +
                "' would replace the source 'a.cu'; "
                "nothing was written; choose another path for the report");
}

TEST_F(OutputPlanTest, LinksToAnInputAreSeenThrough) {
  std::string Source = write("a.cu", "x");
  ASSERT_FALSE(llvm::sys::fs::create_link(Source, path("soft.hip")));
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(Source, path("hard.hip")));
  for (const char *Link : {"soft.hip", "hard.hip"}) {
    SCOPED_TRACE(Link);
    OutputPlan Plan;
    Plan.addInput(Source, "the source 'a.cu'");
    Plan.addOutput(path(Link), "the translation", OutputRole::Named);
    EXPECT_EQ(problems(Plan),
              "the translation '" + path(Link) +
                  "' would replace the source 'a.cu'; nothing was written; "
                  "choose another path for the translation");
  }
}

TEST_F(OutputPlanTest, TwoOutputsOnePathCollide) {
  OutputPlan Plan;
  Plan.addOutput(path("out.hip"), "the translation of 'a.cu'",
                 OutputRole::Named);
  // The same file, spelled differently, before it exists.
  Plan.addOutput(Dir.str().str() + "/./sub/../out.hip",
                 "the translation of 'b.cu'", OutputRole::Named);
  EXPECT_EQ(problems(Plan),
            "the translation of 'a.cu' and the translation of 'b.cu' would "
            "both be written "
            "to '" +
                Dir.str().str() +
                "/./sub/../out.hip'; nothing was written; give each "
                "output its own path");
}

TEST_F(OutputPlanTest, WriteThroughOutputsMayBeShared) {
  // A device takes several outputs (-o /dev/null --o-stats /dev/null).
  OutputPlan Plan;
  Plan.addOutput("/dev/null", "the translation", OutputRole::Named);
  Plan.addOutput("/dev/null", "the statistics", OutputRole::Named);
  EXPECT_EQ(problems(Plan), "");
}

TEST_F(OutputPlanTest, InPlaceReplacesOnlyItsOwnInput) {
  std::string A = write("a.cu", "a"), B = write("b.cu", "b");
  OutputPlan Plan;
  Plan.addInput(A, "the source 'a.cu'");
  Plan.addInput(B, "the source 'b.cu'");
  Plan.addOutput(A, "the translation of 'a.cu'", OutputRole::InPlace, A);
  EXPECT_EQ(problems(Plan), "");
  // An in-place output that would land on another input is refused.
  Plan.addOutput(B, "the translation of 'x.cu'", OutputRole::InPlace, A);
  EXPECT_NE(problems(Plan).find("would replace the source 'b.cu'"),
            std::string::npos);
}

TEST_F(OutputPlanTest, ImpliedOutputsReplaceOnlyWhatHipifyWrote) {
  std::string Header = write("util.h", "the user's own file");
  {
    OutputPlan Plan;
    Plan.addImpliedOutput(Header, "the translation of 'util.h'", "other text");
    EXPECT_EQ(
        problems(Plan),
        "'" + Header +
            "' exists and was not written by hipify-clang (it is not in '" +
            path(ManifestName) +
            "'); the translation of 'util.h' would replace it; "
            "nothing was written; remove it, choose another -o, or use "
            "--force");
  }
  {
    OutputPlan Forced(/*Force=*/true);
    Forced.addImpliedOutput(Header, "the translation of 'util.h'",
                            "other text");
    EXPECT_EQ(problems(Forced), "");
  }
  {
    // A copy of the input (a copied project translated in place of it) loses
    // nothing.
    OutputPlan Plan;
    Plan.addImpliedOutput(Header, "the translation of 'util.h'",
                          "the user's own file");
    EXPECT_EQ(problems(Plan), "");
  }
}

TEST_F(OutputPlanTest, TheManifestRecordsWhatWasWritten) {
  std::string Header = path("util.h");
  OutputPlan First;
  First.addImpliedOutput(Header, "the translation of 'util.h'", "cuda text");
  ASSERT_EQ(problems(First), "");
  First.manifest().record(Header, {contentHash("hip text"), std::nullopt});
  auto Manifests = First.manifest().render();
  ASSERT_EQ(Manifests.size(), 1u);
  EXPECT_EQ(Manifests[0].first, path(ManifestName));
  EXPECT_EQ(Manifests[0].second, "# hipify-clang: the files it wrote in this "
                                 "folder (SHA-256, name); it replaces "
                                 "only these\n" +
                                     contentHash("hip text") + "  util.h\n");
  // Written as the run would: a rerun may replace it, until the user edits it.
  write("util.h", "hip text");
  write(ManifestName, Manifests[0].second);
  std::optional<ManifestRecord> Listed = FolderManifests().written(Header);
  ASSERT_TRUE(Listed);
  EXPECT_EQ(Listed->Hash, contentHash("hip text"));
  OutputPlan Rerun;
  Rerun.addImpliedOutput(Header, "the translation of 'util.h'", "cuda text");
  EXPECT_EQ(problems(Rerun), "");
  write("util.h", "hip text, edited by hand");
  EXPECT_NE(problems(Rerun).find("exists and was not written by hipify-clang"),
            std::string::npos);
}

TEST_F(OutputPlanTest, AFileAtTheManifestsPathThatIsNoManifestIsRefused) {
  write(ManifestName, "not a manifest\n");
  OutputPlan Plan;
  Plan.addImpliedOutput(path("util.h"), "the translation of 'util.h'", "x");
  EXPECT_EQ(problems(Plan),
            "'" + path(ManifestName) +
                "' exists and is not a hipify-clang manifest; nothing was "
                "written; remove it or choose another -o");
}

// Project mode: each output below --out-root is checked there (no link
// followed) against OUT/.hipify-manifest.json, once, by the plan.
TEST_F(OutputPlanTest, ProjectOutputsAreCheckedBelowTheTreeOnce) {
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("in")));
  ASSERT_FALSE(llvm::sys::fs::create_directories(path("out/real")));
  write("in/copy.h", "cuda text");
  write("out/ours.h", "hip text");
  write("out/edited.h", "hip text, edited");
  write("out/foreign.h", "the user's");
  write("out/copy.h", "cuda text");
  ASSERT_FALSE(llvm::sys::fs::create_link("real", path("out/sub")));
  llvm::Expected<hipkit::OutputTree> Tree =
      hipkit::OutputTree::open(path("out"), /*Create=*/false);
  ASSERT_TRUE(bool(Tree)) << llvm::toString(Tree.takeError());
  ProjectOutputManifest Manifest(path("out/.hipify-manifest.json"));
  Manifest.Last.Outputs["ours.h"].OutputHash = contentHash("hip text");
  Manifest.Last.Outputs["edited.h"].OutputHash = contentHash("hip text");
  OutputPlan Plan;
  Plan.useManifest(Manifest);
  Plan.useTree(*Tree);
  auto add = [&](llvm::StringRef Rel) {
    PlannedOutput O;
    O.Path = path(("out/" + Rel).str());
    O.TreeRel = Rel.str();
    O.What = "the translation of '" + Rel.str() + "'";
    O.Role = OutputRole::Implied;
    O.Replaces = path(("in/" + Rel).str());
    Plan.add(O);
  };
  for (const char *Rel :
       {"ours.h", "edited.h", "foreign.h", "copy.h", "new.h", "sub/x.h"})
    add(Rel);
  std::vector<std::string> Problems = Plan.checkAdded();
  ASSERT_EQ(Problems.size(), 3u);
  EXPECT_EQ(Problems[0],
            "'" + path("out/edited.h") +
                "' was written by hipify-clang and edited since (its text is "
                "not what the manifest records); the translation of '" +
                path("in/edited.h") +
                "' would replace the edit; nothing was written; to keep the "
                "edit, make it in '" +
                path("in/edited.h") +
                "' or move the file out of --out-root; to drop it, remove "
                "the file or use --force");
  EXPECT_EQ(Problems[1],
            "'" + path("out/foreign.h") +
                "' exists and was not written by hipify-clang (it is not in '" +
                path("out/.hipify-manifest.json") +
                "'); the translation of 'foreign.h' would replace it; "
                "nothing was written; remove it, choose another --out-root, "
                "or use --force");
  EXPECT_EQ(Problems[2],
            "cannot write '" + path("out/sub/x.h") + "': '" + path("out/sub") +
                "' is a symbolic link (to 'real') that hipify-clang did not "
                "make, and nothing is written through links below "
                "--out-root; nothing was written; remove the link, or use "
                "--force to replace it by a folder");
  // Found once: a later check of what was added since finds nothing new.
  Plan.addInput(path("in/copy.h"), "'in/copy.h'");
  EXPECT_TRUE(Plan.checkAdded().empty());
  // A link the last run made becomes a folder when written.
  Manifest.Last.Outputs["sub"].LinkTarget = "real";
  OutputPlan Rerun;
  Rerun.useManifest(Manifest);
  Rerun.useTree(*Tree);
  PlannedOutput O;
  O.Path = path("out/sub/x.h");
  O.TreeRel = "sub/x.h";
  O.Role = OutputRole::Implied;
  Rerun.add(O);
  EXPECT_TRUE(Rerun.checkAdded().empty());
  EXPECT_TRUE(Rerun.linksToReplace().count("sub"));
}

} // namespace

// The plan is the run's only checker, asked twice: for the outputs named
// before the parses and for the headers the parses found. Each problem is
// reported once, by the check of what was added.
TEST_F(OutputPlanTest, ACollisionIsFoundOnce) {
  OutputPlan Plan;
  PlannedOutput Source;
  Source.Path = path("k.cu.hip");
  Source.What = "the translation of 'k.cu'";
  Source.Owner = "'k.cu'";
  Plan.add(Source);
  PlannedOutput Stats;
  Stats.Path = Dir.str().str() + "/./k.cu.hip";
  Stats.What = "the statistics";
  Plan.add(Stats);
  std::vector<std::string> First = Plan.checkAdded();
  ASSERT_EQ(First.size(), 1u);
  EXPECT_EQ(First[0], "'k.cu' and the statistics would both be written to '" +
                          Stats.Path +
                          "'; nothing was written; give each output its "
                          "own path");
  // The headers' phase: a new output colliding with an earlier one is
  // found; the earlier collision is not said again.
  Plan.addInput(write("k.cu", "x"), "the source 'k.cu'");
  PlannedOutput Header;
  Header.Path = path("k.cu.hip");
  Header.What = "the translation of the header 'k.h'";
  Header.Owner = "the header 'k.h'";
  Header.Role = OutputRole::Implied;
  Plan.add(Header);
  std::vector<std::string> Second = Plan.checkAdded();
  ASSERT_EQ(Second.size(), 1u);
  EXPECT_EQ(Second[0].find("'k.cu' and the header 'k.h' would both be "
                           "written"),
            0u);
  EXPECT_TRUE(Plan.checkAdded().empty());
  // An earlier output is checked against the inputs added after it.
  Plan.add([&] {
    PlannedOutput Over;
    Over.Path = path("h.h");
    Over.What = "the report";
    return Over;
  }());
  EXPECT_TRUE(Plan.checkAdded().empty());
  Plan.addInput(write("h.h", "y"), "the header 'h.h'");
  std::vector<std::string> Third = Plan.checkAdded();
  ASSERT_EQ(Third.size(), 1u);
  EXPECT_EQ(Third[0], "the report '" + path("h.h") +
                          "' would replace the header 'h.h'; nothing was "
                          "written; choose another path for the report");
  // A fresh check of the whole plan finds every problem again.
  EXPECT_EQ(Plan.check().size(), 3u);
}

TEST_F(OutputPlanTest, ANamedOutputThatIsItsInputIsRefusedAsSuch) {
  OutputAdvice Advice;
  Advice.InPlace = "-inplace";
  OutputPlan Plan(/*Force=*/false, Advice);
  std::string Source = write("k.cu", "x");
  PlannedOutput O;
  O.Path = Dir.str().str() + "/./k.cu";
  O.What = "the translation of 'k.cu'";
  O.Replaces = Source;
  Plan.add(O);
  EXPECT_EQ(problems(Plan), "the output '" + O.Path + "' is the input '" +
                                Source +
                                "' itself; use -inplace to replace a source "
                                "with its translation");
}

TEST_F(OutputPlanTest, AFolderTheRunCreatesIsNotCheckedYet) {
  PlannedOutput O;
  O.Path = path("missing/k.cu.hip");
  O.What = "the translation of 'k.cu'";
  O.CheckWritable = PlannedOutput::Writable::CheckedIfFolderExists;
  OutputPlan Later;
  Later.add(O);
  EXPECT_EQ(problems(Later), "");
  O.CheckWritable = PlannedOutput::Writable::Checked;
  OutputPlan Now;
  Now.add(O);
  EXPECT_NE(problems(Now).find("cannot write '" + O.Path + "'"),
            std::string::npos);
}
