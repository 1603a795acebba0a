#!/usr/bin/env python3
"""Checks torch.tsv against PyTorch's own hipify, the independent reference.

For one naming (`current`: PyTorch 2.11 and later, `masquerading`: 2.6 and older) this
writes one line per row that PyTorch's hipify of that release also rewrites or leaves
(an `#include <...>` of every header row; every name as extension code spells it:
`at::cuda::getCurrentCUDAStream()`, `c10::cuda::CUDAGuard`, `C10_CUDA_CHECK`), runs
PyTorch's hipify on it as `torch.utils.cpp_extension` does for an extension
(is_pytorch_extension=True), and compares every line with what the table says hipkit
writes in that naming. A line that differs is an error unless the exceptions file
lists the row with the reason hipkit differs; an exception that no longer differs is
an error too, so the list stays true.

  check_torch_naming.py --tables DIR --hipify TREE/hipify-2.6 --naming masquerading \\
      --exceptions derive/torch-hipify-differences.tsv

Exit status 1 with one line per difference; the standard library only.
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_mapping_table  # noqa: E402

MARK = "/*row*/ "


def written(row, naming):
    """What hipkit writes for the row's spelling in the naming."""
    target = row.hip_name
    if naming == "masquerading" and row.rewrite.startswith("masquerading:"):
        target = row.rewrite[len("masquerading:"):]
    return target


def predicted(row, rows_by_name, naming):
    if row.kind == "header":
        return "#include <%s>" % written(row, naming)
    parts = row.cuda_name.split("::")
    if len(parts) == 1:
        return MARK + written(row, naming) + ";"
    # The qualifier by the namespace rows, the last component by the row.
    qualifier = "::".join(parts[:-1])
    target = written(row, naming)
    ns_row = rows_by_name.get(qualifier)
    if ns_row is not None and written(ns_row, naming) != qualifier:
        qualifier = written(ns_row, naming)
    elif "::" in target and target != row.hip_name:
        # The rule moves the name where the namespace row keeps the qualifier.
        qualifier = qualifier.rpartition("::")[0] + "::" + target.split("::")[-2] \
            if "::" in qualifier else target.split("::")[-2]
    return MARK + qualifier + "::" + target.split("::")[-1] + ";"


def source_line(row):
    if row.kind == "header":
        return "#include <%s>" % row.cuda_name
    return MARK + row.cuda_name + ";"


def run_torch_hipify(hipify_tree, text):
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "uses.cu")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        script = ("import os, sys\n"
                  "from torch.utils.hipify import hipify_python as h\n"
                  "h.hipify(project_directory=sys.argv[1], output_directory=sys.argv[1],"
                  " includes=['*'], is_pytorch_extension=True, show_detailed=False,"
                  " show_progress=False)\n")
        env = dict(os.environ, PYTHONPATH=hipify_tree, PYTHONWARNINGS="ignore")
        subprocess.run([sys.executable, "-c", script, work], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(work, "uses.hip"), encoding="utf-8") as f:
            return f.read()


def read_exceptions(path):
    """{(naming, cuda_name): reason}"""
    found = {}
    if not path:
        return found
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 3 or not fields[2]:
                raise SystemExit("%s: error: '%s' is not NAMING<tab>CUDA_NAME<tab>REASON"
                                 % (path, line.rstrip()))
            found[(fields[0], fields[1])] = fields[2]
    return found


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", required=True)
    parser.add_argument("--hipify", required=True,
                        help="the folder holding PyTorch's torch/utils/hipify "
                             "(scripts/fetch-torch.sh: <build>/torch/hipify-<release>)")
    parser.add_argument("--naming", choices=["current", "masquerading"], required=True)
    parser.add_argument("--exceptions", help="NAMING, cuda_name, reason (tab-separated)")
    parser.add_argument("--torch-include", required=True,
                        help="the release's include folder: header rows of headers it lacks "
                             "(2.14's new ones, for 2.6) are not checked")
    args = parser.parse_args(argv)
    rows = gen_mapping_table.parse_table(os.path.join(args.tables, "torch.tsv"))
    by_name = {r.cuda_name: r for r in rows}
    checked = [r for r in rows if r.kind != "namespace" and (
        r.kind != "header" or os.path.isfile(os.path.join(args.torch_include, r.cuda_name)))]
    text = "".join(source_line(r) + "\n" for r in checked)
    out = run_torch_hipify(args.hipify, text).splitlines()
    # PyTorch's hipify adds its breadcrumb and hip_runtime.h first.
    out = [line for line in out if line.startswith(MARK) or line.startswith("#include <")
           and line != "#include <hip/hip_runtime.h>"]
    if len(out) != len(checked):
        print("check_torch_naming.py: error: PyTorch's hipify gave %d lines for %d rows"
              % (len(out), len(checked)), file=sys.stderr)
        return 1
    exceptions = read_exceptions(args.exceptions)
    errors, agreed = [], 0
    for row, theirs in zip(checked, out):
        ours = predicted(row, by_name, args.naming)
        key = (args.naming, row.cuda_name)
        if ours == theirs:
            agreed += 1
            if key in exceptions:
                errors.append("%s: error: '%s' is listed as differing in %s naming, but hipkit "
                              "and PyTorch's hipify agree ('%s'); remove the exception"
                              % (args.exceptions, row.cuda_name, args.naming, ours))
        elif key not in exceptions:
            errors.append("%s: error: in the %s naming hipkit writes '%s', PyTorch's hipify "
                          "'%s'" % (row.where(), args.naming, ours.replace(MARK, ""),
                                    theirs.replace(MARK, "")))
    for line in errors:
        print(line, file=sys.stderr)
    print("%s naming: %d of %d rows as PyTorch's hipify writes them, %d listed differences"
          % (args.naming, agreed, len(checked),
             sum(1 for k in exceptions if k[0] == args.naming)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
