//===- InOrderTest.cpp - runInOrder: results consumed in order ------------===//
#include "hipkit/Support/InOrder.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

using namespace hipkit;

namespace {

struct Trace {
  std::mutex Lock;
  std::vector<size_t> Consumed;
  std::vector<bool> Produced;
  std::atomic<size_t> Waiting{0}, MostWaiting{0}, Running{0}, MostRunning{0};
  explicit Trace(size_t Count) : Produced(Count, false) {}

  void produce(size_t I) {
    size_t Now = ++Running;
    for (size_t Seen = MostRunning; Now > Seen;)
      MostRunning.compare_exchange_weak(Seen, Now);
    // Later ones finish first: order must come from the consumer.
    std::this_thread::sleep_for(std::chrono::milliseconds((I * 7) % 5));
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Produced[I] = true;
    }
    --Running;
    size_t W = ++Waiting;
    for (size_t Seen = MostWaiting; W > Seen;)
      MostWaiting.compare_exchange_weak(Seen, W);
  }
  void consume(size_t I) {
    std::lock_guard<std::mutex> Guard(Lock);
    EXPECT_TRUE(Produced[I]) << I;
    Consumed.push_back(I);
    --Waiting;
  }
};

TEST(InOrder, ConsumesEachInOrderAfterItIsProduced) {
  Trace T(60);
  runInOrder(
      60, 3, 5, [&](size_t I) { T.produce(I); },
      [&](size_t I) { T.consume(I); });
  std::vector<size_t> Expected(60);
  for (size_t I = 0; I < 60; ++I)
    Expected[I] = I;
  EXPECT_EQ(T.Consumed, Expected);
}

TEST(InOrder, HoldsAtMostAWindowAndUsesTheThreads) {
  Trace T(80);
  runInOrder(
      80, 2, 4, [&](size_t I) { T.produce(I); },
      [&](size_t I) {
        // A slow consumer: producers run ahead up to the window only.
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        T.consume(I);
      });
  EXPECT_EQ(T.Consumed.size(), 80u);
  EXPECT_LE(T.MostWaiting.load(), 4u);
  EXPECT_LE(T.MostRunning.load(), 2u);
  EXPECT_GE(T.MostWaiting.load(), 2u);
}

TEST(InOrder, OneThreadAlternates) {
  std::vector<std::string> Calls;
  runInOrder(
      3, 1, 8, [&](size_t I) { Calls.push_back("p" + std::to_string(I)); },
      [&](size_t I) { Calls.push_back("c" + std::to_string(I)); });
  EXPECT_EQ(Calls, (std::vector<std::string>{"p0", "c0", "p1", "c1", "p2",
                                             "c2"}));
}

} // namespace
