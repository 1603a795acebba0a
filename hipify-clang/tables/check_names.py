#!/usr/bin/env python3
"""Check the mapping tables against the headers on this machine.

  --cuda-include DIR   every cuda_name must be declared by the CUDA headers in
                       DIR (a header row: the file must exist), unless the row
                       carries cuda_removed;
  --hip-include DIR    every hip_name must be declared by the HIP headers in
                       DIR/hip (a header row: the file must exist) when
                       hip_added is not newer than their version
                       (DIR/hip/hip_version.h), and must not be declared there
                       when hip_added says it came later;
  --clang-include DIR  clang's resource include dir: names its __clang_hip_*.h
                       wrappers declare count as HIP names of every version.
  --rocm-libraries DIR the ROCm library tree of scripts/fetch-rocm-libraries.sh:
                       every hip_name and roc_name of a CUDA library's rows
                       (cuBLAS -> hipBLAS, rocBLAS) must be declared by the
                       headers in DIR/include (a header row: the file must
                       exist). A newer library that drops a name fails here,
                       by name. Library rows date their names by library
                       release, so --hip-include leaves them to this check:
                       with DIR/older (the libraries' Debian 13 releases),
                       hip_added must be the oldest release of the same
                       library that declares hip_name, else 6.4.
  --every-header DIR   every header a user can include from the CUDA installation's
                       include folder DIR has a header row (supported, or
                       unsupported with a why: reason): all files under DIR but
                       the implementation folders (detail/, details/, impl/,
                       nvtxDetail/), the crt/ headers that refuse direct inclusion
                       (they test __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__), and
                       cccl/ (CUB, Thrust and libcu++, not covered yet).

Prints `file:line: error: ...` for each violation and exits 1; otherwise
prints one summary line per check.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "derive"))
import cheaders  # noqa: E402
import derive_device  # noqa: E402
import gen_mapping_table  # noqa: E402
import libraryrows  # noqa: E402


def cuda_identifiers(include):
    """The headers the derivations read: the top level, crt/, cooperative_groups/ and nvtx3/
    (derive_nvtx.py's C headers and nvtx3.hpp; nvtx3/nvtxDetail/ is their implementation)."""
    paths = cheaders.header_files(include, ["crt", "cooperative_groups", "cooperative_groups.h",
                                            "nvtx3"])
    # CUB and Thrust (CUDA 13 keeps the CCCL headers under include/cccl).
    paths += cheaders.header_files(include, [d for d in ("cccl/cub", "cccl/thrust")
                                             if os.path.isdir(os.path.join(include, d))])
    paths += sorted(os.path.join(include, f) for f in os.listdir(include)
                    if f.endswith((".h", ".hpp")))
    return cheaders.identifiers(paths)


def hip_identifiers(hip_dir, clang_include):
    paths = [p for p in cheaders.header_files(hip_dir)
             if "/nvidia_detail/" not in p and "/nvcc_detail/" not in p]
    if clang_include:
        # clang's HIP wrapper headers (__managed__, ...) come with every hipcc.
        wrappers = sorted(os.path.join(clang_include, f) for f in os.listdir(clang_include)
                          if f.startswith("__clang_hip_") and f.endswith(".h")) \
            if os.path.isdir(clang_include) else []
        if not wrappers:
            raise SystemExit("check_names.py: error: no __clang_hip_*.h in %s; pass clang's "
                             "resource include dir (clang -print-resource-dir)/include"
                             % clang_include)
        paths += wrappers
    ids = cheaders.identifiers(paths)
    for p in paths:
        # amd_hip_vector_types.h declares make_float4 & co. through macros.
        ids |= {"make_" + n for n in re.findall(
            r"DECLOP_MAKE_\w+_COMPONENT\([^,()]*,\s*(\w+)\)", cheaders.read_header(p))}
    return ids


IMPLEMENTATION_FOLDERS = {"detail", "details", "impl", "nvtxDetail"}


def user_headers(include):
    """The headers under `include` a user can include (see --every-header)."""
    found = []
    for root, dirs, files in os.walk(include):
        rel_root = os.path.relpath(root, include)
        dirs[:] = sorted(d for d in dirs if d not in IMPLEMENTATION_FOLDERS
                         and not (rel_root == "." and d == "cccl"))
        for name in sorted(files):
            rel = os.path.normpath(os.path.join(rel_root, name))
            if rel.startswith("crt" + os.sep) and "__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__" \
                    in cheaders.read_header(os.path.join(root, name)):
                continue
            found.append(rel.replace(os.sep, "/"))
    return found


def hip_version(hip_dir):
    path = os.path.join(hip_dir, "hip_version.h")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as err:
        raise SystemExit("check_names.py: error: cannot read %s: %s; pass the directory "
                         "that contains hip/hip_version.h" % (path, err.strerror))
    major = re.search(r"#define\s+HIP_VERSION_MAJOR\s+(\d+)", text)
    minor = re.search(r"#define\s+HIP_VERSION_MINOR\s+(\d+)", text)
    if not major or not minor:
        raise SystemExit("check_names.py: error: %s defines no HIP_VERSION_MAJOR/MINOR" % path)
    return (int(major.group(1)), int(minor.group(1)))


def check_library_dates(rows, releases, older):
    """Every library row's hip_added against the older releases (libraryrows.date_rows:
    the oldest release of the same library that declares hip_name, else the newest)."""
    folders = {}
    for row in rows:
        if row.api in gen_mapping_table.LIBRARIES and row.kind == "header":
            folders.setdefault(row.api, set()).update(
                name.split("/")[0] for name in (row.hip_name, row.roc_name) if "/" in name)
    errors = []
    dated = 0
    for row in rows:
        if row.api not in gen_mapping_table.LIBRARIES or not row.hip_name:
            continue
        dated += 1
        expected = releases.oldest(row.hip_name, row.kind, folders.get(row.api, set())) \
            or libraryrows.ROCM_VERSION
        if libraryrows.version_key(expected) > libraryrows.version_key(
                libraryrows.ROCM_VERSION):
            expected = libraryrows.ROCM_VERSION
        if row.hip_added != expected:
            errors.append("%s: error: hip_added of '%s' is %s, but the oldest release that "
                          "declares '%s' is %s (older releases in %s)"
                          % (row.where(), row.cuda_name, row.hip_added or "empty",
                             row.hip_name, expected, older))
    print("ROCm library releases: %d names dated against %s" % (dated, older))
    return errors


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tables", nargs="+")
    parser.add_argument("--cuda-include")
    parser.add_argument("--hip-include")
    parser.add_argument("--rocm-libraries")
    parser.add_argument("--every-header")
    parser.add_argument("--clang-include",
                        help="with --hip-include: clang's resource include dir, whose "
                             "__clang_hip_*.h declare names every hipcc provides")
    parser.add_argument("--clang-builtins", action="append", default=[], metavar="FILE",
                        help="with --hip-include: clang's builtin lists (Builtins.inc, "
                             "BuiltinsAMDGPU.def), names every hipcc provides")
    parser.add_argument("--nvcc-builtins", metavar="FILE",
                        help="with --cuda-include: hipify-clang's stand-in for nvcc's own "
                             "builtins (hipify_cuda_nvcc_builtins.h), which no CUDA header "
                             "declares")
    args = parser.parse_args(argv)
    try:
        rows = []
        for path in args.tables:
            rows += gen_mapping_table.parse_table(path)
    except gen_mapping_table.TableError as err:
        print(err, file=sys.stderr)
        return 1
    errors = []
    # PyTorch's rows name PyTorch's headers, not CUDA's or ROCm's: they are checked by
    # their derivation (tables-regenerate.test) and against PyTorch's own hipify
    # (test/torch/torch-table-vs-torch-hipify.test).
    rows = [row for row in rows if row.api not in gen_mapping_table.UNDATED_APIS]
    if args.cuda_include:
        ids = cuda_identifiers(args.cuda_include)
        if args.nvcc_builtins:
            ids |= derive_device.nvcc_builtin_names(args.nvcc_builtins)
        checked = 0
        for row in rows:
            if row.cuda_removed:
                continue
            checked += 1
            if row.kind == "header":
                present = any(os.path.isfile(os.path.join(args.cuda_include, folder,
                                                          row.cuda_name))
                              for folder in ("", "cccl"))
            else:
                present = all(part in ids for part in row.cuda_name.split("::"))
            if not present:
                errors.append("%s: error: '%s' is not declared in the CUDA headers in %s; "
                              "if CUDA removed it, fill in cuda_removed"
                              % (row.where(), row.cuda_name, args.cuda_include))
        print("CUDA: %d names present in %s, %d removed from CUDA"
              % (checked, args.cuda_include, len(rows) - checked))
    if args.hip_include:
        hip_dir = os.path.join(args.hip_include, "hip")
        version = hip_version(hip_dir)
        ids = hip_identifiers(hip_dir, args.clang_include) | cheaders.builtins(args.clang_builtins)
        older = newer = 0
        members = None
        for row in rows:
            if not row.hip_name or row.api in gen_mapping_table.LIBRARIES:
                continue
            if row.kind == "header":
                present = os.path.isfile(os.path.join(args.hip_include, row.hip_name))
            elif row.kind == "member":
                # Declared by default by the class (opt-in blocks do not count).
                members = members or derive_device.hip_group_members(hip_dir)
                cls, member = row.hip_name.split("::")[-2:]
                present = members.get(cls, {}).get(member) == ""
            else:
                present = row.hip_name.split("::")[-1] in ids
            added = gen_mapping_table.version_key(row.hip_added)
            if added <= version:
                older += 1
                if not present:
                    errors.append("%s: error: '%s' (for '%s') is not declared in the HIP %d.%d "
                                  "headers in %s, but hip_added is %s"
                                  % (row.where(), row.hip_name, row.cuda_name, *version,
                                     hip_dir, row.hip_added))
            else:
                newer += 1
                if present:
                    errors.append("%s: error: '%s' (for '%s') is declared in the HIP %d.%d "
                                  "headers in %s, so hip_added %s is too new"
                                  % (row.where(), row.hip_name, row.cuda_name, *version,
                                     hip_dir, row.hip_added))
        print("HIP %d.%d: %d names present in %s, %d added later"
              % (*version, older, hip_dir, newer))
    if args.rocm_libraries:
        include = os.path.join(args.rocm_libraries, "include")
        if not os.path.isdir(include):
            raise SystemExit("check_names.py: error: no include folder in %s; run "
                             "scripts/fetch-rocm-libraries.sh" % args.rocm_libraries)
        ids = cheaders.identifiers(cheaders.header_files(include))
        checked = 0
        for row in rows:
            if row.api not in gen_mapping_table.LIBRARIES:
                continue
            for column in ("hip_name", "roc_name"):
                name = getattr(row, column)
                if not name:
                    continue
                checked += 1
                # hipcub::DeviceReduce, thrust::hip::par: every part is declared.
                present = os.path.isfile(os.path.join(include, name)) \
                    if row.kind == "header" else all(p in ids for p in name.split("::"))
                if not present:
                    errors.append("%s: error: %s '%s' (for '%s') is not declared in the ROCm "
                                  "library headers in %s" % (row.where(), column, name,
                                                              row.cuda_name, include))
        print("ROCm libraries: %d names present in %s" % (checked, include))
        older = os.path.join(args.rocm_libraries, "older")
        if os.path.isfile(os.path.join(older, "versions.tsv")):
            errors += check_library_dates(rows, libraryrows.OlderReleases(older), older)
    if args.every_header:
        rows_by_header = {r.cuda_name: r for r in rows if r.kind == "header"}
        headers = user_headers(args.every_header)
        for header in headers:
            row = rows_by_header.get(header)
            if row is None:
                errors.append("%s: error: no header row for '%s'; add one (unsupported with "
                              "a why: reason where HIP has no counterpart)"
                              % (os.path.join(args.every_header, header), header))
            # why: and tilereduce: (which translates the header's uses and
            # says why where it cannot) carry the reason.
            elif row.api == "headers" and row.status == "unsupported" \
                    and row.rewrite.partition(":")[0] not in ("why", "tilereduce"):
                errors.append("%s: error: the unsupported header '%s' has no why: reason"
                              % (row.where(), header))
        print("headers: %d CUDA headers in %s, each with a row" % (len(headers),
                                                                  args.every_header))
    sys.stdout.flush()
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
