//===- InOrder.h - Work on threads, results taken in order ------*- C++ -*-===//
//
// A run of many independent jobs whose results must be used in their order
// (hipify-clang's sources: messages and outputs in path order): workers
// produce ahead while the caller consumes, so that neither waits for a whole
// batch, and at most a window of results is held at once.
//
//===----------------------------------------------------------------------===//
#ifndef HIPKIT_SUPPORT_INORDER_H
#define HIPKIT_SUPPORT_INORDER_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace hipkit {

/// Calls \p Produce(I) for every I in [0, \p Count) on \p Threads worker
/// threads, and \p Consume(I) on the calling thread in increasing I, each
/// once \p Produce(I) has returned. Produce(I) starts only while fewer than
/// \p Window results wait to be consumed. With one thread, Produce(I) and
/// Consume(I) alternate on the calling thread.
void runInOrder(size_t Count, unsigned Threads, size_t Window,
                llvm::function_ref<void(size_t)> Produce,
                llvm::function_ref<void(size_t)> Consume);

} // namespace hipkit

#endif
