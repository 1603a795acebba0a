//===- OutputTreeTest.cpp - A folder tree a tool may change ---------------===//
//
// Each test works in a folder of its own under the system's temporary folder:
// `root/` is the tree, `outside/` what a link planted in it leads to.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Support/OutputTree.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit;

namespace {

class OutputTreeTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("output-tree-test", Top));
    ASSERT_FALSE(llvm::sys::fs::create_directories(path("root")));
    ASSERT_FALSE(llvm::sys::fs::create_directories(path("outside")));
    llvm::Expected<OutputTree> Opened = OutputTree::open(path("root"), false);
    ASSERT_TRUE(bool(Opened)) << llvm::toString(Opened.takeError());
    Tree.emplace(std::move(*Opened));
  }
  void TearDown() override {
    Tree.reset();
    llvm::sys::fs::remove_directories(Top);
  }
  std::string path(llvm::StringRef Rel) const { return (Top + "/" + Rel).str(); }
  TreeEntryKind kindOf(llvm::StringRef Rel) {
    llvm::Expected<TreeEntry> Entry = Tree->lookup(Rel);
    if (!Entry) {
      ADD_FAILURE() << llvm::toString(Entry.takeError());
      return TreeEntryKind::Other;
    }
    return Entry->Kind;
  }
  std::string errorOf(llvm::Error E) {
    return E ? llvm::toString(std::move(E)) : std::string();
  }

  llvm::SmallString<128> Top;
  std::optional<OutputTree> Tree;
};

TEST_F(OutputTreeTest, WritesReadsAndLooksUpBelowTheRoot) {
  EXPECT_EQ(kindOf("a/b/c.txt"), TreeEntryKind::Missing);
  ASSERT_EQ(errorOf(Tree->write("a/b/c.txt", "text", {})), "");
  EXPECT_EQ(kindOf("a/b/c.txt"), TreeEntryKind::RegularFile);
  EXPECT_EQ(kindOf("a/b"), TreeEntryKind::Folder);
  llvm::Expected<std::optional<std::string>> Read = Tree->read("a/b/c.txt");
  ASSERT_TRUE(bool(Read));
  EXPECT_EQ(*Read, std::optional<std::string>("text"));
  llvm::Expected<std::optional<std::string>> Missing = Tree->read("a/x.txt");
  ASSERT_TRUE(bool(Missing));
  EXPECT_EQ(*Missing, std::nullopt);
  // A missing folder on the way is nothing there, not an error.
  llvm::Expected<std::optional<std::string>> NoFolder = Tree->hash("z/x.txt");
  ASSERT_TRUE(bool(NoFolder));
  EXPECT_EQ(*NoFolder, std::nullopt);
  ASSERT_EQ(errorOf(Tree->createParents("d/e/f.txt")), "");
  EXPECT_EQ(kindOf("d/e"), TreeEntryKind::Folder);
  EXPECT_EQ(kindOf("d/e/f.txt"), TreeEntryKind::Missing);
}

TEST_F(OutputTreeTest, NothingThroughALinkOnTheWay) {
  ASSERT_FALSE(llvm::sys::fs::create_link(path("outside"), path("root/a")));
  EXPECT_EQ(kindOf("a"), TreeEntryKind::Link);
  std::string Error = errorOf(Tree->write("a/f.txt", "text", {}));
  EXPECT_NE(Error.find("symbolic link"), std::string::npos) << Error;
  EXPECT_FALSE(llvm::sys::fs::exists(path("outside/f.txt")));
  EXPECT_FALSE(bool(Tree->lookup("a/f.txt")));
  // The link itself may become a folder, once.
  ASSERT_EQ(errorOf(Tree->replaceLinkWithFolder("a")), "");
  EXPECT_EQ(kindOf("a"), TreeEntryKind::Folder);
  Error = errorOf(Tree->replaceLinkWithFolder("a"));
  EXPECT_NE(Error.find("no longer a symbolic link"), std::string::npos)
      << Error;
  Error = errorOf(Tree->replaceLinkWithFolder("m/a"));
  EXPECT_NE(Error.find("its folder is missing"), std::string::npos) << Error;
}

TEST_F(OutputTreeTest, RemovesFilesAndLinksNeverFolders) {
  ASSERT_EQ(errorOf(Tree->write("a/f.txt", "text", {})), "");
  ASSERT_EQ(errorOf(Tree->makeLink("f.txt", "a/l")), "");
  EXPECT_EQ(kindOf("a/l"), TreeEntryKind::Link);
  ASSERT_EQ(errorOf(Tree->remove("a/l")), "");
  EXPECT_EQ(kindOf("a/l"), TreeEntryKind::Missing);
  EXPECT_EQ(kindOf("a/f.txt"), TreeEntryKind::RegularFile);
  ASSERT_EQ(errorOf(Tree->remove("a/f.txt")), "");
  EXPECT_EQ(kindOf("a/f.txt"), TreeEntryKind::Missing);
  // Missing, or in a missing folder: nothing to do.
  EXPECT_EQ(errorOf(Tree->remove("a/f.txt")), "");
  EXPECT_EQ(errorOf(Tree->remove("m/f.txt")), "");
  std::string Error = errorOf(Tree->remove("a"));
  EXPECT_NE(Error.find("only files are removed"), std::string::npos) << Error;
  EXPECT_EQ(kindOf("a"), TreeEntryKind::Folder);
}

TEST_F(OutputTreeTest, RemovesOnlyEmptyParentsUpToTheRoot) {
  ASSERT_EQ(errorOf(Tree->write("a/b/c/f.txt", "text", {})), "");
  ASSERT_EQ(errorOf(Tree->write("a/kept.txt", "text", {})), "");
  ASSERT_EQ(errorOf(Tree->remove("a/b/c/f.txt")), "");
  Tree->removeEmptyParents("a/b/c/f.txt");
  EXPECT_EQ(kindOf("a/b"), TreeEntryKind::Missing);
  EXPECT_EQ(kindOf("a"), TreeEntryKind::Folder);
  EXPECT_TRUE(llvm::sys::fs::is_directory(path("root")));
}

TEST_F(OutputTreeTest, BacksUpBesideTheFileWithoutReplacingABackup) {
  ASSERT_EQ(errorOf(Tree->write("a/f.cu", "first", {})), "");
  EXPECT_EQ(Tree->plannedBackup("a/f.cu", "first"), "a/f.cu.prehip");
  llvm::Expected<std::string> First = Tree->backup("a/f.cu", "first");
  ASSERT_TRUE(bool(First)) << llvm::toString(First.takeError());
  EXPECT_EQ(*First, "a/f.cu.prehip");
  // The same text again is the same backup; another text gets a new one.
  llvm::Expected<std::string> Again = Tree->backup("a/f.cu", "first");
  ASSERT_TRUE(bool(Again));
  EXPECT_EQ(*Again, "a/f.cu.prehip");
  llvm::Expected<std::string> Second = Tree->backup("a/f.cu", "second");
  ASSERT_TRUE(bool(Second));
  EXPECT_NE(*Second, "a/f.cu.prehip");
  llvm::Expected<std::optional<std::string>> Kept =
      Tree->read("a/f.cu.prehip");
  ASSERT_TRUE(bool(Kept));
  EXPECT_EQ(*Kept, std::optional<std::string>("first"));
  llvm::Expected<std::string> Missing = Tree->backup("m/f.cu", "x");
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("it is missing"),
            std::string::npos);
}

} // namespace
