//===- OutputLayoutTest.cpp - Where every output of a run goes
//-------------===//
//
// The layout reads no file: these trees exist only as values, with paths
// that resolve to themselves.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Project/OutputLayout.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hipkit::hipify;

namespace {

LayoutFile file(std::string RealPath, bool Changes,
                llvm::StringRef Contents = "text") {
  LayoutFile F;
  F.RealPath = RealPath;
  F.DisplayPath = RealPath;
  F.Contents = Contents;
  F.Changes = Changes;
  return F;
}

/// \p Including's `#include "Spelled"` at offset \p At.
LayoutInclude include(unsigned Including, unsigned At, std::string Spelled,
                      std::string Header) {
  return {Including, At, At + unsigned(Spelled.size()) + 2, Spelled, Header};
}

/// "path role kind [replaces]" per output, one a line, for comparison.
std::string describe(const std::vector<PlannedOutput> &Outputs) {
  static const char *Roles[] = {"named", "implied", "in-place"};
  static const char *Kinds[] = {"source", "header",   "backup", "stats",
                                "report", "manifest", "tree"};
  std::string Text;
  for (const PlannedOutput &O : Outputs)
    Text += O.Path + " " + Roles[int(O.Role)] + " " + Kinds[int(O.Kind)] +
            (O.Replaces.empty() ? "" : " " + O.Replaces) + "\n";
  return Text;
}

std::string describe(const std::vector<IncludeEdit> &Edits) {
  std::string Text;
  for (const IncludeEdit &E : Edits)
    Text += std::to_string(E.File) + "@" + std::to_string(E.Offset) + "+" +
            std::to_string(E.Length) + " " + E.Text + "\n";
  return Text;
}

TEST(OutputLayoutTest, HeadersGoBesideTheOutputInTheirSubfolders) {
  OutputLayout Layout({});
  LayoutSource S;
  S.Path = S.RealPath = "/p/src/a.cu";
  S.Output = "/p/out/a.cu.hip";
  S.Files = {file("/p/src/a.cu", true), file("/p/src/k.h", true, "k's text"),
             file("/p/src/sub/u.h", false)};
  S.Includes = {include(0, 10, "k.h", "/p/src/k.h")};
  Layout.addNamedSource(S.RealPath, S.Output);
  SourceLayout L = Layout.place(S);
  EXPECT_EQ(L.Claimed, std::vector<bool>({false, true, true}));
  // Nothing is renamed, so no include changes; an unchanged header is
  // written too, so that the output folder compiles.
  EXPECT_EQ(describe(L.IncludeEdits), "");
  EXPECT_EQ(describe(L.Outputs), "/p/out/k.h implied header\n"
                                 "/p/out/sub/u.h implied header\n");
  ASSERT_TRUE(L.Outputs[0].Original);
  EXPECT_EQ(*L.Outputs[0].Original, "k's text");
  EXPECT_EQ(L.Outputs[0].What, "the translation of the header '/p/src/k.h'");
  const HeaderPlacement *H = Layout.header("/p/src/sub/u.h");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->Path, "/p/out/sub/u.h");
  EXPECT_TRUE(H->Written);
  EXPECT_FALSE(H->Renamed);
  EXPECT_EQ(describe(Layout.sourceOutputs(S.Path, S.Output, "a's text")),
            "/p/out/a.cu.hip named source /p/src/a.cu\n");
}

TEST(OutputLayoutTest, RenamedHeadersAreNamedByTheirIncludes) {
  // <source>.hip beside the source: a header would replace itself, so it is
  // written as <header>.hip when it changes, and the includes of it (and of
  // the headers that change by naming it) name the .hip file.
  OutputLayout Layout({});
  LayoutSource S;
  S.Path = S.RealPath = "/p/a.cu";
  S.Output = "/p/a.cu.hip";
  S.Files = {file("/p/a.cu", false), file("/p/x.h", false),
             file("/p/k.h", true), file("/p/same.h", false)};
  S.Includes = {include(0, 10, "x.h", "/p/x.h"),
                include(1, 20, "k.h", "/p/k.h"),
                include(0, 30, "same.h", "/p/same.h")};
  SourceLayout L = Layout.place(S);
  EXPECT_EQ(describe(L.IncludeEdits), "1@20+5 \"k.h.hip\"\n"
                                      "0@10+5 \"x.h.hip\"\n");
  // same.h does not change: neither written nor renamed in the includes.
  EXPECT_EQ(describe(L.Outputs), "/p/x.h.hip implied header\n"
                                 "/p/k.h.hip implied header\n");
  EXPECT_TRUE(Layout.header("/p/same.h")->Renamed);
  EXPECT_FALSE(Layout.header("/p/same.h")->Written);
}

TEST(OutputLayoutTest, TheFirstSourceToReachAHeaderWritesIt) {
  OutputLayout Layout({});
  LayoutSource A, B;
  A.Path = A.RealPath = "/p/a.cu";
  A.Output = "/o/a.cu.hip";
  A.Files = {file("/p/a.cu", true), file("/p/k.h", true)};
  B.Path = B.RealPath = "/p/b.cu";
  B.Output = "/o/b.cu.hip";
  B.Files = {file("/p/b.cu", true), file("/p/k.h", true), file("/p/j.h", true)};
  EXPECT_EQ(describe(Layout.place(A).Outputs), "/o/k.h implied header\n");
  SourceLayout L = Layout.place(B);
  EXPECT_EQ(L.Claimed, std::vector<bool>({false, false, true}));
  EXPECT_EQ(describe(L.Outputs), "/o/j.h implied header\n");
}

TEST(OutputLayoutTest, AHeaderThatIsANamedSourceIsWrittenAsTheSource) {
  OutputLayout Layout({});
  Layout.addNamedSource("/p/k.cu", "/p/k.cu.hip");
  LayoutSource S;
  S.Path = S.RealPath = "/p/a.cu";
  S.Output = "/p/a.cu.hip";
  S.Files = {file("/p/a.cu", false), file("/p/k.cu", true)};
  S.Includes = {include(0, 0, "k.cu", "/p/k.cu")};
  SourceLayout L = Layout.place(S);
  EXPECT_EQ(describe(L.Outputs), "");
  EXPECT_TRUE(Layout.header("/p/k.cu")->WrittenBySource);
  // The include names the source's translation.
  EXPECT_EQ(describe(L.IncludeEdits), "0@0+6 \"k.cu.hip\"\n");
}

TEST(OutputLayoutTest, InPlaceReplacesEachInputAfterItsBackup) {
  LayoutSettings Settings;
  Settings.InPlace = true;
  OutputLayout Layout(Settings);
  LayoutSource S;
  S.Path = S.RealPath = "/p/a.cu";
  S.Output = "/p/a.cu";
  S.Files = {file("/p/a.cu", true), file("/p/k.h", true)};
  EXPECT_EQ(describe(Layout.place(S).Outputs), "/p/k.h in-place header /p/k.h\n"
                                               "/p/k.h.prehip named backup\n");
  EXPECT_EQ(describe(Layout.sourceOutputs(S.Path, S.Output, "a")),
            "/p/a.cu in-place source /p/a.cu\n"
            "/p/a.cu.prehip named backup\n");
  Settings.NoBackup = true;
  OutputLayout NoBackup(Settings);
  EXPECT_EQ(describe(NoBackup.place(S).Outputs),
            "/p/k.h in-place header /p/k.h\n");
}

TEST(OutputLayoutTest, StandardOutputAndNoOutputWriteNoHeader) {
  for (bool NoOutput : {false, true}) {
    SCOPED_TRACE(NoOutput);
    LayoutSettings Settings;
    Settings.NoOutput = NoOutput;
    OutputLayout Layout(Settings);
    LayoutSource S;
    S.Path = S.RealPath = "/p/a.cu";
    S.Output = NoOutput ? "" : "-";
    S.Files = {file("/p/a.cu", true), file("/p/k.h", true)};
    S.Includes = {include(0, 0, "k.h", "/p/k.h")};
    SourceLayout L = Layout.place(S);
    EXPECT_EQ(describe(L.Outputs), "");
    EXPECT_EQ(describe(L.IncludeEdits), "");
  }
}

TEST(OutputLayoutTest, AProjectWritesEachFileBelowItsOutRootOnce) {
  LayoutSettings Settings;
  Settings.InRoot = "/r";
  Settings.OutRoot = "/o";
  OutputLayout Layout(Settings);
  Layout.addTreeSource("a.cu");
  Layout.addTreeSource("b.cu");
  Layout.addNamedSource("/r/a.cu", "/o/a.cu");
  LayoutSource S;
  S.Path = S.RealPath = "/r/a.cu";
  S.Output = "/o/a.cu";
  // A header below the root, one an earlier run wrote (Done), one outside
  // the root, and another source included as code.
  S.Files = {file("/r/a.cu", true), file("/r/inc/k.h", false),
             file("/r/inc/old.h", true), file("/rx/out.h", true),
             file("/r/b.cu", true)};
  llvm::StringSet<> Done;
  Done.insert("inc/old.h");
  SourceLayout L = Layout.place(S, Done);
  EXPECT_EQ(L.Claimed, std::vector<bool>({false, true, false, false, false}));
  EXPECT_EQ(describe(L.Outputs), "/o/inc/k.h implied header\n");
  EXPECT_EQ(describe(L.IncludeEdits), "");
  EXPECT_EQ(Layout.relativeToRoot("/rx/out.h"), "");
  EXPECT_EQ(Layout.relativeToRoot("/r/inc/k.h"), "inc/k.h");
  // A later source reaching the header does not write it again.
  S.RealPath = "/r/c.cu";
  EXPECT_EQ(Layout.place(S, Done).Claimed, std::vector<bool>(5, false));
}

TEST(OutputLayoutTest, EachFileBelowTheRootIsATreeOutput) {
  LayoutSettings Settings;
  Settings.InRoot = "/real/in";
  Settings.InRootName = "in";
  Settings.OutRoot = "out";
  OutputLayout Layout(Settings);
  for (bool Rewritten : {true, false}) {
    std::optional<PlannedOutput> O = Layout.treeOutput("d/x.bin", Rewritten);
    ASSERT_TRUE(O);
    EXPECT_EQ(describe({*O}), "out/d/x.bin implied tree in/d/x.bin\n");
    EXPECT_EQ(O->TreeRel, "d/x.bin");
    EXPECT_EQ(O->What, "the translation of 'd/x.bin'");
  }
  // --inplace replaces only what is translated or migrated, in the in-root.
  Settings.InPlace = true;
  Settings.OutRoot = "in";
  OutputLayout InPlace(Settings);
  EXPECT_FALSE(InPlace.treeOutput("d/x.bin", false));
  std::optional<PlannedOutput> Text = InPlace.treeOutput("d/k.cu", true);
  ASSERT_TRUE(Text);
  EXPECT_EQ(describe({*Text}), "in/d/k.cu in-place tree in/d/k.cu\n");
}

TEST(OutputLayoutTest, TheRunsOwnOutputs) {
  EXPECT_EQ(describe(OutputLayout::runOutputs("s.csv", "r.json", "/o/m.json")),
            "/o/m.json named manifest\n"
            "s.csv named stats\n"
            "r.json named report\n");
  std::vector<PlannedOutput> Report =
      OutputLayout::runOutputs("", "r.html", "");
  ASSERT_EQ(Report.size(), 1u);
  EXPECT_EQ(Report[0].CheckWritable, PlannedOutput::Writable::Checked);
}

} // namespace
