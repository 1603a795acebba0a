"""What the CUDA-library derivation scripts (derive_cublas.py, derive_curand.py,
derive_cufft.py) share: the row columns, the curated overrides file, writing a
table, and their command line."""

import argparse
import os
import sys

import cheaders

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["cuda_name", "kind", "api", "hip_name", "roc_name", "status",
           "cuda_added", "cuda_deprecated", "cuda_removed", "hip_added"]
# The columns a table may add (gen_mapping_table.py's OPTIONAL_COLUMNS): both or none.
OPTIONAL_COLUMNS = ["fallback", "rewrite"]
# The one ROCm library header set read (Debian sid's ROCm 6.4): every name
# found there is dated to it.
ROCM_VERSION = "6.4"


def die(message):
    print("%s: error: %s" % (os.path.basename(sys.argv[0]), message), file=sys.stderr)
    sys.exit(1)


def read_overrides(path):
    """{cuda_name: {"hip_name", "roc_name"}} from an overrides-<library>.tsv."""
    overrides = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if line.startswith("#") or fields[0] == "cuda_name" or not fields[0]:
                continue
            overrides[fields[0]] = {"hip_name": fields[1], "roc_name": fields[2]}
    return overrides


def write_table(folder, api, rows):
    # The optional fallback and rewrite columns, when a row has one of them.
    columns = COLUMNS + [c for c in OPTIONAL_COLUMNS if any(r.get(c) for r in rows.values())]
    if len(columns) > len(COLUMNS):
        columns = COLUMNS + OPTIONAL_COLUMNS
    with open(os.path.join(folder, api + ".tsv"), "w", encoding="utf-8") as out:
        out.write("\t".join(columns) + "\n")
        for name in sorted(rows, key=lambda n: n.encode("utf-8")):
            out.write("\t".join(rows[name].get(c, "") for c in columns) + "\n")


def main(argv, description, derive_tables, overrides_name):
    """The command line of a derivation script: derive_tables(cuda, rocm,
    overrides) returns {api: rows}; each is written to <out>/<api>.tsv."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cuda", required=True, help="CUDA 13's include folder")
    parser.add_argument("--rocm", required=True,
                        help="the include folder of the ROCm 6.4 library tree "
                             "(scripts/fetch-rocm-libraries.sh)")
    parser.add_argument("--overrides", default=os.path.join(HERE, overrides_name))
    parser.add_argument("--out", required=True)
    parser.add_argument("--partial", action="store_true",
                        help="read a missing CUDA header as empty (tests derive from a few)")
    args = parser.parse_args(argv)
    cheaders.ALLOW_MISSING = args.partial
    overrides = read_overrides(args.overrides)
    tables = derive_tables(args.cuda, args.rocm, overrides)
    unknown = set(overrides).difference(*tables.values())
    if unknown:
        die("%s names what the CUDA headers do not declare: %s"
            % (overrides_name, ", ".join(sorted(unknown))))
    for api, rows in tables.items():
        write_table(args.out, api, rows)
    return 0
