//===- MappingTable.cpp - CUDA-to-HIP name mappings ------------------------===//
//
// The rows come from MappingTable.inc, generated from tables/*.tsv by
// tables/gen_mapping_table.py, which also guarantees they are sorted by CUDA
// name and unique, so a lookup is a binary search over a constant array.
//
//===----------------------------------------------------------------------===//

#include "hipkit/hipify/MappingTable.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace hipkit::hipify;

static const ApiMapping AllMappings[] = {
#define HIPIFY_MAPPING(CudaName, Kind, Api, HipName, RocName, Status,          \
                       CudaAdded, CudaDeprecated, CudaRemoved, HipAdded)       \
  {CudaName,  NameKind::Kind, Api,         HipName,    RocName,                \
   SupportStatus::Status, CudaAdded, CudaDeprecated, CudaRemoved, HipAdded},
#include "MappingTable.inc"
};

static const llvm::StringRef ApiNames[] = {
#define HIPIFY_API(Name) Name,
#include "MappingTable.inc"
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
