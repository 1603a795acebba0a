#!/usr/bin/env python3
"""Derives torch.tsv: PyTorch's CUDA-facing C++ API (ATen/cuda, ATen/native/**/cuda,
c10/cuda, THC) and what a ROCm build of PyTorch calls each part.

PyTorch's ROCm build makes its HIP headers by hipifying its CUDA ones, and it has named
them two ways:

- the current naming (PyTorch 2.11 and later here: 2.14): names are kept as written
  (`at::cuda::getCurrentCUDAStream`, `c10::cuda::CUDAGuard`, `C10_CUDA_KERNEL_LAUNCH_CHECK`:
  a ROCm torch declares them itself); only header paths change;
- the masquerading naming (up to 2.6): the same header paths, and the C++ names of the
  streams, guards and checks rewritten to HIP ones (`c10::hip::HIPGuardMasqueradingAsCUDA`,
  `C10_HIP_KERNEL_LAUNCH_CHECK`), in namespaces `at::hip` and `c10::hip`.

A row's hip_name is the current naming; a `masquerading:NAME` rewrite gives the older one
where it differs. The rows, from the headers of both releases (scripts/fetch-torch.sh):

- header: every header under the folders above, to its HIP path by PyTorch's rule for
  extension headers (a `cuda` folder becomes `hip`, `CUDA` in a name `HIP`, `THC` `THH`);
  in the masquerading naming, the c10/cuda header whose classes a 2.6
  `ATen/hip/impl/*MasqueradingAsCUDA.h` header masquerades becomes that header (most of the
  counterparts its declarations have are declared there);
- namespace: `at::cuda` and `c10::cuda` (masquerading: `at::hip`, `c10::hip`), so that a
  name of either namespace that no row lists is reported, never passed as translated;
- the declarations directly in those namespaces, at global scope (ATen/cuda/Atomic.cuh's
  gpuAtomicAdd) and the macros the headers define, as libclang
  parses them (cxxdecls.py), identities in the current naming; in the masquerading naming, a
  name the 2.6 `*MasqueradingAsCUDA.h` headers declare in `c10::hip` as
  `<name with HIP for CUDA>MasqueradingAsCUDA` (`getCurrentHIPStreamMasqueradingAsCUDA`)
  becomes that name, and the checking macros of c10/cuda/CUDAException.h (`C10_CUDA_X`)
  become `C10_HIP_X`.

PyTorch's own hipify (torch/utils/hipify, the same releases) is the independent check
(test/torch/torch-table-vs-torch-hipify.test), never read here.
"""

import argparse
import glob
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxxdecls  # noqa: E402
import provenance  # noqa: E402
import tsv  # noqa: E402
from libraryrows import write_table  # noqa: E402
from tsv import die  # noqa: E402

API = "torch"
# The folders (below an include folder) whose headers are PyTorch's CUDA API.
CUDA_FOLDERS = ("ATen/cuda", "ATen/native/cuda", "ATen/native/nested/cuda",
                "ATen/native/quantized/cuda", "ATen/native/sparse/cuda",
                "ATen/native/transformers/cuda", "c10/cuda", "THC")
# Each namespace and what PyTorch 2.6 calls it: c10's build renames c10::cuda to c10::hip;
# at::cuda stays, but for the names 2.6 masquerades (at::hip::getCurrentHIPStreamMasqueradingAsCUDA).
NAMESPACES = {"at::cuda": "at::cuda", "c10::cuda": "c10::hip"}
MASQUERADING_NAMESPACES = {"at::cuda": "at::hip", "c10::cuda": "c10::hip"}
# Global names in CUDA's own prefixes (cusparseGetErrorString, which PyTorch declares for
# old cuSPARSE releases) belong to CUDA's tables.
CUDA_PREFIX = re.compile(r"^(cu[a-zA-Z]|CU[A-Z_]|nv[a-zA-Z]|NV[A-Z_])")
HEADER_SUFFIXES = (".h", ".cuh", ".hpp")
MASQUERADING = "MasqueradingAsCUDA"
CHECK_HEADER = "c10/cuda/CUDAException.h"


def hip_path(path):
    """PyTorch's rule for the HIP path of an extension's CUDA header."""
    folder, name = os.path.split(path)
    folder = folder.replace("cuda", "hip").replace("CUDA", "HIP").replace("THC", "THH")
    root, ext = os.path.splitext(name)
    root = root.replace("cuda", "hip").replace("CUDA", "HIP").replace("THC", "THH")
    return folder + "/" + root + ext


def headers_of(include):
    found = []
    for folder in CUDA_FOLDERS:
        base = os.path.join(include, folder)
        for path in glob.glob(base + "/**/*", recursive=True):
            if path.endswith(HEADER_SUFFIXES) and os.path.isfile(path):
                found.append(os.path.relpath(path, include))
    return sorted(found)


def parse(include, headers, cuda, libclang, stand_in):
    """One libclang parse of every top-level c10/cuda and ATen/cuda header, in CUDA mode."""
    text = "".join("#include <%s>\n" % h for h in headers)
    args = ["-x", "cuda", "--cuda-host-only", "--cuda-path=" + os.path.dirname(cuda),
            "-nocudalib", "--no-cuda-version-check", "-Wno-unknown-cuda-version",
            "-std=c++20", "-ferror-limit=0", "-I" + include, "-I" + include + "/torch/csrc/api/include",
            "-idirafter", os.path.join(cuda, "cccl")]
    if stand_in:
        args += ["-idirafter", stand_in]
    with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
        f.write(text)
    try:
        return cxxdecls.TranslationUnit(f.name, args, libclang)
    finally:
        os.unlink(f.name)


INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)
SYSTEM_INCLUDES = ("/usr/include", "/usr/include/x86_64-linux-gnu",
                   "/usr/include/c++/12", "/usr/include/x86_64-linux-gnu/c++/12")


def parsed_headers(include, cuda):
    """The headers the parse includes: c10/cuda's and ATen/cuda's own, not a header that
    includes one
    found nowhere here (c10/cuda/driver_api.h's nvml.h, which CUDA 13's include folder
    lacks): one missing header would end the parse."""
    folders = (include, cuda, os.path.join(cuda, "cccl")) + SYSTEM_INCLUDES
    found = []
    for h in headers_of(include):
        if not (h.count("/") == 2 and h.startswith(("c10/cuda/", "ATen/cuda/"))):
            continue
        with open(os.path.join(include, h), encoding="utf-8", errors="replace") as f:
            text = f.read()
        wanted = INCLUDE.findall(text)
        # A header without `#pragma once` (ApplyGridUtils.cuh) is meant to be included
        # once, by another header the parse includes.
        if "#pragma once" not in text:
            continue
        # PyTorch's CUB wrappers (cub.cuh, cub-RadixSortPairs.cuh) need the wrapped CUB
        # namespace its build defines, and 2.6's do not compile with CUDA 13's CUB; their
        # names are PyTorch's internals (at_cuda_detail).
        if os.path.basename(h).startswith("cub"):
            continue
        if all(any(os.path.exists(os.path.join(d, w)) for d in folders) for w in wanted):
            found.append(h)
    return found


def row(name, kind, hip, masquerading=""):
    return {"cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": hip,
            "status": "supported", "cuda_added": "", "cuda_deprecated": "",
            "cuda_removed": "", "hip_added": "", "fallback": "",
            "rewrite": "masquerading:" + masquerading if masquerading and masquerading != hip
            else ""}


def under(path, include):
    real = os.path.realpath(include) + os.sep
    return path.startswith(real)


def declared(tu, include, namespace):
    """{name: kind} directly in namespace, declared by the release's own CUDA headers."""
    ns = tu.namespace(namespace) if namespace else tu.root
    out = {}
    for d in ns.decls.values():
        rel = os.path.relpath(d.path, os.path.realpath(include)) if under(d.path, include) else ""
        if rel.startswith(CUDA_FOLDERS) and not d.name.startswith("operator"):
            out[d.name] = d.kind
    return out


OVERRIDE_COLUMNS = ["cuda_name", "hip_name", "masquerading", "why"]


def read_overrides(path):
    """{cuda_name: (hip_name, masquerading, why)} from overrides-torch.tsv."""
    found = {}
    for row in tsv.read(path, OVERRIDE_COLUMNS):
        if not row["why"]:
            die("%s: '%s' has no reason (why)" % (row.where(), row["cuda_name"]))
        found[row["cuda_name"]] = tuple(row[c] for c in OVERRIDE_COLUMNS[1:])
    return found


def derive(releases, cuda, libclang, stand_in, masquerading_release, overrides):
    rows = {}
    cuda_decls = {}
    macros = {}
    aliases = set()
    globals_ = {}
    for release, include in releases:
        for header in headers_of(include):
            rows.setdefault(header, row(header, "header", hip_path(header)))
        tu = parse(include, parsed_headers(include, cuda), cuda, libclang, stand_in)
        # The kernels' .cuh headers are PyTorch's internals as much as its API (cub.cuh
        # wants CUB's wrapped namespace, which PyTorch's build defines): an error in one
        # loses only its own declarations. Any other error is fatal.
        errors = [e for e in tu.errors if ".cuh:" not in e.split(" error")[0]]
        if errors:
            die("parsing PyTorch %s's headers: %s" % (release, "; ".join(errors[:3])))
        for namespace in NAMESPACES:
            for name, kind in declared(tu, include, namespace).items():
                cuda_decls.setdefault((namespace, name), kind)
        # `namespace at::cuda { using namespace c10::cuda; }`: users write
        # at::cuda::getCurrentCUDAStream for c10::cuda's; a row of that spelling lets a
        # translation by tokens (a macro body, an #if branch the parse skipped) find it.
        for namespace in NAMESPACES:
            for nominated in tu.namespace(namespace).using_directives:
                if nominated in NAMESPACES and nominated != namespace:
                    aliases.add((namespace, nominated))
        # Global-scope declarations (ATen/cuda/Atomic.cuh's gpuAtomicAdd): a reference to
        # one is looked up by its simple name.
        for name, kind in declared(tu, include, "").items():
            globals_.setdefault(name, kind)
        for name, path in tu.macros.items():
            if under(path, include):
                rel = os.path.relpath(path, os.path.realpath(include))
                if rel.startswith(CUDA_FOLDERS):
                    macros.setdefault(name, rel)
    # The masquerading names: what the older release's *MasqueradingAsCUDA.h headers
    # declare in c10::hip, matched to the c10::cuda declarations they stand for.
    renamed, header_votes = {}, {}
    include = dict(releases)[masquerading_release]
    impl = sorted(glob.glob(os.path.join(include, "ATen/hip/impl/*" + MASQUERADING + ".h")))
    if not impl:
        die("PyTorch %s has no ATen/hip/impl/*%s.h headers" % (masquerading_release, MASQUERADING))
    tu = parse(include, [os.path.relpath(p, include) for p in impl] +
               parsed_headers(include, cuda), cuda, libclang, stand_in)
    hip_ns = tu.namespace("c10::hip")
    c10_cuda = tu.namespace("c10::cuda")
    for d in hip_ns.decls.values():
        if MASQUERADING not in d.name:
            continue
        plain = d.name.replace(MASQUERADING, "").replace("HIP", "CUDA")
        target = c10_cuda.decls.get(plain)
        if target is None:
            continue
        renamed[plain] = d.name
        cuda_header = os.path.relpath(target.path, os.path.realpath(include))
        votes = header_votes.setdefault(os.path.relpath(d.path, os.path.realpath(include)), {})
        votes[cuda_header] = votes.get(cuda_header, 0) + 1
    for masq_header, votes in header_votes.items():
        cuda_header = max(sorted(votes), key=lambda h: votes[h])
        rows[cuda_header]["rewrite"] = "masquerading:" + masq_header
    for namespace, hip_namespace in NAMESPACES.items():
        rows[namespace] = row(namespace, "namespace", namespace, hip_namespace)
    for (namespace, name), kind in cuda_decls.items():
        qualified = namespace + "::" + name
        masq = MASQUERADING_NAMESPACES[namespace] + "::" + renamed.get(name, name) \
            if name in renamed else NAMESPACES[namespace] + "::" + name
        rows[qualified] = row(qualified, kind, qualified, masq)
    for namespace, nominated in sorted(aliases):
        for (owner, name), kind in sorted(cuda_decls.items()):
            qualified = namespace + "::" + name
            if owner == nominated and qualified not in rows:
                rows[qualified] = row(qualified, kind, qualified,
                                      MASQUERADING_NAMESPACES[namespace] + "::" + renamed[name]
                                      if name in renamed else "")
    for name, kind in globals_.items():
        if not CUDA_PREFIX.match(name):
            rows.setdefault(name, row(name, kind, name))
    for name, path in macros.items():
        masq = name
        if path == CHECK_HEADER and name.startswith("C10_CUDA_"):
            masq = "C10_HIP_" + name[len("C10_CUDA_"):]
        rows[name] = row(name, "macro", name, masq)
    for name, (hip, masq, _) in overrides.items():
        if name not in rows:
            die("overrides-torch.tsv names '%s', which the headers do not declare" % name)
        r = rows[name]
        if hip:
            r["hip_name"] = r["roc_name"] = hip
        if masq:
            r["rewrite"] = "masquerading:" + masq if masq != r["hip_name"] else ""
    # A masquerading rewrite of a namespaced name gives its whole spelling; the engine writes
    # its last component, the qualifier's namespace row the rest (c10::cuda -> c10::hip), and
    # the rule the qualifier where only the name moves it (at::cuda -> at::hip). Only the
    # rows the namespace row alone would get wrong keep one.
    for r in rows.values():
        rewrite = r["rewrite"]
        if r["kind"] not in ("header", "namespace") and rewrite:
            masq = rewrite[len("masquerading:"):]
            qualifier, _, last = r["hip_name"].rpartition("::")
            expected = (NAMESPACES[qualifier] + "::" if qualifier else "") + last
            if masq == expected:
                r["rewrite"] = ""
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--torch", action="append", required=True, metavar="RELEASE=INCLUDE",
                        help="a PyTorch release's include folder (scripts/fetch-torch.sh: "
                             "2.14=<build>/torch/2.14/include, 2.6=<build>/torch/2.6/include)")
    parser.add_argument("--masquerading", default="2.6",
                        help="the release whose ATen/hip/impl headers give the masquerading "
                             "names (default 2.6)")
    parser.add_argument("--cuda", required=True, help="CUDA 13's include folder")
    parser.add_argument("--libclang", default=cxxdecls.DEFAULT_LIBCLANG)
    parser.add_argument("--stand-in", default="",
                        help="hipify-clang's stand-in headers, which clang 19's CUDA wrapper "
                             "needs with CUDA 13")
    parser.add_argument("--overrides", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "overrides-torch.tsv"))
    parser.add_argument("--out", required=True)
    args = provenance.parse_args(parser, argv)
    releases = []
    for entry in args.torch:
        release, _, include = entry.partition("=")
        if not include or not os.path.isdir(os.path.join(include, "c10", "cuda")):
            die("--torch %s: no c10/cuda below '%s' (scripts/fetch-torch.sh)" % (entry, include))
        releases.append((release, include))
    if args.masquerading not in dict(releases):
        die("--masquerading %s: no --torch %s=INCLUDE" % (args.masquerading, args.masquerading))
    rows = derive(releases, args.cuda, args.libclang, args.stand_in, args.masquerading,
                  read_overrides(args.overrides))
    write_table(args.out, API, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
