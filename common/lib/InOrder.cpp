//===- InOrder.cpp --------------------------------------------------------===//
#include "hipkit/Support/InOrder.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <deque>
#include <future>

namespace hipkit {

void runInOrder(size_t Count, unsigned Threads, size_t Window,
                llvm::function_ref<void(size_t)> Produce,
                llvm::function_ref<void(size_t)> Consume) {
  if (Threads <= 1 || Count <= 1) {
    for (size_t I = 0; I < Count; ++I) {
      Produce(I);
      Consume(I);
    }
    return;
  }
  Window = std::max<size_t>(Window, Threads);
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  std::deque<std::shared_future<void>> Pending;
  size_t Next = 0;
  for (size_t I = 0; I < Count; ++I) {
    while (Next < Count && Next < I + Window) {
      size_t Job = Next++;
      Pending.push_back(Pool.async([Produce, Job] { Produce(Job); }));
    }
    Pending.front().wait();
    Pending.pop_front();
    Consume(I);
  }
  Pool.wait();
}

} // namespace hipkit
