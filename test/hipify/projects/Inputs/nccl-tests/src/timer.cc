// Shaped like nccl-tests' src/timer.cc; written for hipkit's tests. Host code
// alone, compiled by the host compiler.
#include "timer.h"
#include <chrono>

static std::uint64_t now() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
timer::timer() { t0 = now(); }
double timer::elapsed() const { return 1.e-9 * (now() - t0); }
double timer::reset() {
  std::uint64_t t1 = now();
  double ans = 1.e-9 * (t1 - t0);
  t0 = t1;
  return ans;
}
