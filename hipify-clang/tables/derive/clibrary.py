"""What the C libraries' derivations share: the ROCm library a rule's name is checked
against (RocmLibrary), the table being built (Rows: one row per CUDA name, overrides checked),
the readers of declarations they all use, and the one generic derivation (CLibrary) of a
library whose names follow from its headers by a spelling rule (cuFFT, cuBLASLt, NCCL).

A library script keeps only what is its own: its spelling rules, its header targets and the
exceptions of its API; its identity (API, ROCm libraries, packages) is the registry's
(libraries.tsv, registry.py).
"""

import functools
import os
import re

import cheaders
import libraryrows
import registry
from libraryrows import ROCM_VERSION
from tsv import die


def parameter_lists(text):
    """{function name: [parameter text, ...]} for every `name(...)` declaration."""
    text = re.sub(r"^[ \t]*#[^\n]*", "", text, flags=re.M)
    result = {}
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        inner = text[m.end():i - 1]
        params, depth, start = [], 0, 0
        for j, ch in enumerate(inner):
            depth += {"(": 1, ")": -1, "<": 1, ">": -1}.get(ch, 0)
            if ch == "," and depth == 0:
                params.append(inner[start:j].strip())
                start = j + 1
        params.append(inner[start:].strip())
        if params == [""] or params == ["void"]:
            params = []
        result.setdefault(m.group(1), params)
    return result


def arities(text):
    """{function name: {parameter count of each declaration}}: device functions are
    overloaded (curand_init for XORWOW, Sobol, ...) and hipRAND's are templates."""
    text = re.sub(r"^[ \t]*#[^\n]*", "", text, flags=re.M)
    result = {}
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", text):
        depth, i, count, empty = 1, m.end(), 1, True
        while i < len(text) and depth:
            ch = text[i]
            if ch in "(<":
                depth += 1
            elif ch in ")>":
                depth -= 1
            elif ch == "," and depth == 1:
                count += 1
            if depth and not ch.isspace():
                empty = False
            i += 1
        inner = text[m.end():i - 1].strip()
        result.setdefault(m.group(1), set()).add(0 if empty or inner == "void" else count)
    return result


def snake(name):
    """SgemmStridedBatched -> sgemm_strided_batched; Isamax -> isamax."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def is_version_or_guard(name):
    """A version macro or header guard: the ROCm library's numbers count differently, so
    `#if CURAND_VERSION >= ...` must not silently test another library's number."""
    return bool(re.search(r"_VER_[A-Z]+$|_VERSION$|_H_?$", name))


class RocmLibrary:
    """The names one ROCm library's headers declare (with the token-pasted ones when
    pasted), and its functions' parameters, read when first asked for."""

    def __init__(self, paths, pasted=True):
        self.texts = [cheaders.read_header(p) for p in paths]
        self.ids = cheaders.identifiers(paths)
        if pasted:
            for text in self.texts:
                self.ids |= cheaders.pasted_identifiers(text)

    @functools.cached_property
    def params(self):
        """{function: its first declaration's parameters} (parameter_lists)."""
        return parameter_lists("\n".join(self.texts))

    @functools.cached_property
    def arities(self):
        result = {}
        for text in self.texts:
            for name, counts in arities(text).items():
                result.setdefault(name, set()).update(counts)
        return result

    def name(self, name):
        return name if name in self.ids else ""

    def function(self, name, cuda_arities):
        """name when declared with every parameter count of cuda_arities (a set: some
        declaration of each), else ""."""
        return name if name in self.ids and cuda_arities <= self.arities.get(name, set()) \
            else ""

    def function_of(self, name, count):
        """name when its first declaration has count parameters, else ""."""
        params = self.params.get(name)
        return name if name in self.ids and params is not None and len(params) == count \
            else ""


def rocm_library(rocm, *folders, pasted=True):
    """The RocmLibrary of every header under rocm/<folder>."""
    return RocmLibrary([p for f in folders for p in cheaders.header_files(os.path.join(rocm, f))],
                       pasted)


def library(api):
    """The registry row of the library that owns api."""
    for lib in registry.read():
        if api in lib.apis:
            return lib
    die("no library of the registry (libraries.tsv) owns the API '%s'" % api)


class Rows(dict):
    """The rows of one table by CUDA name, as a derivation adds them; the first add of a name
    wins. An override (overrides-<api>.tsv) replaces the name a rule found; it must be
    declared by one of the ROCm libraries of its column (hip, roc). roc_name follows the
    registry: none where the library has no ROCm library (cuFFT), the hip_name where the
    ROCm library is the HIP one (hipBLASLt, RCCL, roctx), else the rule's, kept only with a
    hip_name (a name the HIP library lacks is reported with or without --roc) unless
    roc_without_hip."""

    def __init__(self, api, overrides, hip, roc=(), skip=None, roc_without_hip=False,
                 overrides_name=None):
        super().__init__()
        lib = library(api)
        self.api, self.overrides, self.hip, self.roc = api, overrides, hip, roc
        self.roc_policy = ("none" if not lib.roc_library else
                           "hip" if lib.roc_library == lib.hip_library else "own")
        self.skip = skip or (lambda name: name.startswith("_"))
        self.roc_without_hip = roc_without_hip
        self.overrides_name = overrides_name or "overrides-%s.tsv" % api

    def override(self, cuda_name, column, libraries):
        name = self.overrides.get(cuda_name, {}).get(column, "")
        if name and not any(lib.name(name) for lib in libraries):
            die("%s: %s '%s' for '%s' is not declared by the ROCm headers"
                % (self.overrides_name, column, name, cuda_name))
        return name

    def add(self, name, kind, hip="", roc="", removed=""):
        if self.skip(name) or name in self:
            return
        hip = self.override(name, "hip_name", self.hip) or hip
        if self.roc_policy == "none":
            roc = ""
        elif self.roc_policy == "hip":
            roc = hip
        elif hip or self.roc_without_hip:
            roc = self.override(name, "roc_name", self.roc) or roc
        else:
            roc = ""
        self[name] = {
            "cuda_name": name, "kind": kind, "api": self.api, "hip_name": hip, "roc_name": roc,
            "status": "supported" if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": removed,
            "hip_added": ROCM_VERSION if hip else ""}

    def add_headers(self, rocm, targets):
        """A header row for each CUDA header: its target (hip or (hip, roc)) where ROCm has
        that file."""
        for header, target in targets.items():
            paths = target if isinstance(target, tuple) else (target,)
            self.add(header, "header",
                     *[t if t and os.path.exists(os.path.join(rocm, t)) else "" for t in paths])


def add_declarations(rows, text, markers, targets, full=None, types=None, variables=False):
    """Adds to rows a row for each name text declares, in this order: its functions (on
    statements mentioning one of markers), enums with their enumerators, types (types, else
    its typedefs and structs), variables (with variables) and the macros of full (none
    without full), each sorted. targets(name, kind) gives the names of the row (what
    Rows.add takes after the kind: hip, or hip and roc); an enum is named as a type."""
    for name in sorted(cheaders.functions(text, markers)):
        rows.add(name, "function", *targets(name, "function"))
    for e in cheaders.enums(text):
        for type_name in e.names():
            rows.add(type_name, "enum", *targets(type_name, "type"))
        for enumerator in e.enumerators:
            rows.add(enumerator, "enumerator", *targets(enumerator, "enumerator"))
    if types is None:
        types = cheaders.typedef_names(text) | cheaders.struct_names(text)
    for type_name in sorted(types):
        rows.add(type_name, "type", *targets(type_name, "type"))
    for name in sorted(cheaders.variables(text)) if variables else ():
        rows.add(name, "variable", *targets(name, "variable"))
    for name in sorted(cheaders.macros(full)) if full is not None else ():
        rows.add(name, "macro", *targets(name, "macro"))


class CLibrary:
    """A C library whose every name follows from its headers: each function, enum,
    enumerator, type and macro of its CUDA headers (the registry's header targets) gets a
    row, named by candidate (CUDA name -> the ROCm spelling to look for, or None; default:
    the same name) where the ROCm library (rocm_folders) declares it, functions with as many
    parameters. Version macros and header guards get no name unless map_versions."""

    def __init__(self, api, rocm_folders, markers, candidate=None, skip=None,
                 map_versions=False):
        self.header_targets = registry.header_targets(library(api).library)
        self.api, self.rocm_folders = api, rocm_folders
        self.markers, self.skip, self.map_versions = markers, skip, map_versions
        self.candidate = candidate or (lambda name: name)

    def derive(self, cuda, rocm, overrides):
        ours = rocm_library(rocm, *self.rocm_folders)
        skip = self.skip and functools.partial(self.skip, overrides)
        rows = Rows(self.api, overrides, [ours], [ours], skip=skip)
        rows.add_headers(rocm, self.header_targets)
        for header in self.header_targets:
            full = cheaders.read_header(os.path.join(cuda, header))
            text = cheaders.toplevel(full)
            counts = arities(text)

            def name_of(name, kind):
                hip = self.candidate(name)
                if hip is None or (kind == "macro" and not self.map_versions and
                                   is_version_or_guard(name)):
                    return ("",)
                return (ours.function(hip, counts[name]) if kind == "function"
                        else ours.name(hip),)

            add_declarations(rows, text, self.markers, name_of, full)
        return rows

    def main(self, argv, doc):
        """The command line of the library's script (libraryrows.main)."""
        return libraryrows.main(argv, doc.split("\n")[0], lambda *a: {self.api: self.derive(*a)},
                    "overrides-%s.tsv" % self.api)
