//===- OutputManifestTest.cpp - Both manifest formats, one interface
//-------===//
#include "hipkit/hipify/Project/OutputManifest.h"
#include "hipkit/hipify/Project/OutputPlan.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>
#include <sys/stat.h>

using namespace hipkit::hipify;

namespace {

class OutputManifestTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("output-manifest-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  void write(llvm::StringRef Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC) << Path.str();
    OS << Text;
  }
  /// Writes what \p M renders, as a run does at its end.
  void writeRendered(const OutputManifest &M) {
    for (const auto &[Path, Text] : M.render())
      write(Path, Text);
  }
  llvm::SmallString<128> Dir;
};

TEST_F(OutputManifestTest, FolderManifestsRoundTrip) {
  std::string A = path("a.h"), B = path("b.h");
  {
    FolderManifests M;
    EXPECT_FALSE(M.written(A));
    M.record(A, {contentHash("a"), std::nullopt});
    M.record(B, {contentHash("b"), std::nullopt});
    EXPECT_EQ(M.pathFor(A), path(ManifestName));
    ASSERT_EQ(M.render().size(), 1u);
    writeRendered(M);
  }
  // A later run reads what the first wrote, and keeps it when it adds.
  FolderManifests Later;
  ASSERT_TRUE(Later.written(A));
  EXPECT_EQ(Later.written(A)->Hash, contentHash("a"));
  EXPECT_EQ(Later.written(B)->Hash, contentHash("b"));
  EXPECT_FALSE(Later.written(path("c.h")));
  EXPECT_FALSE(Later.damage(A));
  Later.record(path("c.h"), {contentHash("c"), std::nullopt});
  writeRendered(Later);
  FolderManifests Third;
  EXPECT_TRUE(Third.written(A));
  EXPECT_TRUE(Third.written(path("c.h")));
}

TEST_F(OutputManifestTest, ADamagedFolderManifestIsRefused) {
  std::string A = path("a.h");
  write(path(ManifestName), "not a manifest\n" + contentHash("a") + "  a.h\n");
  FolderManifests M;
  // Its lines are not read: without its first line it is no manifest.
  EXPECT_FALSE(M.written(A));
  ASSERT_TRUE(M.damage(A));
  EXPECT_EQ(*M.damage(A), "");
  llvm::sys::fs::remove(path(ManifestName));
  ASSERT_EQ(::mkfifo(path(ManifestName).c_str(), 0600), 0);
  ASSERT_TRUE(M.damage(A));
  EXPECT_EQ(*M.damage(A), " (it is a FIFO, not a regular file)");
}

TEST_F(OutputManifestTest, TheProjectManifestRoundTrip) {
  std::string Path = path(ProjectManifest::FileName);
  ProjectOutputManifest First(Path);
  First.record("src/k.h", {contentHash("k"), std::nullopt});
  First.record("lib", {"", std::string("real-lib")});
  EXPECT_EQ(First.pathFor("src/k.h"), Path);
  // Read from the last run only: this run's records are for the next.
  EXPECT_FALSE(First.written("src/k.h"));
  ASSERT_EQ(First.render().size(), 1u);
  EXPECT_EQ(First.render()[0].first, Path);
  llvm::Expected<ProjectManifest> Read =
      ProjectManifest::parse(First.render()[0].second, Path);
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  ProjectOutputManifest Next(Path);
  Next.Last = std::move(*Read);
  ASSERT_TRUE(Next.written("src/k.h"));
  EXPECT_EQ(Next.written("src/k.h")->Hash, contentHash("k"));
  EXPECT_FALSE(Next.written("src/k.h")->LinkTarget);
  ASSERT_TRUE(Next.written("lib"));
  EXPECT_EQ(Next.written("lib")->LinkTarget, std::string("real-lib"));
  EXPECT_FALSE(Next.written("src/other.h"));
}

TEST_F(OutputManifestTest, ADamagedProjectManifestIsRefused) {
  std::string Path = path(ProjectManifest::FileName);
  ProjectOutputManifest First(Path);
  First.record("k.h", {contentHash("k"), std::nullopt});
  std::string Text = First.render()[0].second;
  // A hash that is none, and an entry outside the tree.
  for (auto [From, To] :
       {std::pair<std::string, std::string>{contentHash("k"), "not-a-hash"},
        {"\"k.h\"", "\"../k.h\""}}) {
    std::string Damaged = Text;
    size_t At = Damaged.find(From);
    ASSERT_NE(At, std::string::npos);
    Damaged.replace(At, From.size(), To);
    llvm::Expected<ProjectManifest> Read =
        ProjectManifest::parse(Damaged, Path);
    ASSERT_FALSE(bool(Read)) << Damaged;
    std::string Message = llvm::toString(Read.takeError());
    EXPECT_NE(Message.find("is not a valid hipify-clang project manifest"),
              std::string::npos)
        << Message;
  }
}

} // namespace
