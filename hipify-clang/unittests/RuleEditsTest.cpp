//===- RuleEditsTest.cpp - The rules' view of a translation, and its owners
//===//
//
// A rule edits through RuleEdits (RewriteRule.h), which FileTranslation
// implements: here a recorder stands in for it. Both engines hand a rule and
// addReference the resolver's one Resolution, so a row whose decision depends
// on the file (cuBLAS's names under --roc in a cuBLASLt-only file) is written
// alike through every path. The record's owners (Statistics, WarningLog,
// HelperUses, SourceText's lines) are tested beside it.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Engines/TokenEngine.h"
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Translation/FileTranslation.h"
#include "hipkit/hipify/Translation/RewriteRule.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hipkit::hipify;

namespace {

/// A RuleEdits over a text that records what a rule asks for.
class RecordingEdits : public RuleEdits {
public:
  explicit RecordingEdits(std::string Text)
      : Text(std::move(Text)), Source(this->Text), Resolver(Source) {}

  llvm::StringRef contents() const override { return Text; }
  const SourceText &source() const override { return Source; }
  llvm::StringRef lineEnding() const override { return "\n"; }
  const NameResolver &resolver() const override { return Resolver; }
  void addEdit(unsigned Offset, unsigned Length, llvm::StringRef With,
               EditOrigin, llvm::StringRef, llvm::StringRef) override {
    Log.push_back("edit " + Text.substr(Offset, Length) + " -> " + With.str());
  }
  void addArgumentDrop(unsigned NameOffset, unsigned Begin,
                       unsigned End) override {
    Dropped.push_back(NameOffset);
    Log.push_back("drop '" + Text.substr(Begin, End - Begin) + "'");
  }
  bool hasArgumentDrop(unsigned NameOffset) const override {
    return llvm::is_contained(Dropped, NameOffset);
  }
  void addArgumentArrangement(unsigned, OffsetRange, std::vector<OffsetRange>,
                              std::vector<ArgumentPiece>) override {
    Log.push_back("arrange");
  }
  bool hasArgumentArrangement(unsigned) const override { return false; }
  void removeName(unsigned, unsigned, const ApiMapping &Row, EditOrigin,
                  const llvm::Twine &) override {
    Log.push_back("remove " + Row.CudaName.str());
  }
  void requireHelper(llvm::StringRef Block, unsigned) override {
    Log.push_back("helper " + Block.str());
  }
  bool firstRewriteAt(unsigned, llvm::StringRef) override { return true; }
  bool rewroteAt(unsigned, llvm::StringRef) const override { return false; }
  void countConverted(const ApiMapping &Row, EditOrigin Origin) override {
    Stats.countConverted(Row, Origin);
  }
  void countUnconverted(const ApiMapping &Row) override {
    Stats.countUnconverted(Row);
  }
  const TranslationStatistics &statistics() const override { return Stats; }
  void warn(unsigned, llvm::StringRef Check, const llvm::Twine &) override {
    Log.push_back("warn " + Check.str());
  }
  void note(unsigned, llvm::StringRef Check, const llvm::Twine &) override {
    Log.push_back("note " + Check.str());
  }

  std::vector<std::string> Log;

private:
  std::string Text;
  SourceText Source;
  NameResolver Resolver;
  std::vector<unsigned> Dropped;
  TranslationStatistics Stats;
};

TEST(RuleEdits, ARuleEditsOnlyThroughItsInterface) {
  const ApiMapping *Shfl = lookupCudaName("__shfl_sync");
  ASSERT_NE(Shfl, nullptr);
  const RewriteRule *Drop = RewriteRule::forRow(*Shfl);
  ASSERT_NE(Drop, nullptr);
  ASSERT_EQ(Drop->name(), "drop");
  NamePolicy Policy{NameOptions()};
  // The targeted HIP lacks __shfl_sync: the fallback drops the mask.
  NameDecision Fallback = Policy.decide(*Shfl);
  Fallback.UsesFallback = true;

  RecordingEdits Call("int v = __shfl_sync(mask, x, 0);\n");
  EXPECT_TRUE(
      Drop->rewriteReference(Call, 8, *Shfl, EditOrigin::Lexical, Fallback));
  EXPECT_EQ(Call.Log, std::vector<std::string>{"drop 'mask, '"});
  // The same call asked again is edited once.
  EXPECT_TRUE(
      Drop->rewriteReference(Call, 8, *Shfl, EditOrigin::Lexical, Fallback));
  EXPECT_EQ(Call.Log.size(), 1u);

  // No call to edit: left, counted and said.
  RecordingEdits Bare("auto f = __shfl_sync;\n");
  EXPECT_FALSE(
      Drop->rewriteReference(Bare, 9, *Shfl, EditOrigin::Lexical, Fallback));
  EXPECT_EQ(Bare.Log, std::vector<std::string>{
                          "warn " + warning_names::CallNotFound.str()});
  EXPECT_EQ(Bare.statistics().Unconverted, 1u);
  EXPECT_EQ(Bare.statistics().UnconvertedByName.count("__shfl_sync"), 1u);
}

/// The translation of \p Contents by the token engine alone, under --roc.
std::string translatedUnderRoc(const std::string &Contents) {
  NameOptions Options;
  Options.Roc = true;
  NamePolicy Policy(Options);
  FileTranslation FT("t.cu", "t.cu", Contents, /*IsMainFile=*/true);
  LexicalScope Scope;
  Scope.WholeFile = true;
  TokenEngine(Policy).translate(FT, Scope);
  llvm::Expected<std::string> Out = FT.apply();
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return "error";
  }
  return *Out;
}

TEST(Resolution, BothEnginesPathsWriteTheFilesRocDecision) {
  const ApiMapping *Status = lookupCudaName("cublasStatus_t");
  ASSERT_NE(Status, nullptr);
  NameOptions Options;
  Options.Roc = true;
  NamePolicy Policy(Options);
  std::string LtOnly = "#include <cublasLt.h>\ncublasStatus_t s;\n";
  std::string Both =
      "#include <cublasLt.h>\n#include <cublas_v2.h>\ncublasStatus_t s;\n";
  SourceText LtOnlyText(LtOnly), BothText(Both);
  // The decision --roc alone would make (rocBLAS's name) is not the file's:
  // hipBLASLt takes hipblas-common's types.
  llvm::StringRef RocName = Policy.decide(*Status).Replacement;
  Resolution InLtOnly = NameResolver(LtOnlyText).resolution(*Status, Policy);
  Resolution InBoth = NameResolver(BothText).resolution(*Status, Policy);
  EXPECT_NE(InLtOnly.Decision.Replacement, RocName);
  EXPECT_EQ(InLtOnly.Decision.Replacement, Status->HipName);
  EXPECT_EQ(InBoth.Decision.Replacement, RocName);

  // The AST engine's call path: a rule's call site carries the resolution's
  // decision (CallSite is made only from a Resolution).
  static_assert(!std::is_constructible_v<CallSite, const clang::CallExpr &,
                                         clang::SourceLocation,
                                         const ApiMapping &, NameDecision>,
                "a call site's decision comes from the reference's "
                "resolution, never decided again");

  // The token engine's name path writes the same.
  std::string Out = translatedUnderRoc(LtOnly);
  EXPECT_NE(Out.find(Status->HipName.str() + " s;"), std::string::npos) << Out;
  Out = translatedUnderRoc(Both);
  EXPECT_NE(Out.find(RocName.str() + " s;"), std::string::npos) << Out;
}

TEST(Resolution, AnIncludeIsResolvedInTheFile) {
  std::string Contents = "#include <cublasLt.h>\n";
  SourceText Text(Contents);
  NamePolicy Policy{NameOptions()};
  Resolution Lt = NameResolver(Text).resolveInclude("cublasLt.h", Policy);
  ASSERT_TRUE(Lt);
  EXPECT_EQ(Lt.Row->Kind, NameKind::Header);
  EXPECT_EQ(Lt.Decision.Replacement, Lt.Row->HipName);
  EXPECT_FALSE(NameResolver(Text).resolveInclude("mine.h", Policy));
}

TEST(Statistics, AnUnconvertedCountTakenBackLeavesNoCategory) {
  const ApiMapping *Row = lookupCudaName("cudaMalloc");
  ASSERT_NE(Row, nullptr);
  TranslationStatistics Stats;
  Stats.countUnconverted(*Row);
  EXPECT_EQ(Stats.Unconverted, 1u);
  EXPECT_EQ(Stats.UnconvertedByKind.size(), 1u);
  Stats.uncountUnconverted(*Row);
  EXPECT_EQ(Stats.Unconverted, 0u);
  EXPECT_TRUE(Stats.UnconvertedByKind.empty());
  EXPECT_TRUE(Stats.UnconvertedByApi.empty());
  EXPECT_TRUE(Stats.UnconvertedByName.empty());
  Stats.countConverted(*Row, EditOrigin::AST);
  Stats.countConvertedEdit(EditOrigin::Lexical, "include", "");
  EXPECT_EQ(Stats.Converted, 2u);
  EXPECT_EQ(Stats.AstChecked, 1u);
  EXPECT_EQ(Stats.Lexical, 1u);
  EXPECT_EQ(Stats.ConvertedByApi.size(), 1u); // No API: not counted by one.
}

TEST(WarningLog, HazardsOfARemovedNameAreDropped) {
  WarningLog Log;
  Log.addHazard(10, "hipkit-x", "hazard");
  Log.addHazard(10, "hipkit-x", "again"); // Once per offset and check.
  Log.warn(4, warning_names::Unsupported, "left");
  Log.note(10, warning_names::Removed, "removed");
  std::vector<FileWarning> All = Log.warnings();
  ASSERT_EQ(All.size(), 3u);
  EXPECT_EQ(All[0].Offset, 4u); // In file order.
  Log.dropHazardsAt(10);
  EXPECT_EQ(Log.warnings().size(), 2u);
  EXPECT_TRUE(Log.remove(4, warning_names::Unsupported));
  EXPECT_FALSE(Log.remove(4, warning_names::Unsupported));
  std::string Text = "int a;\nint bc;\n";
  SourceText Source(Text);
  unsigned Errors = 0;
  Log.warn(3, warning_names::NotInTables, "unknown");
  EXPECT_EQ(Log.format("f.cu", Source, WarningSelection(), Errors),
            "f.cu:1:4: warning: unknown [hipify-not-in-tables]\n"
            "f.cu:2:4: note: removed [hipify-removed]\n");
  EXPECT_EQ(Errors, 0u);
}

TEST(SourceText, LinesAndColumns) {
  std::string Text = "ab\r\ncd\nef";
  SourceText Source(Text);
  EXPECT_EQ(Source.lineAndColumn(0), std::make_pair(1u, 1u));
  EXPECT_EQ(Source.lineAndColumn(5), std::make_pair(2u, 2u));
  EXPECT_EQ(Source.lineText(1), "ab");
  EXPECT_EQ(Source.lineText(3), "ef");
  EXPECT_EQ(Source.lineText(4), "");
  EXPECT_EQ(Source.lineEnding(), "\r\n");
}

TEST(HelperUses, ABlockIsWrittenOnceBeforeItsFirstUse) {
  std::string Text = "int a;\nvoid f() {\n  use1();\n  use2();\n}\n";
  SourceText Source(Text);
  EditBuffer Buffer("f.cu", Text);
  WarningLog Log;
  HelperUses Helpers;
  unsigned Use2 = Text.find("use2"), Use1 = Text.find("use1");
  Helpers.require("legacy_launch", Use2);
  Helpers.require("legacy_launch", Use1);
  Helpers.insert(Buffer, Source, Log);
  llvm::Expected<std::string> Out = Buffer.apply();
  ASSERT_TRUE(bool(Out));
  // Before `void f`, the declaration holding the first use, once.
  size_t At = Out->find("void f()");
  ASSERT_NE(At, std::string::npos);
  EXPECT_EQ(Out->substr(0, 7), "int a;\n");
  EXPECT_GT(At, 7u);
  std::vector<FileWarning> Notes = Log.warnings();
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_EQ(Notes[0].Offset, Use1);
  EXPECT_NE(Notes[0].Message.find("before line 2"), std::string::npos);
  // Asked again, nothing more is written.
  Helpers.insert(Buffer, Source, Log);
  EXPECT_EQ(Log.warnings().size(), 1u);
}

} // namespace
