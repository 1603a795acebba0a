#!/usr/bin/env python3
"""Derive cublas.tsv and cublas_legacy.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cublas.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator and macro that cublas_api.h, cublas_v2.h,
cublasXt.h (api `cublas`) and the legacy cublas.h (api `cublas_legacy`) declare gets a
row. The two APIs are separate tables because their names collide: cublas_v2.h defines
`cublasSgemm` as a macro for `cublasSgemm_v2`, while cublas.h declares a legacy,
handle-less function of that name that hipBLAS does not have.

hipBLAS names (hip_name) are found by transforms and accepted only if hipblas.h or
hipblas-common.h declares them, with as many parameters as the CUDA function:
  cublasX_v2[_64], cublasX[_64] -> hipblasX_v2[_64] when hipBLAS has it (its V2 API:
      hipComplex and hipDataType arguments, declared without HIPBLAS_V2), else hipblasX[_64];
  cublasX (types), CUBLAS_X (enumerators) -> hipblasX, HIPBLAS_X;
  the _v2 spelling macros of cublas_v2.h -> the name of the function they spell.
rocBLAS names (roc_name, written with --roc) come from cublasXyzAbc -> rocblas_xyz_abc
with the same checks, plus overrides-cublas.tsv for handles, types and enumerators.
Functions taking complex or cudaDataType arguments get no rocBLAS name: rocBLAS's
rocblas_float_complex and rocblas_datatype are not the HIP types the rest of a
translation uses (hipComplex, hipDataType), so such calls would not compile.
hip_added: the oldest release of hipBLAS/rocBLAS that declares the name (libraryrows.py: Debian 13's
releases in <tree>/older, else 6.4).
--cuda-older: rows for the names CUDA 11.8's and 11.2's headers declare and CUDA 13's do not
(libraryrows.add_removed_rows says how they are named and dated).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
import registry  # noqa: E402
from clibrary import RocmLibrary, Rows, parameter_lists, rocm_library, snake  # noqa: E402
from libraryrows import main as derivation_main  # noqa: E402

CUBLAS_HEADERS = ["cublas_api.h", "cublas_v2.h", "cublasXt.h"]
LEGACY_HEADER = "cublas.h"
HEADER_TARGETS = registry.header_targets("cublas")
# hipBLAS declares hipblasHgemm and the other half-precision functions on
# hipblasHalf, a uint16_t unless the program defines HIPBLAS_USE_HIP_HALF (then
# HIP's __half): cuBLAS's take __half, which `__half` translates to, so the
# translated include defines it (rule `define`, RewriteRules.def).
HALF_DEFINE = ("define:HIPBLAS_USE_HIP_HALF:hipblasHalf is then __half, the type "
               "cuBLAS's half-precision functions (cublasHgemm) take")
HEADER_REWRITES = {"cublas_api.h": HALF_DEFINE, "cublas_v2.h": HALF_DEFINE}



def split_function(name):
    """cublasSgemm_v2_64 -> ("Sgemm", "_64")."""
    base = name[len("cublas"):]
    suffix = ""
    if base.endswith("_64"):
        base, suffix = base[:-3], "_64"
    if base.endswith("_v2"):
        base = base[:-3]
    return base, suffix


def derive(cuda, rocm, overrides):
    hipblas = RocmLibrary([os.path.join(rocm, "hipblas", "hipblas.h"),
                           os.path.join(rocm, "hipblas-common", "hipblas-common.h")],
                          pasted=False)
    rocblas = rocm_library(rocm, "rocblas", pasted=False)
    texts = {h: cheaders.read_header(os.path.join(cuda, h))
             for h in CUBLAS_HEADERS + [LEGACY_HEADER]}
    # Every name gets a row (none is skipped as the headers' own), and a rocBLAS name is kept
    # where hipBLAS has none.
    tables = {api: Rows(api, overrides, [hipblas], [rocblas], skip=lambda name: False,
                        roc_without_hip=True, overrides_name="overrides-cublas.tsv")
              for api in ("cublas", "cublas_legacy")}

    def add(api, name, kind, hip="", roc=""):
        tables[api].add(name, kind, hip, roc)

    for header, (hip, roc) in HEADER_TARGETS.items():
        present = [t if t and os.path.exists(os.path.join(rocm, t)) else "" for t in (hip, roc)]
        add("cublas_legacy" if header == LEGACY_HEADER else "cublas", header, "header", *present)
        if header in HEADER_REWRITES and present[0]:
            tables["cublas"][header]["rewrite"] = HEADER_REWRITES[header]

    cuda_params = {}
    for h in CUBLAS_HEADERS + [LEGACY_HEADER]:
        cuda_params.update({k: v for k, v in parameter_lists(texts[h]).items()
                            if k not in cuda_params})

    def function_targets(name, legacy):
        if legacy:
            return "", ""  # hipBLAS and rocBLAS have only handle-based APIs.
        params = cuda_params[name]
        base, suffix = split_function(name)
        hip = hipblas.function_of("hipblas%s_v2%s" % (base, suffix), len(params)) or \
            hipblas.function_of("hipblas%s%s" % (base, suffix), len(params))
        roc = ""
        if not any(re.search(r"\b(cuComplex|cuDoubleComplex|cudaDataType|cublasDataType_t|"
                             r"cudaDataType_t|cublasComputeType_t)\b", p) for p in params):
            roc = rocblas.function_of("rocblas_%s%s" % (snake(base), suffix), len(params))
        return hip, roc

    for api, headers in (("cublas", CUBLAS_HEADERS), ("cublas_legacy", [LEGACY_HEADER])):
        legacy = api == "cublas_legacy"
        for h in headers:
            text = texts[h]
            for name in sorted(cheaders.functions(text, ["CUBLASWINAPI", "CUBLASAPI"])):
                add(api, name, "function", *function_targets(name, legacy))
            for e in cheaders.enums(text):
                for type_name in e.names():
                    add(api, type_name, "enum", hipblas.name("hipblas" + type_name[6:]))
                for enumerator in e.enumerators:
                    add(api, enumerator, "enumerator",
                        hipblas.name("HIPBLAS_" + enumerator[len("CUBLAS_"):]))
            for type_name in sorted(cheaders.typedef_names(text) |
                                    set(re.findall(r"\bstruct\s+([A-Za-z_]\w*)", text))):
                add(api, type_name, "type", hipblas.name("hipblas" + type_name[6:]))
            for name, (_, body) in sorted(cheaders.macros(text).items()):
                # The _v2 spellings (#define cublasSgemm cublasSgemm_v2) and legacy
                # aliases (#define cublasStatus cublasStatus_t) write what their target does.
                target = tables["cublas"].get(body) or tables[api].get(body)
                if target is None and body in cuda_params and not legacy:
                    add(api, body, "function", *function_targets(body, legacy))
                    target = tables[api][body]
                if target is not None:
                    add(api, name, "macro", target["hip_name"], target["roc_name"])
                else:
                    add(api, name, "macro")
    # A legacy name that is also a cublas_v2.h macro is the legacy table's only where
    # the legacy header declares it; the rest of the legacy table would repeat cublas rows.
    for name in list(tables["cublas_legacy"]):
        if name in tables["cublas"] and tables["cublas_legacy"][name]["kind"] == "macro" and \
                name in cheaders.macros(texts["cublas_v2.h"]):
            del tables["cublas_legacy"][name]
    for name in ("CUBLASAPI", "CUBLASWINAPI"):
        tables["cublas_legacy"].pop(name, None)  # cublas_api.h's, in the cublas table.
    return tables



if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0], derive,
                             "overrides-cublas.tsv"))
