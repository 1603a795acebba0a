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

API = "cusolver"
# Include targets: cusolverMg (multi-GPU) has no ROCm counterpart, and rocSOLVER has
# only the dense API (rocsolver.h).
HEADER_TARGETS = {
    "cusolver_common.h": ("hipsolver/hipsolver.h", "rocsolver/rocsolver.h"),
    "cusolverDn.h": ("hipsolver/hipsolver.h", "rocsolver/rocsolver.h"),
    "cusolverSp.h": ("hipsolver/hipsolver.h", ""),
    "cusolverSp_LOWLEVEL_PREVIEW.h": ("", ""),
    "cusolverRf.h": ("hipsolver/hipsolver.h", ""),
    "cusolverMg.h": ("", ""),
}
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
    hipsolver = RocmLibrary(cheaders.header_files(os.path.join(rocm, "hipsolver")))
    rocsolver = RocmLibrary(cheaders.header_files(os.path.join(rocm, "rocsolver")) +
                            cheaders.header_files(os.path.join(rocm, "rocblas")))

    def checked_override(cuda_name, column, library):
        name = overrides.get(cuda_name, {}).get(column, "")
        if name and not library.name(name):
            die("overrides-cusolver.tsv: %s '%s' for '%s' is not declared by the ROCm "
                "headers" % (column, name, cuda_name))
        return name

    rows = {}

    def add(name, kind, hip="", roc=""):
        if name.startswith("_") or name in rows or re.fullmatch(r"u?int\d+_t", name):
            return
        hip = checked_override(name, "hip_name", hipsolver) or hip
        roc = (checked_override(name, "roc_name", rocsolver) or roc) if hip else ""
        rows[name] = {
            "cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": roc,
            "status": "supported" if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": "",
            "hip_added": ROCM_VERSION if hip else ""}

    for header, targets in HEADER_TARGETS.items():
        add(header, "header",
            *[t if t and os.path.exists(os.path.join(rocm, t)) else "" for t in targets])

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

        functions = sorted(cheaders.functions(text, ["CUSOLVERAPI"]))
        for name in functions:
            add(name, "function", hipsolver.function(hip_candidate(name), len(params[name])))
        # The rocSOLVER forms, after every row exists: a workspace query follows the
        # function it sizes.
        for name in sorted(functions, key=lambda n: n.endswith("_bufferSize")):
            if name.startswith("cusolverDn") and rows[name]["hip_name"] and \
                    not overrides.get(name, {}).get("roc_name"):
                rocsolver_form(name, params[name], rows)
        for e in cheaders.enums(text):
            for type_name in e.names():
                add(type_name, "enum", hipsolver.name(hip_candidate(type_name)))
            for enumerator in e.enumerators:
                add(enumerator, "enumerator", hipsolver.name(hip_candidate(enumerator)))
        for type_name in sorted(cheaders.typedef_names(text) |
                                set(re.findall(r"\bstruct\s+([A-Za-z_]\w*)", text))):
            add(type_name, "type", hipsolver.name(hip_candidate(type_name)))
        for name in sorted(cheaders.macros(full)):
            plain = not is_version_or_guard(name) and not DEPRECATION_RE.fullmatch(name)
            add(name, "macro", hipsolver.name(hip_candidate(name)) if plain else "")
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
