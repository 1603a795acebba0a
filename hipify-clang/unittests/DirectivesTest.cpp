//===- DirectivesTest.cpp - The source-text layer's directive index -------===//
//
// The per-file index every text scanner and NameResolver read (SourceText):
// each #include with a literal header name, in any #if branch, never one in a
// comment or a string; the include guard, existence tests, function-like
// macros, #if blocks and line starts.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/Source/SourceText.h"
#include "hipkit/hipify/Engines/TokenEngine.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit::hipify;

namespace {

/// "<name>" or "\"name\"" per include line, joined by spaces; each line's
/// name range must hold that spelling, delimiters included, in \p Contents.
std::string includes(const std::string &Contents) {
  std::string All;
  SourceText Text(Contents);
  for (const IncludeLine &L : Text.includes()) {
    std::string Spelled =
        L.Angled ? "<" + L.HeaderName + ">" : "\"" + L.HeaderName + "\"";
    EXPECT_EQ(Contents.substr(L.NameBegin, L.NameEnd - L.NameBegin), Spelled);
    All += (All.empty() ? "" : " ") + Spelled;
  }
  return All;
}

TEST(Directives, IncludeLinesInEveryBranch) {
  EXPECT_EQ(includes("#include <cuda_runtime.h>\n"
                     "#if defined(OLD)\n"
                     "#  include \"cublas.h\"\n"
                     "#else\n"
                     "  #include <cublas_v2.h>\n"
                     "#endif\n"
                     "int x;\n"),
            "<cuda_runtime.h> \"cublas.h\" <cublas_v2.h>");
}

TEST(Directives, NotInCommentsStringsOrMacros) {
  EXPECT_EQ(includes("// #include <cuda.h>\n"
                     "/* #include <cublas.h>\n   #include <cufft.h> */\n"
                     "const char *s = \"#include <curand.h>\";\n"
                     "#define HEADER <cusparse.h>\n"
                     "#include HEADER\n"
                     "#include <cuda_fp16.h> // the one\n"),
            "<cuda_fp16.h>");
}

TEST(Directives, NoIncludesNoLines) {
  EXPECT_EQ(includes(""), "");
  EXPECT_EQ(includes("int main() { return 0; }"), "");
  // A directive that is not an include, and an include at the end without a
  // newline.
  EXPECT_EQ(includes("#pragma once\n#include <cuda.h>"), "<cuda.h>");
}

TEST(Directives, HipSourcesAreRecognised) {
  EXPECT_TRUE(isHipSource("#include <hip/hip_runtime.h>\nint x;\n"));
  EXPECT_FALSE(
      isHipSource("#include <hip/hip_runtime.h>\n#include <cuda_runtime.h>\n"));
  EXPECT_FALSE(isHipSource("#include <cuda_runtime.h>\n"));
  EXPECT_FALSE(isHipSource("int x;\n"));
}

TEST(Directives, IncludeGuardAfterPragmaOnce) {
  std::string Contents = "#pragma once\n#ifndef HELPERS_H\n#define HELPERS_H\n"
                         "int f();\n#endif\n";
  SourceText Text(Contents);
  ASSERT_TRUE(Text.includeGuard().has_value());
  EXPECT_EQ(Text.includeGuard()->Macro, "HELPERS_H");
  // The next directive defines another macro: no guard.
  std::string NoGuard = "#ifndef A\n#define B\nint x;\n#endif\n";
  EXPECT_FALSE(SourceText(NoGuard).includeGuard().has_value());
}

TEST(Directives, ExistenceTests) {
  std::string Contents = "#ifdef CUDART_VERSION\n#endif\n"
                         "#if defined(CUBLAS_V2_H_) && CUDA_VERSION > 11000\n"
                         "#endif\nint v = CUDART_VERSION;\n";
  SourceText Text(Contents);
  EXPECT_TRUE(Text.isExistenceTest(Contents.find("CUDART_VERSION")));
  EXPECT_TRUE(Text.isExistenceTest(Contents.find("CUBLAS_V2_H_")));
  EXPECT_FALSE(Text.isExistenceTest(Contents.find("CUDA_VERSION >")));
  EXPECT_FALSE(Text.isExistenceTest(Contents.rfind("CUDART_VERSION")));
}

TEST(Directives, FunctionLikeMacros) {
  std::string Contents = "#define OBJECT 1\n"
                         "#define CHECK(call, ...) do { call; } while (0)\n";
  SourceText Text(Contents);
  ASSERT_EQ(Text.functionLikeMacros().size(), 1u);
  const FunctionLikeMacro &M = Text.functionLikeMacros()[0];
  EXPECT_EQ(M.Name, "CHECK");
  ASSERT_EQ(M.Params.size(), 2u);
  EXPECT_EQ(M.paramIndex("call"), 0u);
  EXPECT_EQ(M.paramIndex("__VA_ARGS__"), 1u);
  std::optional<size_t> Call = Text.tokenAt(Contents.rfind("call"));
  ASSERT_TRUE(Call.has_value());
  EXPECT_TRUE(M.bodyHolds(*Call));
  EXPECT_TRUE(Text.inDirective(*Call));
}

TEST(Directives, BlocksAndLines) {
  std::string Contents = "int a;\n#if X\nint b;\n#else\nint c;\n#endif\n";
  SourceText Text(Contents);
  EXPECT_TRUE(Text.blocksAt(Contents.find("int a")).empty());
  llvm::ArrayRef<unsigned> InIf = Text.blocksAt(Contents.find("int b"));
  llvm::ArrayRef<unsigned> InElse = Text.blocksAt(Contents.find("int c"));
  ASSERT_EQ(InIf.size(), 1u);
  ASSERT_EQ(InElse.size(), 1u);
  // #else starts a block of its own: a sibling branch is never the same.
  EXPECT_NE(InIf[0], InElse[0]);
  EXPECT_EQ(Text.lineStart(Contents.find("b;")), Contents.find("int b"));
  EXPECT_EQ(Text.lineStarts().size(), 7u);
}

} // namespace
