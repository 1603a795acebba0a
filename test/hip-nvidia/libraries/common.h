// Shared by the library programs: a check that stops with one line.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CHECK(call, ok)                                                        \
  do {                                                                         \
    if ((call) != (ok)) {                                                      \
      fprintf(stderr, "%s failed at %s:%d\n", #call, __FILE__, __LINE__);      \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
