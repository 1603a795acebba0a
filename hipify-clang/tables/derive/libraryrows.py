"""What the CUDA-library derivation scripts (derive_cublas.py, derive_curand.py,
derive_cufft.py) share: the row columns, the curated overrides file, writing a
table, and their command line."""

import argparse
import os
import re

import cheaders
import provenance
import tsv
from history import History
from tsv import die

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["cuda_name", "kind", "api", "hip_name", "roc_name", "status",
           "cuda_added", "cuda_deprecated", "cuda_removed", "hip_added"]
# The columns a table may add (gen_mapping_table.py's OPTIONAL_COLUMNS): both or none.
OPTIONAL_COLUMNS = ["fallback", "rewrite"]
# The newest ROCm library header set read (Debian sid's ROCm 6.4): a name found there
# and in no older release is dated to it.
ROCM_VERSION = "6.4"


def release_of(debian_version):
    """'5.5.1-4' (or '1:5.5.1-4') -> '5.5'."""
    upstream = debian_version.split(":", 1)[-1].split("-", 1)[0]
    return ".".join(upstream.split(".")[:2])


def version_key(version):
    return tuple(int(part) for part in version.split("."))


class OlderReleases:
    """The older releases of the ROCm libraries that fetch-rocm-libraries.sh unpacks into
    <tree>/older/<package>/include (Debian 13: hipBLAS 5.5, hipSPARSE 5.7, ...), one
    package apart, so that a name is dated by the oldest release that declares it."""

    def __init__(self, folder):
        self.releases = []
        versions = os.path.join(folder, "versions.tsv")
        if not os.path.isfile(versions):
            die("no %s: pass the older/ folder of scripts/fetch-rocm-libraries.sh's tree"
                % versions)
        # package, Debian version[, the .deb's SHA256]
        for fields in tsv.records(versions):
            package, debian_version = fields[0], fields[1]
            include = os.path.join(folder, package, "include")
            paths = cheaders.header_files(include)
            ids = cheaders.identifiers(paths)
            for path in paths:
                ids |= cheaders.pasted_identifiers(cheaders.read_header(path))
            folders = {name for name in os.listdir(include)
                       if os.path.isdir(os.path.join(include, name))} \
                if os.path.isdir(include) else set()
            self.releases.append((release_of(debian_version), include, ids, folders))
        self.releases.sort(key=lambda release: version_key(release[0]))

    def oldest(self, name, kind, folders):
        """The oldest release of a package with headers in one of folders
        ("hipblas") whose headers declare name (a header row: have the file), or
        None."""
        # A C++ library's names are qualified (hipcub::DeviceReduce): the headers
        # declare the last component.
        identifier = name.split("::")[-1]
        for version, include, ids, package_folders in self.releases:
            if not folders & package_folders:
                continue
            if (os.path.isfile(os.path.join(include, name)) if kind == "header"
                    else identifier in ids):
                return version
        return None


def date_rows(rows, older):
    """hip_added of every row found in an older release of the same ROCm library
    (the folders its header rows map to: hipblas/, rocblas/): that release. A name
    that another library declared earlier is not in this one's older release."""
    folders = {row[column].split("/")[0] for row in rows.values()
               if row["kind"] == "header" for column in ("hip_name", "roc_name")
               if "/" in row[column]}
    for row in rows.values():
        if not row["hip_name"] or row["hip_added"] != ROCM_VERSION:
            continue
        version = older.oldest(row["hip_name"], row["kind"], folders)
        if version and version_key(version) < version_key(ROCM_VERSION):
            row["hip_added"] = version


# The CUDA release of the headers --cuda names; older header sets (--cuda-older) date the
# names this one no longer declares.
CUDA_VERSION = "13.0"


def add_removed_rows(tables, older_tables, history=None):
    """Adds to tables ({api: rows}, derived from CUDA 13's headers) a row for every name an
    older header set declares and CUDA 13's no longer do. older_tables is [(version, {api:
    rows})] in any order, each derived from that release's headers by the same derivation
    (so a HIP name is one the same counterpart rules find in the ROCm headers). The row is
    taken from the newest set that declares the name, with cuda_removed the version of the
    next set read (or history's, when history.tsv dates the name): the set lacking the name
    first, so "13.0" means "after 11.8, by 13.0" and "11.8" "after 11.2, by 11.8". A name
    without a HIP name gets `why:removed in CUDA X`; the warning names the library the
    translation writes (hipSPARSE, rocSPARSE with --roc: NameDecision::TargetLibrary)."""
    sets = sorted(older_tables, key=lambda entry: version_key(entry[0]))
    versions = [version for version, _ in sets] + [CUDA_VERSION]
    for api, rows in tables.items():
        for index in reversed(range(len(sets))):
            for name, row in sets[index][1].get(api, {}).items():
                if name in rows:
                    continue
                deprecated, removed = history.lookup(name) if history else ("", "")
                removed = removed or versions[index + 1]
                row = dict(row, cuda_removed=removed,
                           cuda_deprecated=deprecated or row["cuda_deprecated"])
                if not row["hip_name"] and not row.get("rewrite"):
                    row["rewrite"] = removed_reason(removed)
                rows[name] = row


def removed_reason(removed):
    """The `why:` rule of a name CUDA removed in version removed that the targeted library
    lacks; hipify-clang's message names that library (hipSPARSE, or rocSPARSE with --roc)."""
    return "why:removed in CUDA %s" % removed


def add_cuda_older_argument(parser):
    """--cuda-older VERSION=FOLDER, read by cuda_older_sets()."""
    parser.add_argument("--cuda-older", action="append", default=[],
                        metavar="VERSION=FOLDER",
                        help="an older CUDA release's include folder "
                             "(scripts/fetch-cuda-legacy-headers.sh: 11.8=<tree>/11.8/include); "
                             "the names it declares and --cuda's do not get rows with "
                             "cuda_removed")


def cuda_older_sets(entries):
    """[(version, folder)] of the --cuda-older arguments; stops at a malformed one."""
    sets = []
    for entry in entries:
        version, _, folder = entry.partition("=")
        if not re.fullmatch(r"\d+(\.\d+)*", version) or not os.path.isdir(folder):
            die("--cuda-older %s: expected VERSION=FOLDER, the include folder of that "
                "CUDA release" % entry)
        sets.append((version, folder))
    return sets


def read_overrides(path):
    """{cuda_name: {"hip_name", "roc_name"}} from an overrides-<library>.tsv."""
    return {row["cuda_name"]: {"hip_name": row["hip_name"], "roc_name": row["roc_name"]}
            for row in tsv.read(path, ["cuda_name", "hip_name", "roc_name"], exact=False)
            if row["cuda_name"]}


def date_tables(tables, rocm, older=None):
    """Dates every table's rows ({api: rows}) by the older releases: those in older, else
    in <rocm>/../older when that exists (without them every name stays at ROCM_VERSION)."""
    folder = older or os.path.join(os.path.dirname(os.path.abspath(rocm)), "older")
    if older or os.path.isfile(os.path.join(folder, "versions.tsv")):
        releases = OlderReleases(folder)
        for rows in tables.values():
            date_rows(rows, releases)


def write_table(folder, api, rows):
    columns = COLUMNS
    if any(row.get(c) for row in rows.values() for c in OPTIONAL_COLUMNS):
        columns = COLUMNS + OPTIONAL_COLUMNS
    tsv.write(os.path.join(folder, api + ".tsv"), columns,
              [rows[name] for name in sorted(rows, key=lambda n: n.encode("utf-8"))],
              provenance.comment())


def main(argv, description, derive_tables, overrides_name):
    """The command line of a derivation script: derive_tables(cuda, rocm,
    overrides) returns {api: rows}; each is written to <out>/<api>.tsv."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cuda", required=True, help="CUDA 13's include folder")
    parser.add_argument("--rocm", required=True,
                        help="the include folder of the ROCm 6.4 library tree "
                             "(scripts/fetch-rocm-libraries.sh)")
    parser.add_argument("--older",
                        help="the older releases (default: <rocm>/../older when it "
                             "exists); without them every name is dated %s" % ROCM_VERSION)
    parser.add_argument("--overrides", default=os.path.join(HERE, overrides_name))
    add_cuda_older_argument(parser)
    parser.add_argument("--history", default=os.path.join(HERE, "history.tsv"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--partial", action="store_true",
                        help="read a missing CUDA header as empty (tests derive from a few)")
    args = provenance.parse_args(parser, argv)
    cheaders.ALLOW_MISSING = args.partial
    overrides = read_overrides(args.overrides)
    tables = derive_tables(args.cuda, args.rocm, overrides)
    unknown = set(overrides).difference(*tables.values())
    if unknown:
        die("%s names what the CUDA headers do not declare: %s"
            % (overrides_name, ", ".join(sorted(unknown))))
    older_tables = [(version, derive_tables(folder, args.rocm, overrides))
                    for version, folder in cuda_older_sets(args.cuda_older)]
    if older_tables:
        add_removed_rows(tables, older_tables, History(args.history))
    date_tables(tables, args.rocm, args.older)
    for api, rows in tables.items():
        write_table(args.out, api, rows)
    return 0
