//===- EditBufferTest.cpp - EditBuffer and the line mapping over it -------===//
#include "hipkit/hipify/Translation/EditBuffer.h"
#include "hipkit/hipify/Translation/FileTranslation.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit::hipify;

namespace {

/// The text \p Buffer's edits make, or the error's message prefixed "error: ".
std::string applied(const EditBuffer &Buffer) {
  llvm::Expected<std::string> Text = Buffer.apply();
  if (!Text)
    return "error: " + llvm::toString(Text.takeError());
  return *Text;
}

TEST(EditBuffer, KeepsEveryByteOutsideTheEdits) {
  // Comments, blanks and CRLF line endings are not the edits' business.
  std::string Original =
      "  cudaFree(p); // cudaFree\r\n\tcudaMalloc(&p, 4);\r\n";
  EditBuffer Buffer("a.cu", Original);
  Buffer.add(2, 8, "hipFree");
  Buffer.add(29, 10, "hipMalloc");
  EXPECT_EQ(applied(Buffer),
            "  hipFree(p); // cudaFree\r\n\thipMalloc(&p, 4);\r\n");
}

TEST(EditBuffer, SameEditTwiceIsMadeOnce) {
  // Both engines finding one name make the same edit.
  std::string Original = "cudaFree(p);";
  EditBuffer Buffer("a.cu", Original);
  Buffer.add(0, 8, "hipFree");
  Buffer.add(0, 8, "hipFree");
  EXPECT_EQ(applied(Buffer), "hipFree(p);");
  llvm::Expected<std::vector<EditBuffer::Edit>> Edits = Buffer.normalized();
  ASSERT_TRUE(bool(Edits)) << llvm::toString(Edits.takeError());
  EXPECT_EQ(Edits->size(), 1u);
}

TEST(EditBuffer, DisagreeingEditsOfTheSameBytesAreAnErrorNamingBoth) {
  std::string Original = "int main() {\n  cudaFree(p);\n}\n";
  EditBuffer Buffer("dir/a.cu", Original);
  Buffer.add(15, 8, "hipFree");
  Buffer.add(15, 8, "hipFreeAsync");
  EXPECT_EQ(applied(Buffer),
            "error: dir/a.cu:2:3: two rules edit overlapping text: "
            "'cudaFree' -> 'hipFree' and 'cudaFree' -> 'hipFreeAsync'");
}

TEST(EditBuffer, PartlyOverlappingEditsAreAnError) {
  std::string Original = "cudaFree(p);";
  EditBuffer Buffer("a.cu", Original);
  Buffer.add(0, 10, "x");
  Buffer.add(4, 8, "y");
  EXPECT_EQ(applied(Buffer),
            "error: a.cu:1:5: two rules edit overlapping text: "
            "'cudaFree(p' -> 'x' and 'Free(p);' -> 'y'");
}

TEST(EditBuffer, InsertionInsideAReplacementIsAnError) {
  std::string Original = "cudaFree(p);";
  EditBuffer Buffer("a.cu", Original);
  Buffer.add(0, 8, "hipFree");
  Buffer.add(2, 0, "/*x*/");
  EXPECT_EQ(applied(Buffer).substr(0, 7), "error: ");
}

TEST(EditBuffer, InsertionsAtOneOffsetKeepTheirOrderBeforeAReplacement) {
  std::string Original = "cudaFree(p);";
  EditBuffer Buffer("a.cu", Original);
  Buffer.add(0, 8, "hipFree");
  Buffer.add(0, 0, "/*a*/");
  Buffer.add(0, 0, "/*b*/");
  // A leading insertion (a file's new first line) goes first whenever made.
  Buffer.addLeading(0, "// first\n");
  EXPECT_EQ(applied(Buffer), "// first\n/*a*//*b*/hipFree(p);");
}

TEST(EditBuffer, EditInsideARemovedRangeGoesWithIt) {
  std::string Original = "f(g(cudaFree), 1);";
  EditBuffer Buffer("b.cu", Original);
  Buffer.add(4, 8, "hipFree");  // Inside the argument removed below.
  Buffer.add(2, 13, "");        // "g(cudaFree), "
  Buffer.add(6, 0, "/*gone*/"); // An insertion inside it goes too.
  EXPECT_EQ(applied(Buffer), "f(1);");
}

TEST(EditBuffer, ArrangedArgumentsTakeTheirEditsAlong) {
  // f(cudaA, cudaB) with its arguments swapped: each one's own edit moves with
  // it.
  std::string Original = "f(cudaA, cudaB);";
  EditBuffer Buffer("c.cu", Original);
  Buffer.add(2, 5, "hipA");
  Buffer.add(9, 5, "hipB");
  ASSERT_TRUE(Buffer.addArrangement(0, {2, 14}, {{2, 7}, {9, 14}},
                                    {{1, ""}, {-1, "0"}, {0, ""}}));
  EXPECT_TRUE(Buffer.hasArrangement(0));
  // One arrangement per call.
  EXPECT_FALSE(Buffer.addArrangement(0, {2, 14}, {{2, 7}, {9, 14}}, {{0, ""}}));
  EXPECT_EQ(applied(Buffer), "f(hipB, 0, hipA);");
}

TEST(EditBuffer, EditInAnArrangedListOutsideEveryArgumentIsAnError) {
  std::string Original = "f(a , b);";
  EditBuffer Buffer("d.cu", Original);
  Buffer.add(4, 1, ";"); // The separator, in no argument.
  ASSERT_TRUE(
      Buffer.addArrangement(0, {2, 7}, {{2, 3}, {6, 7}}, {{1, ""}, {0, ""}}));
  EXPECT_EQ(applied(Buffer).substr(0, 7), "error: ");
}

/// FileTranslation's line mapping (the report's side-by-side view) over the
/// edits: original line -> "number: text" in the translation.
std::string mapped(const FileTranslation &FT, llvm::StringRef Translated,
                   unsigned Line) {
  FileTranslation::TranslatedLines Lines = FT.translatedLines(Translated);
  std::optional<FileTranslation::TranslatedLine> T = Lines.lookup(Line);
  if (!T)
    return "none";
  return std::to_string(T->Number) + ": " + T->Text;
}

TEST(TranslatedLines, InsertedAndBrokenLinesMoveTheLinesAfterThem) {
  FileTranslation FT("a.cu", "/abs/a.cu",
                     "#include <cuda_runtime.h>\nint main() {\n  cudaFree(p);\n"
                     "  cudaDeviceSynchronize(); cudaFree(q);\n}\n",
                     /*IsMainFile=*/true);
  FT.addEdit(0, 0, "#include <hip/hip_runtime.h>\n", EditOrigin::AST);
  FT.addEdit(41, 8, "hipFree", EditOrigin::AST);
  FT.addEdit(80, 0, "\n", EditOrigin::AST);
  llvm::Expected<std::string> Translated = FT.apply();
  ASSERT_TRUE(bool(Translated)) << llvm::toString(Translated.takeError());
  EXPECT_EQ(mapped(FT, *Translated, 1), "2: #include <cuda_runtime.h>");
  EXPECT_EQ(mapped(FT, *Translated, 3), "4:   hipFree(p);");
  EXPECT_EQ(mapped(FT, *Translated, 4),
            "5:   cudaDeviceSynchronize();\n cudaFree(q);");
  EXPECT_EQ(mapped(FT, *Translated, 5), "7: }");
  EXPECT_EQ(mapped(FT, *Translated, 9), "none");
}

TEST(TranslatedLines, ARemovalAcrossLinesJoinsThem) {
  FileTranslation FT("b.cu", "/abs/b.cu", "int a; /* x\ny */ int b;\nint c;\n",
                     /*IsMainFile=*/true);
  FT.addEdit(7, 10, "", EditOrigin::AST);
  llvm::Expected<std::string> Translated = FT.apply();
  ASSERT_TRUE(bool(Translated)) << llvm::toString(Translated.takeError());
  EXPECT_EQ(mapped(FT, *Translated, 1), "1: int a; int b;");
  EXPECT_EQ(mapped(FT, *Translated, 2), "1: int a; int b;");
  EXPECT_EQ(mapped(FT, *Translated, 3), "2: int c;");
}

} // namespace
