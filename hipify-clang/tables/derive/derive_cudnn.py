#!/usr/bin/env python3
"""Derive cudnn.tsv from the CUDA 13 (cuDNN 9) and ROCm 6.4 (MIOpen) headers.

    derive_cudnn.py --cuda /usr/local/cuda/include --rocm build/rocm-6.4/include --out .

Every function, type, enum, enumerator and macro that cuDNN 9's headers declare gets a
row: cudnn.h and the split headers it includes (cudnn_version.h, cudnn_graph.h,
cudnn_ops.h, cudnn_cnn.h, cudnn_adv.h) and cudnn_backend.h; the `*_v9.h` copies of each
get header rows only (their names are the same). Names with a leading underscore are
the headers' own.

MIOpen (miopen/miopen.h) is the cuDNN counterpart ROCm ships, so hip_name and roc_name
are both MIOpen names (default output and --roc alike). A name is accepted only if
miopen.h declares it outside its `#ifdef MIOPEN_BETA_API` blocks (which need a define
before the include and may change in any release):
  functions: cudnnX -> miopenX when MIOpen's parameters have the same types, in the
      same order, once cuDNN's types are mapped (cudnnConvolutionForward has a miopen
      namesake whose workspace comes last: no row from the transform, a rewrite instead);
  types: cudnnX -> miopenX;
  enumerators: CUDNN_X -> MIOPEN_X, else the enumerator of the MIOpen counterpart enum
      whose distinguishing suffix is the same word (CUDNN_DATA_FLOAT -> miopenFloat,
      CUDNN_ACTIVATION_RELU -> miopenActivationRELU, CUDNN_STATUS_NOT_INITIALIZED ->
      miopenStatusNotInitialized: case and underscores aside);
  macros: CUDNN_X -> MIOPEN_X;
plus overrides-cudnn.tsv for the renames no rule finds (cudnnFilterDescriptor_t ->
miopenTensorDescriptor_t: MIOpen's filters are tensors) and rewrites-cudnn.tsv for the
`rewrite` column: calls whose arguments differ (RewriteRules.def's `arguments` and
`when`), members named differently (`members`), and the reason a name is left (`why`). Every identifier a rewrite writes is
checked against miopen.h too.
The cuDNN graph (backend) API, everything cudnn_graph.h declares from
cudnnBackendDescriptor_t on, has its counterpart in MIOpen's graph API, which miopen.h
declares only under MIOPEN_BETA_API: its rows are `experimental` (translated with
--experimental, whose output defines MIOPEN_BETA_API before miopen.h: the header rows'
`define` rule), paired by meaning, never by a namesake alone:
  enums: cudnnX -> miopenX when MIOpen's enum has the namesake (CUDNN_Y -> MIOPEN_Y) of
      one of cuDNN's enumerators (miopenPaddingMode_t, the convolution's padding, has none
      of cudnnPaddingMode_t's);
  enumerators: CUDNN_Y -> MIOPEN_Y of the counterpart enum; where MIOpen gives every
      enumerator of it a value (miopenBackendAttributeName_t: cuDNN's values), the values
      must agree, else the enumerator is left with the reason;
  types: cudnnX -> miopenX; functions: as above, over the beta declarations;
the rest is unsupported and its reason names what MIOpen's graph API lacks.
Version macros and header guards get no name (MIOpen's version counts differently).
hip_added is "6.4": the one MIOpen header set read (Debian sid's ROCm 6.4).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
import tsv  # noqa: E402
from libraryrows import ROCM_VERSION, main as derivation_main  # noqa: E402
from tsv import die  # noqa: E402
from clibrary import is_version_or_guard, parameter_lists  # noqa: E402

API = "cudnn"
TARGET = "miopen/miopen.h"
# The headers whose names are read, in cudnn.h's include order.
CUDA_HEADERS = ["cudnn.h", "cudnn_version.h", "cudnn_graph.h", "cudnn_ops.h",
                "cudnn_adv.h", "cudnn_cnn.h", "cudnn_backend.h"]
# cuDNN 9 ships each header again as <name>_v9.h, with the same declarations.
HEADER_ROWS = CUDA_HEADERS + [h[:-2] + "_v9.h" for h in CUDA_HEADERS]
GRAPH_HEADER = "cudnn_graph.h"
GRAPH_START = "typedef void *cudnnBackendDescriptor_t;"
# Where MIOpen's beta graph API lacks a graph name: the reason names what is missing.
GRAPH_REASON = ("why:part of the cuDNN graph (backend) API; MIOpen's graph API "
                "(miopenBackend*, under MIOPEN_BETA_API) has no %s; port this code by hand")
# With --experimental (the graph API's rows), the translated include of miopen.h is preceded
# by a definition of MIOPEN_BETA_API (rule `define`, RewriteRules.def), with a note.
BETA_DEFINE = ("define:experimental:MIOPEN_BETA_API:MIOpen declares its graph API "
               "(miopenBackend*), a beta API that may change in any release, only under it")
API_MARKERS = ["CUDNNWINAPI"]
DEPRECATION_RE = re.compile(r"\bCUDNN_DEPRECATED(?:_ENUM)?\b")
# CUDA runtime types in cuDNN's signatures, as miopen.h spells their HIP counterparts.
RUNTIME_TYPES = {"cudaStream_t": "miopenAcceleratorQueue_t"}
LITERAL_WORDS = {"false", "true", "nullptr", "const", "double", "float", "static_cast"}


def normalized(word):
    return word.replace("_", "").lower()


def common_prefix(names, boundary):
    prefix = os.path.commonprefix(names) if len(names) > 1 else ""
    return prefix[:prefix.rfind(boundary) + 1] if boundary and boundary in prefix else prefix


def rewrite_words(rewrite):
    """The cuDNN names an `arguments`/`when` rewrite tests, and the texts it writes."""
    rule, _, argument = rewrite.partition(":")
    cases = argument.split(";") if rule == "when" else [">" + argument]
    tested, written = [], []
    for case in cases:
        conditions, _, arrangement = case.partition(">")
        for condition in filter(None, conditions.split("&")):
            tested += condition.partition("=")[2].split("|")
        written += [item[1:] for item in arrangement.split(",") if item.startswith("=")]
    return tested, written


def read_rewrites(path):
    """{cuda_name: rewrite} from rewrites-cudnn.tsv."""
    return {row["cuda_name"]: row["rewrite"] for row in tsv.read(path, ["cuda_name", "rewrite"])}


def without_beta_api(text):
    """miopen.h without its `#ifdef MIOPEN_BETA_API` blocks: what they declare (the
    graph API among them) exists only for code that defines MIOPEN_BETA_API first, and
    may change in any release."""
    kept, depth = [], 0
    for line in text.split("\n"):
        directive = re.match(r"[ \t]*#[ \t]*(\w+)", line)
        word = directive.group(1) if directive else ""
        if depth:
            depth += word in ("if", "ifdef", "ifndef")
            depth -= word == "endif"
            continue
        if word == "ifdef" and re.search(r"\bMIOPEN_BETA_API\b", line):
            depth = 1
            continue
        kept.append(line)
    return "\n".join(kept)


class MIOpen:
    def __init__(self, rocm):
        path = os.path.join(rocm, TARGET)
        full = cheaders.read_header(path)
        self.text = without_beta_api(full)
        self.ids = set(cheaders.IDENT_RE.findall(self.text))
        self.params = parameter_lists(self.text)
        self.enums = {}
        for e in cheaders.enums(self.text):
            for name in e.names():
                self.enums[name] = e.enumerators
        # With the MIOPEN_BETA_API blocks: the graph API's counterparts.
        self.beta_ids = set(cheaders.IDENT_RE.findall(full))
        self.beta_params = parameter_lists(full)
        self.beta_enums = {n: e for e in cheaders.enums(full) for n in e.names()}

    def name(self, name):
        return name if name in self.ids else ""

    def beta_name(self, name):
        return name if name in self.beta_ids else ""

    def graph_enum(self, cuda_enum):
        """The MIOpen enum that means what cuda_enum (a graph API enum) means: its
        namesake, holding the namesake of one of cuda_enum's enumerators."""
        hip = "miopen" + cuda_enum.names()[-1][len("cudnn"):]
        enumerators = self.beta_enums[hip].enumerators if hip in self.beta_enums else []
        return hip if any(graph_enumerator(n) in enumerators
                          for n in cuda_enum.enumerators) else ""


def graph_enumerator(name):
    return "MIOPEN_" + name[len("CUDNN_"):] if name.startswith("CUDNN_") else ""


def parameter_types(params, type_map=None):
    """The types of a parameter list, names and `const` dropped, cuDNN types mapped."""
    types = []
    for p in params:
        p = re.sub(r"\[[^\]]*\]", "*", p)
        tokens = re.findall(r"[A-Za-z_]\w*|\*", p)
        tokens = [t for t in tokens if t not in ("const", "struct", "enum")]
        if len(tokens) > 1 and tokens[-1] != "*":
            tokens = tokens[:-1]  # the parameter's name
        if type_map is not None:
            tokens = [type_map.get(t, RUNTIME_TYPES.get(t, t)) for t in tokens]
        types.append(" ".join(tokens))
    return types


class CudnnRows:
    """The rows of cudnn.tsv, added in the headers' order: types first (functions are
    matched by their mapped parameter types), then enumerators, functions and macros."""

    def __init__(self, miopen, overrides, rewrites):
        self.miopen = miopen
        self.overrides = overrides
        self.rewrites = rewrites
        self.rows = {}
        # What the cuDNN graph (backend) API declares: its rows are experimental.
        self.graph_names = set()
        # cuDNN type -> MIOpen type, for comparing parameter lists.
        self.type_map = {}
        self.cuda_params = {}

    def check(self, name, what):
        if name and not self.miopen.name(name):
            die("%s: %s '%s' is not declared by %s" % (what[0], what[1], name, TARGET))

    def override(self, name):
        return self.overrides.get(name, {}).get("hip_name", "")

    def add(self, name, kind, hip="", lacks=""):
        """lacks: for a graph API name, what MIOpen's graph API lacks where hip is
        empty (the graph API's names are never matched by the transforms above:
        MIOpen's namesakes, such as miopenPaddingMode_t, may mean something else)."""
        if name.startswith("_") or name in self.rows:
            return
        override = self.override(name)
        self.check(override, ("overrides-cudnn.tsv", "hip_name"))
        graph = name in self.graph_names
        hip = override or hip
        rewrite = self.rewrites.get(name, "")
        if rewrite.startswith("why:"):
            if override:
                die("rewrites-cudnn.tsv: '%s' has a reason to be left (why:) and an "
                    "override" % name)
            hip = ""  # A reason to leave the name: no transform's name either.
        if not hip and not rewrite and graph:
            rewrite = GRAPH_REASON % (lacks or "counterpart of it")
        self.rows[name] = {
            "cuda_name": name, "kind": kind, "api": API, "hip_name": hip, "roc_name": hip,
            "status": ("experimental" if graph else "supported") if hip else "unsupported",
            "cuda_added": "", "cuda_deprecated": "", "cuda_removed": "",
            "hip_added": ROCM_VERSION if hip else "", "fallback": "", "rewrite": rewrite}

    def add_headers(self, rocm):
        for header in HEADER_ROWS:
            self.add(header, "header",
                     TARGET if os.path.exists(os.path.join(rocm, TARGET)) else "")
            self.rows[header]["rewrite"] = BETA_DEFINE if self.rows[header]["hip_name"] else ""

    def find_graph_names(self, graph):
        """The names that graph, the text of cudnn_graph.h, declares from GRAPH_START on."""
        if GRAPH_START not in graph:
            return
        graph_part = graph[graph.index(GRAPH_START):]
        self.graph_names = set(cheaders.IDENT_RE.findall(graph_part))
        # Only what the graph part declares, not the types it uses (cudnnStatus_t).
        self.graph_names -= set(cheaders.IDENT_RE.findall(graph[:graph.index(GRAPH_START)]))

    def add_types(self, text):
        """The enums and types of a header's text; returns its enums, each with its
        MIOpen counterpart's name."""
        enum_pairs = []
        for e in cheaders.enums(text):
            hip_type = ""
            for type_name in e.names():
                if type_name in self.graph_names:
                    hip_type = self.miopen.graph_enum(e)
                else:
                    hip_type = self.override(type_name) or \
                        self.miopen.name("miopen" + type_name[len("cudnn"):])
                self.type_map[type_name] = hip_type
                self.add(type_name, "enum", hip_type, "enum with the enumerators of this one")
            enum_pairs.append((e, self.rows[e.names()[-1]]["hip_name"] if e.names() else ""))
        for type_name in sorted(cheaders.typedef_names(text) | cheaders.struct_names(text)):
            if type_name.startswith("cudnn"):
                hip = "miopen" + type_name[len("cudnn"):]
                hip_type = self.override(type_name) or \
                    (self.miopen.beta_name(hip) if type_name in self.graph_names
                     else self.miopen.name(hip))
                self.type_map.setdefault(type_name, hip_type)
            self.add(type_name, "type", self.type_map.get(type_name, ""),
                     "miopen" + type_name[len("cudnn"):])
        return enum_pairs

    def add_graph_enumerators(self, e, hip_enum):
        hip_e = self.miopen.beta_enums.get(hip_enum)
        # An enum whose every enumerator MIOpen numbers is meant to take cuDNN's values.
        numbered = hip_e is not None and set(hip_e.enumerators) <= hip_e.explicit
        for enumerator in e.enumerators:
            hip = graph_enumerator(enumerator)
            if not hip_e:
                self.add(enumerator, "enumerator", "", "counterpart of %s" % e.names()[-1])
            elif hip not in hip_e.enumerators:
                self.add(enumerator, "enumerator", "", "%s in %s" % (hip, hip_enum))
            elif numbered and hip_e.values[hip] != e.values.get(enumerator):
                self.add(enumerator, "enumerator", "",
                         "%s with cuDNN's value %s (it is %s, where %s otherwise has cuDNN's "
                         "values)" % (hip, e.values.get(enumerator), hip_e.values[hip],
                                      hip_enum))
            else:
                self.add(enumerator, "enumerator", hip)

    def add_enumerators(self, e, hip_enum):
        if e.names() and e.names()[-1] in self.graph_names:
            self.add_graph_enumerators(e, hip_enum)
            return
        cuda_prefix = common_prefix(e.enumerators, "_")
        hip_enumerators = self.miopen.enums.get(hip_enum, [])
        hip_prefix = normalized(common_prefix(hip_enumerators, ""))
        by_suffix = {normalized(n)[len(hip_prefix):]: n for n in hip_enumerators}
        for enumerator in e.enumerators:
            hip = ""
            if enumerator.startswith("CUDNN_"):
                hip = self.miopen.name("MIOPEN_" + enumerator[len("CUDNN_"):])
            suffix = normalized(enumerator[len(cuda_prefix):])
            if not hip and suffix and len(e.enumerators) > 1:
                hip = by_suffix.get(suffix, "")
            self.add(enumerator, "enumerator", hip)

    def same_parameters(self, name, hip):
        params = self.miopen.beta_params if name in self.graph_names else self.miopen.params
        return hip in params and parameter_types(self.cuda_params[name], self.type_map) == \
            parameter_types(params[hip])

    def add_functions(self, text):
        for name in sorted(cheaders.functions(text, API_MARKERS)):
            hip = "miopen" + name[len("cudnn"):] if name.startswith("cudnn") else ""
            lacks = ("%s with these parameters" if hip in self.miopen.beta_params
                     else "%s") % hip
            self.add(name, "function", hip if hip and self.same_parameters(name, hip) else "",
                     lacks)
            # A renamed function whose arguments no rewrite changes must take the
            # same ones.
            row = self.rows[name]
            if name in self.overrides and not row["rewrite"] and \
                    not self.same_parameters(name, row["hip_name"]):
                die("overrides-cudnn.tsv: '%s' takes other parameters than '%s'; give it "
                    "a rewrite in rewrites-cudnn.tsv" % (row["hip_name"], name))

    def add_macros(self, full_text):
        for name, (_, body) in sorted(cheaders.macros(full_text).items()):
            hip = ""
            if name.startswith("CUDNN_") and not is_version_or_guard(name) and \
                    not name.startswith("CUDNN_DEPRECATED"):
                hip = self.miopen.name("MIOPEN_" + name[len("CUDNN_"):])
            self.add(name, "macro", hip)

    def check_rewrites(self):
        """Every rewrite names a cuDNN name, and writes MIOpen's names only."""
        unknown = set(self.rewrites) - set(self.rows)
        if unknown:
            die("rewrites-cudnn.tsv names what the CUDA headers do not declare: %s"
                % ", ".join(sorted(unknown)))
        for name, row in self.rows.items():
            rewrite = row["rewrite"]
            if rewrite.startswith("members:"):
                for pair in rewrite[len("members:"):].split(","):
                    self.check(pair.partition("=")[2],
                               ("rewrites-cudnn.tsv", "member of '%s'" % name))
            if rewrite.startswith(("arguments:", "when:")):
                self.check_argument_rewrite(name, row)

    def check_argument_rewrite(self, name, row):
        rewrite = row["rewrite"]
        if not row["hip_name"]:
            die("rewrites-cudnn.tsv: '%s' rewrites the arguments of '%s', which has no "
                "MIOpen name" % (rewrite, name))
        tested, written = rewrite_words(rewrite)
        for word in tested:
            if word not in self.rows:
                die("rewrites-cudnn.tsv: '%s' tests '%s', which cuDNN does not declare"
                    % (name, word))
        # What the rewrite writes: MIOpen's names, C++ words and numbers.
        for literal in written:
            for word in cheaders.IDENT_RE.findall(literal):
                if word not in LITERAL_WORDS:
                    self.check(word, ("rewrites-cudnn.tsv", "'%s' writes" % name))


def derive(cuda, rocm, overrides, rewrites_path):
    derivation = CudnnRows(MIOpen(rocm), overrides, read_rewrites(rewrites_path))
    derivation.add_headers(rocm)
    full = {h: cheaders.read_header(os.path.join(cuda, h)) for h in CUDA_HEADERS}
    text = {h: DEPRECATION_RE.sub(" ", cheaders.toplevel(full[h])) for h in CUDA_HEADERS}
    derivation.find_graph_names(text[GRAPH_HEADER])
    # Types first: functions are matched by their mapped parameter types.
    enum_pairs = []
    for h in CUDA_HEADERS:
        enum_pairs += derivation.add_types(text[h])
    for e, hip_enum in enum_pairs:
        derivation.add_enumerators(e, hip_enum)
    for h in CUDA_HEADERS:
        for name, params in parameter_lists(text[h]).items():
            derivation.cuda_params.setdefault(name, params)
    for h in CUDA_HEADERS:
        derivation.add_functions(text[h])
        derivation.add_macros(full[h])
    derivation.check_rewrites()
    return derivation.rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    argv = sys.argv[1:]
    rewrites = os.path.join(here, "rewrites-cudnn.tsv")
    if "--rewrites" in argv:
        i = argv.index("--rewrites")
        rewrites = argv[i + 1]
        del argv[i:i + 2]
    return derivation_main(argv, __doc__.split("\n")[0],
                           lambda c, r, o: {API: derive(c, r, o, rewrites)},
                           "overrides-%s.tsv" % API)


if __name__ == "__main__":
    sys.exit(main())
