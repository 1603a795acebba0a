#!/usr/bin/env python3
"""Derive nccl.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_nccl.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator and macro that nccl.h declares gets a row (the
profiling pncclX entry points too); names with a leading underscore are the header's own.
RCCL keeps NCCL's names, so a name's hip_name is the name itself where rccl/rccl.h
declares it (functions: with as many parameters), and it is unsupported where RCCL lacks
it; overrides-nccl.tsv may name another spelling. The version macros (NCCL_MAJOR,
NCCL_VERSION_CODE, NCCL_VERSION(X,Y,Z)) are RCCL's own there: they give the NCCL API level
RCCL implements, which is what code testing them asks. The include becomes rccl/rccl.h;
the cudaStream_t of the collectives is the runtime table's (hipStream_t).

RCCL is ROCm's library for this API, so --roc writes the same names (roc_name ==
hip_name; the library registry (libraries.tsv) names RCCL as the ROCm library).
hip_added: the oldest release that declares the name (libraryrows.py): 5.4, since Debian 13
and sid both ship librccl-dev 5.4.3 (NCCL API 2.13.4, build/rocm-6.4/versions.tsv), older
than ROCm 6.4's RCCL: names NCCL added after 2.13 are unsupported here although a newer
RCCL has some of them.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clibrary import CLibrary  # noqa: E402

# RCCL keeps NCCL's names (the same spelling), its version macros included. nccl.h declares
# nothing but its API: every function is public, unmarked.
NCCL = CLibrary("nccl", ["rccl"], [""], map_versions=True)

if __name__ == "__main__":
    sys.exit(NCCL.main(sys.argv[1:], __doc__))
