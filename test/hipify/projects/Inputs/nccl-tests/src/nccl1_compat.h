// Shaped like nccl-tests' src/nccl1_compat.h; written for hipkit's tests.
#ifndef NCCL1_COMPAT_H
#define NCCL1_COMPAT_H

#ifndef NCCL_MAJOR // NCCL 1.x
#define NCCL_MAJOR 1
#define NCCL_MINOR 0
#endif

#if NCCL_MAJOR == 1
#define ncclNumOps nccl_NUM_OPS
#define ncclNumTypes nccl_NUM_TYPES
#define ncclInt8 ncclChar
#define ncclFloat16 ncclHalf
#endif

#endif
