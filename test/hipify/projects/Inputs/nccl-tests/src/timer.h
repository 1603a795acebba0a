// Shaped like nccl-tests' src/timer.h; written for hipkit's tests.
#ifndef _TIMER_H_
#define _TIMER_H_
#include <cstdint>
class timer {
  std::uint64_t t0;
public:
  timer();
  double elapsed() const;
  double reset();
};
#endif
