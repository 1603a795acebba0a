#pragma once

// What a CUDA build of PyTorch 2.14 generates from c10/cuda/impl/cuda_cmake_macros.h.in
// (shared libraries). Debian's libtorch-dev is a CPU build and ships the c10/cuda headers
// without it; the compile checks of test/torch add this folder after torch's own.

#define C10_CUDA_BUILD_SHARED_LIBS
