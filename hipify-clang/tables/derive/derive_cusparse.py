#!/usr/bin/env python3
"""Derive cusparse.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cusparse.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, struct tag, enum, enumerator and macro that cusparse.h declares
(cusparse_v2.h only includes it) gets a row; the deprecation markers
(CUSPARSE_DEPRECATED...) are read as the attributes they are, not as names of what
they mark. hipSPARSE names (hip_name) are found by transforms and accepted only if
hipsparse.h declares them (functions: with as many parameters as the CUDA function):
  cusparseX, CUSPARSE_X -> hipsparseX, HIPSPARSE_X.
rocSPARSE names (roc_name, written with --roc) come from the same checks against the
rocSPARSE headers:
  cusparseXyzAbc (functions) -> rocsparse_xyz_abc, also without a leading index-type X
      (cusparseXcsr2coo -> rocsparse_csr2coo);
  cusparseXyz_t (types), cusparseXyz (struct tags) -> rocsparse_xyz;
  CUSPARSE_XYZ_ABC (enumerators) -> rocsparse_xyz_abc;
plus overrides-cusparse.tsv for the renames no rule finds (cusparseCreate ->
rocsparse_create_handle, CUSPARSE_OPERATION_NON_TRANSPOSE -> rocsparse_operation_none).
Functions taking complex (cuComplex) or cudaDataType arguments get no rocSPARSE name:
rocSPARSE's rocsparse_float_complex and rocsparse_datatype are not the HIP types the
rest of a translation uses (hipComplex, hipDataType), so such calls would not compile.
That leaves the generic API (cusparseCreateCsr, cusparseSpMV, ...) without rocSPARSE
names: its descriptors take a cudaDataType, and rocsparse_spmv/rocsparse_spmm add a
stage argument (buffer size, preprocess, compute) that cuSPARSE's separate
_bufferSize/_preprocess calls do not map to one for one. Under --roc those calls are
reported; hipSPARSE (the default) translates them.
Version macros, header guards and the deprecation markers get no name (hipSPARSE's
version counts differently; its HIPSPARSE_DEPRECATED takes no argument).
hip_added is "6.4": the one hipSPARSE/rocSPARSE header set read (Debian sid's ROCm 6.4).
With --cuda-older 11.8=FOLDER --cuda-older 11.2=FOLDER (scripts/fetch-cuda-legacy-headers.sh),
the names those headers declare and CUDA 13's do not get rows too, with cuda_removed ("13.0":
after 11.8, by 13.0) and the HIP name the rules above find, else a reason: what the dates
mean and the rules are libraryrows.add_removed_rows's docstring.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
from libraryrows import ROCM_VERSION, die, main as derivation_main  # noqa: E402
from derive_cublas import RocmLibrary, parameter_lists, snake  # noqa: E402
from derive_curand import is_version_or_guard  # noqa: E402

API = "cusparse"
HEADER_TARGETS = {"cusparse.h": ("hipsparse/hipsparse.h", "rocsparse/rocsparse.h"),
                  "cusparse_v2.h": ("hipsparse/hipsparse.h", "rocsparse/rocsparse.h")}
# Declarations are marked `CUSPARSE_DEPRECATED(newName)`, `CUSPARSE_DEPRECATED_TYPE`
# ...: attributes, which the readers below must not take for declared names.
DEPRECATION_RE = re.compile(r"\bCUSPARSE_DEPRECATED\w*(?:\s*\([^()]*\))?")
# Argument types rocSPARSE spells with types of its own (see above).
NO_ROC_ARGUMENT_RE = re.compile(r"\b(cuComplex|cuDoubleComplex|cudaDataType|cudaDataType_t)\b")


def derive(cuda, rocm, overrides):
    hipsparse = RocmLibrary(cheaders.header_files(os.path.join(rocm, "hipsparse")))
    rocsparse = RocmLibrary(cheaders.header_files(os.path.join(rocm, "rocsparse")))

    def checked_override(cuda_name, column, library):
        name = overrides.get(cuda_name, {}).get(column, "")
        if name and not library.name(name):
            die("overrides-cusparse.tsv: %s '%s' for '%s' is not declared by the ROCm "
                "headers" % (column, name, cuda_name))
        return name

    rows = {}

    def add(name, kind, hip="", roc=""):
        if name.startswith("_") or name in rows:
            return
        hip = checked_override(name, "hip_name", hipsparse) or hip
        # A name hipSPARSE lacks is reported with or without --roc.
        roc = (checked_override(name, "roc_name", rocsparse) or roc) if hip else ""
        rows[name] = {
            "cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": roc,
            "status": "supported" if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": "",
            "hip_added": ROCM_VERSION if hip else ""}

    for header, targets in HEADER_TARGETS.items():
        add(header, "header",
            *[t if os.path.exists(os.path.join(rocm, t)) else "" for t in targets])

    full = cheaders.read_header(os.path.join(cuda, "cusparse.h"))
    text = DEPRECATION_RE.sub(" ", full)
    params = parameter_lists(text)

    def function_targets(name):
        count = len(params[name])
        base = name[len("cusparse"):]
        hip = hipsparse.function("hipsparse" + base, count)
        roc = ""
        if not any(NO_ROC_ARGUMENT_RE.search(p) for p in params[name]):
            roc = rocsparse.function("rocsparse_" + snake(base), count)
            if not roc and base.startswith("X"):
                roc = rocsparse.function("rocsparse_" + snake(base[1:]), count)
        return hip, roc

    def type_targets(name):
        base = name[len("cusparse"):] if name.startswith("cusparse") else None
        if base is None:
            return "", ""
        return (hipsparse.name("hipsparse" + base),
                rocsparse.name("rocsparse_" + snake(re.sub(r"_t$", "", base))))

    def upper_targets(name):
        if is_version_or_guard(name) or not name.startswith("CUSPARSE_") or \
                DEPRECATION_RE.fullmatch(name):
            return "", ""
        rest = name[len("CUSPARSE_"):]
        return hipsparse.name("HIPSPARSE_" + rest), rocsparse.name("rocsparse_" + rest.lower())

    for name in sorted(cheaders.functions(text, ["CUSPARSEAPI"])):
        add(name, "function", *function_targets(name))
    for e in cheaders.enums(text):
        for type_name in e.names():
            add(type_name, "enum", *type_targets(type_name))
        for enumerator in e.enumerators:
            add(enumerator, "enumerator", *upper_targets(enumerator))
    for type_name in sorted(cheaders.typedef_names(text) |
                            set(re.findall(r"\bstruct\s+([A-Za-z_]\w*)", text))):
        if type_name.startswith("cusparse"):
            add(type_name, "type", *type_targets(type_name))
        else:  # The legacy info types (csrsv2Info_t): hipSPARSE keeps their names.
            add(type_name, "type", hipsparse.name(type_name), rocsparse.name(type_name))
    for name in sorted(cheaders.macros(full)):
        add(name, "macro", *upper_targets(name))
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
