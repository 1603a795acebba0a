//===- DirectivesTest.cpp - A file's #include lines, read without a parse
//--===//
//
// The directive model every text scanner and NameResolver read
// (TokenEngine.h's includeLines): each #include with a literal header name,
// in any #if branch, never one in a comment or a string.
//
//===----------------------------------------------------------------------===//
#include "hipkit/hipify/TokenEngine.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit::hipify;

namespace {

/// "<name>" or "\"name\"" per include line, joined by spaces; each line's
/// name range must hold that spelling, delimiters included, in \p Contents.
std::string includes(const std::string &Contents) {
  std::string All;
  for (const IncludeLine &L : includeLines(Contents)) {
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

} // namespace
