#!/usr/bin/env python3
"""Check the library tables' macro rows by preprocessing both header sets.

    check_macros_defined.py --cuda-include DIR --clang CLANG --hipcc HIPCC \
        --rocm-libraries TREE TABLE...

User code tests a library's header guards and API macros (NVIDIA's helper_cuda.h:
`#ifdef CUBLAS_API_H_`, `#ifdef CUSPARSEAPI`) to learn which headers it includes. For
every supported guard or API macro row (a name ending in _H, _H_ or API) of a CUDA
library API, the CUDA headers of that API (its
header rows) must define cuda_name after preprocessing (`clang -E -dM`), and the HIP
headers those includes become must define hip_name (`hipcc -E -dM` against the ROCm tree,
the library headers in TREE/include), the ROCm-library headers (roc_name of the header
rows) roc_name. A name merely spelled in a header (inside an #if never taken) does not
count. Prints one error line per macro that is not defined.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_mapping_table  # noqa: E402


# Header guards (CUBLAS_API_H_, _CUFFT_H_) and API macros (CUSPARSEAPI); other macro rows
# name functions (cublas_v2.h's cublasSgemm -> hipblasSgemm_v2, a function in hipBLAS).
GUARD_OR_API = re.compile(r"_H_?$|API$")


def defined_macros(command, headers):
    """The macros defined after including each header in turn (their union; a header
    that does not compile alone, such as hiprand_mtgp32_host.h, adds none)."""
    names = set()
    for header in sorted(headers):
        source = "#include <%s>\n" % header
        result = subprocess.run(command, input=source, capture_output=True, text=True)
        for line in result.stdout.splitlines() if result.returncode == 0 else []:
            if line.startswith("#define "):
                names.add(line.split()[1].split("(")[0])
    return names


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tables", nargs="+")
    parser.add_argument("--cuda-include", required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--hipcc", required=True)
    parser.add_argument("--rocm-libraries", required=True)
    args = parser.parse_args(argv)
    try:
        rows = []
        for path in args.tables:
            rows += gen_mapping_table.parse_table(path)
    except gen_mapping_table.TableError as err:
        print(err, file=sys.stderr)
        return 1
    cuda_cmd = [args.clang, "-E", "-dM", "-x", "c++", "-I", args.cuda_include, "-"]
    hip_cmd = [args.hipcc, "-E", "-dM", "-x", "hip", "--cuda-host-only",
               "--rocm-path=%s" % args.rocm_libraries,
               "-I", os.path.join(args.rocm_libraries, "include"), "-"]
    errors, checked = [], 0
    for api in sorted({r.api for r in rows if r.api in gen_mapping_table.LIBRARIES}):
        macros = [r for r in rows if r.api == api and r.kind == "macro" and r.hip_name
                  and GUARD_OR_API.search(r.cuda_name)]
        if not macros:
            continue
        headers = [r for r in rows if r.api == api and r.kind == "header" and r.hip_name
                   and os.path.isfile(os.path.join(args.cuda_include, r.cuda_name))]
        defined = {
            "cuda_name": defined_macros(cuda_cmd, {h.cuda_name for h in headers}),
            "hip_name": defined_macros(hip_cmd, {h.hip_name for h in headers}),
            "roc_name": defined_macros(hip_cmd, {h.roc_name for h in headers if h.roc_name}),
        }
        for row in macros:
            for column, side in (("cuda_name", "CUDA"), ("hip_name", "HIP"),
                                 ("roc_name", "ROCm-library")):
                name = getattr(row, column)
                if not name or (column == "cuda_name" and row.cuda_removed):
                    continue
                checked += 1
                if name not in defined[column]:
                    errors.append("%s: error: %s '%s' (for '%s') is not defined after "
                                  "including the %s headers of %s" % (
                                      row.where(), column, name, row.cuda_name, side, api))
    print("macros: %d names defined by their headers" % checked)
    sys.stdout.flush()
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
