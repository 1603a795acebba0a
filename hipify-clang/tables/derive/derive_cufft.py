#!/usr/bin/env python3
"""Derive cufft.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cufft.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator and macro that cufft.h, cufftXt.h and cudalibxt.h
(the multi-GPU descriptors of the Xt API) declare gets a row; names with a leading
underscore are the headers' own, except the guards overrides-cufft.tsv names (_CUFFT_H_,
which user code tests). hipFFT names (hip_name) are found by transforms and
accepted only if the hipFFT headers declare them (functions: with as many parameters):
  cufftX, CUFFT_X -> hipfftX, HIPFFT_X;
  cudalibxt.h: cudaX, CUDA_X, libX, LIB_X -> hipX, HIP_X, hiplibX, HIPLIB_X;
plus overrides-cufft.tsv for the renames no rule finds (CUFFT_INVERSE -> HIPFFT_BACKWARD).
Version macros and header guards get no name (hipFFT's version counts differently).

No row has a roc_name: rocFFT's API is not cuFFT's (plans are built from descriptions,
rocfft_plan_create + rocfft_execute with buffers and an execution info), so no name maps
1:1 and `--roc` keeps the hipFFT names (the library registry (libraries.tsv) gives cuFFT no
ROCm library; hipify-clang says so when it writes them under --roc).
hip_added: the oldest release of hipFFT that declares the name (libraryrows.py: Debian 13's
releases in <tree>/older, else 6.4).
--cuda-older: rows for the names CUDA 11.8's and 11.2's headers declare and CUDA 13's do not
(libraryrows.add_removed_rows says how they are named and dated).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clibrary import CLibrary  # noqa: E402

def candidate(name):
    """The hipFFT spelling a transform gives, or None."""
    for cuda, hip in (("cufft", "hipfft"), ("CUFFT_", "HIPFFT_"), ("cuda", "hip"),
                      ("CUDA_", "HIP_"), ("lib", "hiplib"), ("LIB_", "HIPLIB_")):
        if name.startswith(cuda):
            return hip + name[len(cuda):]
    if "_CUDA_" in name:  # MAX_CUDA_DESCRIPTOR_GPUS
        return name.replace("_CUDA_", "_HIP_")
    return None


# The headers' own names (a leading underscore) get no row, but for the guards the
# overrides name (_CUFFT_H_, which user code tests).
CUFFT = CLibrary("cufft", ["hipfft"], ["CUFFTAPI"], candidate,
                 skip=lambda overrides, name: name.startswith("_") and name not in overrides)

if __name__ == "__main__":
    sys.exit(CUFFT.main(sys.argv[1:], __doc__))
