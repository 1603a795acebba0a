// Shaped like nccl-tests' verifiable/verifiable.h; written for hipkit's tests.
#ifndef _d41d8cd98f00b204e9800998ecf8427e
#define _d41d8cd98f00b204e9800998ecf8427e

#include <cuda_runtime.h>
#include <stdint.h>

// Prepares a rank's input so that the collective's result can be verified
// exactly, for every datatype and reduction.
void ncclVerifiablePrepareInput(void *elts, intptr_t elt_n, int elt_ty, int red_op,
                                int rank_n, int rank_me, uint64_t seed,
                                intptr_t elt_ix0, cudaStream_t stream);
#endif
