#!/usr/bin/env python3
"""Renders the rows of BuildFileMappings.def (with the LINK_LIBRARY and CMAKE_TARGET rows
it includes from the library registry, SRC_ROOT's libraries.tsv) and of common's NvccFlags.def
(nvcc's flags, which hipcc reads too) as the tables of docs/hipify-clang.md's "Build
files" section (between its build-file-mappings markers).

  build_file_mapping_docs.py SRC_ROOT --check    exit 1, naming the fix, when the docs differ
  build_file_mapping_docs.py SRC_ROOT --update   rewrite the docs' tables
"""
import re
import sys
from pathlib import Path

DEF = "hipify-clang/include/hipkit/hipify/BuildFiles/BuildFileMappings.def"
REGISTRY = "hipify-clang/tables/derive/libraries.tsv"
# The lines of DEF that include the registry's rows (registry.py writes them), and the kind
# of row each includes.
INCLUDES = {'#include "hipkit/hipify/LinkLibraries.inc"': "LINK_LIBRARY",
            '#include "hipkit/hipify/CMakeTargets.inc"': "CMAKE_TARGET"}
NVCC_DEF = "common/include/hipkit/Support/NvccFlags.def"
DOC = "docs/hipify-clang.md"
BEGIN = "<!-- build-file-mappings begin -->"
END = "<!-- build-file-mappings end -->"
KINDS = ("CMAKE_NAME", "CMAKE_TARGET", "CMAKE_LEGACY", "LINK_LIBRARY", "NVIDIA_LIBRARY",
         "NVCC_FLAG")
FIELD = re.compile(r'"((?:[^"\\]|\\.)*)"|\b(Word|Joined|Separate|Both|Host|Device)\b')


def rows(text, included=None):
    """(kind, [fields]) for each row, in file order; a row may span lines. included holds
    the registry's rows of each kind of INCLUDES, put at the line that includes them."""
    out, current = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped in INCLUDES:
            kind = INCLUDES[stripped]
            out += [(kind, list(row)) for row in (included or {}).get(kind, ())]
            continue
        if current is None:
            kind = stripped.split("(", 1)[0]
            if kind not in KINDS or stripped.startswith("#"):
                continue
            current = [kind, stripped[len(kind):]]
        else:
            current[1] += " " + stripped
        if current[1].rstrip().endswith(")"):
            fields = [m.group(1) if m.group(1) is not None else m.group(2)
                      for m in FIELD.finditer(current[1])]
            out.append((current[0], fields))
            current = None
    return out


def html(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def code(text):
    return "`%s`" % text if text else ""


def render(all_rows):
    by = {k: [f for kind, f in all_rows if kind == k] for k in KINDS}
    lines = ["CMake variables and properties (a word of any command's arguments):", "",
             "| CUDA | HIP |", "| --- | --- |"]
    for cuda, hip, why in by["CMAKE_NAME"]:
        if not hip:
            lines.append("| %s | left: %s |" % (code(cuda), html(why)))
        elif hip == cuda:
            lines.append("| %s | kept (hipkit's packages apply it to HIP) |" % code(cuda))
        else:
            lines.append("| %s | %s |" % (code(cuda), code(hip)))
    lines += ["", "FindCUDAToolkit's targets (ROCm 6.4's `lib/cmake/<package>/<package>-targets.cmake`):",
              "", "| CUDA | package, target | with `--roc` |", "| --- | --- | --- |"]
    for cuda, package, target, rpackage, rtarget in by["CMAKE_TARGET"]:
        lines.append("| %s | %s, %s | %s, %s |" % (code(cuda), code(package), code(target),
                                                  code(rpackage), code(rtarget)))
    lines += ["", "FindCUDA's commands, left:", "", "| command | what to do |", "| --- | --- |"]
    for command, why in by["CMAKE_LEGACY"]:
        lines.append("| %s | %s |" % (code(command), html(why)))
    lines += ["", "Makefile libraries:", "", "| CUDA | HIP | with `--roc` |", "| --- | --- | --- |"]
    for cuda, hip, roc in by["LINK_LIBRARY"]:
        lines.append("| %s | %s | %s |" % (code("-l" + cuda), code("-l" + hip) if hip else "dropped",
                                          code("-l" + roc) if roc else "dropped"))
    for cuda, why in by["NVIDIA_LIBRARY"]:
        lines.append("| %s | removed, with a warning: %s | the same |" % (code("-l" + cuda), html(why)))
    lines += ["", "nvcc flags (Makefiles; CMake's CUDA flags; setup.py's `nvcc` flags), from "
              "`common/include/hipkit/Support/NvccFlags.def`, which hipcc reads for the same "
              "flags ([hipcc.md](hipcc.md#nvccs-options)); nvcc takes each name after `-` or `--`:",
              "", "| nvcc | HIP |", "| --- | --- |"]
    forms = {"Word": "", "Joined": "VALUE", "Separate": " VALUE"}
    for long, short, form, side, amd, why in by["NVCC_FLAG"]:
        names = ["--" + long + forms[form]] + (["-" + short + forms[form]] if short else [])
        if amd == "?":
            out = "left: " + html(why)
        elif amd == "$ARCH":
            out = ("`--offload-arch=$(HIP_ARCH)` (Makefiles), `--offload-arch=gfx942` "
                   "(setup.py), removed (CMake)")
        elif amd == "$HOST":
            out = "the value's options themselves, its commas as separators"
        elif amd == "$JOBS":
            out = "removed, with a note (hipkit's hipcc reads `--threads VALUE` as its `-j VALUE`)"
        elif amd == "":
            out = "removed"
        else:
            out = code(amd.replace("$VALUE", "VALUE"))
        if side == "Device" and amd:
            out += " (hipcc: for the device code, `-Xarch_device`)"
        elif side == "Host" and amd:
            out += " (hipcc: for the host code, `-Xarch_host`)"
        lines.append("| %s | %s |" % (", ".join(code(n) for n in names), out))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("--check", "--update"):
        sys.exit(__doc__)
    root = Path(sys.argv[1])
    # This checkout's registry.py reads SRC_ROOT's registry.
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "hipify-clang/tables/derive"))
    import registry
    libraries = registry.read(str(root / REGISTRY))
    included = {"LINK_LIBRARY": registry.link_library_rows(libraries),
                "CMAKE_TARGET": registry.cmake_target_rows(libraries)}
    tables = render(rows((root / DEF).read_text(), included) +
                    rows((root / NVCC_DEF).read_text()))
    doc = (root / DOC).read_text()
    start, end = doc.index(BEGIN) + len(BEGIN) + 1, doc.index(END)
    if doc[start:end] == tables:
        return
    if sys.argv[2] == "--update":
        (root / DOC).write_text(doc[:start] + tables + doc[end:])
        return
    sys.exit("build_file_mapping_docs: %s's build-file tables differ from %s; run "
             "test/hipify/Inputs/build_file_mapping_docs.py <src> --update"
             % (DOC, ", ".join([DEF, REGISTRY, NVCC_DEF])))


if __name__ == "__main__":
    main()
