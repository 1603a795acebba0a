//===- LexicalLaunch.h - Kernel launches rewritten without a parse -*- C++ -*-//
//
// --hip-kernel-execution-syntax for files that are not parsed (hipify-perl,
// hipify-clang without CUDA): kernel<<<grid, block[, shmem[, stream]]>>>(args)
// found among clang's raw tokens becomes the same hipLaunchKernelGGL call the
// AST engine writes. Comments and strings are whole tokens, so a launch shown
// in one is never touched.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_HIPIFY_LEXICALLAUNCH_H
#define HIPKIT_HIPIFY_LEXICALLAUNCH_H

#include "hipkit/hipify/Translation/FileTranslation.h"

namespace hipkit::hipify {

/// Adds the edits turning each kernel launch of \p FT into hipLaunchKernelGGL.
/// A launch whose shape the tokens cannot settle is kept as written (HIP
/// accepts <<<>>>): a callee that is not a (qualified, possibly templated)
/// name, other than 2 to 4 configuration arguments, brackets that do not
/// balance, or a launch on a preprocessor line.
void rewriteLaunchesLexically(FileTranslation &FT);

} // namespace hipkit::hipify

#endif
