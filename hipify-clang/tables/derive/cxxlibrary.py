"""What the C++ libraries' derivations (derive_cub.py, derive_thrust.py) share: parsing the
CUDA and ROCm headers with libclang (cxxdecls.py), a row, and their command line."""

import argparse
import os
import tempfile

import cxxdecls
import provenance
from libraryrows import ROCM_VERSION, date_tables, write_table
from tsv import die


def row(api, name, kind, hip=""):
    """A row of a C++ library: hipCUB and rocThrust are what --roc writes too (roc_name is
    the hip_name)."""
    return {"cuda_name": name, "kind": kind, "api": api, "hip_name": hip, "roc_name": hip,
            "status": "supported" if hip else "unsupported", "cuda_added": "",
            "cuda_deprecated": "", "cuda_removed": "", "hip_added": ROCM_VERSION if hip else ""}


def parse(includes, source_text, args, libclang):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(source_text)
    try:
        tu = cxxdecls.TranslationUnit(f.name, args, libclang)
    finally:
        os.unlink(f.name)
    if tu.errors:
        die("parsing %s: %s" % (includes, "; ".join(tu.errors[:5])))
    return tu


def cuda_parse(cuda, headers, libclang, stand_in):
    cccl = os.path.join(cuda, "cccl")
    text = "".join("#include <%s>\n" % h for h in headers)
    args = ["-x", "cuda", "--cuda-host-only", "--cuda-path=" + os.path.dirname(cuda),
            "-nocudalib", "--no-cuda-version-check", "-Wno-unknown-cuda-version",
            "-std=c++17", "-idirafter", cccl]
    if stand_in:
        args += ["-idirafter", stand_in]
    return parse(cccl, text, args, libclang)


def rocm_parse(rocm, header, libclang, headers=()):
    root = os.path.dirname(rocm)
    args = ["-x", "hip", "--cuda-host-only", "-nogpulib", "--rocm-path=" + root,
            "--hip-version=" + ROCM_VERSION, "--offload-arch=gfx942", "-std=c++17",
            "-I" + rocm]
    text = "".join("#include <%s>\n" % h for h in ([header] if header else []) + list(headers))
    return parse(rocm, text, args, libclang)


def main(argv, description, api, derive):
    """The command line of the C++ libraries' derivations (derive_cub.py,
    derive_thrust.py), which parse the headers with libclang: derive(cuda, rocm,
    libclang, stand_in) returns the rows of api, written to <out>/<api>.tsv."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cuda", required=True, help="CUDA 13's include folder")
    parser.add_argument("--rocm", required=True,
                        help="the include folder of the ROCm 6.4 library tree")
    parser.add_argument("--libclang", default=cxxdecls.DEFAULT_LIBCLANG)
    parser.add_argument("--stand-in", default="",
                        help="hipify-clang's stand-in headers (texture_fetch_functions.h), "
                             "which clang 19's CUDA wrapper needs with CUDA 13")
    parser.add_argument("--out", required=True)
    args = provenance.parse_args(parser, argv)
    rows = derive(args.cuda, args.rocm, args.libclang, args.stand_in)
    date_tables({api: rows}, args.rocm)
    write_table(args.out, api, rows)
    return 0
