//===- ProjectManifestTest.cpp - The project manifest, read and written ---===//
#include "hipkit/hipify/Project/ProjectManifest.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit::hipify;

namespace {

const std::string HashA(64, 'a'), HashB(64, 'b'), HashC(64, 'c');

ProjectManifest sample() {
  ProjectManifest M;
  M.RunKey = "hipkit 0.1.0; --roc";
  M.InRoot = "/src/proj";
  ProjectManifest::Entry Source;
  Source.OutputHash = HashA;
  Source.Inputs["src/a.cu"] = HashB;
  Source.Inputs["include/util.h"] = HashC;
  M.Outputs["src/a.cu"] = Source;
  ProjectManifest::Entry Header;
  Header.OutputHash = HashB;
  Header.Owner = "src/a.cu";
  Header.Inputs["include/util.h"] = HashC;
  M.Outputs["include/util.h"] = Header;
  ProjectManifest::Entry Link;
  Link.LinkTarget = "../src/a.cu";
  M.Outputs["alias/a.cu"] = Link;
  // A name that is not UTF-8, and one with '%': stored encoded.
  ProjectManifest::Entry Odd;
  Odd.OutputHash = HashC;
  M.Outputs["data/caf\xe9%.bin"] = Odd;
  return M;
}

/// The error's message, or "ok".
std::string parseError(llvm::StringRef Text) {
  llvm::Expected<ProjectManifest> M =
      ProjectManifest::parse(Text, "out/.hipify-manifest.json");
  if (M)
    return "ok";
  return llvm::toString(M.takeError());
}

TEST(ProjectManifest, RoundTrip) {
  ProjectManifest M = sample();
  std::string Text = M.render();
  llvm::Expected<ProjectManifest> Back = ProjectManifest::parse(Text, "m.json");
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->RunKey, M.RunKey);
  EXPECT_EQ(Back->InRoot, M.InRoot);
  ASSERT_EQ(Back->Outputs.size(), M.Outputs.size());
  for (const auto &[Name, E] : M.Outputs) {
    SCOPED_TRACE(Name);
    ASSERT_TRUE(Back->Outputs.count(Name));
    const ProjectManifest::Entry &B = Back->Outputs.at(Name);
    EXPECT_EQ(B.OutputHash, E.OutputHash);
    EXPECT_EQ(B.LinkTarget, E.LinkTarget);
    EXPECT_EQ(B.Inputs, E.Inputs);
    EXPECT_EQ(B.Owner, E.Owner);
  }
  // Rendering is stable, so that reruns compare equal.
  EXPECT_EQ(Back->render(), Text);
  EXPECT_NE(Text.find("\"data/caf%E9%25.bin\""), std::string::npos) << Text;
}

TEST(ProjectManifest, NamesAreEncodedOnlyWhenTheyMustBe) {
  EXPECT_EQ(ProjectManifest::encodeName("src/a.cu"), "src/a.cu");
  EXPECT_EQ(ProjectManifest::encodeName("caf\xc3\xa9.cu"), "caf\xc3\xa9.cu");
  EXPECT_EQ(ProjectManifest::encodeName("100%.cu"), "100%25.cu");
  EXPECT_EQ(ProjectManifest::encodeName("a\xff.cu"), "a%FF.cu");
  EXPECT_EQ(ProjectManifest::decodeName("a%FF.cu"), std::string("a\xff.cu"));
  EXPECT_EQ(ProjectManifest::decodeName("a%F"), std::nullopt);
  EXPECT_EQ(ProjectManifest::decodeName("a%zz"), std::nullopt);
}

TEST(ProjectManifest, CorruptInputIsAnErrorSayingWhatToDo) {
  const std::string Advice =
      "); remove it (its outputs will then count as foreign files) or "
      "choose another --out-root";
  // What the JSON parser says, between the file and the advice.
  std::string Unparsable = parseError("{");
  EXPECT_EQ(
      Unparsable.rfind(
          "'out/.hipify-manifest.json' is not a valid hipify-clang project "
          "manifest (",
          0),
      0u)
      << Unparsable;
  EXPECT_EQ(Unparsable.substr(Unparsable.size() - Advice.size()), Advice);
  EXPECT_NE(
      parseError("{").find("is not a valid hipify-clang project manifest"),
      std::string::npos);
  EXPECT_EQ(parseError("{\"outputs\": {}}"),
            "'out/.hipify-manifest.json' is not a valid hipify-clang project "
            "manifest (no "
            "\"format\": \"hipify-clang project manifest 2\"" +
                Advice);
  EXPECT_EQ(parseError("{\"format\": \"hipify-clang project manifest 2\"}"),
            "'out/.hipify-manifest.json' is not a valid hipify-clang project "
            "manifest (no "
            "\"outputs\"" +
                Advice);
  // Nesting a parse would recurse through until the stack overflows.
  EXPECT_NE(parseError(std::string(100000, '['))
                .find("nests deeper than a manifest does"),
            std::string::npos);
}

TEST(ProjectManifest, EntriesOutsideTheTreeAreRefused) {
  auto WithEntry = [](const std::string &Name, const std::string &Fields) {
    return "{\"format\": \"hipify-clang project manifest 2\", \"outputs\": "
           "{\"" +
           Name + "\": " + Fields + "}}";
  };
  std::string Hash = "{\"sha256\": \"" + HashA + "\"}";
  EXPECT_EQ(parseError(WithEntry("src/a.cu", Hash)), "ok");
  for (const char *Bad :
       {"../a.cu", "/etc/passwd", "src/../../a.cu", "./a.cu", ""}) {
    SCOPED_TRACE(Bad);
    EXPECT_NE(parseError(WithEntry(Bad, Hash))
                  .find("is not a normalised path below the "
                        "output root"),
              std::string::npos);
  }
  EXPECT_NE(parseError(WithEntry(".hipify-manifest.json", Hash))
                .find("names the manifest"),
            std::string::npos);
  EXPECT_NE(parseError(WithEntry("a.cu", "{\"sha256\": \"xyz\"}"))
                .find("has no SHA-256"),
            std::string::npos);
  EXPECT_NE(parseError(WithEntry("a.cu", "[]")).find("is not an object"),
            std::string::npos);
  EXPECT_NE(parseError(WithEntry("a.cu", "{\"sha256\": \"" + HashA +
                                             "\", \"owner\": \"../x.cu\"}"))
                .find("is not a normalised path"),
            std::string::npos);
  EXPECT_NE(parseError(WithEntry("a.cu", "{\"sha256\": \"" + HashA +
                                             "\", \"inputs\": {\"a.cu\": 1}}"))
                .find("an input of the entry 'a.cu' is malformed"),
            std::string::npos);
}

TEST(ProjectManifest, AJournalOfAKilledRunIsFoldedIn) {
  ProjectManifest M;
  ProjectManifest::Entry E;
  E.OutputHash = HashA;
  E.Inputs["a.cu"] = HashB;
  std::string Journal = ProjectManifest::journalHeader("/src/proj") +
                        ProjectManifest::journalLine("a.cu", E) +
                        ProjectManifest::journalLine("b.cu", E);
  // The last line cut short by the kill is skipped.
  Journal += ProjectManifest::journalLine("c.cu", E).substr(0, 20);
  llvm::Expected<std::string> InRoot =
      M.addJournal(Journal, "out/.hipify-manifest.journal");
  ASSERT_TRUE(bool(InRoot)) << llvm::toString(InRoot.takeError());
  EXPECT_EQ(*InRoot, "/src/proj");
  EXPECT_EQ(M.Outputs.size(), 2u);
  ASSERT_TRUE(M.Outputs.count("a.cu"));
  EXPECT_EQ(M.Outputs["a.cu"].OutputHash, HashA);
  // Written by hipify-clang, from inputs unknown: translated again next time.
  EXPECT_TRUE(M.Outputs["a.cu"].Inputs.empty());
}

} // namespace
