//===- NvccOptions.h - nvcc's options on the AMD platform -------*- C++ -*-===//
//
// Private to hipkitHipcc. CUDA build systems (torch.utils.cpp_extension,
// Makefiles written for nvcc) give hipcc nvcc's options; HipccOptions.td reads
// them (nvcc_Group). With HIP_PLATFORM=nvidia they go to nvcc unchanged
// (NvidiaPlatform.cpp); on AMD this unit says what each becomes for clang:
// its counterpart, nothing with a warning, or an error, as the option's row of
// common's NvccFlags.def says (the rows hipify-clang's build-file migration
// reads too). See docs/hipcc.md, "nvcc's options".
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPCC_LIB_NVCCOPTIONS_H
#define HIPKIT_HIPCC_LIB_NVCCOPTIONS_H

#include "CommandLine.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipkit {
namespace hipcc_detail {

/// The arguments (clang's, or hipcc's own such as -j) that stand for \p NA
/// on the AMD platform, appended to \p Out; a warning for an option that has
/// no AMD meaning but changes no code, appended to \p Warnings.
llvm::Error translateNvccOptionForAmd(const NvccArgument &NA,
                                      std::vector<std::string> &Out,
                                      std::vector<std::string> &Warnings);

} // namespace hipcc_detail
} // namespace hipkit

#endif
