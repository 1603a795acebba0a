//===- NameResolverTest.cpp - Which row a CUDA spelling denotes -----------===//
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Source/SourceText.h"

#include "gtest/gtest.h"

#include <string>

using namespace hipkit::hipify;

namespace {

/// "api: hip name" of the row \p Name denotes in a file holding \p Contents.
std::string resolved(const std::string &Contents, llvm::StringRef Name,
                     const ApiInfo *DeclaredIn = nullptr) {
  SourceText Text(Contents);
  NameResolver Resolver(Text);
  const ApiMapping *Row = Resolver.resolve(Name, DeclaredIn);
  if (!Row)
    return "none";
  return Row->Api.str() + ": " +
         (Row->HipName.empty() ? "-" : Row->HipName.str());
}

TEST(NameResolver, OneRowOneAnswer) {
  EXPECT_EQ(resolved("", "cudaMalloc"), "runtime: hipMalloc");
  EXPECT_EQ(resolved("#include <cuda_runtime.h>\n", "cudaMalloc"),
            "runtime: hipMalloc");
  EXPECT_EQ(resolved("", "cudaNotAName"), "none");
  // Only a whole spelling is a name.
  EXPECT_EQ(resolved("", "cudaMallo"), "none");
}

TEST(NameResolver, QualifiedNamesAreLookedUpAsWritten) {
  EXPECT_EQ(resolved("#include <cub/cub.cuh>\n", "cub::DeviceReduce"),
            "cub: hipcub::DeviceReduce");
  EXPECT_EQ(resolved("", "DeviceReduce"), "none");
}

TEST(NameResolver, SharedSpellingFollowsTheFilesIncludes) {
  // cublasSgemm is cublas_v2.h's macro (hipBLAS) and legacy cublas.h's
  // function (no HIP counterpart).
  EXPECT_EQ(resolved("#include <cublas_v2.h>\n", "cublasSgemm"),
            "cublas: hipblasSgemm");
  EXPECT_EQ(resolved("#include <cublas.h>\n", "cublasSgemm"),
            "cublas_legacy: -");
  // An include in an #if branch counts too: the directive model reads every
  // branch.
  EXPECT_EQ(resolved("#if OLD\n#include \"cublas.h\"\n#endif\n", "cublasSgemm"),
            "cublas_legacy: -");
  // Neither header, or both (in different branches): the first API's row.
  EXPECT_EQ(resolved("", "cublasSgemm"), "cublas: hipblasSgemm");
  EXPECT_EQ(
      resolved("#include <cublas.h>\n#include <cublas_v2.h>\n", "cublasSgemm"),
      "cublas: hipblasSgemm");
}

TEST(NameResolver, TheDeclaringLibraryComesFirst) {
  const ApiInfo *Legacy = lookupApi(ApiKind::CublasLegacy);
  ASSERT_NE(Legacy, nullptr);
  EXPECT_EQ(resolved("#include <cublas_v2.h>\n", "cublasSgemm", Legacy),
            "cublas_legacy: -");
  EXPECT_EQ(lookupLibraryOfHeader("/usr/local/cuda/include/cublas.h"), Legacy);
  EXPECT_EQ(lookupLibraryOfHeader("cublas_v2.h"), lookupApi(ApiKind::Cublas));
}

TEST(NameResolver, TheUnitsIncludesCountWhenTheFileNamesNone) {
  std::string Contents = "void f() { cublasSgemm(0); }\n";
  SourceText Text(Contents);
  NameResolver Resolver(Text);
  Resolver.addIncludedLibrary(ApiKind::CublasLegacy);
  const ApiMapping *Row = Resolver.resolve("cublasSgemm");
  ASSERT_NE(Row, nullptr);
  EXPECT_EQ(Row->ApiId, ApiKind::CublasLegacy);
  EXPECT_FALSE(Resolver.fileIncludes(ApiKind::CublasLegacy));
}

TEST(NameResolver, HeadersBelongToOneLibrary) {
  const ApiMapping *Header = NameResolver::resolveHeader("cublas_v2.h");
  ASSERT_NE(Header, nullptr);
  EXPECT_EQ(Header->HipName, "hipblas/hipblas.h");
  EXPECT_EQ(Header->ApiId, ApiKind::Cublas);
  EXPECT_EQ(NameResolver::resolveHeader("cudaMalloc"), nullptr);
  EXPECT_EQ(NameResolver::resolveHeader("my_header.h"), nullptr);
}

TEST(NameResolver, RocNamesOfCublasTypesNotInACublasLtOnlyFile) {
  const ApiMapping *Status = lookupCudaName("cublasStatus_t");
  ASSERT_NE(Status, nullptr);
  std::string LtOnly = "#include <cublasLt.h>\n";
  std::string Both = "#include <cublasLt.h>\n#include <cublas_v2.h>\n";
  SourceText LtOnlyText(LtOnly), BothText(Both);
  EXPECT_FALSE(NameResolver(LtOnlyText).writesRocNames(*Status));
  EXPECT_TRUE(NameResolver(BothText).writesRocNames(*Status));
  EXPECT_TRUE(
      NameResolver(LtOnlyText).writesRocNames(*lookupCudaName("cudaMalloc")));
}

} // namespace
