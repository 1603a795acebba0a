//===- MappingTable.h - CUDA-to-HIP name mappings (generated data) -*- C++ -*-===//
//
// The translator's knowledge of CUDA names is data: the rows in
// hipify-clang/tables/*.tsv, one per CUDA name, turned into MappingTable.inc at
// build time (see tables/README.md). Both engines, the statistics categories and
// the documentation tables read the same rows through this interface.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_MAPPINGTABLE_H
#define HIPKIT_HIPIFY_MAPPINGTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace hipkit::hipify {

/// What a CUDA name denotes.
enum class NameKind {
  Function,
  Type,
  Enum,
  Enumerator,
  Macro,
  Header,
  Variable, ///< Built-in variables: threadIdx, blockIdx, blockDim, gridDim, warpSize.
  /// A C++ library's namespace (`cub` -> `hipcub`, `thrust::cuda` ->
  /// `thrust::hip`): rewritten wherever the namespace is named, and the
  /// library of the names declared directly in it.
  Namespace,
  /// A member function of a CUDA class (`cooperative_groups::
  /// thread_block_tile::ballot`): looked up by the AST engine alone, at a
  /// member access on an object of that class; the token engine, which
  /// knows no types, never resolves one.
  Member,
};

/// The API or CUDA library a row belongs to (its statistics category), one per
/// entry of gen_mapping_table.py's API_TITLES: ApiKind::Runtime,
/// ApiKind::Cublas, ... Code names an API by this enum; its spelling in the
/// tables, statistics and messages is getApiName().
enum class ApiKind {
#define HIPIFY_API_KIND(Kind, Name) Kind,
#include "hipkit/hipify/ApiKinds.inc"
};

/// Whether the translator can translate the name, and how safely.
enum class SupportStatus {
  Supported,    ///< A HIP (or ROCm-library) equivalent exists.
  Unsupported,  ///< No HIP equivalent: the name is reported, never rewritten.
  Experimental, ///< Rewritten only with --experimental.
};

/// One row of the tables.
struct ApiMapping {
  llvm::StringRef CudaName;
  NameKind Kind;
  ApiKind ApiId;
  /// getApiName(ApiId): "runtime", "driver", "device", "cublas", ... (the
  /// statistics categories).
  llvm::StringRef Api;
  llvm::StringRef HipName; ///< Empty when unsupported.
  llvm::StringRef RocName; ///< The ROCm-library (roc*) name used with --roc; may be empty.
  SupportStatus Status;
  /// CUDA versions as "major.minor"; empty when not applicable.
  llvm::StringRef CudaAdded, CudaDeprecated, CudaRemoved;
  /// The HIP version that introduced HipName, as "major.minor".
  llvm::StringRef HipAdded;
  /// The HIP name written instead of HipName when the targeted HIP is older
  /// than HipAdded (__shfl_down for __shfl_down_sync); may be empty.
  llvm::StringRef Fallback = {};
  /// How the use is rewritten beyond its name: a rule of RewriteRules.def
  /// with its argument ("drop:0"), see RewriteRule.h; empty for a plain
  /// rename.
  llvm::StringRef Rewrite = {};
};

/// Every row, sorted by CudaName, then by Api in the order of getApiNames().
llvm::ArrayRef<ApiMapping> getAllMappings();

/// The row for \p CudaName, or nullptr when the name is not a CUDA name hipkit
/// knows. Where CUDA libraries share a name (cublas_v2.h's `cublasSgemm` macro,
/// legacy cublas.h's function), the first API's row.
const ApiMapping *lookupCudaName(llvm::StringRef CudaName);
/// The row for \p CudaName in API \p Api, or nullptr.
const ApiMapping *lookupCudaName(llvm::StringRef CudaName, llvm::StringRef Api);

/// A statistics category; for a CUDA library, the library's names.
struct ApiInfo {
  ApiKind Kind;
  llvm::StringRef Name;       ///< "runtime", "cublas", ...
  llvm::StringRef Library;    ///< "cuBLAS"; empty for the CUDA runtime, driver, ...
  llvm::StringRef HipLibrary; ///< "hipBLAS": what the default output writes.
  llvm::StringRef RocLibrary; ///< "rocBLAS": what --roc writes (RocName) instead.
  bool isLibrary() const { return !Library.empty(); }
};
/// The statistics categories (the Api values of the rows), in a fixed order.
llvm::ArrayRef<llvm::StringRef> getApiNames();
/// The category \p Api, or nullptr.
const ApiInfo *lookupApi(llvm::StringRef Api);
/// The category \p Kind, or nullptr while its table has no rows.
const ApiInfo *lookupApi(ApiKind Kind);
/// The spelling of \p Kind in the tables ("cooperative_groups").
llvm::StringRef getApiName(ApiKind Kind);
/// The library API whose CUDA header (a `header` row of that API) is named
/// \p FileName (a path whose last components are compared: `cublas_v2.h`,
/// `cub/device/device_reduce.cuh`), or nullptr: which library a declaration
/// of the CUDA headers belongs to.
const ApiInfo *lookupLibraryOfHeader(llvm::StringRef FileName);
/// The library API whose `namespace` row is the namespace \p QualifiedName
/// ("cub", "thrust::cuda"), or nullptr: which library a declaration directly
/// inside that namespace belongs to.
const ApiInfo *lookupLibraryOfNamespace(llvm::StringRef QualifiedName);

/// True when the HIP name is spelled like the CUDA name (sinf, atomicAdd,
/// __syncthreads, ...): the name is known and supported, but translating it
/// rewrites nothing and is not counted as a conversion.
inline bool isIdentityMapping(const ApiMapping &Row) {
  return Row.Status != SupportStatus::Unsupported && Row.HipName == Row.CudaName;
}

llvm::StringRef getKindName(NameKind Kind);
llvm::StringRef getStatusName(SupportStatus Status);

} // namespace hipkit::hipify

#endif
