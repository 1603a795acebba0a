#!/usr/bin/env python3
"""Derive curand.tsv from the CUDA 13 and ROCm 6.4 headers.

    derive_curand.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator, variable and macro that cuRAND's headers declare
at global scope gets a row: the host API (curand.h) and the device API (curand_kernel.h and
the curand_*.h it includes, curand_mtgp32_host.h). Names with a leading underscore are the
headers' own helpers and have none. cuRAND's headers define their device functions inline,
so only what is outside namespaces and outside function and struct bodies is read
(cheaders.toplevel).

hipRAND names (hip_name) are found by transforms and accepted only if the hipRAND headers
declare them (functions: with the arities of every CUDA overload among theirs):
  curandX (host functions, types), CURAND_X (enumerators, macros) -> hiprandX, HIPRAND_X;
  curand_x, curand, curand4 (device functions) -> hiprand_x, hiprand, hiprand4;
  other names (skipahead, mtgp32_kernel_params_t) -> the same name, if hipRAND has it.
rocRAND names (roc_name, written with --roc) come from the same checks against the
rocRAND headers:
  curandXyzAbc (host functions), curandXyz_t (types) -> rocrand_xyz_abc, rocrand_xyz;
  curandStateXyz[_t] (device states) -> rocrand_state_xyz;
  CURAND_X, curand_x, curand -> ROCRAND_X, rocrand_x, rocrand; other names -> themselves;
  curand_x2_double -> rocrand_x_double2 (rocRAND puts the vector width last);
plus overrides-curand.tsv for the renames no rule finds (rocrand_set_seed, ...).
Version macros (CURAND_VER_MAJOR, CURAND_VERSION) and header guards get no name: hipRAND's
and rocRAND's version numbers count differently, so `#if CURAND_VERSION >= ...` must not
silently test another library's number.
hip_added: the oldest release of hipRAND/rocRAND that declares the name (libraryrows.py: Debian 13's
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
from clibrary import (Rows, add_declarations, arities, is_version_or_guard,  # noqa: E402
                      rocm_library, snake)
from libraryrows import main as derivation_main  # noqa: E402

API = "curand"
HOST_HEADER = "curand.h"
KERNEL_HEADER = ("hiprand/hiprand_kernel.h", "rocrand/rocrand_kernel.h")
# Include targets (the registry's library-headers.tsv); every cuRAND header needs one, the
# device headers KERNEL_HEADER.
HEADER_TARGETS = registry.header_targets("curand")
DEVICE_HEADERS = ["curand_kernel.h", "curand_discrete.h", "curand_discrete2.h",
                  "curand_globals.h", "curand_lognormal.h", "curand_mrg32k3a.h",
                  "curand_mtgp32.h", "curand_mtgp32_kernel.h", "curand_mtgp32dc_p_11213.h",
                  "curand_normal.h", "curand_normal_static.h", "curand_philox4x32_x.h",
                  "curand_poisson.h", "curand_precalc.h", "curand_uniform.h"]
CUDA_HEADERS = [HOST_HEADER] + DEVICE_HEADERS + ["curand_mtgp32_host.h"]
# What marks a function declaration in these headers.
FUNCTION_MARKERS = ["CURANDAPI", "QUALIFIERS", "__device__", "__host__", "static", "inline",
                    "__forceinline__"]



def derive(cuda, rocm, overrides):
    hiprand = rocm_library(rocm, "hiprand")
    rocrand = rocm_library(rocm, "rocrand")
    texts = {h: cheaders.read_header(os.path.join(cuda, h)) for h in CUDA_HEADERS}
    # hipRAND programs use rocRAND's MTGP32 parameter table (rocrand_mtgp32_11213.h), so a
    # hip_name may be rocRAND's. A name hipRAND lacks is reported with or without --roc:
    # rocRAND-only names are the library's internals (mulhilo32, ROCRAND_2PI).
    rows = Rows(API, overrides, [hiprand, rocrand], [rocrand])
    add = rows.add

    for header in CUDA_HEADERS:
        targets = HEADER_TARGETS.get(header, KERNEL_HEADER)
        present = [t if os.path.exists(os.path.join(rocm, t)) else "" for t in targets]
        add(header, "header", *present)

    cuda_arities = {}
    for h in CUDA_HEADERS:
        for name, counts in arities(cheaders.toplevel(texts[h])).items():
            cuda_arities.setdefault(name, set()).update(counts)

    def function_targets(name):
        counts = cuda_arities.get(name, set())
        if name.startswith("curand_") or name in ("curand", "curand4"):
            rest = name[len("curand"):]
            # rocRAND puts the vector width last: curand_normal2_double -> rocrand_normal_double2.
            return (hiprand.function("hiprand" + rest, counts),
                    rocrand.function("rocrand" + rest, counts) or
                    rocrand.function("rocrand" + re.sub(r"([24])_double$", r"_double\1", rest),
                                     counts))
        if name.startswith("curand"):
            base = name[len("curand"):]
            return (hiprand.function("hiprand" + base, counts),
                    rocrand.function("rocrand_" + snake(base), counts))
        return hiprand.function(name, counts), rocrand.function(name, counts)

    def type_targets(name):
        if name.startswith("curandState"):
            state = re.sub(r"_t$", "", name[len("curandState"):])
            return (hiprand.name("hiprandState" + name[len("curandState"):]),
                    rocrand.name("rocrand_state_" + snake(state)) if state else "")
        if name.startswith("curand"):
            base = name[len("curand"):]
            return (hiprand.name("hiprand" + base),
                    rocrand.name("rocrand_" + snake(re.sub(r"_t$", "", base))))
        return hiprand.name(name), rocrand.name(name)

    def upper_targets(name):
        if is_version_or_guard(name) or not name.startswith("CURAND_"):
            return "", ""
        return hiprand.name("HIP" + name[2:]), rocrand.name("ROC" + name[2:])

    targets = {"function": function_targets, "type": type_targets,
               "enumerator": upper_targets, "macro": upper_targets,
               "variable": lambda name: (hiprand.name(name), rocrand.name(name))}
    for h in CUDA_HEADERS:
        add_declarations(rows, cheaders.toplevel(texts[h]), FUNCTION_MARKERS,
                         lambda name, kind: targets[kind](name), texts[h], variables=True)
    return rows




if __name__ == "__main__":
    sys.exit(derivation_main(sys.argv[1:], __doc__.split("\n")[0],
                             lambda *a: {API: derive(*a)}, "overrides-%s.tsv" % API))
