// Compile-time switches over run-time values, as flash-attention's static_switch.h:
//
//   BOOL_SWITCH(flag, kFlag, [&] { kernel<kFlag><<<grid, block, 0, stream>>>(...); });
#pragma once

#define BOOL_SWITCH(COND, CONST_NAME, ...)      \
  [&] {                                         \
    if (COND) {                                 \
      constexpr static bool CONST_NAME = true;  \
      return __VA_ARGS__();                     \
    } else {                                    \
      constexpr static bool CONST_NAME = false; \
      return __VA_ARGS__();                     \
    }                                           \
  }()

#define BLOCK_SIZE_SWITCH(N, CONST_NAME, ...)      \
  [&] {                                            \
    if (N <= 256) {                                \
      constexpr static int CONST_NAME = 128;       \
      return __VA_ARGS__();                        \
    } else {                                       \
      constexpr static int CONST_NAME = 256;       \
      return __VA_ARGS__();                        \
    }                                              \
  }()
