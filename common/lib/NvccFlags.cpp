//===- NvccFlags.cpp - nvcc's flags and their AMD counterparts ------------===//
#include "hipkit/Support/NvccFlags.h"

using namespace hipkit::nvcc;

namespace {
const FlagRow Rows[] = {
#define NVCC_FLAG(Long, Short, Form, Side, Amd, Why)                           \
  {Long, Short, FlagForm::Form, FlagSide::Side, Amd, Why},
#include "hipkit/Support/NvccFlags.def"
};

bool isName(const FlagRow &R, llvm::StringRef Name) {
  return Name == R.Long || (!R.Short.empty() && Name == R.Short);
}
} // namespace

llvm::ArrayRef<FlagRow> hipkit::nvcc::flagRows() { return Rows; }

const FlagRow *hipkit::nvcc::findFlag(llvm::StringRef Name) {
  for (const FlagRow &R : Rows)
    if (isName(R, Name))
      return &R;
  return nullptr;
}

std::optional<FlagMatch>
hipkit::nvcc::matchFlag(llvm::ArrayRef<llvm::StringRef> Words, size_t I) {
  llvm::StringRef W = Words[I];
  // nvcc takes either name after either prefix.
  if (!W.consume_front("-"))
    return std::nullopt;
  W.consume_front("-");
  for (const FlagRow &R : Rows) {
    for (llvm::StringRef Name :
         {llvm::StringRef(R.Long), llvm::StringRef(R.Short)}) {
      if (Name.empty() || !W.starts_with(Name))
        continue;
      llvm::StringRef Rest = W.drop_front(Name.size());
      switch (R.Form) {
      case FlagForm::Word:
        if (Rest.empty())
          return FlagMatch{&R, std::nullopt, 0};
        break;
      case FlagForm::Joined:
        return FlagMatch{&R, Rest, 0};
      case FlagForm::Separate:
        if (Rest.consume_front("="))
          return FlagMatch{&R, Rest, 0};
        if (Rest.empty() && I + 1 < Words.size())
          return FlagMatch{&R, Words[I + 1], 1};
        break;
      }
    }
  }
  return std::nullopt;
}
