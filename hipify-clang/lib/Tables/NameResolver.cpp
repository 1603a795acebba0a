//===- NameResolver.cpp ---------------------------------------------------===//
#include "hipkit/hipify/Tables/NameResolver.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace hipkit::hipify;

static constexpr unsigned NumApiKinds = 0
#define HIPIFY_API_KIND(Kind, Name) +1
#include "hipkit/hipify/ApiKinds.inc"
    ;

static unsigned indexOf(ApiKind Kind) { return static_cast<unsigned>(Kind); }

NameResolver::NameResolver() : FileLibraries(NumApiKinds) {}

NameResolver::NameResolver(const SourceText &Source) : NameResolver() {
  for (const IncludeLine &Line : Source.includes())
    if (const ApiInfo *Library = lookupLibraryOfHeader(Line.HeaderName))
      FileLibraries.set(indexOf(Library->Kind));
}

void NameResolver::addIncludedLibrary(ApiKind Library) {
  if (UnitLibraries.empty())
    UnitLibraries.resize(NumApiKinds);
  UnitLibraries.set(indexOf(Library));
}

bool NameResolver::fileIncludes(ApiKind Library) const {
  return FileLibraries.test(indexOf(Library));
}

const ApiMapping *NameResolver::resolve(llvm::StringRef Name,
                                        const ApiInfo *DeclaredIn) const {
  const ApiMapping *First = lookupCudaName(Name);
  if (!First)
    return nullptr;
  llvm::ArrayRef<ApiMapping> All = getAllMappings();
  const ApiMapping *End = All.end();
  const ApiMapping *Last = First + 1;
  while (Last != End && Last->CudaName == Name)
    ++Last;
  if (Last == First + 1)
    return First;
  llvm::ArrayRef<ApiMapping> Candidates(First, Last);
  if (DeclaredIn)
    for (const ApiMapping &Row : Candidates)
      if (Row.ApiId == DeclaredIn->Kind)
        return &Row;
  // The library the file (or, with a parse, its translation unit) includes a
  // header of; only when exactly one of the candidates' libraries is, since a
  // file including both in different #if branches says nothing about which
  // one a given reference means.
  const llvm::BitVector &Included = FileLibraries;
  const ApiMapping *Found = nullptr;
  unsigned Matches = 0;
  for (const ApiMapping &Row : Candidates) {
    unsigned Index = indexOf(Row.ApiId);
    if (Included.test(Index) ||
        (!UnitLibraries.empty() && UnitLibraries.test(Index))) {
      Found = &Row;
      ++Matches;
    }
  }
  return Matches == 1 ? Found : First;
}

const ApiMapping *NameResolver::rowFor(const NameReference &Ref) const {
  if (Ref.IsDeclared) {
    if (const ApiMapping *Row = resolve(Ref.Qualified, Ref.DeclaredIn))
      return Row;
    // CUDA's cooperative groups live in an ABI namespace that a using
    // directive brings in; users and the tables name them without it.
    if (Ref.Qualified.contains("::__v"))
      if (const ApiMapping *Row =
              resolve(withoutAbiNamespaces(Ref.Qualified), Ref.DeclaredIn))
        return Row;
    return Ref.AtGlobalScope ? resolve(Ref.Name, Ref.DeclaredIn) : nullptr;
  }
  if (Ref.Qualifiers.empty())
    return resolve(Ref.Name);
  // A written qualifier may start inside the library's namespaces
  // (`system::cuda` under `using namespace thrust`): the tails are tried too.
  for (size_t From = 0; From < Ref.Qualifiers.size(); ++From) {
    std::string Qualified;
    for (llvm::StringRef Part : Ref.Qualifiers.drop_front(From))
      Qualified += (Part + "::").str();
    if (const ApiMapping *Row = resolve(Qualified + Ref.Name.str()))
      return Row;
  }
  // C++11 allows an unscoped enumerator qualified by its enum (PyTorch's
  // c10/cuda writes `cudaStreamCaptureStatus::cudaStreamCaptureStatusNone`).
  const ApiMapping *Scope = resolve(Ref.Qualifiers.back());
  const ApiMapping *Bare = resolve(Ref.Name);
  if (Scope && Bare && Bare->Kind == NameKind::Enumerator &&
      (Scope->Kind == NameKind::Enum || Scope->Kind == NameKind::Type))
    return Bare;
  return nullptr;
}

Resolution NameResolver::resolution(const ApiMapping &Row,
                                    const NamePolicy &Policy) const {
  Resolution R;
  R.Row = &Row;
  R.Decision = Policy.decide(Row, writesRocNames(Row));
  R.Library = lookupApi(Row.Api);
  return R;
}

Resolution NameResolver::resolve(const NameReference &Ref,
                                 const NamePolicy &Policy) const {
  const ApiMapping *Row = rowFor(Ref);
  return Row ? resolution(*Row, Policy) : Resolution();
}

std::optional<llvm::StringRef> Resolution::writtenName() const {
  // A namespace member's row renames its last component only, and a rule
  // may write more than a name: neither is a plain name.
  if (!Row || hasRule() || Row->Kind == NameKind::Header ||
      Row->CudaName.contains("::"))
    return std::nullopt;
  if (Decision.Action == NameAction::Rewrite)
    return Decision.Replacement;
  if (Decision.Action == NameAction::KeepIdentical)
    return Row->CudaName;
  return std::nullopt;
}

std::optional<llvm::StringRef> Resolution::renamedTo() const {
  if (Decision.Action != NameAction::Rewrite)
    return std::nullopt;
  return writtenName();
}

std::string NameResolver::withoutAbiNamespaces(llvm::StringRef Qualified) {
  std::string Plain;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Qualified.split(Parts, "::");
  for (llvm::StringRef Part : Parts) {
    unsigned Version;
    if (Part.starts_with("__v") &&
        !Part.drop_front(3).getAsInteger(10, Version))
      continue;
    Plain += (Plain.empty() ? "" : "::") + Part.str();
  }
  return Plain;
}

llvm::StringRef NameResolver::apiOfPrefix(llvm::StringRef Prefix) {
  llvm::ArrayRef<ApiMapping> All = getAllMappings();
  const ApiMapping *Row = std::lower_bound(
      All.begin(), All.end(), Prefix,
      [](const ApiMapping &R, llvm::StringRef P) { return R.CudaName < P; });
  if (Row == All.end() || !Row->CudaName.starts_with(Prefix))
    return "";
  return Row->Api;
}

llvm::StringRef
NameResolver::pastedApi(llvm::ArrayRef<const ApiMapping *> FormedRows,
                        llvm::StringRef Prefix) {
  for (const ApiMapping *Row : FormedRows)
    if (Row)
      return Row->Api;
  llvm::StringRef Api = apiOfPrefix(Prefix);
  return Api.empty() ? getApiName(ApiKind::Runtime) : Api;
}

const ApiMapping *NameResolver::resolveHeader(llvm::StringRef HeaderName) {
  const ApiMapping *Row = lookupCudaName(HeaderName);
  return Row && Row->Kind == NameKind::Header ? Row : nullptr;
}

Resolution NameResolver::resolveInclude(llvm::StringRef HeaderName,
                                        const NamePolicy &Policy) const {
  const ApiMapping *Row = resolveHeader(HeaderName);
  return Row ? resolution(*Row, Policy) : Resolution();
}

bool NameResolver::writesRocNames(const ApiMapping &Row) const {
  if (Row.ApiId != ApiKind::Cublas)
    return true;
  return !fileIncludes(ApiKind::Cublaslt) || fileIncludes(ApiKind::Cublas) ||
         fileIncludes(ApiKind::CublasLegacy);
}
