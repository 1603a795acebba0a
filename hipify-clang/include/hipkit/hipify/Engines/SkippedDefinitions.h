//===- SkippedDefinitions.h - Functions in blocks the parse skipped -*- C++
//-*-===//
//
// A block of an #if the parse did not take is translated by its tokens, and
// the collision finder (TranslationCollisions.h) cannot see its declarations:
// helper_cuda.h defines `_cudaGetErrorEnum(CUresult)` under `#ifdef
// CUDA_DRIVER_API`, which becomes a second `_cudaGetErrorEnum(hipError_t)`
// when a build defines the macro. This finds the function definitions at a
// block's top level by their tokens, for the finder to compare.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_SKIPPEDDEFINITIONS_H
#define HIPKIT_HIPIFY_SKIPPEDDEFINITIONS_H

#include "hipkit/hipify/Translation/FileTranslation.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipkit::hipify {

struct SkippedDefinition {
  /// Where the function's name is.
  unsigned NameOffset;
  std::string Name;
  /// Each parameter's type as tokens, without its name and default argument.
  std::vector<std::vector<std::string>> Parameters;
};

/// The definitions `TYPE NAME(PARAMETERS) [const] {` at the top level of
/// \p Block of \p Text (which must be followed by a NUL byte), outside
/// preprocessor directives; a definition whose parameters this cannot read
/// (function pointers, packs) is left out.
std::vector<SkippedDefinition> findSkippedDefinitions(llvm::StringRef Text,
                                                      OffsetRange Block);

} // namespace hipkit::hipify

#endif
