#!/usr/bin/env python3
"""Derive cufft.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_cufft.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator and macro that cufft.h, cufftXt.h and cudalibxt.h
(the multi-GPU descriptors of the Xt API) declare gets a row; names with a leading
underscore are the headers' own, except the guards overrides-cufft.tsv names (_CUFFT_H_,
which user code tests). hipFFT names (hip_name) are found by transforms and
accepted only if the hipFFT headers declare them (functions: with as many parameters):
  cufftX, CUFFT_X -> hipfftX, HIPFFT_X;
  cudalibxt.h: cudaX, CUDA_X, libX, LIB_X -> hipX, HIP_X, hiplibX, HIPLIB_X;
plus overrides-cufft.tsv for the renames no rule finds (CUFFT_INVERSE -> HIPFFT_BACKWARD).
Version macros and header guards get no name (hipFFT's version counts differently).

No row has a roc_name: rocFFT's API is not cuFFT's (plans are built from descriptions,
rocfft_plan_create + rocfft_execute with buffers and an execution info), so no name maps
1:1 and `--roc` keeps the hipFFT names (gen_mapping_table.py's LIBRARIES gives cuFFT no
ROCm library; hipify-clang says so when it writes them under --roc).
hip_added: the oldest release of hipFFT that declares the name (libraryrows.py: Debian 13's
releases in <tree>/older, else 6.4).
With --cuda-older 11.8=FOLDER --cuda-older 11.2=FOLDER (scripts/fetch-cuda-legacy-headers.sh),
the names those headers declare and CUDA 13's do not get rows too, with cuda_removed ("13.0":
after 11.8, by 13.0) and the HIP name the rules above find, else a reason: what the dates
mean and the rules are libraryrows.add_removed_rows's docstring.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
from libraryrows import ROCM_VERSION, die, main as derivation_main  # noqa: E402
from derive_curand import RocmLibrary, arities, is_version_or_guard  # noqa: E402

API = "cufft"
HEADER_TARGETS = {"cufft.h": "hipfft/hipfft.h",
                  "cufftXt.h": "hipfft/hipfftXt.h",
                  "cudalibxt.h": "hipfft/hiplibxt.h"}



def candidate(name):
    """The hipFFT spelling a transform gives, or None."""
    for cuda, hip in (("cufft", "hipfft"), ("CUFFT_", "HIPFFT_"), ("cuda", "hip"),
                      ("CUDA_", "HIP_"), ("lib", "hiplib"), ("LIB_", "HIPLIB_")):
        if name.startswith(cuda):
            return hip + name[len(cuda):]
    if "_CUDA_" in name:  # MAX_CUDA_DESCRIPTOR_GPUS
        return name.replace("_CUDA_", "_HIP_")
    return None


def derive(cuda, rocm, overrides):
    hipfft = RocmLibrary(cheaders.header_files(os.path.join(rocm, "hipfft")))
    rows = {}

    def add(name, kind, hip=""):
        if (name.startswith("_") and name not in overrides) or name in rows:
            return
        override = overrides.get(name, {}).get("hip_name", "")
        if override and not hipfft.name(override):
            die("overrides-cufft.tsv: hip_name '%s' for '%s' is not declared by the ROCm "
                "headers" % (override, name))
        hip = override or hip
        rows[name] = {
            "cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": "",
            "status": "supported" if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": "",
            "hip_added": ROCM_VERSION if hip else ""}

    for header, target in HEADER_TARGETS.items():
        add(header, "header", target if os.path.exists(os.path.join(rocm, target)) else "")

    for header in HEADER_TARGETS:
        full = cheaders.read_header(os.path.join(cuda, header))
        text = cheaders.toplevel(full)
        counts = arities(text)

        def name_of(name, function=False):
            hip = candidate(name)
            if hip is None:
                return ""
            return hipfft.function(hip, counts[name]) if function else hipfft.name(hip)

        for name in sorted(cheaders.functions(text, ["CUFFTAPI"])):
            add(name, "function", name_of(name, function=True))
        for e in cheaders.enums(text):
            for type_name in e.names():
                add(type_name, "enum", name_of(type_name))
            for enumerator in e.enumerators:
                add(enumerator, "enumerator", name_of(enumerator))
        for type_name in sorted(cheaders.typedef_names(text) | cheaders.struct_names(text)):
            add(type_name, "type", name_of(type_name))
        for name in sorted(cheaders.macros(full)):
            add(name, "macro", "" if is_version_or_guard(name) else name_of(name))
    return rows



if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
