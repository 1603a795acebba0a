#!/usr/bin/env python3
"""Makes the ATen/hip, c10/hip and THH header tree a ROCm build of PyTorch ships, with hipkit.

    make-torch-hip-headers.py --torch-include T --out O [--rocm-path R] [--torch-naming N]

A ROCm build of PyTorch makes its HIP headers at build time: it runs torch's own hipify over
ATen/cuda, ATen/native/**/cuda, c10/cuda and THC (out of place) and over torch/ (in place),
and configures ATen/hip/HIPConfig.h and c10/hip/impl/hip_cmake_macros.h. Debian ships no ROCm
build, so this script makes the same tree from a release's CUDA headers (Debian's libtorch-dev
or libtorch-cuda-dev, unpacked by scripts/fetch-torch.sh), translated by hipkit's hipify-clang:

  1. every header under T/ATen/**/cuda, T/c10/cuda and T/THC, and the headers under
     T/torch/**/cuda they include (2.14's torch/headeronly/cuda/Atomic.h), is translated by
     hipify-clang's token engine (no parse, no CUDA installation: one process for all), in the
     release's naming (hipify-clang's --torch-naming; auto: from the release T holds);
  2. each goes to O at the HIP path the torch table's header row gives it
     (hipify-clang/tables/torch.tsv: ATen/cuda/CUDAContext.h -> ATen/hip/HIPContext.h), the
     path every translated #include line names (a header the table does not know is an error);
     torch/'s keep their paths, as a ROCm build hipifies them in place;
  3. a header whose HIP path the release already has (a hand-written ROCm header such as
     2.14's ATen/native/transformers/hip/flash_attn/flash_api.h) is left to the release;
  4. in the masquerading naming (PyTorch 2.6 and older), c10's own headers are translated in the
     current naming and then spelled with HIP (rename_c10: c10::hip::HIPStream, C10_HIP_CHECK,
     DeviceType::HIP): those releases build c10/hip as HIP's own c10 library, which the
     release's ATen/hip/impl/*MasqueradingAsCUDA.h headers wrap; ATen's headers keep their
     namespace at::cuda and name that c10 as it is spelled (link_aten_to_c10);
  5. HIPConfig.h and hip_cmake_macros.h get the values a ROCm build configures (ROCM_CONFIG).

O is an overlay: give it to the compiler with -I BEFORE T, so that its in-place translations
of torch/ headers replace the release's CUDA ones (its other headers are at paths T lacks).
O is replaced as a whole on each run (it must be empty or a tree this script made, which it
marks with O/.make-torch-hip-headers, listing each header read and where it went). Needs
python3's standard library and hipkit's hipify-clang (--hipify, default: the staged one of this
checkout's build folder). scripts/compare-torch-hip-headers.py checks O against torch's own
hipify; docs/pytorch.md says how they differ and why.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = "make-torch-hip-headers"
MARKER = ".make-torch-hip-headers"
HEADER_SUFFIXES = (".h", ".cuh", ".hpp", ".inl")

# How a ROCm build of PyTorch configures ATen/hip/HIPConfig.h (from the hipified
# CUDAConfig.h.in) as PyTorch's ROCm wheels are built: ROCm on, MAGMA and hipSPARSELt on,
# the NVIDIA-only libraries off, no nvcc flags. A release whose CUDAConfig.h defines a macro
# not listed here is an error, so a new one is decided here, never guessed.
ROCM_CONFIG = {
    "AT_CUDNN_ENABLED": "0",
    "AT_CUSPARSELT_ENABLED": "0",
    "AT_HIPSPARSELT_ENABLED": "1",
    "AT_ROCM_ENABLED": "1",
    "AT_MAGMA_ENABLED": "1",
    "NVCC_FLAGS_EXTRA": '""',
}
CONFIG_HEADER = "ATen/cuda/CUDAConfig.h"
CMAKE_MACROS_HEADER = "c10/cuda/impl/cuda_cmake_macros.h"


def die(message):
    print("%s: error: %s" % (TOOL, message), file=sys.stderr)
    sys.exit(1)


def read_torch_table(table):
    """The torch table's {CUDA header: HIP header} (its header rows) and {name: masquerading
    name} (the last components of the masquerading rewrites of its other rows:
    getCurrentCUDAStream -> getCurrentHIPStreamMasqueradingAsCUDA)."""
    headers, masquerading = {}, {}
    try:
        with open(table, encoding="utf-8") as f:
            columns = None
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.rstrip("\n").split("\t")
                if columns is None:
                    columns = fields
                    continue
                row = dict(zip(columns, fields))
                if row.get("kind") == "header":
                    headers[row["cuda_name"]] = row["hip_name"]
                elif row.get("kind") != "namespace" and \
                        row.get("rewrite", "").startswith("masquerading:"):
                    name = row["cuda_name"].split("::")[-1]
                    masquerading[name] = row["rewrite"][len("masquerading:"):].split("::")[-1]
    except OSError as e:
        die("cannot read the torch table %s: %s" % (table, e.strerror))
    if not headers:
        die("the torch table %s has no header rows" % table)
    return headers, masquerading


def is_cuda_header(path):
    """True for a header a ROCm build hipifies: ATen/**/cuda/**, c10/cuda/**, THC/**."""
    parts = path.split("/")
    if "hip" in parts or not path.endswith(HEADER_SUFFIXES):
        return False
    if parts[0] == "ATen":
        return "cuda" in parts[1:-1]
    return parts[:2] == ["c10", "cuda"] or parts[0] == "THC"


def cuda_headers(include):
    found = []
    for top in ("ATen", "c10", "THC"):
        for folder, dirs, files in os.walk(os.path.join(include, top)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.relpath(os.path.join(folder, name), include).replace(os.sep, "/")
                if is_cuda_header(path):
                    found.append(path)
    return found


TORCH_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"](torch/[^>"]+)[>"]', re.M)


def in_place_headers(include, headers):
    """The headers under torch/**/cuda/** the translated headers include, directly or through
    each other (2.14's ATen/cuda/Atomic.cuh includes torch/headeronly/cuda/Atomic.h): a ROCm
    build hipifies everything under torch/ in place, at its own path."""
    found, todo = [], list(headers)
    while todo:
        with open(os.path.join(include, todo.pop()), encoding="utf-8", errors="replace") as f:
            named = TORCH_INCLUDE.findall(f.read())
        for path in named:
            if "cuda" in path.split("/")[:-1] and path not in found and \
                    os.path.isfile(os.path.join(include, path)):
                found.append(path)
                todo.append(path)
    return sorted(found)


def run_hipify(hipify, args, verbose):
    result = subprocess.run([hipify] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    if verbose or result.returncode != 0:
        sys.stderr.write(result.stderr)
    if result.returncode != 0:
        die("hipify-clang failed (exit status %d)" % result.returncode)
    return result.stderr


def release_naming(hipify, include, rocm_args):
    """The naming hipify-clang's --torch-naming=auto gives the release in include."""
    with tempfile.TemporaryDirectory(prefix=TOOL + "-") as tmp:
        probe = os.path.join(tmp, "probe.h")
        with open(probe, "w") as f:
            f.write("// which PyTorch naming\n")
        notes = run_hipify(hipify, ["-v", "--cuda-path=" + os.path.join(tmp, "no-cuda")] +
                           rocm_args + [probe, "-o", os.devnull, "--", "-I" + include], False)
    m = re.search(r"PyTorch naming: (current|masquerading)", notes)
    if not m:
        die("hipify-clang finds no PyTorch in %s" % include)
    return m.group(1)


# One C++ token the c10 renaming must see whole: a comment, a string or character literal
# (with its encoding prefix, raw strings included), an #include line, or an identifier.
CXX_TOKEN = re.compile(r"""
    //[^\n]*                                   |
    /\*.*?\*/                                  |
    (?:u8|u|U|L)?R"(?P<delim>[^()\\\s]{0,16})\(.*?\)(?P=delim)"  |
    (?:u8|u|U|L)?"(?:\\.|[^"\\\n])*"           |
    (?:u8|u|U|L)?'(?:\\.|[^'\\\n])*'           |
    ^[ \t]*\#[ \t]*include[^\n]*               |
    (?P<identifier>[A-Za-z_][A-Za-z0-9_]*)
    """, re.S | re.M | re.X)


def hip_spelling(identifier):
    return identifier.replace("CUDA", "HIP").replace("Cuda", "Hip").replace("cuda", "hip")


def identifiers(text):
    return {m.group("identifier") for m in CXX_TOKEN.finditer(text) if m.group("identifier")}


def c10_names(include):
    """Identifiers c10's headers outside c10/cuda spell (DeviceType::CUDA and ::HIP, ...)."""
    names = set()
    for folder, dirs, files in os.walk(os.path.join(include, "c10")):
        rel = os.path.relpath(folder, include).replace(os.sep, "/").split("/")
        if len(rel) > 1 and rel[1] in ("cuda", "hip"):
            dirs[:] = []
            continue
        for name in files:
            if name.endswith(HEADER_SUFFIXES):
                with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                    names |= identifiers(f.read())
    return names


DECLARED = re.compile(r"\b(?:class|struct|union|enum|namespace|using|typedef)\s+"
                      r"(?:[A-Z0-9_]+\s+)*([A-Za-z_]\w*)|^[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)


def aten_declared(include, places):
    """The names ATen's CUDA headers declare themselves (class, struct, ..., #define)."""
    names = set()
    for header in places:
        if header.startswith("ATen/"):
            with open(os.path.join(include, header), encoding="utf-8", errors="replace") as f:
                # Comments and literals blanked: only code declares.
                code = CXX_TOKEN.sub(lambda m: m.group(0) if m.group("identifier") or
                                     m.group(0).lstrip().startswith("#") else " ", f.read())
            for m in DECLARED.finditer(code):
                names.add(m.group(1) or m.group(2))
    return names


def rename_c10(text, c10_core):
    """c10 as the masquerading releases build it for ROCm: CUDA -> HIP in every identifier.

    Comments, literals and #include lines are kept. A name the rest of c10 spells with CUDA and
    has no HIP twin of (CUDA_KERNEL_ASSERT, of c10/macros) keeps its spelling, and so does a
    name made from one (c10/cuda's CUDA_KERNEL_ASSERT2), as in PyTorch's ROCm build; one with
    a twin is renamed (kCUDA -> kHIP, is_cuda -> is_hip, DeviceType::CUDA -> DeviceType::HIP)."""
    kept = tuple(sorted(n for n in c10_core
                        if hip_spelling(n) != n and hip_spelling(n) not in c10_core))

    def rename(m):
        name = m.group("identifier")
        if not name or name.startswith(kept):
            return m.group(0)
        return hip_spelling(name)
    return CXX_TOKEN.sub(rename, text)


def link_aten_to_c10(text, masquerading_names, aten_names):
    """ATen's own headers as the masquerading releases build them for ROCm, against their c10.

    - ATen's namespace stays at::cuda (c10/macros/Macros.h makes c10::hip visible in it:
      `namespace at::cuda { using namespace c10::hip; }`): the at::hip that hipify-clang's
      masquerading naming writes for an extension's at::cuda is at::cuda again here, where a
      `namespace at::hip` would declare a namespace hiding c10::hip from the extension's at::hip.
    - A name of c10's CUDA API that ATen writes bare, inside at::cuda (CUDAGuard, CUDAStream,
      getCurrentCUDAStream), which the token engine cannot resolve, gets the masquerading name
      the torch table gives it, unless ATen declares that name itself.
    - What follows hip:: is c10's, which those releases spell with HIP (rename_c10):
      c10::hip::CUDACachingAllocator is c10::hip::HIPCachingAllocator."""
    out, last, previous_end, previous_name = [], 0, 0, None
    for m in CXX_TOKEN.finditer(text):
        name = m.group("identifier")
        # What lies between this token and the one before it: `::`, `.`, `->`, nothing.
        separator = text[previous_end:m.start()]
        qualifier = previous_name if re.fullmatch(r"\s*::\s*", separator) else None
        member = re.search(r"(::|\.|->)\s*$", separator) is not None
        previous_end, previous_name = m.end(), name
        if not name:
            continue
        replacement = name
        if qualifier == "at" and name == "hip":
            replacement = "cuda"
        elif qualifier == "hip" and not name.endswith("MasqueradingAsCUDA"):
            replacement = masquerading_names.get(name, hip_spelling(name))
        elif not member and name in masquerading_names and name not in aten_names:
            replacement = masquerading_names[name]
        if replacement != name:
            out.append(text[last:m.start()] + replacement)
            last = m.end()
            previous_name = replacement
    return "".join(out) + text[last:]


# The lines CUDAConfig.h.in has configure sets: `#define AT_X_ENABLED() @AT_X_ENABLED@`,
# `#define NVCC_FLAGS_EXTRA "@NVCC_FLAGS_EXTRA@"`.
CONFIGURED = re.compile(r'^(#define[ \t]+)([A-Z0-9_]+)(\(\)[ \t]+\S+|[ \t]+"[^"\n]*")[ \t]*$', re.M)
# The comment scripts/fetch-torch.sh writes into the CUDA configuration it makes for 2.14.
FETCH_NOTE = re.compile(r"^// [^\n]*scripts/fetch-torch\.sh[^\n]*\n(?://[^\n]*\n)*", re.M)


def configure_rocm(text, path):
    """HIPConfig.h as a ROCm build configures it: each configured macro's ROCm value."""
    def value(m):
        name = m.group(2)
        if name not in ROCM_CONFIG:
            die("%s configures %s, which ROCM_CONFIG in %s has no ROCm value for" %
                (path, name, os.path.basename(__file__)))
        return m.group(1) + name + ("() " if m.group(3).startswith("(") else " ") + \
            ROCM_CONFIG[name]
    return CONFIGURED.sub(value, text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--torch-include", required=True,
                        help="a PyTorch release's include folder (with ATen/cuda, c10/cuda)")
    parser.add_argument("--out", required=True, help="the overlay folder to (re)make")
    parser.add_argument("--hipify", default=os.path.join(ROOT, "build", "stage", "bin",
                                                         "hipify-clang"),
                        help="hipkit's hipify-clang (default: this checkout's staged one)")
    parser.add_argument("--table", default=os.path.join(ROOT, "hipify-clang", "tables",
                                                        "torch.tsv"),
                        help="hipify-clang's torch table, for the HIP path of each header")
    parser.add_argument("--rocm-path",
                        help="the ROCm installation the translation targets (its HIP version)")
    parser.add_argument("--torch-naming", choices=["auto", "current", "masquerading"],
                        default="auto", help="as hipify-clang's (default: from the release)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print hipify-clang's warnings and what goes where")
    args = parser.parse_args()

    include = os.path.abspath(args.torch_include)
    if not (os.path.isfile(os.path.join(include, "ATen", "ATen.h")) and
            os.path.isfile(os.path.join(include, "c10", "macros", "Macros.h"))):
        die("%s is not a PyTorch include folder (no ATen/ATen.h, c10/macros/Macros.h)" % include)
    if not os.access(args.hipify, os.X_OK):
        die("no hipify-clang at %s (build hipkit, or pass --hipify)" % args.hipify)
    out = os.path.abspath(args.out)
    if os.path.realpath(out).startswith(os.path.realpath(include) + os.sep):
        die("the overlay %s must lie outside the PyTorch include folder" % out)
    if os.path.exists(out) and os.listdir(out) and \
            not os.path.exists(os.path.join(out, MARKER)):
        die("%s is not empty and was not made by %s; choose another --out" % (out, TOOL))

    rows, masquerading_names = read_torch_table(args.table)
    rocm_args = ["--rocm-path=" + args.rocm_path] if args.rocm_path else []
    naming = args.torch_naming
    if naming == "auto":
        naming = release_naming(args.hipify, include, rocm_args)

    headers = cuda_headers(include)
    unknown = [h for h in headers if h not in rows]
    if unknown:
        die("the torch table has no header row for %s%s; re-derive it for this release" %
            (unknown[0], " (and %d more)" % (len(unknown) - 1) if len(unknown) > 1 else ""))
    kept = [h for h in headers if os.path.exists(os.path.join(include, rows[h]))]
    headers = [h for h in headers if h not in kept]
    # Where each header goes: its HIP path, or its own for torch/'s (translated in place).
    places = {h: rows[h] for h in headers}
    places.update((h, h) for h in in_place_headers(include, headers))
    # The masquerading releases' c10 is HIP's own library (rename_c10): its headers are
    # translated in the naming that leaves c10::cuda for the renaming to finish.
    renamed = [h for h in places if naming == "masquerading" and h.startswith("c10/")]
    groups = [(naming, [h for h in places if h not in renamed]), ("current", renamed)]

    parent = os.path.dirname(out) or "."
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".%s-" % os.path.basename(out), dir=parent)
    try:
        translated = os.path.join(staging, "translated")
        tree = os.path.join(staging, "tree")
        for group_naming, group in groups:
            if group:
                run_hipify(args.hipify, ["--cuda-path=" + os.path.join(staging, "no-cuda"),
                                         "--torch-naming=" + group_naming, "--o-dir",
                                         os.path.join(translated, group_naming)] + rocm_args +
                           [os.path.join(include, h) for h in group], args.verbose)
        c10_core = c10_names(include) if naming == "masquerading" else set()
        aten_names = aten_declared(include, places) if naming == "masquerading" else set()
        for group_naming, group in groups:
            for header in group:
                # --o-dir mirrors each source's folder relative to the one all share.
                shared = os.path.commonpath([os.path.dirname(h) for h in group])
                with open(os.path.join(translated, group_naming,
                                       os.path.relpath(header, shared) + ".hip"),
                          encoding="utf-8", errors="surrogateescape") as f:
                    text = f.read()
                if group_naming != naming:
                    text = rename_c10(text, c10_core)
                elif naming == "masquerading":
                    text = link_aten_to_c10(text, masquerading_names, aten_names)
                generated = header in (CONFIG_HEADER, CMAKE_MACROS_HEADER)
                if generated:
                    text = FETCH_NOTE.sub("", text)
                if header == CONFIG_HEADER:
                    text = configure_rocm(text, header)
                note = "generated" if generated else "translated"
                text = ("// %s by hipkit's scripts/make-torch-hip-headers.py from %s as a "
                        "ROCm build of PyTorch makes it (%s naming)\n" %
                        (note.capitalize(), header, naming)) + text
                target = os.path.join(tree, places[header])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(text)
                if args.verbose:
                    print("%s -> %s" % (header, places[header]))
        with open(os.path.join(tree, MARKER), "w") as f:
            f.write("torch-include\t%s\nnaming\t%s\n" % (include, naming))
            for header in sorted(places):
                f.write("header\t%s\t%s\n" % (header, places[header]))
            for header in kept:
                f.write("kept\t%s\t%s\n" % (header, rows[header]))
        if os.path.exists(out):
            shutil.rmtree(out)
        os.rename(tree, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    print("%s: %d headers of %s translated into %s (%s naming)%s" %
          (TOOL, len(places), include, out, naming,
           "; kept the release's own %s" % ", ".join(rows[h] for h in kept) if kept else ""))


if __name__ == "__main__":
    main()
