//===- MappingTable.cpp - CUDA-to-HIP name mappings ------------------------===//
//
// The rows come from MappingTable.inc, generated from tables/*.tsv by
// tables/gen_mapping_table.py, which also guarantees they are sorted by CUDA
// name and unique, so a lookup is a binary search over a constant array.
//
//===----------------------------------------------------------------------===//

#include "hipkit/hipify/Tables/MappingTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace hipkit::hipify;

// Every field is built from a string literal with its length, so the whole
// table is a compile-time constant: no static initializer runs at startup, and
// the compiler does not optimize thousands of strlen calls (which took minutes).
#define HIPIFY_STR(Literal) llvm::StringRef(Literal, sizeof(Literal) - 1)
static constexpr ApiMapping AllMappings[] = {
#define HIPIFY_MAPPING(CudaName, Kind, ApiId, Api, HipName, RocName, Status,   \
                       CudaAdded, CudaDeprecated, CudaRemoved, HipAdded,       \
                       Fallback, Rewrite)                                      \
  {HIPIFY_STR(CudaName),       NameKind::Kind,          ApiKind::ApiId,        \
   HIPIFY_STR(Api),                                                            \
   HIPIFY_STR(HipName),        HIPIFY_STR(RocName),     SupportStatus::Status, \
   HIPIFY_STR(CudaAdded),      HIPIFY_STR(CudaDeprecated),                     \
   HIPIFY_STR(CudaRemoved),    HIPIFY_STR(HipAdded),                           \
   HIPIFY_STR(Fallback),       HIPIFY_STR(Rewrite)},
#include "MappingTable.inc"
};

static constexpr llvm::StringRef ApiNames[] = {
#define HIPIFY_API(Kind, Name, Library, HipLibrary, RocLibrary)               \
  HIPIFY_STR(Name),
#include "MappingTable.inc"
};

static constexpr ApiInfo Apis[] = {
#define HIPIFY_API(Kind, Name, Library, HipLibrary, RocLibrary)               \
  {ApiKind::Kind, HIPIFY_STR(Name), HIPIFY_STR(Library),                       \
   HIPIFY_STR(HipLibrary), HIPIFY_STR(RocLibrary)},
#include "MappingTable.inc"
};

// Every API the generator knows, rows or not, indexed by ApiKind.
static constexpr llvm::StringRef AllApiNames[] = {
#define HIPIFY_API_KIND(Kind, Name) HIPIFY_STR(Name),
#include "hipkit/hipify/ApiKinds.inc"
};

llvm::ArrayRef<ApiMapping> hipkit::hipify::getAllMappings() {
  return AllMappings;
}

llvm::ArrayRef<llvm::StringRef> hipkit::hipify::getApiNames() {
  return ApiNames;
}

const ApiMapping *hipkit::hipify::lookupCudaName(llvm::StringRef CudaName) {
  const ApiMapping *End = std::end(AllMappings);
  const ApiMapping *Found = std::lower_bound(
      std::begin(AllMappings), End, CudaName,
      [](const ApiMapping &Row, llvm::StringRef Name) {
        return Row.CudaName < Name;
      });
  if (Found == End || Found->CudaName != CudaName)
    return nullptr;
  return Found;
}

const ApiMapping *hipkit::hipify::lookupCudaName(llvm::StringRef CudaName,
                                                 llvm::StringRef Api) {
  for (const ApiMapping *Row = lookupCudaName(CudaName);
       Row && Row != std::end(AllMappings) && Row->CudaName == CudaName; ++Row)
    if (Row->Api == Api)
      return Row;
  return nullptr;
}

const ApiInfo *hipkit::hipify::lookupApi(llvm::StringRef Api) {
  for (const ApiInfo &Info : Apis)
    if (Info.Name == Api)
      return &Info;
  return nullptr;
}

const ApiInfo *hipkit::hipify::lookupApi(ApiKind Kind) {
  for (const ApiInfo &Info : Apis)
    if (Info.Kind == Kind)
      return &Info;
  return nullptr;
}

llvm::StringRef hipkit::hipify::getApiName(ApiKind Kind) {
  return AllApiNames[static_cast<size_t>(Kind)];
}

/// The library API of the first row named \p CudaName of kind \p Kind.
static const ApiInfo *libraryOfRow(llvm::StringRef CudaName, NameKind Kind) {
  for (const ApiMapping *Row = lookupCudaName(CudaName);
       Row && Row != std::end(AllMappings) && Row->CudaName == CudaName; ++Row) {
    const ApiInfo *Info = lookupApi(Row->Api);
    if (Row->Kind == Kind && Info && Info->isLibrary())
      return Info;
  }
  return nullptr;
}

const ApiInfo *hipkit::hipify::lookupLibraryOfHeader(llvm::StringRef FileName) {
  // Header rows are paths below an include folder: `cublas_v2.h`, and for the
  // C++ libraries `cub/device/device_reduce.cuh`. Try the file name, then it
  // with one folder more, and so on.
  llvm::SmallString<256> Normalized(FileName);
  llvm::sys::path::native(Normalized, llvm::sys::path::Style::posix);
  llvm::StringRef Path = Normalized;
  size_t Start = Path.size();
  for (unsigned Components = 0; Components < 6 && Start != 0; ++Components) {
    size_t Slash = Path.rfind('/', Start - 1);
    Start = Slash == llvm::StringRef::npos ? 0 : Slash;
    llvm::StringRef Suffix = Path.drop_front(Start == 0 ? 0 : Start + 1);
    if (const ApiInfo *Info = libraryOfRow(Suffix, NameKind::Header))
      return Info;
  }
  return nullptr;
}

const ApiInfo *
hipkit::hipify::lookupLibraryOfNamespace(llvm::StringRef QualifiedName) {
  return libraryOfRow(QualifiedName, NameKind::Namespace);
}

llvm::StringRef hipkit::hipify::getKindName(NameKind Kind) {
  switch (Kind) {
  case NameKind::Function:
    return "function";
  case NameKind::Type:
    return "type";
  case NameKind::Enum:
    return "enum";
  case NameKind::Enumerator:
    return "enumerator";
  case NameKind::Macro:
    return "macro";
  case NameKind::Header:
    return "header";
  case NameKind::Variable:
    return "variable";
  case NameKind::Namespace:
    return "namespace";
  case NameKind::Member:
    return "member";
  }
  llvm_unreachable("every NameKind is named above");
}

llvm::StringRef hipkit::hipify::getStatusName(SupportStatus Status) {
  switch (Status) {
  case SupportStatus::Supported:
    return "supported";
  case SupportStatus::Unsupported:
    return "unsupported";
  case SupportStatus::Experimental:
    return "experimental";
  }
  llvm_unreachable("every SupportStatus is named above");
}
