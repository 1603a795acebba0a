//===- PastedNamesTest.cpp - uses of pasting macros across files ----------===//
#include "hipkit/hipify/Engines/PastedNames.h"

#include "gtest/gtest.h"

using namespace hipkit::hipify;

namespace {

// A header defines two macros that paste names; the source uses one of them
// twice and defines a macro of its own. The header's record holds, per
// pasting macro it defines, the source's uses; a macro without `##` has none.
TEST(PastingUses, AHeadersMacrosCarryTheOtherFilesUses) {
  FileTranslation Header("rt.h", "rt.h",
                         "#define RT(x) cuda##x\n"
                         "#define BLAS(x) cublas##x##_v2\n"
                         "#define PLAIN(x) (x)\n",
                         /*IsMainFile=*/false);
  FileTranslation Source("a.cu", "a.cu",
                         "#include \"rt.h\"\n"
                         "#define OWN(x) cu##x\n"
                         "int main() { RT(Malloc)(0, 0); RT(Free)(0);\n"
                         "  return PLAIN(0); }\n",
                         /*IsMainFile=*/true);
  PastingUses Uses;
  Uses.collect({&Source, &Header});
  PastingMacroUses Expected = {{"BLAS", {}},
                               {"RT", {"RT(Free)", "RT(Malloc)"}}};
  EXPECT_EQ(Uses.macroUsesIn(Header), Expected);
  // The source's own macro: no other file uses it.
  EXPECT_EQ(Uses.macroUsesIn(Source), (PastingMacroUses{{"OWN", {}}}));
}

} // namespace
