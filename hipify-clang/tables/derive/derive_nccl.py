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
hip_name; gen_mapping_table.py's LIBRARIES names RCCL as the ROCm library).
hip_added: the oldest release that declares the name (libraryrows.py): 5.4, since Debian 13
and sid both ship librccl-dev 5.4.3 (NCCL API 2.13.4, build/rocm-6.4/versions.tsv), older
than ROCm 6.4's RCCL: names NCCL added after 2.13 are unsupported here although a newer
RCCL has some of them.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
from libraryrows import ROCM_VERSION, die, main as derivation_main  # noqa: E402
from derive_curand import RocmLibrary, arities  # noqa: E402

API = "nccl"
HEADER_TARGETS = {"nccl.h": "rccl/rccl.h"}


def derive(cuda, rocm, overrides):
    rccl = RocmLibrary(cheaders.header_files(os.path.join(rocm, "rccl")))
    rows = {}

    def add(name, kind, hip=""):
        if name.startswith("_") or name in rows:
            return
        override = overrides.get(name, {}).get("hip_name", "")
        if override and not rccl.name(override):
            die("overrides-nccl.tsv: hip_name '%s' for '%s' is not declared by the ROCm "
                "headers" % (override, name))
        hip = override or hip
        rows[name] = {
            "cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": hip,
            "status": "supported" if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": "",
            "hip_added": ROCM_VERSION if hip else ""}

    for header, target in HEADER_TARGETS.items():
        add(header, "header", target if os.path.exists(os.path.join(rocm, target)) else "")

    for header in HEADER_TARGETS:
        full = cheaders.read_header(os.path.join(cuda, header))
        text = cheaders.toplevel(full)
        counts = arities(text)
        # nccl.h declares nothing but its API: every function is public, unmarked.
        for name in sorted(cheaders.functions(text, [""])):
            add(name, "function", rccl.function(name, counts[name]))
        for e in cheaders.enums(text):
            for type_name in e.names():
                add(type_name, "enum", rccl.name(type_name))
            for enumerator in e.enumerators:
                add(enumerator, "enumerator", rccl.name(enumerator))
        for type_name in sorted(cheaders.typedef_names(text) | cheaders.struct_names(text)):
            add(type_name, "type", rccl.name(type_name))
        for name in sorted(cheaders.macros(full)):
            add(name, "macro", rccl.name(name))
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
