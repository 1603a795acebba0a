#!/usr/bin/env python3
"""Derive cusolver.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cusolver.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, struct tag, enum, enumerator and macro that cusolver_common.h,
cusolverDn.h, cusolverSp.h, cusolverSp_LOWLEVEL_PREVIEW.h, cusolverRf.h and cusolverMg.h
declare gets a row (one api: the headers share one status type and never repeat a name);
the deprecation markers (CUSOLVER_DEPRECATED(cuDSS) ...) are read as the attributes they
are. hipSOLVER names (hip_name) are found by transforms and accepted only if the hipSOLVER
headers declare them (functions: with as many parameters as the CUDA function):
  cusolverX, CUSOLVER_X -> hipsolverX, HIPSOLVER_X (hipSOLVER's hipsolverDn*, hipsolverSp*,
      hipsolverRf* APIs mirror cuSOLVER's, workspace queries and devInfo included).
rocSOLVER names (roc_name, written with --roc) are checked against the rocSOLVER and rocBLAS
headers (rocSOLVER's handle, status and enum types are rocBLAS's):
  cusolverDnXyz (functions) -> rocsolver_xyz with as many parameters;
  plus overrides-cusolver.tsv for the handle, status, stream and enum names.
rocSOLVER has no workspace arguments (it takes its workspace from the rocBLAS handle) and
no _bufferSize queries, so cusolverDnSgetrf(handle, m, n, A, lda, work, ipiv, info) and
rocsolver_sgetrf(handle, m, n, A, lda, ipiv, info) differ in parameter count, and such
functions get no roc_name: under --roc they are reported, not written with a workspace
argument rocSOLVER does not take. A function with a workspace parameter gets none even when
the counts agree (cusolverDnSsyevdx's work, lwork are rocsolver_ssyevdx's Z, ldz). Functions taking complex (cuComplex), cudaDataType or
`signed char` job arguments get none either: rocSOLVER spells those as its own types
(rocblas_float_complex, rocblas_svect).
Version macros, header guards and the deprecation markers get no name.
hip_added is "6.4": the one hipSOLVER/rocSOLVER header set read (Debian sid's ROCm 6.4).
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
from tsv import die  # noqa: E402

API = "cusolver"
HEADER_TARGETS = registry.header_targets(API)
DEPRECATION_RE = re.compile(r"\bCUSOLVER(?:MG)?_DEPRECATED\w*(?:\s*\([^()]*\))?")
# Argument types rocSOLVER spells as types of its own (rocblas_float_complex,
# rocblas_datatype, rocblas_svect): a call passing the HIP translation's would not compile.
NO_ROC_TYPE_RE = re.compile(
    r"\b(cuComplex|cuDoubleComplex|cudaDataType|cudaDataType_t|signed\s+char)\b")
# cuSOLVER's names of the workspace and its size (rocSOLVER has neither).
WORKSPACE_NAMES = {"work", "Work", "Workspace", "workspace", "lwork", "Lwork"}
ROC_SUCCESS = "rocblas_status_success"


def parameter_name(parameter):
    names = cheaders.IDENT_RE.findall(re.sub(r"\[[^\]]*\]", "", parameter))
    return names[-1] if names else ""


def is_pointer(parameter):
    return "*" in parameter or "[" in parameter


def derive(cuda, rocm, overrides):
    hipsolver = rocm_library(rocm, "hipsolver", pasted=False)
    rocsolver = rocm_library(rocm, "rocsolver", "rocblas", pasted=False)
    # The C integer typedefs (int64_t) the headers repeat are not cuSOLVER's names.
    rows = Rows(API, overrides, [hipsolver], [rocsolver],
                skip=lambda name: name.startswith("_") or re.fullmatch(r"u?int\d+_t", name))
    add = rows.add

    rows.add_headers(rocm, HEADER_TARGETS)

    if not rocsolver.name(ROC_SUCCESS):
        die("the rocBLAS headers do not declare %s" % ROC_SUCCESS)

    def rocsolver_form(name, cuda_params, rows):
        """The roc_name and rewrite of a cusolverDn function: its rocsolver_ namesake
        when the parameters agree once cuSOLVER's workspace is removed (rule
        workspace:N:COUNT), a workspace query of such a function answered with 0
        (workspacesize:N:TEXT), else a reason for the report (rocreason:TEXT)."""
        row = rows[name]
        if name.endswith("_bufferSize"):
            sized = rows.get(name[:-len("_bufferSize")])
            size = len(cuda_params) - 1
            if sized and sized["roc_name"] and sized.get("rewrite", "").startswith(
                    "workspace:") and is_pointer(cuda_params[size]) and \
                    parameter_name(cuda_params[size]) in ("lwork", "Lwork"):
                row["rewrite"] = "workspacesize:%d:%s" % (size, ROC_SUCCESS)
            elif sized and sized.get("rewrite", "").startswith("rocreason:"):
                row["rewrite"] = "rocreason:rocSOLVER has no workspace-size queries, and " \
                    + sized["rewrite"][len("rocreason:"):]
            return
        candidate = "rocsolver_" + snake(name[len("cusolverDn"):])
        roc_params = rocsolver.params.get(candidate) if rocsolver.name(candidate) else None
        if roc_params is None:
            return
        foreign = [m.group(1) for m in map(NO_ROC_TYPE_RE.search, cuda_params) if m]
        if foreign:
            row["rewrite"] = "rocreason:%s takes %s" % (candidate, {
                "signed": "rocSOLVER's job enums (rocblas_svect), not cuSOLVER's "
                          "signed char job letters",
                "cudaDataType": "rocSOLVER's own data types, not the hipDataType of a "
                                "HIP translation",
                "cudaDataType_t": "rocSOLVER's own data types, not the hipDataType of a "
                                  "HIP translation"}.get(
                foreign[0].split()[0], "rocSOLVER's complex types (rocblas_float_complex), "
                "not the hipFloatComplex of a HIP translation"))
            return
        workspace = [i for i, p in enumerate(cuda_params)
                     if parameter_name(p) in WORKSPACE_NAMES]
        rest = [p for i, p in enumerate(cuda_params) if i not in workspace]
        contiguous = workspace == list(range(workspace[0], workspace[0] + len(workspace))) \
            if workspace else True
        if contiguous and len(rest) == len(roc_params) and \
                all(is_pointer(a) == is_pointer(b) for a, b in zip(rest, roc_params)):
            row["roc_name"] = candidate
            if workspace:
                row["rewrite"] = "workspace:%d:%d" % (workspace[0], len(workspace))
            return
        row["rewrite"] = "rocreason:%s(%s) takes other arguments than %s%s" % (
            candidate, ", ".join(parameter_name(p) for p in roc_params), name,
            " without its workspace" if workspace else "")

    def hip_candidate(name):
        for cuda_prefix, hip_prefix in (("cusolver", "hipsolver"), ("CUSOLVER", "HIPSOLVER")):
            if name.startswith(cuda_prefix):
                return hip_prefix + name[len(cuda_prefix):]
        return name  # gesvdjInfo_t, csrqrInfo_t: hipSOLVER keeps the name where it has it.

    for header in HEADER_TARGETS:
        full = cheaders.read_header(os.path.join(cuda, header))
        text = DEPRECATION_RE.sub(" ", full)
        params = parameter_lists(text)

        def targets(name, kind):
            if kind == "function":
                return (hipsolver.function_of(hip_candidate(name), len(params[name])),)
            if kind == "macro" and (is_version_or_guard(name) or DEPRECATION_RE.fullmatch(name)):
                return ("",)
            return (hipsolver.name(hip_candidate(name)),)

        add_declarations(rows, text, ["CUSOLVERAPI"], targets, full,
                         types=cheaders.typedef_names(text) |
                         set(re.findall(r"\bstruct\s+([A-Za-z_]\w*)", text)))
        # The rocSOLVER forms, after every row exists: a workspace query follows the
        # function it sizes.
        functions = sorted(cheaders.functions(text, ["CUSOLVERAPI"]))
        for name in sorted(functions, key=lambda n: n.endswith("_bufferSize")):
            if name.startswith("cusolverDn") and rows[name]["hip_name"] and \
                    not overrides.get(name, {}).get("roc_name"):
                rocsolver_form(name, params[name], rows)
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
