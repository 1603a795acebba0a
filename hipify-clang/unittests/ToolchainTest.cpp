//===- ToolchainTest.cpp - Compiler arguments as clang reads them ---------===//
//
// includeFolders and canonicalArguments read a command with clang's driver
// table; these commands are values, over folders made for the test.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Project/Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <string>
#include <utility>
#include <vector>

using namespace hipkit::hipify;

namespace {

using Folders = std::vector<std::pair<std::string, std::string>>;

TEST(ToolchainTest, IncludeFoldersAsClangReadsThem) {
  // Joined, separate and aliased spellings; -include names a file, and the
  // value of -o is no option even when it starts like one.
  EXPECT_EQ(includeFolders({"-Ia", "-I", "b", "--include-directory=c",
                            "-isystem", "d", "-iquoted", "-idirafter", "f",
                            "-include", "g.h", "-o", "-Ih", "x.cu"}),
            (Folders{{"-I", "a"},
                     {"-I", "b"},
                     {"-I", "c"},
                     {"-isystem", "d"},
                     {"-iquote", "d"},
                     {"-idirafter", "f"}}));
}

class CanonicalArgumentsTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("toolchain-test", Root));
    ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/proj/include"));
    ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/other"));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }
  llvm::SmallString<128> Root;
};

TEST_F(CanonicalArgumentsTest, SameFolderHoweverSpelled) {
  std::string Include = (Root + "/proj/include").str();
  std::vector<std::string> Plain = canonicalArguments({"-I" + Include});
  EXPECT_EQ(canonicalArguments({"-I", (Root + "/proj/./include").str()}),
            Plain);
  EXPECT_EQ(canonicalArguments({"-I", (Root + "/other/../proj/include").str()}),
            Plain);
  EXPECT_EQ(canonicalArguments({"--include-directory=" + Include}), Plain);
  EXPECT_NE(canonicalArguments({"-isystem", Include}), Plain);
  EXPECT_NE(canonicalArguments({"-I", (Root + "/other").str()}), Plain);
  // What is no path is kept as clang renders it: one string for both
  // spellings of a define.
  EXPECT_EQ(canonicalArguments({"-DX=1", "-std=c++17"}),
            canonicalArguments({"-D", "X=1", "-std=c++17"}));
  EXPECT_NE(canonicalArguments({"-DX=1"}), canonicalArguments({"-DX=2"}));
}

TEST_F(CanonicalArgumentsTest, RelativeFolderIsWhereItIsRead) {
  llvm::SmallString<256> Before;
  ASSERT_FALSE(llvm::sys::fs::current_path(Before));
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Root));
  std::vector<std::string> FromRoot = canonicalArguments({"-I", "proj/include"});
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Root + "/other"));
  std::vector<std::string> FromOther =
      canonicalArguments({"-I", "proj/include"});
  std::vector<std::string> Back =
      canonicalArguments({"-I", "../proj/include"});
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Before));
  EXPECT_NE(FromRoot, FromOther);
  EXPECT_EQ(FromRoot, Back);
}

} // namespace
