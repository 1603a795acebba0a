#!/usr/bin/env python3
"""The library registry (libraries.tsv, beside this file): one row per CUDA library, the one
place its identity is written, and library-headers.tsv, its CUDA headers and their targets;
every consumer asks this module.

  registry.py --nvidia-links FILE   write hipcc's NvidiaLibraries.inc (CMake runs this)
  registry.py --link-libraries FILE write hipify-clang's LINK_LIBRARY rows (CMake runs this)
  registry.py --cmake-targets FILE  write hipify-clang's CMAKE_TARGET rows (CMake runs this)
  registry.py --rocm-cmake DIR      check that ROCm's CMake files in DIR/lib/cmake define each
                                    package and target those rows name
  registry.py --cuda-prefixes FILE  write PastedNames.cpp's CUDA name prefixes (CMake too)
  registry.py --check               check that inputs.tsv pins every package the registry
                                    names, that library-headers.tsv names its libraries,
                                    and that no consumer (CONSUMERS) writes a library's
                                    identity again instead of asking here, nor a file that
                                    includes the generated rows (GENERATED_INTO) a row of
                                    its own for a library here

libraries.tsv's leading comment says what each column means and who reads it.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import provenance  # noqa: E402
import tsv  # noqa: E402

REGISTRY = os.path.join(HERE, "libraries.tsv")
HEADERS = os.path.join(HERE, "library-headers.tsv")
HEADER_COLUMNS = ["library", "cuda_header", "hip_header", "roc_header"]
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
# The files that once wrote each library's identity themselves and now read it from here;
# --check fails when one writes a registry fact as a string literal again.
CONSUMERS = ["hipify-clang/tables/gen_mapping_table.py",
             "hipify-clang/tables/derive/derive_all.py",
             "hipcc/lib/Hipcc/NvidiaPlatform.cpp",
             "hip-headers/nvidia/generate_nvidia_libraries.py",
             "test/hipify/corpus/run_corpus_on_nvidia.py",
             "scripts/nvidia-roundtrip.py"]
# The files whose hand-written rows sit beside the rows generated from here, and where those
# rows are (the string literals of what the pattern's group holds: a LINK_LIBRARY row's CUDA
# name; a CMAKE_TARGET row's CUDA target; CudaPrefixes' entries): --check fails when a
# hand-written one is the registry's.
GENERATED_INTO = {
    "hipify-clang/include/hipkit/hipify/BuildFiles/BuildFileMappings.def": [
        (re.compile(r'^[ \t]*LINK_LIBRARY\(("[^"]*")', re.M), "LINK_LIBRARY row",
         lambda libraries: [row[0] for row in link_library_rows(libraries)]),
        (re.compile(r'^[ \t]*CMAKE_TARGET\(("[^"]*")', re.M), "CMAKE_TARGET row",
         lambda libraries: [row[0] for row in cmake_target_rows(libraries)])],
    "hipify-clang/lib/Engines/PastedNames.cpp": [
        (re.compile(r'\bCudaPrefixes\[\]\s*=\s*\{(.*?)\};', re.S), "CudaPrefixes entry",
         lambda libraries: cuda_prefixes(libraries))]}
# The columns whose values are a library's identity (a package, a link name, a library).
IDENTITY_COLUMNS = ["name", "hip_library", "roc_library", "cuda_package", "rocm_packages",
                    "cuda_link", "hip_link", "amd_link", "roc_link", "cuda_targets",
                    "hip_target", "roc_target"]
STRING_RE = re.compile(r"""(["'])(-l)?([^"'\\\n]+)\1""")
COLUMNS = ["library", "kind", "apis", "name", "hip_library", "roc_library", "derivation",
           "language", "cuda_package", "rocm_packages", "cuda_older", "includes", "prefixes",
           "cuda_link", "hip_link", "amd_link", "roc_link", "nvidia_headers", "cuda_targets",
           "hip_target", "roc_target"]
LIST_COLUMNS = {"apis", "rocm_packages", "includes", "prefixes", "cuda_link", "cuda_targets"}
CHOICES = {"kind": ("library", "toolkit"), "language": ("", "c", "c++"),
           "cuda_older": ("yes", "no")}
# NvidiaLibrary::Cuda in hipcc's NvidiaPlatform.cpp holds this many names.
MAX_NVIDIA_LINKS = 3


class Library:
    """A registry row: text columns as strings ("" for `-`), list columns as lists."""

    def __init__(self, row):
        self.where = "%s:%d" % (os.path.basename(row.path), row.line)
        for column in COLUMNS:
            value = "" if row[column] == "-" else row[column]
            setattr(self, column, value.split(",") if column in LIST_COLUMNS and value
                    else [] if column in LIST_COLUMNS else value)


def read(path=REGISTRY):
    """The libraries in registry order; a malformed row stops the run with FILE:LINE."""
    libraries, seen = [], {}
    for row in tsv.read(path, COLUMNS):
        library = Library(row)
        for column, choices in CHOICES.items():
            if getattr(library, column) not in choices:
                tsv.die("%s: %s '%s' is not one of %s" % (library.where, column,
                                                         row[column], ", ".join(choices)))
        if not library.apis:
            tsv.die("%s: library '%s' owns no API" % (library.where, library.library))
        if library.derivation and not os.path.isfile(os.path.join(HERE, library.derivation)):
            tsv.die("%s: derivation '%s' is not a script in %s"
                    % (library.where, library.derivation, HERE))
        if library.hip_link and not library.cuda_link:
            tsv.die("%s: hip_link '%s' without a cuda_link for hipcc to link on NVIDIA"
                    % (library.where, library.hip_link))
        if library.amd_link and library.hip_link:
            tsv.die("%s: amd_link '%s' beside hip_link '%s': a build file links hip_link; "
                    "write amd_link only where hip_link is `-`"
                    % (library.where, library.amd_link, library.hip_link))
        if (library.amd_link or library.roc_link) and not library.cuda_link:
            tsv.die("%s: amd_link or roc_link without a cuda_link for a build file to name"
                    % library.where)
        if library.roc_link and not (library.amd_link or library.hip_link):
            tsv.die("%s: roc_link '%s' without a hip_link or amd_link for the default output"
                    % (library.where, library.roc_link))
        # A CMake target is found by find_package(<its -l name>): ROCm 6.4 names each
        # library's package (lib/cmake/<package>) as its library file.
        if bool(library.cuda_targets) != bool(library.hip_target):
            tsv.die("%s: cuda_targets and hip_target go together (a CUDA target needs the "
                    "target a CMake file links instead)" % library.where)
        if library.hip_target and not library.hip_link:
            tsv.die("%s: hip_target '%s' without a hip_link, the package that defines it"
                    % (library.where, library.hip_target))
        if library.hip_target and bool(library.roc_link) != bool(library.roc_target):
            tsv.die("%s: roc_link and roc_target go together (--roc's package and target)"
                    % library.where)
        if library.language == "c" and not library.prefixes:
            tsv.die("%s: library '%s' has C names but no prefixes for pasted names"
                    % (library.where, library.library))
        if len(library.cuda_link) > MAX_NVIDIA_LINKS and library.hip_link:
            tsv.die("%s: more than %d cuda_link names (NvidiaPlatform.cpp's NvidiaLibrary)"
                    % (library.where, MAX_NVIDIA_LINKS))
        for key in [("library", library.library)] + [("api", api) for api in library.apis]:
            if key in seen:
                tsv.die("%s: %s '%s' is written twice (first at %s)"
                        % (library.where, key[0], key[1], seen[key]))
            seen[key] = library.where
        libraries.append(library)
    return libraries


def header_targets(library, path=HEADERS, registry=REGISTRY):
    """{CUDA header: (hip_header, roc_header)} of a library (library-headers.tsv), in file
    order; "" for `-`. A row naming no library of the registry, or a header twice, stops the
    run."""
    keys = {lib.library for lib in read(registry)}
    targets, seen = {}, {}
    for row in tsv.read(path, HEADER_COLUMNS):
        where = "%s:%d" % (os.path.basename(row.path), row.line)
        if row["library"] not in keys:
            tsv.die("%s: '%s' is not a library of %s" % (where, row["library"],
                                                        os.path.basename(registry)))
        key = (row["library"], row["cuda_header"])
        if key in seen:
            tsv.die("%s: %s's %s is written twice (first at %s)" % (where, key[0], key[1],
                                                                     seen[key]))
        seen[key] = where
        if row["library"] == library:
            targets[row["cuda_header"]] = tuple("" if row[c] == "-" else row[c]
                                                for c in HEADER_COLUMNS[2:])
    return targets


def mapping_libraries(libraries):
    """gen_mapping_table.py's LIBRARIES: {api: (name, hip_library, roc_library)} for every API
    of a `library` row, in registry order."""
    return {api: (lib.name, lib.hip_library, lib.roc_library)
            for lib in libraries if lib.kind == "library" for api in lib.apis}


def derivations(libraries):
    """{script: [the libraries it derives]}, in registry order."""
    result = {}
    for lib in libraries:
        if lib.derivation:
            result.setdefault(lib.derivation, []).append(lib)
    return result


def unpinned(libraries, manifest_rows):
    """One message per package a library reads that the manifest (inputs.tsv) does not pin."""
    pinned = {(row["set"], row["package"]) for row in manifest_rows}
    errors = []
    for lib in libraries:
        wanted = [("cuda-13", lib.cuda_package)] if lib.cuda_package else []
        wanted += [("rocm-6.4", package) for package in lib.rocm_packages]
        for key in wanted:
            if key not in pinned:
                errors.append("%s: %s reads %s, which inputs.tsv does not pin (set %s); add "
                              "its row (derive/inputs.tsv says how)"
                              % (lib.where, lib.library, key[1], key[0]))
    return errors


def copies(libraries, source, consumers):
    """One message per string literal in a consumer file that is a registry fact (`"cublas"`,
    `"-lhipblas"`, `"libhipfft-dev"`): the identity written a second time. The keys (a
    library, its APIs) are how consumers name a library, and so are not facts here."""
    keys = {lib.library for lib in libraries} | {api for lib in libraries for api in lib.apis}
    facts = {}
    for lib in libraries:
        # A toolkit row's names are the toolkit's own (HIP, hipRTC); its link names are not.
        columns = (IDENTITY_COLUMNS if lib.kind == "library"
                   else ["cuda_link", "hip_link", "amd_link", "roc_link"])
        for column in columns:
            values = getattr(lib, column)
            for value in values if isinstance(values, list) else [values]:
                if value and value not in keys:
                    facts.setdefault(value, "%s's %s" % (lib.where, column))
    errors = []
    for consumer in consumers:
        path = os.path.join(source, consumer)
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except OSError as e:
            errors.append("%s: cannot read it: %s" % (path, e.strerror))
            continue
        for number, line in enumerate(lines, 1):
            for m in STRING_RE.finditer(line):
                if m.group(3) in facts:
                    errors.append("%s:%d: '%s' is %s; read it from the library registry "
                                  "(registry.py) instead of writing it again"
                                  % (consumer, number, m.group(0)[1:-1], facts[m.group(3)]))
    return errors


def c_string(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def nvidia_links_inc(libraries):
    """NvidiaLibraries.inc: HIPKIT_NVIDIA_LIBRARY(HIP, CUDA...) for every HIP library hipcc
    links on NVIDIA as the CUDA libraries it is over."""
    lines = ["// Generated by hipify-clang/tables/derive/registry.py from libraries.tsv: "
             "do not edit.",
             "// HIPKIT_NVIDIA_LIBRARY(HIP library's -l name, the CUDA libraries' -l names)"]
    for lib in libraries:
        if lib.hip_link:
            lines.append("HIPKIT_NVIDIA_LIBRARY(%s)"
                         % ", ".join(c_string(n) for n in [lib.hip_link] + lib.cuda_link))
    lines.append("#undef HIPKIT_NVIDIA_LIBRARY")
    return "\n".join(lines) + "\n"


def link_library_rows(libraries):
    """(CUDA -l name, HIP -l name, --roc -l name) of every library a migrated build file
    links another library for: its first cuda_link name (its own; cuSOLVER's others are
    cuBLAS's and cuSPARSE's) becomes hip_link or amd_link, roc_link under --roc."""
    rows = []
    for lib in libraries:
        hip = lib.hip_link or lib.amd_link
        if lib.cuda_link and hip:
            rows.append((lib.cuda_link[0], hip, lib.roc_link or hip))
    return rows


def rows_inc(macro, signature, rows):
    """A generated .inc of BuildFileMappings.def: one MACRO(...) line per row, after a header
    saying what made it and what the columns are (\p signature, "CUDA -l name, ...")."""
    lines = ["// Generated by hipify-clang/tables/derive/registry.py from libraries.tsv: "
             "do not edit."] + signature
    for row in rows:
        lines.append("%s(%s)" % (macro, ", ".join(c_string(n) for n in row)))
    return "\n".join(lines) + "\n"


def link_libraries_inc(libraries):
    """LinkLibraries.inc: BuildFileMappings.def's LINK_LIBRARY rows of the registry."""
    return rows_inc("LINK_LIBRARY", [
        "// LINK_LIBRARY(CUDA -l name, HIP -l name, -l name under --roc), included by",
        "// BuildFileMappings.def, which defines LINK_LIBRARY."], link_library_rows(libraries))


def cmake_target_rows(libraries):
    """(CUDA target, package, target, --roc package, --roc target) of every FindCUDAToolkit
    target a registry library replaces: find_package(hip_link) defines hip_target, and
    find_package(roc_link) roc_target (hip_link's where the library has no roc_link)."""
    rows = []
    for lib in libraries:
        roc = (lib.roc_link, lib.roc_target) if lib.roc_target else (lib.hip_link,
                                                                      lib.hip_target)
        for cuda in lib.cuda_targets:
            rows.append((cuda, lib.hip_link, lib.hip_target) + roc)
    return rows


def cmake_targets_inc(libraries):
    """CMakeTargets.inc: BuildFileMappings.def's CMAKE_TARGET rows of the registry."""
    return rows_inc("CMAKE_TARGET", [
        "// CMAKE_TARGET(CUDA target, package, target, --roc package, --roc target),",
        "// included by BuildFileMappings.def, which defines CMAKE_TARGET."],
        cmake_target_rows(libraries))


def missing_cmake_targets(libraries, rocm):
    """One message per package or target of the CMAKE_TARGET rows that ROCm's CMake files
    (rocm/lib/cmake/<package>/*.cmake) do not define: find_package(<package>) would fail, or
    leave the target undefined."""
    errors = []
    for lib in libraries:
        pairs = [("hip", lib.hip_link, lib.hip_target)]
        if lib.roc_target:
            pairs.append(("roc", lib.roc_link, lib.roc_target))
        for side, package, target in pairs if lib.cuda_targets else []:
            folder = os.path.join(rocm, "lib", "cmake", package)
            try:
                names = sorted(n for n in os.listdir(folder) if n.endswith(".cmake"))
            except OSError:
                errors.append("%s: %s's %s_link '%s' is no CMake package (no folder %s); "
                              "the package that defines %s is named as its library"
                              % (lib.where, lib.library, side, package, folder, target))
                continue
            texts = []
            for name in names:
                with open(os.path.join(folder, name), encoding="utf-8",
                          errors="replace") as f:
                    texts.append(f.read())
            defined = re.compile(r"\badd_library\(\s*%s\s" % re.escape(target))
            column = side + "_target"
            if not any(defined.search(text) for text in texts):
                errors.append("%s: %s's %s '%s' is not a target of %s's CMake files (%s); "
                              "write the one they define" % (lib.where, lib.library, column,
                                                             target, package, folder))
    return errors


def cuda_prefixes(libraries):
    """Every library's name prefixes, in registry order."""
    return [prefix for lib in libraries for prefix in lib.prefixes]


def cuda_prefixes_inc(libraries):
    """CudaPrefixes.inc: CUDA_PREFIX("cublas") for PastedNames.cpp's CudaPrefixes."""
    lines = ["// Generated by hipify-clang/tables/derive/registry.py from libraries.tsv: "
             "do not edit.",
             "// CUDA_PREFIX(what a library's names start with), for PastedNames.cpp."]
    lines += ["CUDA_PREFIX(%s)" % c_string(p) for p in cuda_prefixes(libraries)]
    lines.append("#undef CUDA_PREFIX")
    return "\n".join(lines) + "\n"


def generated_again(libraries, source, files):
    """One message per hand-written row, in files (GENERATED_INTO's) that include rows
    generated from the registry, that is a registry row written again."""
    errors = []
    for consumer in files:
        path = os.path.join(source, consumer)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            errors.append("%s: cannot read it: %s" % (path, e.strerror))
            continue
        for pattern, what, generated in GENERATED_INTO[consumer]:
            names = set(generated(libraries))
            for m in pattern.finditer(text):
                for s in re.finditer(r'"([^"\\\n]*)"', m.group(1)):
                    if s.group(1) in names:
                        number = text.count("\n", 0, m.start(1) + s.start()) + 1
                        errors.append("%s:%d: the %s '%s' is generated from the library "
                                      "registry (libraries.tsv); remove it here"
                                      % (consumer, number, what, s.group(1)))
    return errors


def write_if_changed(path, text):
    """Writes text unless the file already holds it (ninja rebuilds only what changed)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--registry", default=REGISTRY)
    parser.add_argument("--headers", default=HEADERS,
                        help="the header targets --check reads (library-headers.tsv)")
    parser.add_argument("--nvidia-links", metavar="FILE",
                        help="write hipcc's X-macro list of HIP libraries on NVIDIA")
    parser.add_argument("--generated-into", action="append", metavar="PATH",
                        choices=sorted(GENERATED_INTO),
                        help="a file (relative to --source) of GENERATED_INTO whose rows "
                             "--check reads instead of all of them (none with --consumer); "
                             "repeatable")
    parser.add_argument("--link-libraries", metavar="FILE",
                        help="write hipify-clang's LINK_LIBRARY rows (build files' -l names)")
    parser.add_argument("--cmake-targets", metavar="FILE",
                        help="write hipify-clang's CMAKE_TARGET rows (CMake's imported "
                             "targets)")
    parser.add_argument("--rocm-cmake", metavar="DIR",
                        help="check the CMake packages and targets against a ROCm tree")
    parser.add_argument("--cuda-prefixes", metavar="FILE",
                        help="write hipify-clang's CUDA name prefixes (pasted names)")
    parser.add_argument("--check", action="store_true",
                        help="check the registry against --manifest and the consumers")
    parser.add_argument("--manifest", default=provenance.MANIFEST)
    parser.add_argument("--source", default=SOURCE,
                        help="the source tree whose consumer files --check reads")
    parser.add_argument("--consumer", action="append", metavar="PATH",
                        help="a file (relative to --source) --check reads instead of the "
                             "consumers it knows; repeatable")
    args = parser.parse_args(argv)
    libraries = read(args.registry)
    if args.nvidia_links:
        write_if_changed(args.nvidia_links, nvidia_links_inc(libraries))
    if args.link_libraries:
        write_if_changed(args.link_libraries, link_libraries_inc(libraries))
    if args.cmake_targets:
        write_if_changed(args.cmake_targets, cmake_targets_inc(libraries))
    if args.cuda_prefixes:
        write_if_changed(args.cuda_prefixes, cuda_prefixes_inc(libraries))
    if args.rocm_cmake:
        errors = missing_cmake_targets(libraries, args.rocm_cmake)
        for error in errors:
            sys.stderr.write("registry.py: error: %s\n" % error)
        if errors:
            return 1
        print("registry.py: %d CMake targets, each defined in %s"
              % (len(cmake_target_rows(libraries)), args.rocm_cmake))
    if args.check:
        header_targets(None, args.headers, args.registry)  # stops at a malformed row
        errors = unpinned(libraries, provenance.read_manifest(args.manifest))
        errors += copies(libraries, args.source, args.consumer or CONSUMERS)
        errors += generated_again(libraries, args.source, args.generated_into or
                                  ([] if args.consumer else list(GENERATED_INTO)))
        for error in errors:
            sys.stderr.write("registry.py: error: %s\n" % error)
        if errors:
            return 1
        print("registry.py: %d libraries, each written once" % len(libraries))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
