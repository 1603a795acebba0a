#!/usr/bin/env python3
"""Regenerate every derived mapping table from the pinned header sets.

  python3 derive/derive_all.py --out DIR      derive every table into DIR
  python3 derive/derive_all.py --check        derive into a temporary folder and compare
                                              with the committed tables (--tables DIR)
  python3 derive/derive_all.py --verify-only  only compare the header sets with the manifest

inputs.tsv (next to this script) is the one manifest of the inputs: one row per package
(set, package, version, source: the Debian suite or `pypi`, and the SHA256 of the .deb as
Debian's Packages index gives it, of the wheel as pip recorded it). Before deriving, every
set is compared with what the machine has (SETS below: the fetch scripts' versions.tsv,
dpkg, CUDA's dist-info and a hash of its include tree); a mismatch is one line naming the
package and what to do, and exit status 1. RUNS below holds every derivation's command
line, made from the library registry (libraries.tsv, read by registry.py) and OWN_RUNS; each
script writes the provenance comment of its tables (provenance.py) from the manifest rows
RUNS gives it. The curated tables
(headers.tsv, macros.tsv, wmma.tsv) are copied, not derived (derive_tables.py reads them).
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = os.path.dirname(HERE)
SOURCE = os.path.dirname(os.path.dirname(TABLES))
sys.path.insert(0, HERE)
import provenance  # noqa: E402
import registry  # noqa: E402
import tsv  # noqa: E402
from tsv import die  # noqa: E402

CURATED = ["headers.tsv", "macros.tsv", "wmma.tsv"]

# The header sets and where each is found: `cuda` (the include folder, its version from
# cuda.h and a hash of its files; the wheels' dist-info beside it), `dpkg` (installed
# Debian packages), `packages` (FOLDER/versions.tsv: package, version[, sha256]) or
# `releases` (FOLDER/versions.tsv: release, package, version, suite[, sha256]), and the
# command that fetches the pinned packages.
SETS = {
    "cuda-13": ("cuda", "{cuda}", "", "install CUDA 13.0's headers at --cuda"),
    "hip-5.2": ("dpkg", "", "", "apt-get install libamdhip64-dev (scripts/bootstrap.sh)"),
    "clang-19": ("dpkg", "", "", "apt-get install the pinned clang 19 (scripts/bootstrap.sh)"),
    "hip-5.7": ("releases", "{build}/hip-releases", "5.7", "scripts/fetch-hip-releases.sh"),
    "hip-7.2": ("releases", "{build}/hip-releases", "7.2", "scripts/fetch-hip-releases.sh"),
    "rocm-6.4": ("packages", "{build}/rocm-6.4", "", "scripts/fetch-rocm-libraries.sh"),
    "rocm-older": ("packages", "{build}/rocm-6.4/older", "", "scripts/fetch-rocm-libraries.sh"),
    "cuda-11.8": ("releases", "{build}/cuda-legacy", "11.8",
                  "scripts/fetch-cuda-legacy-headers.sh"),
    "cuda-11.2": ("releases", "{build}/cuda-legacy", "11.2",
                  "scripts/fetch-cuda-legacy-headers.sh"),
    "torch-2.14": ("releases", "{build}/torch", "2.14", "scripts/fetch-torch.sh"),
    "torch-2.6": ("releases", "{build}/torch", "2.6", "scripts/fetch-torch.sh"),
}

LIBRARY = ["--cuda", "{cuda}", "--rocm", "{build}/rocm-6.4/include"]
# A C++ library's derivation parses with libclang (cxxdecls.py).
ARGUMENTS = {"c": LIBRARY, "c++": LIBRARY + ["--stand-in", "{stand_in}"]}
LANGUAGE_INPUTS = {"c": [], "c++": ["clang-19:libclang1-19", "clang-19:libclang-common-19-dev"]}
CUDA = "cuda-13:cuda-include"
ROCM_HIP = "rocm-6.4:libamdhip64-dev"

# The derivations whose arguments are their own ({cuda}, {hip52}, {build}, {clang},
# {stand_in}, {source} are the options below) and the manifest rows (SET:PACKAGE, or a whole
# SET) they read: derive_tables.py (the toolkit's tables, not a library's) and the libraries
# whose registry row has no language (PyTorch's headers).
OWN_RUNS = {
    "derive_tables.py": (
        ["runtime", "driver", "library_types", "device", "complex", "fp16", "bf16", "fp8",
         "cooperative_groups", "nvrtc"],
        ["--cuda", "{cuda}", "--hip", "{hip52}",
         "--hip-newer", "5.7={build}/hip-releases/5.7/include/hip",
         "--hip-newer", "6.4={build}/rocm-6.4/include/hip",
         "--hip-opt-in-default", "7.2={build}/hip-releases/7.2/include/hip",
         "--clang-include", "{clang}/lib/clang/19/include",
         "--clang-builtins", "{clang}/include/clang/Basic/Builtins.inc",
         "--clang-builtins", "{clang}/include/clang/Basic/BuiltinsAMDGPU.def",
         "--nvcc-builtins",
         "{source}/hipify-clang/tools/hipify-clang/cuda-stand-ins/hipify_cuda_nvcc_builtins.h"],
        [CUDA, "cuda-13:nvidia_cuda_runtime", "cuda-13:nvidia_cuda_crt",
         "cuda-13:nvidia_cuda_cupti", "cuda-13:nvidia_cuda_nvrtc",
         "cuda-13:nvidia_cuda_profiler_api", "hip-5.2", "hip-5.7", ROCM_HIP, "hip-7.2",
         "clang-19:libclang-common-19-dev", "clang-19:libclang-19-dev"]),
    "derive_torch.py": (
        None,
        ["--cuda", "{cuda}", "--stand-in", "{stand_in}",
         "--torch", "2.14={build}/torch/2.14/include", "--torch", "2.6={build}/torch/2.6/include"],
        [CUDA, "cuda-13:nvidia_cuda_cccl", "torch-2.14:libtorch-dev", "torch-2.6:libtorch-cuda-dev",
         "clang-19:libclang1-19", "clang-19:libclang-common-19-dev"]),
}


def library_inputs(library):
    """A library derivation's inputs: its CUDA wheel, its ROCm packages (6.4, and the older
    releases where Debian 13 has the package: a trailing `?` makes a row optional)."""
    packages = library.rocm_packages
    return ([CUDA, "cuda-13:" + library.cuda_package] + ["rocm-6.4:" + p for p in packages] +
            ["rocm-older:%s?" % p for p in packages] + LANGUAGE_INPUTS[library.language])


def runs(libraries):
    """Every derivation: (script, the tables it writes, its arguments, the manifest rows it
    reads, whether it reads CUDA 11's headers too), derive_tables.py's first, then the
    registry's in its order."""
    tables, args, inputs = OWN_RUNS["derive_tables.py"]
    result = [("derive_tables.py", tables, args, inputs, True)]
    for script, derived in registry.derivations(libraries).items():
        library = derived[0]
        tables = [api for lib in derived for api in lib.apis]
        if script in OWN_RUNS:
            _, args, inputs = OWN_RUNS[script]
        else:
            args, inputs = ARGUMENTS[library.language], library_inputs(library)
        result.append((script, tables, args, inputs, library.cuda_older == "yes"))
    return result


RUNS = runs(registry.read())
CUDA_OLDER = (["--cuda-older", "11.8={build}/cuda-legacy/11.8/include",
               "--cuda-older", "11.2={build}/cuda-legacy/11.2/include"],
              ["cuda-11.8", "cuda-11.2"])


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree_sha256(folder):
    """SHA256 over the sorted lines `PATH<tab>SHA256` of every file under folder (links
    followed): the include tree's content, whatever installed it."""
    lines = []
    for top, dirs, files in os.walk(folder, followlinks=True):
        for name in files:
            path = os.path.join(top, name)
            lines.append("%s\t%s\n" % (os.path.relpath(path, folder), sha256_file(path)))
    return hashlib.sha256("".join(sorted(lines)).encode()).hexdigest()


def cuda_version(include):
    try:
        text = open(os.path.join(include, "cuda.h"), encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    m = re.search(r"#define\s+CUDA_VERSION\s+(\d+)", text)
    return m and "%d.%d" % (int(m.group(1)) // 1000, int(m.group(1)) % 1000 // 10)


def found_cuda(row, include):
    """(version, sha256) the machine has for a cuda-13 row."""
    if row["package"] == "cuda-include":
        version = cuda_version(include)
        return version, version and tree_sha256(include)
    dist_info = os.path.join(os.path.dirname(os.path.realpath(include)), "dist-info")
    prefix = row["package"] + "-"
    for entry in sorted(os.listdir(dist_info)) if os.path.isdir(dist_info) else []:
        if entry.startswith(prefix) and entry.endswith(".dist-info"):
            version = entry[len(prefix):-len(".dist-info")]
            sha = ""
            try:
                with open(os.path.join(dist_info, entry, "direct_url.json")) as f:
                    sha = json.load(f)["archive_info"]["hashes"]["sha256"]
            except (OSError, KeyError, ValueError):
                pass
            return version, sha
    return None, None


def found_dpkg(row):
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", row["package"]],
                             capture_output=True, text=True)
    except OSError:
        return None, None
    return (out.stdout or None) if out.returncode == 0 else None, None


def read_versions(path):
    """The lines of a fetch script's versions.tsv, or None when it is missing."""
    return tsv.records(path) if os.path.isfile(path) else None


def found_listed(row, kind, folder, release):
    """(version, sha256 or None) from a fetch script's versions.tsv, or None when the file
    is missing."""
    lines = read_versions(os.path.join(folder, "versions.tsv"))
    if lines is None:
        return None
    for fields in lines:
        if kind == "releases":
            if fields[:2] == [release, row["package"]]:
                return fields[2], (fields[4] if len(fields) > 4 else None)
        elif fields[0] == row["package"]:
            return fields[1], (fields[2] if len(fields) > 2 else None)
    return None, None


def verify(rows, paths, manifest):
    """One line per manifest row the machine does not match; empty when all match."""
    errors = []
    cache = {}
    for row in rows:
        if row["set"] not in SETS:
            errors.append("%s: set '%s' of '%s' is not one derive_all.py knows (%s)"
                          % (manifest, row["set"], row["package"], ", ".join(SETS)))
            continue
        kind, where, release, fetch = SETS[row["set"]]
        folder = where.format(**paths)
        what = "%s %s (%s)" % (row["package"], row["version"], row["set"])
        if kind == "cuda":
            version, sha = found_cuda(row, folder)
            place = folder
        elif kind == "dpkg":
            key = row["package"]
            if key not in cache:
                cache[key] = found_dpkg(row)
            version, sha = cache[key]
            place = "dpkg"
        else:
            listed = found_listed(row, kind, folder, release)
            place = os.path.join(folder, "versions.tsv")
            if listed is None:
                errors.append("%s: %s is missing; run %s" % (what, place, fetch))
                continue
            version, sha = listed
        if version is None:
            errors.append("%s: not found in %s; %s" % (what, place, fetch))
        elif version != row["version"]:
            errors.append("%s: %s has version %s, %s pins %s; fetch the pinned one (%s --refresh)"
                          " or update %s and re-derive the tables"
                          % (what, place, version, os.path.basename(manifest), row["version"],
                             fetch, os.path.basename(manifest)))
        elif sha and row["sha256"] != sha:
            errors.append("%s: %s has sha256 %s, %s pins %s; fetch the pinned one (%s --refresh)"
                          " or update %s and re-derive the tables"
                          % (what, place, sha, os.path.basename(manifest), row["sha256"],
                             fetch, os.path.basename(manifest)))
    return errors


def commands(paths, manifest, out):
    rows = {"%s:%s" % (r["set"], r["package"]) for r in provenance.read_manifest(manifest)}
    result = []
    for script, tables, args, inputs, cuda_older in RUNS:
        args = list(args)
        inputs = [i.rstrip("?") for i in inputs if not i.endswith("?") or i[:-1] in rows]
        if cuda_older:
            args += CUDA_OLDER[0]
            inputs += CUDA_OLDER[1]
        command = [sys.executable, os.path.join(HERE, script)]
        command += [a.format(**paths) for a in args]
        command += ["--out", out, "--inputs", manifest]
        for name in inputs:
            command += ["--input", name]
        result.append((script, tables, command))
    return result


def run_all(paths, manifest, out, jobs):
    for name in CURATED:
        if os.path.realpath(paths["tables"]) != os.path.realpath(out):
            shutil.copyfile(os.path.join(paths["tables"], name), os.path.join(out, name))

    def run(item):
        script, _, command = item
        start = time.time()
        proc = subprocess.run(command, capture_output=True, text=True, cwd=TABLES)
        return script, proc, time.time() - start

    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for script, proc, seconds in pool.map(run, commands(paths, manifest, out)):
            print("derive_all.py: %s: %.1f s" % (script, seconds), flush=True)
            if proc.returncode != 0:
                sys.stderr.write(proc.stdout + proc.stderr)
                failed.append(script)
    if failed:
        die("%s failed" % ", ".join(failed))


def derived_tables():
    return [t + ".tsv" for _, tables, _, _, _ in RUNS for t in tables]


def check(paths, out):
    """Names of the tables that differ, after printing the head of each diff."""
    differing = []
    for name in derived_tables():
        committed = os.path.join(paths["tables"], name)
        derived = os.path.join(out, name)
        old = open(committed, encoding="utf-8").readlines() if os.path.exists(committed) else []
        new = open(derived, encoding="utf-8").readlines() if os.path.exists(derived) else []
        if old != new:
            differing.append(name)
            diff = list(difflib.unified_diff(old, new, committed, "derived " + name, n=1))
            sys.stdout.write("".join(diff[:40]))
            if len(diff) > 40:
                print("... (%d more diff lines)" % (len(diff) - 40))
    return differing


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", help="derive every table into this folder")
    mode.add_argument("--check", action="store_true",
                      help="derive into a temporary folder and compare with --tables")
    mode.add_argument("--verify-only", action="store_true",
                      help="only compare the header sets with the manifest")
    parser.add_argument("--tables", default=TABLES,
                        help="the tables --check compares with (default: the committed ones)")
    parser.add_argument("--manifest", default=provenance.MANIFEST,
                        help="the manifest of pinned inputs (default: derive/inputs.tsv)")
    parser.add_argument("--build", default=os.path.join(SOURCE, "build"),
                        help="the build folder holding rocm-6.4, cuda-legacy, hip-releases "
                             "and stage (the stand-in headers)")
    parser.add_argument("--stand-in",
                        help="hipify-clang's stand-in headers, which derive_cub.py and "
                             "derive_thrust.py need (default: <build>/stage/lib/hipify-clang/"
                             "include)")
    parser.add_argument("--only", action="append", default=[], metavar="SCRIPT",
                        help="run only this derivation (derive_nccl.py; repeatable)")
    parser.add_argument("--cuda", default="/usr/local/cuda/include")
    parser.add_argument("--hip52", default="/usr/include/hip")
    parser.add_argument("--clang", default="/usr/lib/llvm-19")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    scripts = [run[0] for run in RUNS]
    for name in args.only:
        if name not in scripts:
            parser.error("--only %s: not a derivation (%s)" % (name, ", ".join(scripts)))
    if args.only:
        RUNS[:] = [run for run in RUNS if run[0] in args.only]
    paths = {"cuda": args.cuda, "hip52": args.hip52, "clang": args.clang,
             "build": os.path.abspath(args.build), "source": SOURCE,
             "stand_in": args.stand_in or os.path.join(os.path.abspath(args.build), "stage",
                                                       "lib", "hipify-clang", "include"),
             "tables": os.path.abspath(args.tables)}
    manifest = os.path.abspath(args.manifest)
    errors = verify(provenance.read_manifest(manifest), paths, manifest)
    for error in errors:
        sys.stderr.write("derive_all.py: error: %s\n" % error)
    if errors:
        return 1
    if args.verify_only:
        print("derive_all.py: the header sets match %s" % manifest)
        return 0
    start = time.time()
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        out = os.path.abspath(args.out)
        run_all(paths, manifest, out, args.jobs)
        print("derive_all.py: derived %d tables into %s in %.0f s"
              % (len(derived_tables()), out, time.time() - start))
        return 0
    with tempfile.TemporaryDirectory(prefix="derive_all.") as out:
        run_all(paths, manifest, out, args.jobs)
        differing = check(paths, out)
    if differing:
        print("derive_all.py: error: %d tables differ from what the pinned inputs derive: %s"
              % (len(differing), " ".join(differing)))
        return 1
    print("derive_all.py: all %d derived tables regenerate byte for byte (%.0f s)"
          % (len(derived_tables()), time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
