#!/usr/bin/env python3
"""Derive cub.tsv from the CUDA 13 (CCCL) and ROCm 6.4 (hipCUB) headers.

    derive_cub.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

CUB is C++ templates in namespace `cub` (behind an ABI-versioned inline namespace):
libclang parses every header under cccl/cub in CUDA mode, and hipCUB's hipcub.hpp
(the rocPRIM backend) in HIP mode (cxxdecls.py). Rows:
  - the namespace `cub` itself -> `hipcub`: the engine rewrites the namespace wherever it
    is named (`cub::X`, `using cub::X;`, `using namespace cub;`, `namespace cb = cub;`);
  - `cub::X` for every class, function, enum, variable and alias directly in namespace
    cub (and the enumerators of its unscoped enums) -> `hipcub::X` when hipCUB declares X
    directly in namespace hipcub as the same kind of entity, else unsupported. Nested
    namespaces (cub::detail, ...) are CUB's internals and get no rows;
  - every macro a cub header defines: CUB_X -> HIPCUB_X, CubX -> HipcubX when a hipCUB
    header defines it. Version macros and header guards get no name (hipCUB counts its
    versions differently);
  - every header under cccl/cub: cub/X/Y.cuh -> hipcub/X/Y.hpp where hipCUB has it, other
    public headers -> hipcub/hipcub.hpp (which includes all of hipCUB), CUB's internals
    (agent/, detail/, device/dispatch/, */specializations/) unsupported.
Names starting with an underscore are the headers' own. hip_added is "6.4": the one
hipCUB header set read. roc_name (--roc) is the hip_name: hipCUB is the ROCm library with
CUB's API (rocPRIM's is not CUB's).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxxlibrary  # noqa: E402
from cxxlibrary import cuda_parse, rocm_parse  # noqa: E402
from tsv import die  # noqa: E402

API = "cub"
INTERNAL_DIRS = ("agent/", "detail/", "device/dispatch/", "specializations/",
                 "block/specializations/", "warp/specializations/")


def row(name, kind, hip=""):
    return cxxlibrary.row(API, name, kind, hip)


def public(header):
    return not any(d in header for d in INTERNAL_DIRS)


def derive(cuda, rocm, libclang, stand_in):
    cub_dir = os.path.join(cuda, "cccl", "cub")
    headers = sorted(os.path.relpath(os.path.join(d, f), os.path.join(cuda, "cccl"))
                     for d, _, files in os.walk(cub_dir) for f in files if f.endswith(".cuh"))
    if not headers:
        die("no CUB headers under %s" % cub_dir)
    cuda_tu = cuda_parse(cuda, [h for h in headers if public(h)], libclang, stand_in)
    hip_tu = rocm_parse(rocm, "hipcub/hipcub.hpp", libclang)
    cub, hipcub = cuda_tu.namespace("cub"), hip_tu.namespace("hipcub")
    if not cub.decls or not hipcub.decls:
        die("no declarations in namespace %s" % ("cub" if not cub.decls else "hipcub"))

    rows = {"cub": row("cub", "namespace", "hipcub")}

    def add(name, kind, hip):
        if not name.startswith("_") and "cub::" + name not in rows:
            rows["cub::" + name] = row("cub::" + name, kind, "hipcub::" + hip if hip else "")

    for name, decl in cub.decls.items():
        theirs = hipcub.decls.get(name)
        add(name, decl.kind, name if theirs and theirs.kind == decl.kind else "")
    for name in cub.enumerators:
        add(name, "enumerator", name if name in hipcub.enumerators else "")

    hip_macros = {name for name, path in hip_tu.macros.items() if "/hipcub/" in path}
    for name, path in cuda_tu.macros.items():
        if "/cub/" not in path or name.startswith("_") or name in rows:
            continue
        hip = ""
        if not re.search(r"_VERSION\w*$|_H_?$|_CUH_?$", name):
            hip = re.sub(r"^CUB_", "HIPCUB_", re.sub(r"^Cub", "Hipcub", name))
            hip = hip if hip != name and hip in hip_macros else ""
        rows[name] = row(name, "macro", hip)

    for header in headers:
        same = re.sub(r"^cub/", "hipcub/", header[:-len(".cuh")] + ".hpp")
        if os.path.exists(os.path.join(rocm, same)) and public(header):
            target = same
        elif header == "cub/cub.cuh" or public(header):
            target = "hipcub/hipcub.hpp"
        else:
            target = ""
        rows[header] = row(header, "header", target)
    return rows


def main(argv):
    return cxxlibrary.main(argv, __doc__.split("\n")[0], API, derive)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
