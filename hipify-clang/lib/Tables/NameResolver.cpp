//===- NameResolver.cpp ---------------------------------------------------===//
#include "hipkit/hipify/Tables/NameResolver.h"

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

const ApiMapping *NameResolver::resolveHeader(llvm::StringRef HeaderName) {
  const ApiMapping *Row = lookupCudaName(HeaderName);
  return Row && Row->Kind == NameKind::Header ? Row : nullptr;
}

bool NameResolver::writesRocNames(const ApiMapping &Row) const {
  if (Row.ApiId != ApiKind::Cublas)
    return true;
  return !fileIncludes(ApiKind::Cublaslt) || fileIncludes(ApiKind::Cublas) ||
         fileIncludes(ApiKind::CublasLegacy);
}
