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
row's roc_name is its hip_name (gen_mapping_table.py's LIBRARIES names hipBLASLt as the
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
import cheaders  # noqa: E402
from libraryrows import ROCM_VERSION, die, main as derivation_main  # noqa: E402
from derive_curand import RocmLibrary, arities, is_version_or_guard  # noqa: E402

API = "cublaslt"
HEADER_TARGETS = {"cublasLt.h": "hipblaslt/hipblaslt.h"}


def candidate(name):
    """The hipBLASLt spelling a transform gives, or None."""
    for cuda, hip in (("cublasLt", "hipblasLt"), ("CUBLASLT_", "HIPBLASLT_")):
        if name.startswith(cuda):
            return hip + name[len(cuda):]
    return None


def derive(cuda, rocm, overrides):
    hipblaslt = RocmLibrary(cheaders.header_files(os.path.join(rocm, "hipblaslt")) +
                            cheaders.header_files(os.path.join(rocm, "hipblas-common")))
    rows = {}

    def add(name, kind, hip=""):
        if name.startswith("_") or name in rows:
            return
        override = overrides.get(name, {}).get("hip_name", "")
        if override and not hipblaslt.name(override):
            die("overrides-cublaslt.tsv: hip_name '%s' for '%s' is not declared by the ROCm "
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

        def name_of(name, function=False):
            hip = candidate(name)
            if hip is None:
                return ""
            return hipblaslt.function(hip, counts[name]) if function else hipblaslt.name(hip)

        # The *Init functions (cublasLtMatmulDescInit) are static inline wrappers.
        for name in sorted(cheaders.functions(text, ["CUBLASWINAPI", "static inline"])):
            add(name, "function", name_of(name, function=True))
        for e in cheaders.enums(text):
            for type_name in e.names():
                add(type_name, "enum", name_of(type_name))
            for enumerator in e.enumerators:
                add(enumerator, "enumerator", name_of(enumerator))
        for type_name in sorted(cheaders.typedef_names(text) | cheaders.struct_names(text)):
            add(type_name, "type", name_of(type_name))
        for name in sorted(cheaders.macros(full)):
            add(name, "macro", "" if is_version_or_guard(name) else name_of(name))
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
