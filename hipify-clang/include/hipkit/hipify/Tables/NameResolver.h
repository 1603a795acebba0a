//===- NameResolver.h - Which row a CUDA spelling denotes in a file -*- C++ -*-//
//
// Libraries share spellings: legacy cublas.h declares a handle-less function
// `cublasSgemm` where cublas_v2.h defines a macro of the same name for the
// handle API, and the two have different rows (the legacy one is unsupported;
// hipBLAS has only the v2 API). Which row a reference denotes is decided here,
// for the AST engine, the token engine and every text scanner alike, from
// what is known of the file: the library whose header declares the name (when
// a parse found the declaration), the CUDA headers the file's #include lines
// name (the file's directive index, SourceText.h, in any #if branch), and the CUDA headers the parse saw the translation unit's user
// files include. So a name gets the same answer in a parsed region, an untaken
// #if branch, a macro body and a file translated without a parse.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_NAMERESOLVER_H
#define HIPKIT_HIPIFY_NAMERESOLVER_H

#include "hipkit/hipify/Tables/MappingTable.h"
#include "hipkit/hipify/Source/SourceText.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringRef.h"

namespace hipkit::hipify {

class NameResolver {
public:
  /// A resolver for the file indexed by \p Source (its include lines).
  explicit NameResolver(const SourceText &Source);
  /// A resolver that knows no file's include lines (a translation unit's,
  /// which knows only what addIncludedLibrary tells it).
  NameResolver();

  /// The row a reference spelled \p Name (qualified as written, for namespace
  /// members) denotes in this file, or nullptr when no row has that name.
  /// \p DeclaredIn is the library whose header declares or defines the name,
  /// when a parse found it. Where rows of several libraries share the name,
  /// the first that holds is taken:
  ///  1. the row of \p DeclaredIn;
  ///  2. the one row of a library whose header the file includes, or, with a
  ///     parse, one of the translation unit's user files includes
  ///     (addIncludedLibrary);
  ///  3. the first API's row (getApiNames order: cuBLAS's v2 API before the
  ///     legacy one), which is what a file naming no header of either means
  ///     today.
  const ApiMapping *resolve(llvm::StringRef Name,
                            const ApiInfo *DeclaredIn = nullptr) const;

  /// The `header` row for an include of \p HeaderName, or nullptr: header
  /// names belong to one library each.
  static const ApiMapping *resolveHeader(llvm::StringRef HeaderName);

  /// A parse saw a user file of this translation unit include a header of
  /// \p Library (cublas.h from a user's "blas_wrap.h"): evidence for names
  /// this file uses without including that header itself.
  void addIncludedLibrary(ApiKind Library);

  /// Whether this file's own #include lines name a header of \p Library.
  bool fileIncludes(ApiKind Library) const;

  /// Whether --roc writes \p Row's ROCm-library name in this file. Not for the
  /// cuBLAS names (cublasStatus_t, CUBLAS_OP_T) of a file that includes
  /// cuBLASLt's header and none of cuBLAS's: hipBLASLt, what --roc writes for
  /// cuBLASLt, takes their hipblas-common types, not rocBLAS's.
  bool writesRocNames(const ApiMapping &Row) const;

private:
  /// The libraries of the file's own include lines.
  llvm::BitVector FileLibraries;
  llvm::BitVector UnitLibraries;
};

} // namespace hipkit::hipify

#endif
