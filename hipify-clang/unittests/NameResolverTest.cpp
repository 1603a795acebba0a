//===- NameResolverTest.cpp - Which row a CUDA spelling denotes -----------===//
#include "hipkit/hipify/Tables/NameResolver.h"
#include "hipkit/hipify/Translation/RewriteRule.h"
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

/// The CUDA name of the row \p Ref denotes in a file holding \p Contents, or
/// "none".
std::string rowOf(const std::string &Contents, const NameReference &Ref) {
  SourceText Text(Contents);
  const ApiMapping *Row = NameResolver(Text).rowFor(Ref);
  return Row ? Row->CudaName.str() : "none";
}

TEST(Resolution, ASimpleName) {
  std::string Contents = "#include <cuda_runtime.h>\n";
  SourceText Text(Contents);
  NameResolver Resolver(Text);
  NamePolicy Policy{NameOptions()};
  Resolution R =
      Resolver.resolve(NameReference::written({}, "cudaMalloc"), Policy);
  ASSERT_TRUE(R);
  EXPECT_EQ(R.Row->CudaName, "cudaMalloc");
  EXPECT_EQ(R.Decision.Action, NameAction::Rewrite);
  EXPECT_FALSE(R.hasRule());
  ASSERT_NE(R.Library, nullptr);
  EXPECT_EQ(R.Library->Kind, ApiKind::Runtime);
  EXPECT_EQ(R.writtenName().value_or("-"), "hipMalloc");
  EXPECT_EQ(R.renamedTo().value_or("-"), "hipMalloc");
  EXPECT_FALSE(
      Resolver.resolve(NameReference::written({}, "cudaNotAName"), Policy));
  // A name HIP spells the same is written as it is, but renamed to nothing.
  Resolution Kept =
      Resolver.resolve(NameReference::written({}, "__syncthreads"), Policy);
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept.Decision.Action, NameAction::KeepIdentical);
  EXPECT_EQ(Kept.writtenName().value_or("-"), "__syncthreads");
  EXPECT_FALSE(Kept.renamedTo());
}

TEST(Resolution, WrittenQualifiedNamesTryTheQualifiersTails) {
  llvm::StringRef Cub[] = {"cub"}, Outer[] = {"mine", "cub"}, User[] = {"mine"};
  EXPECT_EQ(rowOf("", NameReference::written(Cub, "DeviceReduce")),
            "cub::DeviceReduce");
  // A tail of the written qualifier (`mine::cub::DeviceReduce`).
  EXPECT_EQ(rowOf("", NameReference::written(Outer, "DeviceReduce")),
            "cub::DeviceReduce");
  // Never the bare name under a qualifier that names no row: the user's.
  EXPECT_EQ(rowOf("", NameReference::written(User, "cudaMalloc")), "none");
  EXPECT_EQ(rowOf("", NameReference::written({}, "DeviceReduce")), "none");
  // An unscoped CUDA enumerator qualified by its CUDA enum is the enumerator.
  llvm::StringRef Enum[] = {"cudaStreamCaptureStatus"};
  EXPECT_EQ(
      rowOf("", NameReference::written(Enum, "cudaStreamCaptureStatusNone")),
      "cudaStreamCaptureStatusNone");
  EXPECT_EQ(
      rowOf("", NameReference::written(User, "cudaStreamCaptureStatusNone")),
      "none");
}

TEST(Resolution, DeclaredQualifiedNames) {
  // The parse's qualified name, with CUDA's ABI namespace, is the table's
  // without it.
  EXPECT_EQ(rowOf("", NameReference::declared(
                          "cooperative_groups::__v1::thread_block",
                          "thread_block", nullptr, false)),
            "cooperative_groups::thread_block");
  // A bare name only for a declaration at global scope.
  EXPECT_EQ(rowOf("", NameReference::declared("detail::cudaMalloc",
                                              "cudaMalloc", nullptr, false)),
            "none");
  EXPECT_EQ(rowOf("", NameReference::declared("cudaMalloc", "cudaMalloc",
                                              nullptr, true)),
            "cudaMalloc");
  // The declaring library's row first, whatever the file includes.
  SourceText Text("#include <cublas_v2.h>\n");
  const ApiMapping *Row = NameResolver(Text).rowFor(NameReference::declared(
      "cublasSgemm", "cublasSgemm", lookupApi(ApiKind::CublasLegacy), true));
  ASSERT_NE(Row, nullptr);
  EXPECT_EQ(Row->ApiId, ApiKind::CublasLegacy);
}

TEST(Resolution, APastedNamesLibrary) {
  const ApiMapping *Rand = lookupCudaName("curandCreateGenerator");
  ASSERT_NE(Rand, nullptr);
  // The first name formed that has a row says it, whatever the prefix.
  const ApiMapping *Formed[] = {nullptr, Rand};
  EXPECT_EQ(NameResolver::pastedApi(Formed, "cuda"), "curand");
  // Else the rows the pasted prefix begins.
  EXPECT_EQ(NameResolver::pastedApi({}, "cusparse"), "cusparse");
  EXPECT_EQ(NameResolver::apiOfPrefix("cusparse"), "cusparse");
  // Else the runtime's.
  EXPECT_EQ(NameResolver::apiOfPrefix("zzNoSuchPrefix"), "");
  EXPECT_EQ(NameResolver::pastedApi({}, "zzNoSuchPrefix"), "runtime");
}

TEST(Resolution, ANameWhoseRowHasARule) {
  SourceText Text("");
  NameResolver Resolver(Text);
  NamePolicy Policy{NameOptions()};
  // drop:0 edits the call beyond the name: no plain name is written.
  Resolution Shfl =
      Resolver.resolve(NameReference::written({}, "__shfl_sync"), Policy);
  ASSERT_TRUE(Shfl);
  ASSERT_TRUE(Shfl.hasRule());
  const RewriteRule *ShflRule = RewriteRule::forRow(*Shfl.Row);
  ASSERT_NE(ShflRule, nullptr);
  EXPECT_EQ(ShflRule->name(), "drop");
  EXPECT_FALSE(Shfl.writtenName());
  // A rule knows its HIP-defined overloads (the collision finder asks it).
  Resolution Max =
      Resolver.resolve(NameReference::written({}, "atomicMax"), Policy);
  ASSERT_TRUE(Max.hasRule());
  const RewriteRule *MaxRule = RewriteRule::forRow(*Max.Row);
  ASSERT_NE(MaxRule, nullptr);
  EXPECT_EQ(MaxRule->name(), "hipdefines");
  bool HasFloat = false;
  for (const HipDefinedOverload &Overload : MaxRule->hipDefinedOverloads())
    HasFloat |= sameOverloadParameters(Overload.Parameters, "float*,float");
  EXPECT_TRUE(HasFloat);
}

} // namespace
