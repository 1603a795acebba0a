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
#include "hipkit/hipify/Tables/NamePolicy.h"
#include "hipkit/hipify/Source/SourceText.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipkit::hipify {

/// A reference to a name, as an engine found it: how its qualifier is known
/// decides which spellings are tried (NameResolver::rowFor).
struct NameReference {
  /// The token engine's: the qualifier as written (`thrust::system::cuda`:
  /// {"thrust", "system"} before "cuda"), which may be partial or the
  /// user's own namespace.
  static NameReference written(llvm::ArrayRef<llvm::StringRef> Qualifiers,
                               llvm::StringRef Name) {
    NameReference Ref;
    Ref.Qualifiers = Qualifiers;
    Ref.Name = Name;
    return Ref;
  }
  /// The AST engine's: the declaration's whole qualified name (clang's
  /// getQualifiedNameAsString), the library whose header declares it, and
  /// whether it is declared at global scope.
  static NameReference declared(llvm::StringRef Qualified, llvm::StringRef Name,
                                const ApiInfo *DeclaredIn, bool AtGlobalScope) {
    NameReference Ref;
    Ref.IsDeclared = true;
    Ref.Qualified = Qualified;
    Ref.Name = Name;
    Ref.DeclaredIn = DeclaredIn;
    Ref.AtGlobalScope = AtGlobalScope;
    return Ref;
  }

  bool IsDeclared = false;
  llvm::ArrayRef<llvm::StringRef> Qualifiers; ///< Written only.
  llvm::StringRef Qualified;                  ///< Declared only.
  llvm::StringRef Name;                       ///< Unqualified.
  const ApiInfo *DeclaredIn = nullptr;
  bool AtGlobalScope = false;
};

/// The one answer for a reference: its row, what the run's options make of
/// it, whether the row has a rule, and its library. The rule's object is the
/// translation layer's (RewriteRule::forRow(*Row)); this layer knows only
/// the row's `rewrite` column. addReference, the collision finder, the
/// pasted names and both engines read this value rather than deciding again.
struct Resolution {
  const ApiMapping *Row = nullptr;
  NameDecision Decision;
  const ApiInfo *Library = nullptr;  ///< lookupApi(Row->Api).

  explicit operator bool() const { return Row != nullptr; }
  /// Whether the row has a rewrite rule (its `rewrite` column).
  bool hasRule() const { return Row && !Row->Rewrite.empty(); }
  /// The name written in place of the spelling when the reference is a plain
  /// one (a C API's name, no rewrite rule, not a header) that the
  /// translation rewrites or keeps; std::nullopt for anything else (left,
  /// or edited beyond the name).
  std::optional<llvm::StringRef> writtenName() const;
  /// writtenName(), only when it differs from the CUDA spelling.
  std::optional<llvm::StringRef> renamedTo() const;
};

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

  /// The row \p Ref denotes, or nullptr. The one place that decides how a
  /// qualified name is tried:
  ///  - written (`a::b::c`): the whole written name, then each shorter tail
  ///    of the qualifier (`b::c`), never the bare name (`foo::cudaMalloc` is
  ///    the user's); an unscoped CUDA enumerator qualified by its CUDA enum
  ///    (`cudaStreamCaptureStatus::cudaStreamCaptureStatusNone`) is the bare
  ///    enumerator;
  ///  - declared: the qualified name, then without ABI namespaces
  ///    (`cooperative_groups::__v1::reduce`), then, at global scope, the
  ///    bare name.
  const ApiMapping *rowFor(const NameReference &Ref) const;
  /// The resolution of \p Ref (an empty one when no row has its name).
  Resolution resolve(const NameReference &Ref, const NamePolicy &Policy) const;
  /// The resolution of a reference to \p Row in this file.
  Resolution resolution(const ApiMapping &Row, const NamePolicy &Policy) const;

  /// \p Qualified without `::__vN` components.
  static std::string withoutAbiNamespaces(llvm::StringRef Qualified);

  /// The statistics category (an API name) of what a token-pasting macro
  /// forms: the library of the first name formed that has a row
  /// (\p FormedRows, null for the others), else that of the rows whose names
  /// start with the pasted \p Prefix, else the runtime's.
  static llvm::StringRef
  pastedApi(llvm::ArrayRef<const ApiMapping *> FormedRows,
            llvm::StringRef Prefix);
  /// The API of the first row whose name starts with \p Prefix, or "".
  static llvm::StringRef apiOfPrefix(llvm::StringRef Prefix);

  /// The `header` row for an include of \p HeaderName, or nullptr: header
  /// names belong to one library each.
  static const ApiMapping *resolveHeader(llvm::StringRef HeaderName);
  /// The resolution of an include of \p HeaderName in this file (an empty
  /// one when it names no CUDA header): what the include line becomes.
  Resolution resolveInclude(llvm::StringRef HeaderName,
                            const NamePolicy &Policy) const;

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
