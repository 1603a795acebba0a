"""The provenance block every derived table starts with: which script derived it and
from which pinned inputs (the rows of inputs.tsv, the one manifest of the header sets).

Every derivation script's command line gets two options here (add_arguments):
`--inputs MANIFEST` and `--input SET:PACKAGE` (repeatable, or `SET` for all of a set's
rows), which derive_all.py passes from its own data; the table writers
(derive_tables.Rows.write, libraryrows.write_table) start each table with comment().
Without --inputs (a derivation run by hand, or on a test's miniature headers) the block
says that the inputs were not the pinned ones. gen_mapping_table.py ignores `#` lines.
"""

import os
import sys

import tsv
from tsv import die

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "inputs.tsv")
COLUMNS = ["set", "package", "version", "source", "sha256"]

_state = {"manifest": None, "inputs": []}


def read_manifest(path):
    """The rows of the manifest, in file order: dicts of COLUMNS."""
    return tsv.read(path, COLUMNS)


def select(rows, name, path):
    """The rows `SET` or `SET:PACKAGE` names; an error when none does."""
    wanted_set, _, package = name.partition(":")
    found = [r for r in rows
             if r["set"] == wanted_set and (not package or r["package"] == package)]
    if not found:
        die("--input %s: %s has no such row (SET or SET:PACKAGE)" % (name, path))
    return found


def add_arguments(parser):
    parser.add_argument("--inputs", metavar="MANIFEST",
                        help="the manifest of pinned inputs (derive/inputs.tsv) whose rows "
                             "--input names; the table's provenance comment lists them")
    parser.add_argument("--input", action="append", default=[], metavar="SET[:PACKAGE]",
                        help="a manifest row (or set) this derivation reads")


def parse_args(parser, argv):
    """parser's arguments from argv, with the provenance options added to them and
    configured: what every derivation's command line ends with."""
    add_arguments(parser)
    args = parser.parse_args(argv)
    configure(args)
    return args


def configure(args):
    """Records the manifest rows args names, after argument parsing."""
    if args.input and not args.inputs:
        die("--input needs --inputs MANIFEST")
    _state["manifest"] = args.inputs
    _state["inputs"] = []
    if args.inputs:
        rows = read_manifest(args.inputs)
        for name in args.input:
            for row in select(rows, name, args.inputs):
                if row not in _state["inputs"]:
                    _state["inputs"].append(row)


def comment():
    """The comment block (with its newlines) a derived table starts with."""
    script = "derive/" + os.path.basename(sys.argv[0])
    lines = ["Derived by %s: do not edit (derive/derive_all.py regenerates every derived "
             "table)." % script]
    if _state["manifest"]:
        lines.append("Inputs (derive/inputs.tsv: set, package, version, source, sha256):")
        lines += ["  %s %s %s (%s) %s" % (r["set"], r["package"], r["version"], r["source"],
                                          r["sha256"]) for r in _state["inputs"]]
    else:
        lines.append("Inputs: the headers named on its command line, not checked against "
                     "derive/inputs.tsv.")
    return "".join("# %s\n" % line for line in lines)
