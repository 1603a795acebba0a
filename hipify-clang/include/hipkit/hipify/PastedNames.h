//===- PastedNames.h - CUDA names built by token pasting --------*- C++ -*-===//
//
// `#define RT(x) cuda##x` ... `RT(Malloc)(&p, 4)`: the name cudaMalloc is
// written nowhere, so neither engine sees it (the parse spells it in clang's
// scratch buffer, the token engine meets `cuda` and `Malloc`). This reads the
// file's #define lines and the invocations of their macros and translates a
// paste whose literal first part is a CUDA prefix by rewriting that prefix
// (`hip##x`) when every name it forms in the file maps to its HIP name by
// that one change; otherwise the macro is left, reported (hipify-pasted-name)
// and the CUDA names it forms are counted as unconverted. So is an invocation
// whose pasted text cannot be known (a parameter of an enclosing macro).
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_PASTEDNAMES_H
#define HIPKIT_HIPIFY_PASTEDNAMES_H

#include "hipkit/hipify/CudaLexer.h"
#include "hipkit/hipify/FileTranslation.h"
#include "hipkit/hipify/NamePolicy.h"

#include "llvm/ADT/ArrayRef.h"

namespace hipkit::hipify {

/// Translates or reports the CUDA names that the macros defined in \p FT
/// build by `##`, given the file's raw tokens \p Tokens. Runs before the
/// token engine's name pass: the pieces of a paste it handled are marked
/// (FileTranslation::markNotCuda) so that no piece is renamed on its own
/// (`curand` is a name of its own).
void translatePastedNames(FileTranslation &FT, llvm::ArrayRef<RawToken> Tokens,
                          const NamePolicy &Policy);

} // namespace hipkit::hipify

#endif
