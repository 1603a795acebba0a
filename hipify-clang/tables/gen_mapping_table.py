#!/usr/bin/env python3
"""Turn hipify's mapping tables (hipify-clang/tables/*.tsv) into code and docs.

Every row names one CUDA name and what the translator does with it (README.md in
this folder describes the columns). This script validates all rows and writes:

  --inc FILE       the X-macro list MappingTable.cpp includes: one
                   HIPIFY_MAPPING(...) per row, sorted by cuda_name (byte order,
                   the order llvm::StringRef compares in), then one HIPIFY_API(...)
                   per statistics category;
  --docs-dir DIR   one markdown table per API (<api>.md), an index (README.md)
                   and the rewrite rules (rules.md, from RewriteRules.def).

A bad table stops the build with `file:line: error: ...` and writes nothing.
Only the standard library is used, so the build needs nothing but python3.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "derive"))
import registry  # noqa: E402

COLUMNS = ["cuda_name", "kind", "api", "hip_name", "roc_name", "status",
           "cuda_added", "cuda_deprecated", "cuda_removed", "hip_added"]
# Columns a table may add after the ten above (its header line says whether it
# does); rows of tables without them have them empty.
#   fallback: the HIP name written instead of hip_name when the targeted HIP is
#             older than hip_added (__shfl_down for __shfl_down_sync);
#   rewrite:  NAME:ARGUMENT, a rule of the registry RewriteRules.def (below).
OPTIONAL_COLUMNS = ["fallback", "rewrite"]
ALL_COLUMNS = COLUMNS + OPTIONAL_COLUMNS

# The rewrite rules: the X-macro list the C++ engine expands, read here so that
# the tables, the engine and docs/hipify/rules.md name the same rules.
RULES_DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                         "include", "hipkit", "hipify", "Tables",
                         "RewriteRules.def")
RULE_RE = re.compile(r'^HIPIFY_REWRITE_RULE\(\s*(\w+),\s*(\w+),\s*"([^"]*)",\s*"([^"]*)",'
                     r'\s*(true|false),\s*"([^"]*)",\s*((?:"[^"]*"\s*)+)\)', re.M)
# What each part of a rule's syntax matches.
RULE_SYNTAX = {"N": r"[0-9]+", "TYPE": r"[A-Za-z_][A-Za-z0-9_ *:]*", "TEXT": r"\S.*"}
# An argument list (the `arguments` rule): call argument N or `=TEXT`, comma-separated;
# cases (the `when` rule): `N=NAME|NAME&...>LIST`, `;`-separated; a NAME may be 0, the null
# pointer constant.
_PIECE = r"(?:[0-9]+|=[^,;\s][^,;]*)"
_LIST = r"%s(?:,%s)*" % (_PIECE, _PIECE)
_CONDITION = r"[0-9]+=(?:[A-Za-z_]\w*|0)(?:\|(?:[A-Za-z_]\w*|0))*"
_CASE = r"%s(?:&%s)*>%s" % (_CONDITION, _CONDITION, _LIST)
RULE_SYNTAX["LIST"] = _LIST
RULE_SYNTAX["MEMBERS"] = r"[A-Za-z_]\w*=(?:[A-Za-z_]\w*)?(?:,[A-Za-z_]\w*=(?:[A-Za-z_]\w*)?)*"
RULE_SYNTAX["CASES"] = r"%s(?:;%s)*" % (_CASE, _CASE)
# call arities (the `arity` rule): `COUNT=NAME`, `;`-separated.
RULE_SYNTAX["MACRO"] = r"[A-Za-z_]\w*"
RULE_SYNTAX["VERSION"] = r"[0-9]+\.[0-9]+"
RULE_SYNTAX["ARITIES"] = r"[0-9]+=[A-Za-z_]\w*(?:;[0-9]+=[A-Za-z_]\w*)*"
# call forms (the `forms` rule): `COUNT&CONDITIONS>CALLEE(LIST)`, `;`-separated, LIST's
# items also `*N` (the argument dereferenced).
_FORM = r"[0-9]+(?:&%s)*>[^;>]*[A-Za-z_]\w*\((?:\*?[0-9]+|=[^,;()\s][^,;()]*)" \
    r"(?:,(?:\*?[0-9]+|=[^,;()\s][^,;()]*))*\)" % _CONDITION
RULE_SYNTAX["FORMS"] = r"%s(?:;%s)*" % (_FORM, _FORM)
# Overloads (the `hipdefines` rule): parameter lists `TYPE,TYPE@VERSION`, `;`-separated.
# On a vector type: the operators HIP's HIP_vector_type declares, `operator+=(float4,float4)@5.2`.
# An overload CUDA has and HIP lacks, given by a helper: `TYPE,TYPE=>BLOCK:NAME`.
_TYPES = r"[A-Za-z_][A-Za-z0-9_ *&]*(?:,[A-Za-z_][A-Za-z0-9_ *&]*)*"
_OVERLOAD = r"(?:(?:%s|operator[-+*/%%^&|~!<>=]+\(%s\))@[0-9]+\.[0-9]+|%s=>\w+:[A-Za-z_]\w*)" \
    % (_TYPES, _TYPES, _TYPES)
RULE_SYNTAX["OVERLOADS"] = r"%s(?:;%s)*" % (_OVERLOAD, _OVERLOAD)


class RewriteRuleInfo:
    def __init__(self, match):
        self.name, self.cls, self.syntax, self.kind = match.group(1, 2, 3, 4)
        self.needs_fallback = match.group(5) == "true"
        self.test = match.group(6)
        self.doc = "".join(re.findall(r'"([^"]*)"', match.group(7)))
        # `[word]:` is an optional literal (`define:[experimental]:MACRO:TEXT`).
        parts = self.syntax.split(":")
        optional = [re.fullmatch(r"\[([a-z]+)\]", part) for part in parts]
        if any(part not in RULE_SYNTAX and not opt for part, opt in zip(parts, optional)):
            raise ValueError("rule '%s' has an unknown syntax '%s'" % (self.name, self.syntax))
        self.argument_re = re.compile("^%s$" % "".join(
            "(?:%s:)?" % opt.group(1) if opt else RULE_SYNTAX[part] + ":"
            for part, opt in zip(parts, optional))[:-1])

    def spelling(self):
        return "%s:%s" % (self.name, self.syntax)


def load_rewrite_rules(path=RULES_DEF):
    with open(path, encoding="utf-8") as rules:
        text = rules.read()
    return {info.name: info for info in map(RewriteRuleInfo, RULE_RE.finditer(text))}


REWRITE_RULES = load_rewrite_rules()
# The only rules an unsupported row may have: they explain why the name is left
# (why, whyonce), remove a name HIP needs nothing in place of (remove), write a
# call as the plain access it hints (hint: HIP has no cache-hinted store), write
# the use with what HIP has (tilereduce) or write a call to a function the
# translation defines (helper); no HIP name is written.
RULES_FOR_UNSUPPORTED_ROWS = {"why", "whyonce", "remove", "hint", "tilereduce", "helper"}
# The code blocks the `helper` rule may name (HelperBlocks.def).
HELPER_BLOCKS_DEF = os.path.join(os.path.dirname(RULES_DEF), "HelperBlocks.def")
with open(HELPER_BLOCKS_DEF, encoding="utf-8") as _blocks:
    HELPER_BLOCKS = set(re.findall(r"^HIPIFY_HELPER_BLOCK\((\w+),", _blocks.read(), re.M))

# Spelling in the tables -> enumerator of hipkit::hipify::NameKind / SupportStatus.
KINDS = {"function": "Function", "type": "Type", "enum": "Enum",
         "enumerator": "Enumerator", "macro": "Macro", "header": "Header",
         "variable": "Variable", "namespace": "Namespace", "member": "Member"}
STATUSES = {"supported": "Supported", "unsupported": "Unsupported",
            "experimental": "Experimental"}

# What each API's documentation page is titled; an API missing here is an error,
# so that a new statistics category is a deliberate change.
API_TITLES = {
    "runtime": "CUDA Runtime API",
    "driver": "CUDA Driver API",
    "device": "CUDA device built-ins, intrinsics, atomics and math",
    "complex": "cuComplex",
    "fp16": "CUDA half precision (cuda_fp16.h)",
    "bf16": "CUDA bfloat16 (cuda_bf16.h)",
    "fp8": "CUDA 8-bit floating point (cuda_fp8.h)",
    "cooperative_groups": "Cooperative groups",
    "nvrtc": "NVRTC (runtime compilation)",
    "library_types": "CUDA library types (library_types.h)",
    "headers": "CUDA headers",
    "macros": "CUDA macros tested by user code",
    "cublas": "cuBLAS (cublas_v2.h, cublas_api.h, cublasXt.h)",
    "cublas_legacy": "cuBLAS legacy API (cublas.h)",
    "curand": "cuRAND (curand.h; device API: curand_kernel.h and the curand_*.h it includes)",
    "cufft": "cuFFT (cufft.h, cufftXt.h, cudalibxt.h)",
    "cusparse": "cuSPARSE (cusparse.h, cusparse_v2.h)",
    "cusolver": "cuSOLVER (cusolverDn.h, cusolverSp.h, cusolverSp_LOWLEVEL_PREVIEW.h, cusolverRf.h, cusolverMg.h, cusolver_common.h)",
    "cublaslt": "cuBLASLt (cublasLt.h)",
    "nccl": "NCCL (nccl.h)",
    "nvtx": "NVTX (nvtx3/nvToolsExt.h and the nvtx3 extension headers; NVTX 2's nvToolsExt.h)",
    "cudnn": "cuDNN 9 (cudnn.h and its split headers cudnn_graph.h, cudnn_ops.h, cudnn_cnn.h, "
             "cudnn_adv.h, cudnn_backend.h, cudnn_version.h) to MIOpen",
    "cub": "CUB (cub/*.cuh, namespace cub)",
    "thrust": "Thrust's CUDA system (thrust/system/cuda, thrust::cuda, THRUST_DEVICE_SYSTEM_CUDA)",
    "torch": "PyTorch's CUDA API (ATen/cuda, ATen/native/**/cuda, c10/cuda, THC; at::cuda, "
             "c10::cuda, C10_CUDA_*)",
    "wmma": "Warp matrix functions (mma.h, nvcuda::wmma); AMD's counterpart is rocWMMA",
}

# The APIs that are CUDA libraries: the library's name (in messages: "'cublasFoo'
# (cuBLAS) is not in hipkit's tables"), the library whose names (hip_name) the default
# output writes, and the ROCm library whose names (roc_name) --roc writes; a row of such
# an API with no roc_name has no equivalent there. The warnings about a name left say
# which of the two the translation targets. Names may repeat across library APIs
# (cublas_v2.h's cublasSgemm macro, legacy cublas.h's function), so rows are keyed by
# (api, cuda_name); their header rows say which CUDA headers declare the library's names.
# The library registry (derive/libraries.tsv) is where each library is written.
LIBRARIES = registry.mapping_libraries(registry.read())

# The library APIs whose HIP side no ROCm release dates: a ROCm build of PyTorch makes its
# ATen/hip headers itself. Their supported rows have no hip_added.
UNDATED_APIS = frozenset({"torch"})

VERSION_RE = re.compile(r"^[0-9]+\.[0-9]+$")
# C identifiers, optionally namespace-qualified (cooperative_groups::thread_block).
IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$")
CXX_KEYWORDS = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char
char8_t char16_t char32_t class compl concept const consteval constexpr
constinit const_cast continue co_await co_return co_yield decltype default
delete do double dynamic_cast else enum explicit export extern false float for
friend goto if inline int long mutable namespace new noexcept not not_eq
nullptr operator or or_eq private protected public register reinterpret_cast
requires return short signed sizeof static static_assert static_cast struct
switch template this thread_local throw true try typedef typeid typename union
unsigned using virtual void volatile wchar_t while xor xor_eq""".split())
HEADER_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_./+-]*$")


class TableError(Exception):
    def __init__(self, path, line, message):
        super().__init__("%s:%d: error: %s" % (path, line, message))


class Row:
    def __init__(self, path, line, fields):
        self.path, self.line = path, line
        for name in OPTIONAL_COLUMNS:
            setattr(self, name, "")
        for name, value in zip(ALL_COLUMNS, fields):
            setattr(self, name, value)

    def where(self):
        return "%s:%d" % (self.path, self.line)


def version_key(version):
    return tuple(int(part) for part in version.split("."))


def parse_table(path):
    """Read one TSV file, validating everything that concerns a row alone."""
    rows = []
    try:
        with open(path, encoding="utf-8", newline="") as table:
            lines = table.read().split("\n")
    except (OSError, UnicodeDecodeError) as err:
        raise TableError(path, 1, "cannot read the table: %s" % err)
    if lines and lines[-1] == "":
        lines.pop()
    header = None
    previous = None
    for number, text in enumerate(lines, start=1):
        if text.endswith("\r"):
            raise TableError(path, number, "CRLF line ending; tables use LF")
        if text == "" or text.startswith("#"):
            continue
        fields = text.split("\t")
        if header is None:
            if fields != COLUMNS and fields != ALL_COLUMNS:
                raise TableError(path, number, "expected the header line '%s' "
                                 "(optionally followed by '\\t%s')"
                                 % ("\\t".join(COLUMNS), "\\t".join(OPTIONAL_COLUMNS)))
            header = fields
            continue
        if len(fields) != len(header):
            raise TableError(path, number, "expected %d tab-separated columns, found %d"
                             % (len(header), len(fields)))
        for column, value in zip(header, fields):
            if value != value.strip():
                raise TableError(path, number, "column %s has leading or trailing spaces"
                                 % column)
        row = Row(path, number, fields)
        validate_row(row)
        if previous is not None and row.cuda_name <= previous.cuda_name:
            raise TableError(path, number, "'%s' is out of order: rows are sorted by "
                             "cuda_name and it comes after '%s' (line %d)"
                             % (row.cuda_name, previous.cuda_name, previous.line))
        previous = row
        rows.append(row)
    if header is None:
        raise TableError(path, 1, "no header line; expected '%s'" % "\\t".join(COLUMNS))
    return rows


def validate_row(row):
    def fail(message):
        raise TableError(row.path, row.line, message)

    if row.kind not in KINDS:
        fail("unknown kind '%s' for '%s' (expected one of: %s)"
             % (row.kind, row.cuda_name, ", ".join(KINDS)))
    if row.kind == "member" and row.cuda_name.count("::") < 2:
        fail("member '%s' does not name its class (expected NAMESPACE::CLASS::MEMBER)"
             % row.cuda_name)
    if row.status not in STATUSES:
        fail("unknown status '%s' for '%s' (expected one of: %s)"
             % (row.status, row.cuda_name, ", ".join(STATUSES)))
    name_re = HEADER_RE if row.kind == "header" else IDENT_RE
    if not name_re.match(row.cuda_name):
        fail("'%s' is not a valid cuda_name for a %s" % (row.cuda_name, row.kind))
    if row.kind != "header" and row.cuda_name in CXX_KEYWORDS:
        fail("'%s' is a C++ keyword, not a CUDA name" % row.cuda_name)
    if row.api not in API_TITLES:
        fail("unknown api '%s' for '%s' (expected one of: %s)"
             % (row.api, row.cuda_name, ", ".join(API_TITLES)))
    for column in ("hip_name", "roc_name"):
        value = getattr(row, column)
        if value and not name_re.match(value):
            fail("'%s' is not a valid %s for a %s" % (value, column, row.kind))
    if row.status == "unsupported":
        if row.hip_name:
            fail("unsupported row '%s' has hip_name '%s'; either mark it supported "
                 "or clear hip_name" % (row.cuda_name, row.hip_name))
        if row.hip_added:
            fail("unsupported row '%s' has hip_added but no HIP name" % row.cuda_name)
    else:
        if not row.hip_name:
            fail("%s row '%s' has no hip_name" % (row.status, row.cuda_name))
        if not row.hip_added and row.api not in UNDATED_APIS:
            fail("%s row '%s' has no hip_added (the HIP version that introduced '%s')"
                 % (row.status, row.cuda_name, row.hip_name))
    if row.fallback:
        if row.status == "unsupported":
            fail("unsupported row '%s' has a fallback; give it a hip_name or clear "
                 "the fallback" % row.cuda_name)
        if not IDENT_RE.match(row.fallback):
            fail("'%s' is not a valid fallback for a %s" % (row.fallback, row.kind))
    if row.rewrite:
        name, _, argument = row.rewrite.partition(":")
        rule = REWRITE_RULES.get(name)
        if rule is None:
            fail("unknown rewrite rule '%s' in '%s' for '%s' (the rules: %s; see "
                 "RewriteRules.def)" % (name, row.rewrite, row.cuda_name,
                                        ", ".join(REWRITE_RULES)))
        if not rule.argument_re.match(argument):
            spellings = [r.spelling() for r in REWRITE_RULES.values()]
            expected = " or ".join(filter(None, [", ".join(spellings[:-1]), spellings[-1]]))
            fail("bad rewrite '%s' for '%s' (expected %s)"
                 % (row.rewrite, row.cuda_name, expected))
        blocks = [argument.partition(":")[0]] if name == "helper" else \
            re.findall(r"=>(\w+):", argument) if name == "hipdefines" else []
        if any(block not in HELPER_BLOCKS for block in blocks):
            fail("rewrite '%s' of '%s' names no block of HelperBlocks.def (%s)"
                 % (row.rewrite, row.cuda_name, ", ".join(sorted(HELPER_BLOCKS))))
        if row.status == "unsupported" and name not in RULES_FOR_UNSUPPORTED_ROWS:
            fail("unsupported row '%s' has a rewrite; nothing is written for it"
                 % row.cuda_name)
        if rule.kind and row.kind != rule.kind:
            fail("rewrite '%s' of '%s' changes call arguments, but the row is a %s"
                 % (row.rewrite, row.cuda_name, row.kind))
        if rule.needs_fallback and not row.fallback:
            fail("rewrite '%s' of '%s' applies when the fallback is written, but the "
                 "row has no fallback" % (row.rewrite, row.cuda_name))
    for column in ("cuda_added", "cuda_deprecated", "cuda_removed", "hip_added"):
        value = getattr(row, column)
        if value and not VERSION_RE.match(value):
            fail("bad version '%s' in column %s of '%s' (expected major.minor)"
                 % (value, column, row.cuda_name))
    if row.cuda_added and row.cuda_removed and \
            version_key(row.cuda_removed) <= version_key(row.cuda_added):
        fail("'%s' is removed in CUDA %s, not after it was added in %s"
             % (row.cuda_name, row.cuda_removed, row.cuda_added))
    if row.cuda_deprecated and row.cuda_removed and \
            version_key(row.cuda_removed) < version_key(row.cuda_deprecated):
        fail("'%s' is removed in CUDA %s, before it was deprecated in %s"
             % (row.cuda_name, row.cuda_removed, row.cuda_deprecated))


def load_rows(paths):
    """All rows of all tables, sorted by cuda_name, then by API in API_TITLES order;
    each CUDA name once, except across library APIs (LIBRARIES)."""
    by_name = {}
    for path in paths:
        for row in parse_table(path):
            for first in by_name.get(row.cuda_name, []):
                if first.api == row.api:
                    raise TableError(row.path, row.line, "duplicate cuda_name '%s'%s (first at %s)"
                                     % (row.cuda_name, " in api '%s'" % row.api
                                        if row.api in LIBRARIES else "", first.where()))
                if first.api not in LIBRARIES or row.api not in LIBRARIES:
                    raise TableError(row.path, row.line, "duplicate cuda_name '%s' (first at %s); "
                                     "only library APIs may share a name"
                                     % (row.cuda_name, first.where()))
            by_name.setdefault(row.cuda_name, []).append(row)
    api_order = {api: index for index, api in enumerate(API_TITLES)}
    # Byte order, as llvm::StringRef::compare orders names for the binary search; a
    # lookup by name alone finds the first API's row.
    return [row for name in sorted(by_name, key=lambda n: n.encode("utf-8"))
            for row in sorted(by_name[name], key=lambda r: api_order[r.api])]


def c_string(value):
    # Names are identifiers, paths or versions; a rewrite's text may hold anything.
    return '"%s"' % value.replace("\\", "\\\\").replace('"', '\\"')


def api_kind(api):
    """The ApiKind enumerator of an api: cooperative_groups -> CooperativeGroups."""
    return "".join(part.capitalize() for part in api.split("_"))


def render_api_kinds():
    """ApiKinds.inc: every API the tables may use, rows or not, so that code can name
    an API (ApiKind::Cudnn) before its table has rows."""
    out = ["// Generated by hipify-clang/tables/gen_mapping_table.py from its API_TITLES.",
           "// Do not edit. HIPIFY_API_KIND(ApiKind, Name): one per API, in the",
           "// generator's fixed order.",
           "",
           "#ifdef HIPIFY_API_KIND"]
    out += ["HIPIFY_API_KIND(%s, %s)" % (api_kind(api), c_string(api)) for api in API_TITLES]
    out += ["#undef HIPIFY_API_KIND", "#endif", ""]
    return "\n".join(out)


def render_inc(rows, sources):
    out = ["// Generated by hipify-clang/tables/gen_mapping_table.py from",
           "// %s." % ", ".join(sorted(os.path.basename(s) for s in sources)),
           "// Do not edit: change the tables and rebuild.",
           "//",
           "// HIPIFY_MAPPING(CudaName, Kind, ApiKind, Api, HipName, RocName, Status,",
           "//                CudaAdded, CudaDeprecated, CudaRemoved, HipAdded,",
           "//                Fallback, Rewrite)",
           "// rows sorted by CudaName, then Api; HIPIFY_API(ApiKind, Name, Library,",
           "// HipLibrary, RocLibrary) once per statistics category with rows (the",
           "// libraries empty but for libraries).",
           "",
           "#ifdef HIPIFY_MAPPING"]
    for row in rows:
        out.append("HIPIFY_MAPPING(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)" % (
            c_string(row.cuda_name), KINDS[row.kind], api_kind(row.api), c_string(row.api),
            c_string(row.hip_name), c_string(row.roc_name), STATUSES[row.status],
            c_string(row.cuda_added), c_string(row.cuda_deprecated),
            c_string(row.cuda_removed), c_string(row.hip_added),
            c_string(row.fallback), c_string(row.rewrite)))
    out += ["#undef HIPIFY_MAPPING", "#endif", "", "#ifdef HIPIFY_API"]
    for api in API_TITLES:
        if any(row.api == api for row in rows):
            library, hip_library, roc_library = LIBRARIES.get(api, ("", "", ""))
            out.append("HIPIFY_API(%s, %s, %s, %s, %s)" % (
                api_kind(api), c_string(api), c_string(library), c_string(hip_library),
                c_string(roc_library)))
    out += ["#undef HIPIFY_API", "#endif", ""]
    return "\n".join(out)


def md_cell(value):
    return "`%s`" % value if value else ""


def render_api_doc(api, rows):
    supported = sum(1 for r in rows if r.status == "supported")
    experimental = sum(1 for r in rows if r.status == "experimental")
    unsupported = sum(1 for r in rows if r.status == "unsupported")
    out = ["<!-- Generated by hipify-clang/tables/gen_mapping_table.py; do not edit. -->",
           "# %s" % API_TITLES[api], "",
           "%d CUDA names: %d supported, %d experimental, %d unsupported in HIP."
           % (len(rows), supported, experimental, unsupported),
           "A HIP name equal to the CUDA name means the name is the same in HIP "
           "and is left as it is.", ""]
    library, _, roc_library = LIBRARIES.get(api, ("", "", ""))
    if roc_library:
        with_roc = sum(1 for r in rows if r.roc_name and r.status != "unsupported")
        out[3] = ("%d CUDA names: %d supported, %d experimental, %d unsupported in HIP "
                  "(the default output);" % (len(rows), supported, experimental, unsupported))
        out.insert(4, "with `--roc`, %d have a %s name (column %s) and %d are left untranslated."
                   % (with_roc, roc_library, roc_library, len(rows) - with_roc))
    elif library:
        out.insert(4, "No ROCm library has %s's API, so `--roc` writes the same names as "
                   "the default output (and hipify-clang says so)." % library)
    has_roc = any(r.roc_name for r in rows)
    has_rewrite = any(r.fallback or r.rewrite for r in rows)
    header = ["CUDA", "Kind", "HIP"] + ([roc_library or "ROC"] if has_roc else []) + \
             ["Status", "CUDA added", "CUDA deprecated", "CUDA removed", "HIP added"] + \
             (["Older HIP", "Rewrite"] if has_rewrite else [])
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join("---" for _ in header) + "|")
    for r in rows:
        cells = [md_cell(r.cuda_name), r.kind, md_cell(r.hip_name)] + \
                ([md_cell(r.roc_name)] if has_roc else []) + \
                [r.status, r.cuda_added, r.cuda_deprecated, r.cuda_removed, r.hip_added] + \
                ([md_cell(r.fallback), md_cell(r.rewrite)] if has_rewrite else [])
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    return "\n".join(out)


def render_rules(rules):
    out = ["<!-- Generated by hipify-clang/tables/gen_mapping_table.py; do not edit. -->",
           "# hipify-clang: rewrite rules", "",
           "What a row's `rewrite` column (`NAME:ARGUMENT`) does beyond writing the HIP "
           "name. The rules are listed once, in "
           "`hipify-clang/include/hipkit/hipify/Tables/RewriteRules.def`; each is a class in "
           "`hipify-clang/lib/Translation/Rules/` (the AST engine's rewrite of a call and either "
           "engine's rewrite of a reference) with its lit test.", "",
           "| rule | applies to | needs a fallback | what it does | test |",
           "|---|---|---|---|---|"]
    for rule in rules.values():
        out.append("| `%s` | %s | %s | %s | `test/hipify/%s` |" % (
            rule.spelling(), rule.kind + "s" if rule.kind else "any name",
            "yes" if rule.needs_fallback else "no", rule.doc, rule.test))
    out.append("")
    return "\n".join(out)


def render_index(rows_by_api):
    out = ["<!-- Generated by hipify-clang/tables/gen_mapping_table.py; do not edit. -->",
           "# hipify-clang: supported CUDA APIs", "",
           "Generated from the mapping tables in `hipify-clang/tables/` "
           "(run `ninja hipify-docs` to refresh these pages).", "",
           "| API | CUDA names | supported | experimental | unsupported |",
           "|---|---|---|---|---|"]
    for api, rows in rows_by_api.items():
        counts = [sum(1 for r in rows if r.status == s)
                  for s in ("supported", "experimental", "unsupported")]
        out.append("| [%s](%s.md) | %d | %d | %d | %d |"
                   % (API_TITLES[api], api, len(rows), *counts))
    out.append("")
    return "\n".join(out)


def write_if_changed(path, text):
    """Keep the file's timestamp when nothing changed, so ninja rebuilds nothing."""
    try:
        with open(path, encoding="utf-8", newline="") as existing:
            if existing.read() == text:
                return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as out:
        out.write(text)
    os.replace(tmp, path)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tables", nargs="+", help="the .tsv files")
    parser.add_argument("--inc", help="write the X-macro list here")
    parser.add_argument("--api-kinds", help="write the ApiKind X-macro list here")
    parser.add_argument("--docs-dir", help="write the markdown tables here")
    args = parser.parse_args(argv)
    prog = "gen_mapping_table.py"
    try:
        rows = load_rows(args.tables)
    except TableError as err:
        print(err, file=sys.stderr)
        return 1
    rows_by_api = {api: [r for r in rows if r.api == api]
                   for api in API_TITLES if any(r.api == api for r in rows)}
    try:
        if args.inc:
            write_if_changed(args.inc, render_inc(rows, args.tables))
        if args.api_kinds:
            os.makedirs(os.path.dirname(os.path.abspath(args.api_kinds)), exist_ok=True)
            write_if_changed(args.api_kinds, render_api_kinds())
        if args.docs_dir:
            os.makedirs(args.docs_dir, exist_ok=True)
            for api, api_rows in rows_by_api.items():
                write_if_changed(os.path.join(args.docs_dir, api + ".md"),
                                 render_api_doc(api, api_rows))
            write_if_changed(os.path.join(args.docs_dir, "README.md"),
                             render_index(rows_by_api))
            write_if_changed(os.path.join(args.docs_dir, "rules.md"),
                             render_rules(REWRITE_RULES))
            # A page for an API that no longer has rows would be stale.
            expected = {api + ".md" for api in rows_by_api} | {"README.md", "rules.md"}
            for name in os.listdir(args.docs_dir):
                if name.endswith(".md") and name not in expected:
                    os.remove(os.path.join(args.docs_dir, name))
    except OSError as err:
        print("%s: error: cannot write output: %s" % (prog, err), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
