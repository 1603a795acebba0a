#!/usr/bin/env python3
"""Derive thrust.tsv from the CUDA 13 (CCCL) and ROCm 6.4 (rocThrust) headers.

    derive_thrust.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

rocThrust keeps Thrust's API: only what is CUDA-specific changes, so only that gets rows.
libclang parses Thrust's CUDA system headers (thrust/system/cuda/*.h) in CUDA mode and
rocThrust's HIP system headers (thrust/system/hip/*.h) in HIP mode (cxxdecls.py):
  - the CUDA system's namespaces -> the HIP system's: thrust::cuda -> thrust::hip,
    thrust::system::cuda -> thrust::system::hip, thrust::cuda_cub (the implementation,
    where thrust::cuda::par is declared) -> thrust::hip_rocprim, and the namespaces nested
    in them that rocThrust has under the same name (thrust::system::cuda::errc);
  - every name declared directly in one of them -> the same name in the HIP namespace
    when rocThrust declares it there as the same kind of entity, else unsupported
    (thrust::cuda::par -> thrust::hip::par);
  - the declarations of the shared namespaces thrust and thrust::system whose name says
    cuda -> the same with hip (thrust::system::cuda_category -> hip_category);
  - every macro a Thrust header defines whose name says CUDA: THRUST_X_CUDA_Y ->
    THRUST_X_HIP_Y when a rocThrust header defines it (THRUST_DEVICE_SYSTEM_CUDA ->
    THRUST_DEVICE_SYSTEM_HIP), else unsupported;
  - every header under thrust/system/cuda -> the same path under thrust/system/hip where
    rocThrust has it, else unsupported.
Everything else in Thrust is the same in rocThrust and needs no row. Names starting with
an underscore are the headers' own. hip_added is "6.4": the one rocThrust header set
read. roc_name (--roc) is the hip_name: rocThrust is the ROCm library.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxxdecls  # noqa: E402
import cxxlibrary  # noqa: E402
from cxxlibrary import cuda_parse, rocm_parse  # noqa: E402
from tsv import die  # noqa: E402

API = "thrust"
# The CUDA system's namespaces and rocThrust's counterparts.
NAMESPACES = [("thrust::cuda", "thrust::hip"),
              ("thrust::system::cuda", "thrust::system::hip"),
              ("thrust::cuda_cub", "thrust::hip_rocprim")]


def row(name, kind, hip=""):
    return cxxlibrary.row(API, name, kind, hip)


def system_headers(root, system):
    base = os.path.join(root, "thrust", "system", system)
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, files in os.walk(base) for f in files if f.endswith((".h", ".inl")))


def derive(cuda, rocm, libclang, stand_in):
    cccl = os.path.join(cuda, "cccl")
    cuda_headers = system_headers(cccl, "cuda")
    if not cuda_headers:
        die("no Thrust CUDA system headers under %s" % cccl)
    public = [h for h in cuda_headers if h.count("/") == 3 and h.endswith(".h")]
    cuda_tu = cuda_parse(cuda, public, libclang, stand_in)
    hip_public = [h for h in system_headers(rocm, "hip")
                  if h.count("/") == 3 and h.endswith(".h") and not h.endswith("/future.h")]
    hip_tu = rocm_parse(rocm, "", libclang, hip_public)
    rows = {}

    def add_namespace(cuda_name, hip_name, ours, theirs):
        rows[cuda_name] = row(cuda_name, "namespace", hip_name if theirs is not None else "")
        theirs = theirs or cxxdecls.Namespace()
        for name, decl in ours.decls.items():
            other = theirs.decls.get(name)
            if not name.startswith("_"):
                rows[cuda_name + "::" + name] = row(
                    cuda_name + "::" + name, decl.kind,
                    hip_name + "::" + name if other and other.kind == decl.kind else "")
        for name in ours.enumerators:
            if not name.startswith("_"):
                rows[cuda_name + "::" + name] = row(
                    cuda_name + "::" + name, "enumerator",
                    hip_name + "::" + name if name in theirs.enumerators else "")
        for name, nested in ours.namespaces.items():
            if name != "detail" and not name.startswith("_"):
                add_namespace(cuda_name + "::" + name, hip_name + "::" + name, nested,
                              theirs.namespaces.get(name))

    for cuda_ns, hip_ns in NAMESPACES:
        ours = cuda_tu.namespace(cuda_ns)
        if not ours.decls:
            die("no declarations in namespace %s" % cuda_ns)
        add_namespace(cuda_ns, hip_ns, ours, hip_tu.namespace(hip_ns))

    # CUDA-named declarations of the shared namespaces (thrust::system::cuda_category).
    for shared in ("thrust", "thrust::system"):
        theirs = hip_tu.namespace(shared)
        for name, decl in cuda_tu.namespace(shared).decls.items():
            if "cuda" in name and not name.startswith("_"):
                hip = name.replace("cuda", "hip")
                other = theirs.decls.get(hip)
                rows[shared + "::" + name] = row(
                    shared + "::" + name, decl.kind,
                    shared + "::" + hip if other and other.kind == decl.kind else "")

    hip_macros = {name for name, path in hip_tu.macros.items() if "/thrust/" in path}
    for name, path in cuda_tu.macros.items():
        if "/thrust/" not in path or name.startswith("_") or "CUDA" not in name:
            continue
        hip = name.replace("CUDA", "HIP")
        rows[name] = row(name, "macro", hip if hip in hip_macros else "")

    for header in cuda_headers:
        same = header.replace("thrust/system/cuda/", "thrust/system/hip/", 1)
        rows[header] = row(header, "header",
                           same if os.path.exists(os.path.join(rocm, same)) else "")
    return rows


def main(argv):
    return cxxlibrary.main(argv, __doc__.split("\n")[0], API, derive)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
