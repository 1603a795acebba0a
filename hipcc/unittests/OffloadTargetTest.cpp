//===- OffloadTargetTest.cpp - Target IDs checked through LLVM
//-------------===//
#include "hipkit/Hipcc/OffloadTarget.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit;

namespace {

/// "ok", or the error's message.
std::string check(llvm::StringRef TargetId) {
  if (llvm::Error E = validateTargetId(TargetId))
    return llvm::toString(std::move(E));
  return "ok";
}

TEST(OffloadTarget, ProcessorsLLVMKnows) {
  EXPECT_EQ(check("gfx942"), "ok");
  EXPECT_EQ(check("gfx90a"), "ok");
  EXPECT_EQ(check("gfx1100"), "ok");
  // Generic targets are processors too.
  EXPECT_EQ(check("gfx9-generic"), "ok");
  EXPECT_EQ(DefaultOffloadArch, "gfx942");
}

TEST(OffloadTarget, UnknownProcessorsListTheValidNames) {
  std::string Message = check("gfx9999");
  EXPECT_EQ(
      Message.rfind("unknown offload arch 'gfx9999'; valid names: gfx600, ", 0),
      0u)
      << Message;
  EXPECT_NE(Message.find(", gfx942, "), std::string::npos);
  EXPECT_NE(check("sm_80"), "ok");
  EXPECT_NE(check(""), "ok");
}

TEST(OffloadTarget, FeaturesPlusOrMinusEachOnceWhereSupported) {
  EXPECT_EQ(check("gfx90a:xnack+"), "ok");
  EXPECT_EQ(check("gfx90a:xnack-"), "ok");
  EXPECT_EQ(check("gfx908:sramecc-:xnack+"), "ok");
  EXPECT_EQ(
      check("gfx942:xnack+:xnack-"),
      "invalid target ID 'gfx942:xnack+:xnack-': feature 'xnack' given twice");
  EXPECT_EQ(check("gfx942:xnack"),
            "invalid target ID 'gfx942:xnack': feature 'xnack' is "
            "not xnack+, xnack-, sramecc+ or sramecc-");
  EXPECT_EQ(check("gfx942:foo+"),
            "invalid target ID 'gfx942:foo+': feature 'foo+' is not "
            "xnack+, xnack-, sramecc+ or sramecc-");
  EXPECT_EQ(
      check("gfx1100:xnack+"),
      "invalid target ID 'gfx1100:xnack+': gfx1100 does not support 'xnack'");
}

TEST(OffloadTarget, GenericTargets) {
  EXPECT_TRUE(isGenericTarget("gfx9-generic"));
  EXPECT_TRUE(isGenericTarget("gfx11-generic"));
  EXPECT_TRUE(isGenericTarget("gfx9-generic:xnack+"));
  EXPECT_FALSE(isGenericTarget("gfx942"));
  EXPECT_FALSE(isGenericTarget("gfx9999"));
  EXPECT_EQ(GenericTargetCodeObjectVersion, 6u);
}

TEST(OffloadTarget, TheValidListIsLLVMs) {
  std::string List = getValidProcessorList();
  EXPECT_EQ(List.rfind("gfx600, ", 0), 0u) << List;
  EXPECT_NE(List.find("gfx90a"), std::string::npos);
  EXPECT_NE(List.find("gfx1201"), std::string::npos);
}

TEST(OffloadTarget, NoDetectorNoGpus) {
  EXPECT_TRUE(detectInstalledGpus("/nonexistent/amdgpu-arch").empty());
}

} // namespace
