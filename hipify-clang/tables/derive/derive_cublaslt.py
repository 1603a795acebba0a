#!/usr/bin/env python3
"""Derive cublaslt.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cublaslt.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function (exported or static inline), type, enum, enumerator and macro that cublasLt.h
declares gets a row; names
with a leading underscore are the header's own. hipBLASLt names (hip_name) are found by
transforms and accepted only if hipBLASLt's headers (hipblaslt/) or hipblas-common.h, which
hipblaslt.h includes for hipblasStatus_t, hipblasOperation_t and hipblasComputeType_t,
declare them (functions: with as many parameters):
  cublasLtX, CUBLASLT_X -> hipblasLtX, HIPBLASLT_X;
plus overrides-cublaslt.tsv for the renames no rule finds. Version macros and header guards
get no name.

The cuBLAS names a cuBLASLt program also writes (cublasStatus_t, CUBLAS_OP_N,
cublasComputeType_t, CUBLAS_COMPUTE_32F) are cublas.tsv's rows, and the data types
(cudaDataType, CUDA_R_32F) library_types.tsv's: they become hipblasStatus_t,
HIPBLAS_OP_N, hipblasComputeType_t, HIPBLAS_COMPUTE_32F and hipDataType, HIP_R_32F, the
types hipBLASLt's API takes (hipblasLtMatmulDescCreate(desc, hipblasComputeType_t,
hipDataType)), all declared by hipblas-common.h and HIP's library_types.h.

hipBLASLt is ROCm's library for this API, so --roc writes the same names: every supported
row's roc_name is its hip_name (the library registry (libraries.tsv) names hipBLASLt as the
ROCm library).
hip_added: the oldest release that declares the name (libraryrows.py); Debian 13 has no
hipBLASLt, so every name is dated 6.4, the tree read. That tree's hipBLASLt is Debian sid's
7.1.1 package (hipBLASLt 1.1, hipblaslt-version.h), newer than ROCm 6.4's own hipBLASLt
0.12, and its hipblas-common is 7.1.0 (build/rocm-6.4/versions.tsv): a name dated 6.4 may
be missing from ROCm 6.4's hipBLASLt.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clibrary import CLibrary  # noqa: E402

def candidate(name):
    """The hipBLASLt spelling a transform gives, or None."""
    for cuda, hip in (("cublasLt", "hipblasLt"), ("CUBLASLT_", "HIPBLASLT_")):
        if name.startswith(cuda):
            return hip + name[len(cuda):]
    return None


# hipblas-common declares the status, operation and compute types hipBLASLt uses. The
# *Init functions (cublasLtMatmulDescInit) are static inline wrappers.
CUBLASLT = CLibrary("cublaslt", ["hipblaslt", "hipblas-common"],
                    ["CUBLASWINAPI", "static inline"], candidate)

if __name__ == "__main__":
    sys.exit(CUBLASLT.main(sys.argv[1:], __doc__))
