#!/usr/bin/env python3
"""Derive nvtx.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_nvtx.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

NVTX 3 is header-only: nvtx3/nvToolsExt.h declares the C API (NVTX_DECLSPEC ... NVTX_API
nvtxRangePushA(...)) and defines it inline in nvtx3/nvtxDetail/, which programs never
name. Every function, type, enum, enumerator and macro the C headers nvtx3/*.h declare at
global scope gets a row, and so do the macros of the C++ header nvtx3/nvtx3.hpp
(NVTX3_FUNC_RANGE); names with a leading underscore are the headers' own. Programs write
the functions (nvtxRangePushA), the A/W-selecting macros (nvtxRangePush, which is
nvtxRangePushA unless UNICODE is defined) and the attribute structure
(nvtxEventAttributes_t with NVTX_VERSION, NVTX_EVENT_ATTRIB_STRUCT_SIZE, ...).

roctx (roctracer/roctx.h) names (hip_name) are found by the transform nvtxX -> roctxX,
accepted only if roctx.h declares the name (functions: with as many parameters); a macro
that spells a function (nvtxRangePush -> nvtxRangePushA) writes what that function does;
overrides-nvtx.tsv names what no transform finds (nvtxRangeEnd -> roctxRangeStop,
nvtxRangeId_t -> roctx_range_id_t). roctx has only the ASCII message forms of marks,
push/pop and start/stop ranges: the W (wide-character) forms, the Ex forms (event
attributes: colour, category, payload), domains, categories, resource naming and the
extensions (payload, counters, memory, sync, OpenCL) are unsupported and reported.

Include targets: nvtx3/nvToolsExt.h, and nvToolsExtCuda.h / nvToolsExtCudaRt.h (which
include it and add the CUDA resource-naming functions, reported by name), become
roctracer/roctx.h; the other nvtx3 headers have no roctx counterpart. The NVTX 2 headers
CUDA shipped at the top of include/ (nvToolsExt.h, ...; same API) are gone from CUDA 13:
their rows carry cuda_removed 13.0, the headers read (removed then at the latest). They
also let the engine tell NVTX's names by the file that declares them (it matches header
rows by file name).

roctx is ROCm's library for this API, so --roc writes the same names (roc_name ==
hip_name; the library registry (libraries.tsv) names roctx as the ROCm library). The HIP
program links -lroctx64 where the NVTX one needed only -ldl.
hip_added: the oldest release that declares the name (libraryrows.py): Debian 13's roctx
5.7 has all of them.
"""

import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
from clibrary import (Rows, add_declarations, arities, is_version_or_guard,  # noqa: E402
                      rocm_library)
from libraryrows import main as derivation_main  # noqa: E402

API = "nvtx"
ROCTX_HEADER = "roctracer/roctx.h"
# The headers that include nvToolsExt.h and add only reportable names of their own.
ROCTX_INCLUDES = ("nvToolsExt.h", "nvToolsExtCuda.h", "nvToolsExtCudaRt.h")
# NVTX 2, at the top of CUDA's include/ until CUDA 13 dropped it.
NVTX2_HEADERS = ("nvToolsExt.h", "nvToolsExtCuda.h", "nvToolsExtCudaRt.h",
                 "nvToolsExtOpenCL.h", "nvToolsExtSync.h")
CXX_HEADER = "nvtx3/nvtx3.hpp"


def candidate(name):
    return "roctx" + name[len("nvtx"):] if name.startswith("nvtx") else None


def derive(cuda, rocm, overrides):
    roctx = rocm_library(rocm, "roctracer")
    rows = Rows(API, overrides, [roctx])
    add = rows.add

    have_roctx = os.path.exists(os.path.join(rocm, ROCTX_HEADER))
    c_headers = sorted(os.path.relpath(p, cuda)
                       for p in glob.glob(os.path.join(cuda, "nvtx3", "*.h")))
    for header in c_headers + [CXX_HEADER]:
        roctx_include = os.path.basename(header) in ROCTX_INCLUDES and have_roctx
        add(header, "header", ROCTX_HEADER if roctx_include else "")
    for header in NVTX2_HEADERS:
        add(header, "header", ROCTX_HEADER if header in ROCTX_INCLUDES and have_roctx else "",
            removed="13.0")

    def name_of(name, counts=None):
        hip = candidate(name)
        if hip is None:
            return ""
        return roctx.function(hip, counts[name]) if counts else roctx.name(hip)

    macros = {}
    for header in c_headers:
        full = cheaders.read_header(os.path.join(cuda, header))
        text = cheaders.toplevel(full)
        counts = arities(text)
        add_declarations(rows, text, ["NVTX_API"], lambda name, kind: (
            name_of(name, counts if kind == "function" else None),))
        macros.update(cheaders.macros(full))
    macros.update(cheaders.macros(cheaders.read_header(os.path.join(cuda, CXX_HEADER))))
    for name, (_, body) in sorted(macros.items()):
        # #define nvtxRangePush nvtxRangePushA (nvtxRangePushW with UNICODE).
        target = rows.get(body)
        if target is not None and target["kind"] == "function":
            add(name, "macro", target["hip_name"])
        else:
            add(name, "macro", "" if is_version_or_guard(name) else name_of(name))
    return rows


if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
