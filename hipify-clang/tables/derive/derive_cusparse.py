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
--cuda-older: rows for the names CUDA 11.8's and 11.2's headers declare and CUDA 13's do not
(libraryrows.add_removed_rows says how they are named and dated).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
import registry  # noqa: E402
from clibrary import (Rows, add_declarations, is_version_or_guard,  # noqa: E402
                      parameter_lists, rocm_library, snake)
from libraryrows import main as derivation_main  # noqa: E402

API = "cusparse"
HEADER_TARGETS = registry.header_targets(API)
# Declarations are marked `CUSPARSE_DEPRECATED(newName)`, `CUSPARSE_DEPRECATED_TYPE`
# ...: attributes, which the readers below must not take for declared names.
DEPRECATION_RE = re.compile(r"\bCUSPARSE_DEPRECATED\w*(?:\s*\([^()]*\))?")
# Argument types rocSPARSE spells with types of its own (see above).
NO_ROC_ARGUMENT_RE = re.compile(r"\b(cuComplex|cuDoubleComplex|cudaDataType|cudaDataType_t)\b")


def derive(cuda, rocm, overrides):
    hipsparse = rocm_library(rocm, "hipsparse", pasted=False)
    rocsparse = rocm_library(rocm, "rocsparse", pasted=False)
    rows = Rows(API, overrides, [hipsparse], [rocsparse])
    add = rows.add

    rows.add_headers(rocm, HEADER_TARGETS)

    full = cheaders.read_header(os.path.join(cuda, "cusparse.h"))
    text = DEPRECATION_RE.sub(" ", full)
    params = parameter_lists(text)

    def function_targets(name):
        count = len(params[name])
        base = name[len("cusparse"):]
        hip = hipsparse.function_of("hipsparse" + base, count)
        roc = ""
        if not any(NO_ROC_ARGUMENT_RE.search(p) for p in params[name]):
            roc = rocsparse.function_of("rocsparse_" + snake(base), count)
            if not roc and base.startswith("X"):
                roc = rocsparse.function_of("rocsparse_" + snake(base[1:]), count)
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

    def targets(name, kind):
        if kind == "function":
            return function_targets(name)
        if kind == "type" and not name.startswith("cusparse"):
            # The legacy info types (csrsv2Info_t): hipSPARSE keeps their names.
            return hipsparse.name(name), rocsparse.name(name)
        return type_targets(name) if kind == "type" else upper_targets(name)

    add_declarations(rows, text, ["CUSPARSEAPI"], targets, full,
                     types=cheaders.typedef_names(text) |
                     set(re.findall(r"\bstruct\s+([A-Za-z_]\w*)", text)))
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
