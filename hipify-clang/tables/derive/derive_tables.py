#!/usr/bin/env python3
"""Derive hipify's mapping tables from the real CUDA and HIP headers.

    derive_tables.py --cuda /usr/local/cuda/include --hip /usr/include/hip \\
        --hip-newer 5.7=/tmp/hip57/usr/include/hip \\
        --hip-newer 6.4=/tmp/hip64/usr/include/hip \\
        --clang-include /usr/lib/llvm-19/lib/clang/19/include --out hipify-clang/tables

CUDA names come from the CUDA headers (and, for names CUDA has removed, from
the CUPTI callback-id lists, which keep every runtime and driver function that
ever existed). Each name's HIP counterpart is found by systematic transforms
(cudaX -> hipX, cuX -> hipX / hipModuleX / hipDrvX, enumerators matched by
their suffix inside the HIP enum that shares most of them) and is accepted
only if the HIP headers declare it; overrides.tsv holds the renames no rule
finds, each again verified against the headers. A name with no HIP
counterpart becomes an `unsupported` row. hip_added is the oldest given HIP
header set that has the name (the --hip set is the floor). history.tsv holds
CUDA deprecation/removal versions; a name missing from these CUDA headers must
have one, or this script stops. --cuda-older VERSION=DIR (CUDA 11.8's and 11.2's headers,
as the library derivations take them) adds rows for the names an older set declares and
CUDA 13's do not (texture references, cudaLaunchParams), with cuda_removed.

Writes <out>/{runtime,driver,library_types}.tsv here and, through
derive_device.py, <out>/{device,complex,fp16,bf16,fp8,cooperative_groups,
nvrtc}.tsv; headers.tsv and macros.tsv are curated by hand (names they own are
not derived again). Driver functions are dated from cudaTypedefs.h, runtime
functions from CUPTI's callback ids.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheaders  # noqa: E402
import derive_device  # noqa: E402
import libraryrows  # noqa: E402
import provenance  # noqa: E402
import tsv  # noqa: E402
from history import History  # noqa: E402
from tsv import die  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from gen_mapping_table import RULES_FOR_UNSUPPORTED_ROWS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["cuda_name", "kind", "api", "hip_name", "roc_name", "status",
           "cuda_added", "cuda_deprecated", "cuda_removed", "hip_added"]
# Curated per-row decisions no header tells (rewrites.tsv): the fallback name
# for an older HIP and the call rewrite (gen_mapping_table.py documents both).
# A derived table gets these columns when one of its rows has them.
REWRITE_COLUMNS = ["fallback", "rewrite"]
REWRITES = {}             # cuda_name -> [fallback, rewrite], from rewrites.tsv

# Headers whose declarations carry CUDA's deprecation markers.
DEPRECATION_HEADERS = ["cuda_runtime_api.h", "cuda.h", "sm_20_intrinsics.h", "sm_30_intrinsics.h",
                       "sm_32_intrinsics.h", "sm_35_intrinsics.h", "device_atomic_functions.h",
                       "crt/device_functions.h", "cuda_fp16.h", "cuda_bf16.h"]

# State of one run, filled in by main().
ALL_CUDA_IDS = set()      # identifiers of every CUDA header the tables may use
CUDA_HEADERS_VERSION = ""  # "13.0", from CUDART_VERSION
DEPRECATED = set()        # functions the CUDA headers mark deprecated
CURATED = set()           # names headers.tsv and macros.tsv own
CLAIMED = set()           # names some table already has a row for
OVERRIDE_KINDS = {}       # overrides.tsv's kind column, for names no header rule collects
MISSING = []              # CUDA names absent from the headers, without a removal version
ALIASES = []              # (alias, name): the CUDA headers make alias mean name (follow_aliases)
CUDA_ENUMS = {}           # api -> the CUDA enums its table derives from


class Hip:
    """The names the HIP headers declare, by HIP version."""

    def __init__(self, floor_dir, newer, compiler_ids=frozenset(), opt_in_default=None):
        self.dirs = [("5.2", floor_dir)] + newer
        # What clang's HIP wrapper headers declare (__managed__, ...) is there
        # under every hipcc, so it counts as part of the floor version.
        self.sets = [("5.2", self._scan(floor_dir) | compiler_ids)] + \
                    [(v, self._scan(d)) for v, d in newer]
        # Names a read set declares only behind an opt-in macro are dated by
        # the release that declares them by default (HIP 7.2 for the warp
        # *_sync functions), read for them alone: it adds no other name.
        # HIP 7 also declares by default, in the same opt-out blocks, warp
        # functions 6.4 lacks altogether (__syncwarp, __reduce_add_sync).
        self.opt_in_default = None
        # (version, directory) of that release, for derivations that read its
        # headers themselves (cooperative-groups members).
        self.opt_in_default_dir = opt_in_default
        if opt_in_default:
            version, directory = opt_in_default
            older = set().union(*(ids for _, ids in self.sets))
            family = Hip.opt_in_ids | opt_out_ids(directory)
            self.opt_in_default = (version, (self._scan(directory) & family) - older)
        self.enums = []
        seen = set()
        for _, d in [("5.2", floor_dir)] + newer:
            for path in cheaders.header_files(d):
                if "/nvidia_detail/" in path or "/nvcc_detail/" in path:
                    continue
                for e in cheaders.enums(cheaders.read_header(path)):
                    key = (e.tag, e.typedef, tuple(e.enumerators))
                    if key not in seen and e.enumerators:
                        seen.add(key)
                        self.enums.append(e)

    # Identifiers of the files that have opt-in blocks (a superset of the
    # names declared only there, which version() tells apart).
    opt_in_ids = set()

    @staticmethod
    def _scan(d):
        """Identifiers of the AMD headers; nvidia_detail/nvcc_detail (HIP on CUDA)
        spell CUDA names and are left out. Vector make_* functions are generated
        by DECLOP_MAKE_*_COMPONENT(type, name) macros."""
        paths = [p for p in cheaders.header_files(d)
                 if "/nvidia_detail/" not in p and "/nvcc_detail/" not in p]
        ids = set()
        for p in paths:
            text = cheaders.read_header(p)
            kept = cheaders.without_opt_in(text)
            ids.update(cheaders.IDENT_RE.findall(kept))
            if kept != text:
                Hip.opt_in_ids.update(cheaders.IDENT_RE.findall(text))
        for p in paths:
            ids |= {"make_" + n for n in re.findall(
                r"DECLOP_MAKE_\w+_COMPONENT\([^,()]*,\s*(\w+)\)", cheaders.read_header(p))}
        return ids

    def version(self, name):
        for version, ids in self.sets:
            if name in ids:
                return version
        if self.opt_in_default and name in self.opt_in_default[1]:
            return self.opt_in_default[0]
        return None


def opt_out_ids(d):
    """Identifiers a header set declares inside `#if !defined(HIP_DISABLE_...)`
    blocks: what it declares by default but lets the user switch off (HIP 7's
    warp *_sync family, HIP_DISABLE_WARP_SYNC_BUILTINS)."""
    ids = set()
    for path in cheaders.header_files(d):
        lines = cheaders.read_header(path).split("\n")
        for line, inside in zip(lines, cheaders.guarded_lines(lines, OPT_OUT_RE)):
            if inside and not cheaders.BRANCH_RE.match(line):
                ids.update(cheaders.IDENT_RE.findall(line))
    return ids


OPT_OUT_RE = re.compile(r"^\s*#\s*if\s+!\s*defined\s*\(?\s*HIP_DISABLE_\w+\s*\)?\s*$")
class Rows:
    def __init__(self, api):
        self.api = api
        self.rows = {}

    def add(self, name, kind, hip_name, hip, history, cuda_ids, cuda_added="",
            api=None, status=None, hip_added=None):
        # One row per CUDA name over all tables: the first API to claim a name
        # keeps it (__hadd is both an integer intrinsic and a half function).
        if name in self.rows or name in CURATED or name in CLAIMED:
            return
        CLAIMED.add(name)
        if hip_added is None:
            hip_added = hip.version(hip_name) if hip_name else None
        if hip_name and hip_added is None:
            hip_name = ""
        if status is None:
            status = "supported" if hip_name else "unsupported"
        if status == "unsupported":
            hip_name, hip_added = "", None
        deprecated, removed = history.lookup(name)
        if not deprecated and name in DEPRECATED:
            # Marked deprecated by these headers, version unknown: the version of
            # the headers is when it was deprecated at the latest.
            deprecated = CUDA_HEADERS_VERSION
        if name not in cuda_ids and not removed:
            MISSING.append(name)
        if name in cuda_ids and removed:
            removed = ""  # Still declared: the history entry concerns another overload.
        self.rows[name] = [name, kind, api or self.api, hip_name, "", status,
                           cuda_added, deprecated, removed, hip_added or ""]
        if name in REWRITES and (status != "unsupported" or
                                 REWRITES[name][1].split(":")[0] in RULES_FOR_UNSUPPORTED_ROWS):
            self.rows[name] += REWRITES[name]
        elif status == "unsupported" and removed:
            self.rows[name] += ["", libraryrows.removed_reason(removed)]

    def write(self, path):
        extended = any(len(row) > len(COLUMNS) for row in self.rows.values())
        columns = COLUMNS + (REWRITE_COLUMNS if extended else [])
        tsv.write(path, columns, [dict(zip(columns, self.rows[name]))
                                  for name in sorted(self.rows, key=lambda n: n.encode())],
                  provenance.comment())


# ---------------------------------------------------------------------------
# Enumerator matching by suffix.

WORD_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def words(name):
    return [w.lower() for w in WORD_RE.findall(name)]


def suffix_keys(enumerators):
    """{enumerator: its words after the prefix all the enum's enumerators share}."""
    split = {e: words(e) for e in enumerators}
    if not split:
        return {}
    lists = list(split.values())
    common = 0
    shortest = min(len(l) for l in lists)
    while common < shortest - 1 and all(l[common] == lists[0][common] for l in lists):
        common += 1
    if len(lists) == 1:
        common = 1
    return {e: "".join(w[common:]) for e, w in split.items()}


def stem(name):
    """What an enum's name says, without API prefix and suffixes: CUdevice_attribute_enum,
    hipDeviceAttribute_t -> 'deviceattribute'."""
    name = re.sub(r"^(cuda|CU|hip|HIP_?)", "", name)
    name = re.sub(r"(_enum|_t|_st)$", "", name)
    return name.replace("_", "").lower()


def match_enum(cuda_enum, hip, preferred_names):
    """The HIP enum for cuda_enum: one named by a transform, else the HIP enum
    with the same stem sharing an enumerator suffix, else one sharing most of them."""
    keys = set(suffix_keys(cuda_enum.enumerators).values())
    stems = {stem(n) for n in cuda_enum.names()}
    best, best_score = None, 0
    for hip_enum in hip.enums:
        names = set(hip_enum.names())
        if not any(n.startswith(("hip", "HIP")) for n in names):
            continue
        if preferred_names & names:
            return hip_enum
        score = len(keys & set(suffix_keys(hip_enum.enumerators).values()))
        if score and any(a == b or (min(len(a), len(b)) >= 6 and
                                    (a.startswith(b) or b.startswith(a)))
                         for a in stems for b in {stem(n) for n in names}):
            score += 1000
        if score > best_score:
            best, best_score = hip_enum, score
    if best_score >= 1000:
        return best
    # Matched by contents alone: most enumerators must agree.
    return best if best_score >= 3 and best_score * 5 >= len(keys) * 3 else None


def enum_rows(rows, cuda_enums, hip, history, cuda_ids, overrides, transform):
    CUDA_ENUMS.setdefault(rows.api, []).extend(cuda_enums)
    for cuda_enum in cuda_enums:
        ALIASES.extend(same_value_pairs(cuda_enum, cuda_enum))
        candidates = {c for n in cuda_enum.names() for c in transform(n)} | \
            {overrides[n] for n in cuda_enum.names() if overrides.get(n)}
        hip_enum = match_enum(cuda_enum, hip, candidates)
        hip_type = ""
        if hip_enum:
            hip_type = hip_enum.typedef or hip_enum.tag or ""
        for name in cuda_enum.names():
            named = [c for c in transform(name) if hip_enum and c in hip_enum.names()]
            if name == cuda_enum.tag and hip_enum and hip_enum.tag:
                # `enum CUaddress_mode_enum` needs HIP's tag: `enum HIPaddress_mode`
                # names no enum when HIPaddress_mode is only the typedef.
                named = [hip_enum.tag]
            target = overrides.get(name, named[0] if named else hip_type)
            rows.add(name, "enum" if name == cuda_enum.tag else "type", target, hip,
                     history, cuda_ids)
        hip_keys = suffix_keys(hip_enum.enumerators) if hip_enum else {}
        by_key = {}
        for e, k in hip_keys.items():
            by_key.setdefault(k, e)
        hip_enumerators = set(hip_enum.enumerators) if hip_enum else set()
        for enumerator, key in suffix_keys(cuda_enum.enumerators).items():
            # An enumerator of the matched HIP enum first, so that the value
            # keeps its enum type (CUDA_SUCCESS -> hipSuccess, not the
            # HIP_SUCCESS macro); then any HIP name the transforms find.
            in_enum = [c for c in transform(enumerator) if c in hip_enumerators]
            if enumerator in overrides:
                target = overrides[enumerator]
            elif in_enum:
                target = in_enum[0]
            elif key in by_key:
                target = by_key[key]
            else:
                target = first_present(hip, transform(enumerator))
            rows.add(enumerator, "enumerator", target, hip, history, cuda_ids)


# ---------------------------------------------------------------------------
# Overloads HIP defines that CUDA lacks: a user's own definition of one
# (`__device__ float atomicMax(float *, float)`, a CAS loop CUDA programs carry)
# is a redefinition once translated. The row gets `hipdefines:LIST`, LIST the
# parameter lists with the HIP version that first defines each
# (`float*,float@5.2;double*,double@5.2`); the translation guards such user
# definitions (TranslationCollisions.cpp).

TYPE_WORDS = {"void", "bool", "char", "short", "int", "long", "float", "double", "signed",
              "unsigned", "const", "volatile"}


def parameter_key(parameters):
    """`float* addr, float val` -> `float*,float`: types without names or default
    arguments, top-level const dropped, integer spellings as clang prints them."""
    keys = []
    for parameter in parameters.split(","):
        parameter = parameter.split("=")[0]
        tokens = [t for t in re.findall(r"[A-Za-z_]\w*|\*|&", parameter)
                  if t not in ("__restrict__", "__restrict", "restrict")]
        if len(tokens) > 1 and cheaders.IDENT_RE.fullmatch(tokens[-1]) and \
                tokens[-1] not in TYPE_WORDS:
            tokens = tokens[:-1]
        if len(tokens) > 2 and tokens[-2:] == ["*", "const"]:
            tokens = tokens[:-1]  # `__half2 *const`: the pointer's own const.
        if "const" in tokens[1:-1] and tokens[tokens.index("const") + 1] in ("*", "&"):
            tokens.remove("const")  # `double const *` is `const double *`.
            tokens.insert(0, "const")
        if not any(t in ("*", "&") for t in tokens):
            tokens = [t for t in tokens if t not in ("const", "volatile")]
        text = re.sub(r"\s*([*&])", r"\1", " ".join(tokens))
        text = re.sub(r"\b(long|short) int\b", r"\1", text)
        text = re.sub(r"\bunsigned(?! (int|long|short|char)\b)", "unsigned int", text)
        keys.append(text)
    return ",".join(k for k in keys if k and k != "void")


def function_overloads(text, names, definitions_only):
    """{name: {parameter key}} of the non-template functions of names that text
    defines (or also declares)."""
    # CUDA ends declarations with attribute macros (__THROW, __DEF_IF_HOST).
    end = r"\{" if definitions_only else \
        r"(?:(?:[A-Z_][A-Z0-9_]*\b\s*)*[{;]|(?:[ \t]*[A-Z_][A-Z0-9_]*\b)+[ \t]*\n)"
    found = {}
    for m in re.finditer(r"(?<![.\w>:~])([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:const\s*)?" + end, text):
        name = m.group(1)
        if name not in names:
            continue
        start = max(text.rfind(";", 0, m.start()), text.rfind("}", 0, m.start()),
                    text.rfind("{", 0, m.start()))
        head = re.sub(r"^[ \t]*#[^\n]*", "", text[start + 1:m.start()], flags=re.M)
        if re.search(r"\btemplate\b|#|\breturn\b|=", head) or not head.strip():
            continue  # A template, a call, or no return type.
        found.setdefault(name, set()).add(parameter_key(m.group(2)))
    return found


def overload_sets(cuda, hip, more_names):
    """({name: {key: first HIP version}} of the non-template overloads HIP's headers
    define, {name: {key}} of those CUDA's headers declare, for those names and
    more_names)."""
    cuda_texts = [cheaders.read_header(p) for p in cuda_header_files(cuda)]
    hip_texts = [(v, [cheaders.read_header(p) for p in cheaders.header_files(d)
                      if "/amd_detail/" in p]) for v, d in hip.dirs]
    hip_defined = {}
    for version, texts in hip_texts:
        for text in texts:
            for name, keys in function_overloads(text, ALL_CUDA_IDS, True).items():
                for key in keys:
                    hip_defined.setdefault(name, {}).setdefault(key, version)
    cuda_declared = {}
    for text in cuda_texts:
        for name, keys in function_overloads(text, set(hip_defined) | more_names,
                                             False).items():
            cuda_declared.setdefault(name, set()).update(keys)
    return hip_defined, cuda_declared


def hip_only_overloads(hip_defined, cuda_declared):
    """{name: [entry]} for the functions whose HIP headers define non-template
    overloads that no CUDA header declares."""
    result = {}
    for name, keys in sorted(hip_defined.items()):
        if name not in cuda_declared:
            continue  # Not a CUDA function (a HIP helper of the same spelling).
        # Only lists of the language's own types: the translation compares them
        # with the user's canonical types, and HIP's own types (__hip_bfloat16)
        # are what CUDA's become, not what a user's definition names.
        extra = sorted((k, v) for k, v in keys.items() if k and k not in cuda_declared[name] and
                       set(re.findall(r"[A-Za-z_]\w*", k)) <= TYPE_WORDS)
        if extra:
            result[name] = ["%s@%s" % kv for kv in extra]
    return result


# Overloads CUDA declares and no HIP defines, which a helper of HelperBlocks.def
# provides (atomicAdd on __half2): curated in helper-overloads.tsv, each checked
# here against both header sets. The row's `hipdefines` list gets
# `PARAMETERS=>BLOCK:NAME`: a call the parse resolves to that overload calls NAME.
HELPER_OVERLOAD_COLUMNS = ["cuda_name", "parameters", "helper"]


def helper_overloads(rows, hip_defined, cuda_declared):
    result = {}
    path = "helper-overloads.tsv"
    for row in rows:
        name, key = row["cuda_name"], row["parameters"]
        if cheaders.ALLOW_MISSING and name not in cuda_declared:
            continue  # --partial: a header set without the function.
        if key not in cuda_declared.get(name, set()):
            die("%s: CUDA's headers declare no '%s(%s)'; declared: %s"
                % (path, name, key, ", ".join(sorted(cuda_declared.get(name, ()))) or "none"))
        if key in hip_defined.get(name, {}):
            die("%s: HIP %s defines '%s(%s)': drop its row"
                % (path, hip_defined[name][key], name, key))
        result.setdefault(name, []).append("%s=>%s" % (key, row["helper"]))
    return result


VECTOR_HEADER = "amd_detail/amd_hip_vector_types.h"
VECTOR_STRUCT = "struct HIP_vector_type : public HIP_vector_base"
OPERATOR_RE = re.compile(r"\boperator\s*([-+*/%^&|~!<>=]+)\s*\(([^()]*)\)")


def vector_operator_keys(text):
    """The non-template operators HIP_vector_type declares (members and friends), as
    parameter lists over `V` (the vector type itself; a member's object first):
    `operator+=(V,V)`, `operator*(V,V)`, `operator++(V,int)`. A user's non-template
    operator of the same operands for a vector type is then ambiguous with HIP's (both
    exact matches, neither a template); HIP's template operators lose to it."""
    start = text.find(VECTOR_STRUCT)
    if start < 0:
        return set()
    depth, body_start, end = 0, text.index("{", start), None
    for i in range(body_start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            end = i
            break
    # `std::is_integral<U>{}` in a template's head is no body.
    body = text[body_start + 1:end].replace("{}", "  ")
    keys = set()
    for m in OPERATOR_RE.finditer(body):
        op, parameters = m.group(1), m.group(2)
        if op == "=":
            continue  # Assignment: the type's own, never a user's.
        head_start = max(body.rfind(";", 0, m.start()), body.rfind("}", 0, m.start()),
                         body.rfind("{", 0, m.start()))
        head = body[head_start + 1:m.start()]
        if re.search(r"\btemplate\b", head):
            continue
        operands = [] if re.search(r"\bfriend\b", head) else ["V"]
        for parameter in filter(None, (p.strip() for p in parameters.split(","))):
            operands.append("V" if "HIP_vector_type" in parameter else parameter_key(parameter))
        operands = [o for o in operands if o and o != "void"]
        keys.add("operator%s(%s)" % (op, ",".join(operands)))
    return keys


def hip_vector_operators(hip):
    """{vector type: LIST} (the `hipdefines` lists of the vector types, float4 ...):
    the non-template operators HIP's HIP_vector_type declares, each with the oldest
    HIP version whose headers do (`operator+=(float4,float4)@5.2`)."""
    first = {}
    types = set()
    for version, directory in hip.dirs:
        path = os.path.join(directory, VECTOR_HEADER)
        if not os.path.exists(path):
            continue
        text = cheaders.read_header(path)
        types |= {"%s%d" % (base, n) for base in
                  re.findall(r"__MAKE_VECTOR_TYPE__\((\w+),", text) for n in range(1, 5)}
        for key in vector_operator_keys(text):
            first.setdefault(key, version)
    return {t: ";".join("%s@%s" % (key.replace("V", t), v)
                        for key, v in sorted(first.items())) for t in sorted(types)}


# ---------------------------------------------------------------------------
# Aliases: names the CUDA headers themselves declare to mean another name.

# Enumerators that only hold a value's place (cudaDevAttrReserved92): the value
# they share with a twin enum's enumerator has no meaning under that name.
PLACEHOLDER_RE = re.compile(r"(?i)reserved\d+$")


def same_value_pairs(enum, other):
    """(a, b) for each enumerator a of enum and b of other with the same value:
    within one enum, CUDA's deprecated spellings
    (CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8, the value of
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK); across twin enums, the
    driver and runtime names of one value."""
    by_value = {}
    for name, value in other.values.items():
        if value is not None and not PLACEHOLDER_RE.search(name):
            by_value.setdefault(value, []).append(name)
    return [(a, b) for a, value in enum.values.items() if not PLACEHOLDER_RE.search(a)
            for b in by_value.get(value, []) if a != b]


def twin_enums(driver_enums, runtime_enums):
    """(driver enum, runtime enum) pairs that CUDA declares as one enum under two
    APIs (CUdevice_attribute and cudaDeviceAttr): related names (stem() equal, or
    one a prefix of the other), at least three enumerators spelled alike after
    their prefixes, and every such pair of the same value. Enums that merely
    look alike (CUexternalMemoryHandleType, cudaExternalSemaphoreHandleType)
    have unrelated names, and a coincidence of values proves nothing."""
    def related(a, b):
        return a == b or (min(len(a), len(b)) >= 6 and (a.startswith(b) or b.startswith(a)))
    pairs = []
    for driver in driver_enums:
        driver_keys = suffix_keys(driver.enumerators)
        driver_stems = {stem(n) for n in driver.names()}
        for runtime in runtime_enums:
            if not any(related(a, b) for a in driver_stems for b in map(stem, runtime.names())):
                continue
            runtime_by_key = {k: e for e, k in suffix_keys(runtime.enumerators).items()}
            alike = [(d, runtime_by_key[k]) for d, k in driver_keys.items() if k in runtime_by_key]
            if len(alike) >= 3 and all(driver.values.get(d) is not None and
                                       driver.values.get(d) == runtime.values.get(r)
                                       for d, r in alike):
                pairs.append((driver, runtime))
    return pairs


TAGGED_TYPEDEF_RE = re.compile(
    r"\btypedef\s+(?:struct|union)\s+(?:__\w+__\s+)*([A-Za-z_]\w*)\s*\{")


def typedef_tags(text):
    """(tag, name) for each `typedef struct TAG {...} NAME;`: one type under two names
    (CUDA 11.8's CUDA_MEM_ALLOC_NODE_PARAMS_st is CUDA_MEM_ALLOC_NODE_PARAMS)."""
    pairs = []
    for m in TAGGED_TYPEDEF_RE.finditer(text):
        depth = 0
        for end in range(m.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        name = cheaders.IDENT_RE.search(text, end + 1)
        if name and name.group() != m.group(1):
            pairs.append((m.group(1), name.group()))
    return pairs


def follow_aliases(tables, overrides):
    """An unsupported row whose name the CUDA headers declare as an alias of a
    supported name (ALIASES) takes that name's translation: hipify's row for
    CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK is its twin's. Curated names
    (overrides.tsv, counterparts.tsv) keep their decision; chains are followed."""
    rows = {}
    for table in tables:
        for name, row in table.rows.items():
            rows.setdefault(name, row)
    changed = True
    while changed:
        changed = False
        for alias, name in ALIASES:
            row, target = rows.get(alias), rows.get(name)
            if not row or not target or alias in overrides or row[5] != "unsupported" \
                    or target[5] == "unsupported":
                continue
            # The name, status and HIP date are the target's; the row's own CUDA
            # history stays. A `why` for the unsupported row no longer applies.
            row[3], row[5], row[9] = target[3], target[5], target[9]
            row[10:] = target[10:]
            changed = True


# ---------------------------------------------------------------------------
# Name transforms.

def runtime_transform(name):
    if name.startswith("cuda"):
        return ["hip" + name[4:]]
    if name.startswith("make_cuda"):  # driver_functions.h: make_cudaExtent
        return ["make_hip" + name[len("make_cuda"):]]
    return []


def driver_transform(name):
    """Candidates: cuX -> hipX; CU_FOO_BAR -> HIP_FOO_BAR, hipFooBar;
    CUDA_ERROR_X -> hipErrorX; CUfoo -> hipFoo, hipFoo_t."""
    if name.startswith("cu") and not name.startswith("cuda"):
        return ["hip" + name[2:]]
    if name.startswith("CU_") or name.startswith("CUDA_"):
        rest = name.split("_", 1)[1]
        camel = "hip" + "".join(w.capitalize() for w in rest.split("_") if w)
        return ["HIP_" + rest, camel]
    if name.startswith("CU"):
        rest = re.sub(r"(_enum|_st)$", "", name[2:])
        base = "hip" + rest[:1].upper() + rest[1:]
        unversioned = re.sub(r"_v\d+$", "", base)
        # HIP spells a few driver enums HIPaddress_mode, HIPresourcetype, ...
        return [base + "_t", base, unversioned + "_t", unversioned, "HIP" + rest]
    return []


def first_present(hip, candidates):
    for c in candidates:
        if c and hip.version(c):
            return c
    return ""


# ---------------------------------------------------------------------------


# Headers of the texture and surface reference templates, read where a header set has them.
REFERENCE_TEMPLATE_HEADERS = ["cuda_texture_types.h", "cuda_surface_types.h"]


def derive_runtime(cuda, hip, history, overrides, out, dating=None):
    rows = Rows("runtime")
    files = ["cuda_runtime_api.h", "driver_types.h", "driver_functions.h", "surface_types.h",
             "texture_types.h",
             "cuda_runtime.h", "channel_descriptor.h", "cuda_device_runtime_api.h",
             "cuda_profiler_api.h", "crt/host_runtime.h", "cuda_gl_interop.h",
             "cuda_egl_interop.h", "cuda_vdpau_interop.h"]
    texts = {f: cheaders.read_header(os.path.join(cuda, f)) for f in files}
    cuda_ids = ALL_CUDA_IDS

    # Functions: declared now, or ever traced by CUPTI (removed ones included).
    added = {}
    cbid = cheaders.read_header(os.path.join(dating or cuda, "cupti_runtime_cbid.h"))
    for name, version in re.findall(r"CUPTI_RUNTIME_TRACE_CBID_(\w+?)_v(\d+)\b", cbid):
        if re.search(r"_(ptsz|ptds)$", name) or name.startswith("__"):
            continue
        v = int(version)
        added.setdefault(name, "%d.%d" % (v // 1000, (v % 1000) // 10) if v > 3020 else "")
    declared = set()
    for text in texts.values():
        declared |= {n for n in cheaders.functions(text, ["CUDARTAPI", "__host__", "static __inline__"])
                     if n.startswith(("cuda", "make_cuda"))}
    # A traced name the headers no longer declare gets a row only when
    # history.tsv knows when it was removed (Windows-only names never do).
    traced = {n for n in added if n in cuda_ids or history.lookup(n)[1]}
    for name in sorted(declared | traced):
        if re.search(r"_(ptsz|ptds)$", name) or not name.startswith(("cuda", "make_cuda")):
            continue
        if name in overrides:
            target = overrides[name]
        else:
            target = first_present(hip, runtime_transform(name))
        rows.add(name, "function", target, hip, history, cuda_ids, added.get(name, ""))

    # Enums and their enumerators.
    cuda_enums = []
    for f in files:
        cuda_enums += [e for e in cheaders.enums(texts[f])
                       if any(n.startswith("cuda") for n in e.names())]
    enum_rows(rows, cuda_enums, hip, history, cuda_ids, overrides, runtime_transform)

    # Types: typedefs and structs.
    for f in files:
        for name in sorted(cheaders.typedef_names(texts[f]) | cheaders.struct_names(texts[f])):
            if not name.startswith("cuda") or name in rows.rows:
                continue
            target = overrides.get(name) or first_present(
                hip, runtime_transform(name) + [c + "_t" for c in runtime_transform(name)])
            rows.add(name, "type", target, hip, history, cuda_ids)
    # The texture and surface reference class templates (texture<T, dim, mode>,
    # surface<T, dim>) of CUDA 11's cuda_texture_types.h and cuda_surface_types.h, which
    # CUDA 12 removed with the headers: HIP spells the ones it has the same way.
    for f in REFERENCE_TEMPLATE_HEADERS:
        path = os.path.join(cuda, f)
        if os.path.exists(path):
            for name in sorted(cheaders.struct_names(cheaders.read_header(path))):
                rows.add(name, "type", overrides.get(name) or first_present(hip, [name]),
                         hip, history, cuda_ids)

    # Object-like macros (flags, limits).
    for f in files:
        for name, (function_like, body) in sorted(cheaders.macros(texts[f]).items()):
            if not function_like and cheaders.IDENT_RE.fullmatch(body):
                ALIASES.append((name, body))  # #define cudaStreamAttrID cudaLaunchAttributeID
            if not name.startswith("cuda") or function_like or name in rows.rows:
                continue
            if name in declared or name.endswith("_ptsz") or name.endswith("_ptds"):
                continue
            target = overrides.get(name) or first_present(hip, runtime_transform(name))
            rows.add(name, "macro", target, hip, history, cuda_ids)

    # Removed names the history knows beyond functions (types, enumerators).
    for name in history.exact:
        if not re.match(r"cu[A-Z_]|CU", name) and name not in rows.rows \
                and name not in cuda_ids and history.exact[name][1]:
            kind = OVERRIDE_KINDS.get(name)
            if kind:
                target = overrides.get(name) or first_present(hip, runtime_transform(name))
                rows.add(name, kind, target, hip, history, cuda_ids)
    # Overrides for names of these headers that no rule above picked up; device
    # names (umin -> min, double4_32a -> double4) are derive_device's.
    device_names = derive_device.device_names(cuda)
    for name, target in overrides.items():
        if not re.match(r"cu[A-Z_]|CU", name) and name not in rows.rows and name in cuda_ids \
                and name not in device_names:
            rows.add(name, OVERRIDE_KINDS.get(name, "type"), target, hip, history, cuda_ids)
    return rows


def clang_hip_headers(include):
    return sorted(os.path.join(include, f) for f in os.listdir(include)
                  if f.startswith("__clang_hip_") and f.endswith(".h"))


def cuda_header_files(cuda):
    """The CUDA headers whose names hipify's tables may use (the consistency check reads the same)."""
    return cheaders.header_files(cuda, ["crt", "cooperative_groups", "cooperative_groups.h"]) + \
        sorted(os.path.join(cuda, f) for f in os.listdir(cuda) if f.endswith((".h", ".hpp")))


def derive_driver(cuda, hip, history, overrides, out, dating=None):
    rows = Rows("driver")
    files = ["cuda.h", "cudaProfiler.h", "cudaGL.h", "cudaEGL.h", "cudaVDPAU.h"]
    texts = {f: cheaders.read_header(os.path.join(cuda, f)) for f in files}
    cuda_ids = ALL_CUDA_IDS
    text = texts["cuda.h"]
    defines = {}
    for f in files:
        defines.update(cheaders.macros(texts[f]))

    declared = set()
    for t in texts.values():
        declared |= {n for n in cheaders.functions(t, ["CUDAAPI"]) if n.startswith("cu")}
    # cuda.h maps the names users write onto versioned entry points:
    # #define cuMemAlloc cuMemAlloc_v2. Both spellings get a row.
    versioned = {n: body for n, (fl, body) in defines.items()
                 if not fl and n.startswith("cu") and re.fullmatch(re.escape(n) + r"_v\d+", body)}
    cbid = cheaders.read_header(os.path.join(dating or cuda, "cupti_driver_cbid.h"))
    traced = {n for n in re.findall(r"CUPTI_DRIVER_TRACE_CBID_(cu\w+)\s*=", cbid)
              if not re.search(r"_(ptsz|ptds)$", n) and (n in cuda_ids or history.lookup(n)[1])}
    # cudaTypedefs.h names every entry point's ABI versions: PFN_cuMemAlloc_v2000
    # (unsigned int size) and PFN_cuMemAlloc_v3020 (size_t). The name users
    # write dates from the oldest; the entry point _vN from the N-th oldest
    # (cuCtxCreate_v2: 3.2, _v3: 11.4, _v4: 12.5). v2000 is the floor of that
    # list: older names stay undated.
    pfn_versions = {}
    typedefs = cheaders.read_header(os.path.join(dating or cuda, "cudaTypedefs.h"))
    for pfn_name, version in re.findall(r"\bPFN_(cu\w+?)_v(\d+)\b", typedefs):
        if not re.search(r"_(ptsz|ptds)$", pfn_name):
            pfn_versions.setdefault(pfn_name, set()).add(int(version))

    def driver_added(name):
        base = re.sub(r"_v\d+$", "", name)
        versions = pfn_versions.get(base)
        if not versions:
            return ""
        ordered = sorted(versions)
        index = int(name[len(base) + 2:]) - 1 if base != name else 0
        if index >= len(ordered):
            return ""
        v = ordered[index]
        return "%d.%d" % (v // 1000, (v % 1000) // 10) if v > 2000 else ""

    for name in sorted(declared | set(versioned) | set(versioned.values()) | traced):
        if re.search(r"_(ptsz|ptds)$", name) or not re.match(r"cu[A-Z]", name):
            continue
        base = re.sub(r"_v\d+$", "", name)
        if name in overrides:
            target = overrides[name]
        elif base in overrides:
            target = overrides[base]
        else:
            target = first_present(hip, driver_transform(base) +
                                   ["hipModule" + base[2:], "hipDrv" + base[2:]])
        rows.add(name, "function", target, hip, history, cuda_ids, driver_added(name))

    cuda_enums = [e for e in cheaders.enums(text)
                  if any(n.startswith("CU") for n in e.names()) or
                  any(x.startswith("CU") for x in e.enumerators)]
    enum_rows(rows, cuda_enums, hip, history, cuda_ids, overrides, driver_transform)

    ALIASES.extend(typedef_tags(text))
    for name in sorted(cheaders.typedef_names(text) | cheaders.struct_names(text)):
        if not name.startswith("CU") or name in rows.rows:
            continue
        target = overrides.get(name) or first_present(hip, driver_transform(name))
        rows.add(name, "type", target, hip, history, cuda_ids)

    for name, (function_like, body) in sorted(defines.items()):
        if not function_like and cheaders.IDENT_RE.fullmatch(body):
            ALIASES.append((name, body))  # #define CU_STREAM_ATTRIBUTE_PRIORITY CU_LAUNCH_ATTRIBUTE_PRIORITY
        if function_like or name in rows.rows or name in versioned:
            continue
        if not (name.startswith("CU_") or name.startswith("CUDA_")) or name.endswith("_H"):
            continue
        target = overrides.get(name) or first_present(hip, driver_transform(name))
        rows.add(name, "macro", target, hip, history, cuda_ids)
    for name, target in overrides.items():
        if (name.startswith("CU") or name.startswith("cu")) and not name.startswith("cuda") \
                and name not in rows.rows and name in cuda_ids:
            rows.add(name, "type", target, hip, history, cuda_ids)
    return rows


def derive_library_types(cuda, hip, history, overrides, out):
    rows = Rows("library_types")
    path = os.path.join(cuda, "library_types.h")
    text = cheaders.read_header(path)
    cuda_ids = cheaders.identifiers([path])

    def transform(name):
        if name.startswith("CUDA_"):
            return ["HIP_" + name[5:]]
        if name.startswith("cuda"):
            return ["hip" + name[4:]]
        return []
    for e in cheaders.enums(text):
        ALIASES.extend(same_value_pairs(e, e))
        for name in e.names():
            target = overrides.get(name) or first_present(hip, transform(name))
            rows.add(name, "enum" if name == e.tag else "type", target, hip, history, cuda_ids)
        for name in e.enumerators:
            target = overrides.get(name) or first_present(hip, transform(name))
            rows.add(name, "enumerator", target, hip, history, cuda_ids)
    for name in sorted(cheaders.typedef_names(text)):
        if name not in rows.rows:
            target = overrides.get(name) or first_present(hip, transform(name))
            rows.add(name, "type", target, hip, history, cuda_ids)
    return rows


def read_cuda_headers(cuda):
    """Sets what the rows of a CUDA header set depend on: ALL_CUDA_IDS, DEPRECATED and
    CUDA_HEADERS_VERSION."""
    global ALL_CUDA_IDS, CUDA_HEADERS_VERSION
    ALL_CUDA_IDS = cheaders.identifiers(cuda_header_files(cuda))
    DEPRECATED.clear()
    for f in DEPRECATION_HEADERS:
        DEPRECATED.update(cheaders.deprecated_functions(
            cheaders.read_header(os.path.join(cuda, f))))
    version = re.search(r"#define\s+CUDART_VERSION\s+(\d+)",
                        cheaders.read_header(os.path.join(cuda, "cuda_runtime_api.h")))
    if not version:
        die("%s/cuda_runtime_api.h defines no CUDART_VERSION" % cuda)
    CUDA_HEADERS_VERSION = "%d.%d" % (int(version.group(1)) // 1000,
                                      int(version.group(1)) % 1000 // 10)


def derive_apis(cuda, hip, history, overrides, out, dating=None):
    """{api: Rows} of the runtime, driver and library_types tables from the headers in cuda
    (read_cuda_headers first), with the aliases of the twin driver/runtime enums."""
    tables = {"runtime": derive_runtime(cuda, hip, history, overrides, out, dating),
              "driver": derive_driver(cuda, hip, history, overrides, out, dating),
              "library_types": derive_library_types(cuda, hip, history, overrides, out)}
    for driver_enum, runtime_enum in twin_enums(CUDA_ENUMS.get("driver", []),
                                                CUDA_ENUMS.get("runtime", [])):
        ALIASES.extend(same_value_pairs(driver_enum, runtime_enum))
        ALIASES.extend(same_value_pairs(runtime_enum, driver_enum))
    return tables


def add_older_rows(tables, older_sets, cuda, hip, history, overrides, out):
    """Rows for the names older CUDA header sets (--cuda-older: 11.8, 11.2) declare and
    CUDA 13's (cuda) no longer do: texture and surface references, cudaLaunchParams,
    cudaOutputMode_t, CU_TARGET_COMPUTE_20, ... Each set is derived by the same rules
    (Rows.add skips the names CUDA 13's rows claimed) and libraryrows.add_removed_rows
    dates them: cuda_removed from history.tsv, else the first set read that lacks the name.
    An older set's aliases (follow_aliases) apply to its own names only, and its functions
    are dated from CUDA 13's CUPTI ids and cudaTypedefs.h, which keep the removed ones.
    The newest set is derived first: a name's row is that of the newest set declaring it."""
    global ALIASES, CUDA_ENUMS, ALL_CUDA_IDS, CUDA_HEADERS_VERSION
    current = (ALIASES, CUDA_ENUMS, ALL_CUDA_IDS, CUDA_HEADERS_VERSION, set(DEPRECATED))
    older_tables, older_aliases = [], []
    for version, folder in sorted(older_sets, key=lambda s: libraryrows.version_key(s[0]),
                                  reverse=True):
        ALIASES, CUDA_ENUMS = [], {}
        read_cuda_headers(folder)
        derived = derive_apis(folder, hip, history, overrides, out, dating=cuda)
        older_tables.append((version, {api: row_dicts(rows) for api, rows in derived.items()}))
        older_aliases += [(a, b) for a, b in ALIASES
                          if any(a in rows.rows for rows in derived.values())]
    ALIASES, CUDA_ENUMS, ALL_CUDA_IDS, CUDA_HEADERS_VERSION = current[:4]
    DEPRECATED.clear()
    DEPRECATED.update(current[4])
    ALIASES.extend(older_aliases)
    dicts = {api: row_dicts(rows) for api, rows in tables.items()}
    libraryrows.add_removed_rows(dicts, older_tables, history)
    for api, rows in tables.items():
        for name in set(dicts[api]) - set(rows.rows):
            row = dicts[api][name]
            rows.rows[name] = [row[c] for c in COLUMNS]
            if any(row.get(c) for c in REWRITE_COLUMNS):
                rows.rows[name] += [row.get(c, "") for c in REWRITE_COLUMNS]


def row_dicts(rows):
    """{name: {column: value}} of a Rows (libraryrows' form)."""
    columns = COLUMNS + REWRITE_COLUMNS
    return {name: dict(zip(columns, row + [""] * (len(columns) - len(row))))
            for name, row in rows.rows.items()}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cuda", required=True, help="CUDA include directory")
    parser.add_argument("--hip", required=True, help="HIP include directory of the floor version (5.2)")
    parser.add_argument("--hip-newer", action="append", default=[],
                        help="VERSION=DIR: HIP headers of a newer version")
    parser.add_argument("--hip-opt-in-default", metavar="VERSION=DIR",
                        help="HIP headers of a newer version, read only to date the names the "
                        "other sets declare behind an opt-in macro (HIP_ENABLE_*)")
    parser.add_argument("--clang-include",
                        help="clang's resource include dir (its __clang_hip_*.h wrappers)")
    parser.add_argument("--clang-builtins", action="append", default=[], metavar="FILE",
                        help="clang's builtin lists (<llvm>/include/clang/Basic/Builtins.inc, "
                             "BuiltinsAMDGPU.def): names every hipcc provides")
    parser.add_argument("--nvcc-builtins", metavar="FILE",
                        help="hipify-clang's stand-in for nvcc's own builtins "
                             "(tools/hipify-clang/cuda-stand-ins/hipify_cuda_nvcc_builtins.h): "
                             "device.tsv gets rows for the __nv_atomic_* builtins it declares")
    libraryrows.add_cuda_older_argument(parser)
    parser.add_argument("--out", required=True)
    parser.add_argument("--overrides", default=os.path.join(HERE, "overrides.tsv"))
    parser.add_argument("--history", default=os.path.join(HERE, "history.tsv"))
    parser.add_argument("--rewrites", default=os.path.join(HERE, "rewrites.tsv"))
    parser.add_argument("--helper-overloads", default=os.path.join(HERE, "helper-overloads.tsv"),
                        help="CUDA overloads no HIP has, each with its helper")
    parser.add_argument("--device-reasons", default=os.path.join(HERE, "device-reasons.tsv"),
                        help="why device names HIP lacks are left; empty: none, unchecked")
    parser.add_argument("--counterparts", default=os.path.join(HERE, "counterparts.tsv"),
                        help="confirmed counterparts spelled differently (find_counterparts.py)")
    parser.add_argument("--partial", action="store_true",
                        help="headers missing from --cuda read as empty (for tests)")
    args = provenance.parse_args(parser, argv)
    cheaders.ALLOW_MISSING = args.partial
    older_sets = libraryrows.cuda_older_sets(args.cuda_older)
    newer = []
    for item in args.hip_newer:
        version, _, directory = item.partition("=")
        newer.append((version, directory))
    compiler_ids = set()
    if args.clang_include:
        compiler_ids = cheaders.identifiers(clang_hip_headers(args.clang_include))
    # clang's builtins (__hip_atomic_load) are there under every hipcc, like its wrappers.
    compiler_ids |= cheaders.builtins(args.clang_builtins)
    opt_in_default = None
    if args.hip_opt_in_default:
        version, _, directory = args.hip_opt_in_default.partition("=")
        opt_in_default = (version, directory)
    hip = Hip(args.hip, newer, compiler_ids, opt_in_default)
    # Names the hand-curated tables own are not derived again.
    for curated in ("headers.tsv", "macros.tsv", "wmma.tsv"):
        if os.path.exists(os.path.join(args.out, curated)):
            for row in tsv.read(os.path.join(args.out, curated), COLUMNS, exact=False):
                CURATED.add(row["cuda_name"])
    read_cuda_headers(args.cuda)
    history = History(args.history)
    if os.path.exists(args.rewrites):
        for row in tsv.read(args.rewrites, ["cuda_name"] + REWRITE_COLUMNS, exact=False):
            REWRITES[row["cuda_name"]] = [row["fallback"], row["rewrite"]]
    helper_rows = tsv.read(args.helper_overloads, HELPER_OVERLOAD_COLUMNS)
    hip_defined, cuda_declared = overload_sets(
        args.cuda, hip, {row["cuda_name"] for row in helper_rows})
    overloads = hip_only_overloads(hip_defined, cuda_declared)
    for name, entries in helper_overloads(helper_rows, hip_defined,
                                          cuda_declared).items():
        overloads.setdefault(name, []).extend(entries)
    for name, entries in sorted(overloads.items()):
        REWRITES.setdefault(name, ["", "hipdefines:" + ";".join(entries)])
    for name, overloads in hip_vector_operators(hip).items():
        if overloads:
            REWRITES.setdefault(name, ["", "hipdefines:" + overloads])
    overrides = {}
    for row in tsv.read(args.overrides, ["cuda_name", "hip_name", "kind"], exact=False):
        overrides[row["cuda_name"]] = "" if row["hip_name"] == "-" else row["hip_name"]
        if row["kind"]:
            OVERRIDE_KINDS[row["cuda_name"]] = row["kind"]
        if row["hip_name"] not in ("-", "") and not hip.version(row["hip_name"]):
            die("%s: '%s' maps to '%s', which no HIP header declares"
                % (args.overrides, row["cuda_name"], row["hip_name"]))
    if os.path.exists(args.counterparts):
        for row in tsv.read(args.counterparts, ["cuda_name", "hip_name", "reason"],
                            exact=False):
            name = row["cuda_name"]
            if name in overrides:
                die("%s: '%s' is in %s too: one curated file owns a name"
                    % (args.counterparts, name, args.overrides))
            if not row["reason"]:
                die("%s: '%s' has no reason" % (args.counterparts, name))
            if not hip.version(row["hip_name"]):
                die("%s: '%s' maps to '%s', which no HIP header declares"
                    % (args.counterparts, name, row["hip_name"]))
            overrides[name] = row["hip_name"]
    tables = derive_apis(args.cuda, hip, history, overrides, args.out)
    if older_sets:
        add_older_rows(tables, older_sets, args.cuda, hip, history, overrides, args.out)
    follow_aliases(list(tables.values()), overrides)
    for api, rows in tables.items():
        rows.write(os.path.join(args.out, api + ".tsv"))
    derive_device.derive_all(args.cuda, hip, history, overrides, args.out, Rows, ALL_CUDA_IDS,
                             args.device_reasons, args.partial,
                             nvcc_builtins=args.nvcc_builtins)
    if MISSING:
        die("not in the CUDA headers, and history.tsv has no removal version: %s"
            % " ".join(sorted(set(MISSING))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
