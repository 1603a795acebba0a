"""Device-side tables: built-ins, intrinsics, atomics, math (device.tsv), cuComplex,
fp16, bf16, cooperative groups and NVRTC, derived like derive_tables.py does."""

import bisect
import functools
import os
import re

import cheaders
import tsv
from tsv import die

# The headers that declare device functions, relative to the CUDA include dir.
DEVICE_HEADERS = [
    "crt/device_functions.h", "crt/device_double_functions.h", "crt/math_functions.h",
    "crt/sm_70_rt.h", "crt/sm_80_rt.h", "crt/sm_90_rt.h", "crt/sm_100_rt.h",
    "device_atomic_functions.h", "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
    "sm_35_atomic_functions.h", "sm_60_atomic_functions.h", "sm_20_intrinsics.h",
    "sm_30_intrinsics.h", "sm_32_intrinsics.h", "sm_35_intrinsics.h", "sm_61_intrinsics.h",
    "texture_indirect_functions.h", "surface_indirect_functions.h", "vector_functions.h",
]
DEVICE_MARKERS = ["__device__", "_DECL__", "__device_builtin__", "__host__"]
# Built-in variables (device_launch_parameters.h); HIP declares the same names.
BUILTIN_VARIABLES = ["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"]
# crt/common_functions.h also declares the C library for device code (malloc,
# printf, memcpy, new/delete); those are the same names on the host and are not
# CUDA's. Only clock() is taken from it: device code uses it as a timer.
COMMON_FUNCTIONS = ["clock"]


def public(name):
    """Names user code writes: not the headers' own helpers (__nv_*, __cuda*, _foo)."""
    if re.match(r"^(__nv|__cuda|__internal|__cudart|__int_as|_[a-z_]*_impl)", name):
        return name in ("__int_as_float", "__int_as_double")
    if name.startswith("_") and not name.startswith("__"):
        return False
    if re.match(r"^__[A-Z]|^__(libcpp|cmath|pow_helper)", name) or name in ("throw",):
        return False  # macros and libc++/libstdc++ helpers the headers call
    return not name.startswith("___")


def first_present(hip, candidates):
    for c in candidates:
        if c and hip.version(c):
            return c
    return ""


# The header readers below are asked again by derive_tables.py's runtime
# derivation (which names are derive_device's): read once.
@functools.lru_cache(maxsize=None)
def vector_type_names(cuda):
    """Vector types (char1 ... double4, double4_32a, dim3): HIP's are the same names."""
    text = cheaders.read_header(os.path.join(cuda, "vector_types.h"))
    return frozenset(name for name in cheaders.typedef_names(text) | cheaders.struct_names(text)
                     if re.fullmatch(r"dim3|(u?(char|short|int|long|longlong)|float|double)"
                                     r"[1-4](_\d+a)?", name))


def device_names(cuda):
    """Functions derive_device derives from the headers, and vector types."""
    names = device_function_names(cuda) | vector_type_names(cuda)
    for headers in HALF_HEADERS.values():
        names |= half_names(cuda, headers)[1]
    return names


@functools.lru_cache(maxsize=None)
def device_function_names(cuda):
    """The functions of DEVICE_HEADERS (and COMMON_FUNCTIONS), public or not."""
    names = set(COMMON_FUNCTIONS)
    for f in DEVICE_HEADERS:
        path = os.path.join(cuda, f)
        if os.path.exists(path):
            names |= cheaders.functions(cheaders.read_header(path), DEVICE_MARKERS)
    return frozenset(names)


def derive_device(cuda, hip, history, ids, out, Rows, nvcc_builtins=None):
    rows = Rows("device")
    if nvcc_builtins:
        nvcc_builtin_rows(nvcc_builtins, hip, history, ids, rows)
    for name in (n for n in BUILTIN_VARIABLES if n in ids):
        rows.add(name, "variable", first_present(hip, [name]), hip, history, ids)
    names = device_function_names(cuda)
    same_as = documented_equivalents(cuda)
    for name in sorted(n for n in names if public(n) and n in ids):
        if name.startswith(("cuda", "make_cu")) or name in ("defined", "sizeof", "if"):
            continue
        hip_name = first_present(hip, [OVERRIDES.get(name, name)])
        rows.add(name, "function", hip_name, hip, history, ids)
        reason = "" if hip_name else rounding_reason(name, same_as, hip)
        if reason:
            rows.rows[name] += ["", "why:" + reason]
    for name in sorted(vector_type_names(cuda)):
        if name in ids:
            rows.add(name, "type", first_present(hip, [OVERRIDES.get(name, name)]), hip,
                     history, ids)
    # Function and variable qualifiers user code writes (crt/host_defines.h).
    defines = cheaders.macros(cheaders.read_header(os.path.join(cuda, "crt/host_defines.h")))
    for name in EXECUTION_SPACE_MACROS:
        if name in defines:
            rows.add(name, "macro", first_present(hip, [name]), hip, history, ids)
    # math_constants.h: CUDART_PI_F -> HIP_PI_F (hip_math_constants.h).
    defines = cheaders.macros(cheaders.read_header(os.path.join(cuda, "math_constants.h")))
    for name in sorted(n for n, (function_like, _) in defines.items()
                       if n.startswith("CUDART_") and not function_like):
        rows.add(name, "macro", first_present(hip, ["HIP_" + name[len("CUDART_"):]]), hip,
                 history, ids)
    REASONS.explain(rows)
    rows.write(os.path.join(out, "device.tsv"))


class Reasons:
    """device-reasons.tsv: gives every unsupported row of the device-side tables
    without a rule of its own a `why`, naming the closest HIP name where there
    is one. finish() fails on a name left without a reason or a stale pattern."""

    DEFAULT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device-reasons.tsv")

    def __init__(self, hip, path, partial):
        """An empty file (/dev/null) gives no reasons and checks nothing; with
        partial headers, a pattern may match nothing."""
        self.hip, self.path, self.partial = hip, path, partial
        self.reasons = [(re.compile(r["pattern"]), r) for r in
                        tsv.read(path, ["pattern", "closest", "reason"], exact=False)]
        self.used, self.unexplained = set(), []

    def explain(self, rows):
        for name, row in sorted(rows.rows.items()):
            if row[5] != "unsupported" or len(row) > 10:
                continue
            match = next(((m, r) for m, r in ((p.fullmatch(name), r)
                                              for p, r in self.reasons) if m), None)
            if not match:
                self.unexplained.append(name)
                continue
            m, reason = match
            self.used.add(reason["pattern"])
            text = m.expand(reason["reason"])
            if reason["closest"]:
                closest = m.expand(reason["closest"])
                if not self.hip.version(closest.split("::")[-1]):
                    die("%s: the closest HIP name of '%s', '%s', is in no HIP header"
                        % (self.path, name, closest))
                text += "; the closest HIP %s is %s" % (CLOSEST_NOUN[row[1]], closest)
            row += ["", "why:" + text]

    def finish(self):
        if not self.reasons:
            return
        if self.unexplained:
            die("%s: no reason for the unsupported names %s"
                % (self.path, " ".join(self.unexplained)))
        stale = [r["pattern"] for _, r in self.reasons if r["pattern"] not in self.used]
        if stale and not self.partial:
            die("%s: patterns that match no unsupported name: %s" % (self.path, " ".join(stale)))


CLOSEST_NOUN = {"function": "function", "type": "type", "macro": "qualifier",
                "variable": "variable", "member": "member function"}


# The rounding suffixes of CUDA's arithmetic intrinsics (__fadd_rd, __dsqrt_ru).
ROUNDING = {"rn": "to nearest even", "rd": "toward negative infinity",
            "ru": "toward positive infinity", "rz": "toward zero"}
ROUNDED_RE = re.compile(r"^(__\w+)_(rn|rd|ru|rz)$")
# A doc comment's "the same as ::__fmaf_ru()" and the function it documents.
SAME_AS_RE = re.compile(r"/\*\*((?:(?!\*/).)*?)\*/\s*(?:extern\s+)?[^;{}()]*?\b(\w+)\s*\(", re.S)


def documented_equivalents(cuda):
    """{name: the function CUDA's documentation says it behaves like}: the
    float2 forms (__fadd2_rd: "Numeric behavior per component is the same as
    ::__fadd_rd()") and the -ftz-ignoring ones (__fmaf_ieee_rn: "the same as
    ::__fmaf_rn")."""
    same_as = {}
    for f in DEVICE_HEADERS:
        path = os.path.join(cuda, f)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as header:
            for doc, name in SAME_AS_RE.findall(header.read()):
                m = re.search(r"same as ::(\w+)", doc)
                if m and m.group(1) != name:
                    same_as[name] = m.group(1)
    return same_as


def rounding_reason(name, same_as, hip):
    """Why HIP lacks a rounded arithmetic intrinsic, naming the closest HIP
    function (its round-to-nearest-even form); "" for other names. HIP and
    clang declare the directed forms only under a macro nothing defines
    (cheaders.NEVER_DEFINED): AMD GPUs have no per-instruction rounding mode."""
    base = same_as.get(name, name)
    m = ROUNDED_RE.match(base)
    if not m or not hip.version(m.group(1) + "_rn"):
        return ""
    closest, mode = m.group(1) + "_rn", m.group(2)
    parts = []
    if mode != "rn":
        parts.append("it rounds %s, and HIP has no directed rounding (AMD GPUs set the "
                     "rounding mode per wave, not per instruction)" % ROUNDING[mode])
    if base != name and re.search(r"2_r[dnuz]$", name):
        parts.append("HIP has no float2 form (CUDA's computes each component like %s)" % base)
        closest += " on .x and .y"
    elif base != name:
        parts.append("HIP has no form that ignores -ftz (CUDA's is %s otherwise)" % base)
    return "; ".join(parts) + "; the closest HIP function is " + closest + \
        (", which rounds to nearest even" if mode != "rn" else "")


# nvcc's own builtins, which no CUDA header declares (CUDA 12.8's __nv_atomic_*):
# hipify-clang's stand-in header declares them for the parse (its order and
# scope enumerators are checked against crt/device_functions.h by
# nvcc-builtins-stand-in.test), and their rows are derived from it (--nvcc-builtins).
# The orders by meaning: clang's __ATOMIC_* (C11's). Consume is acquire: clang, like
# every compiler, emits memory_order_consume as acquire.
NV_ORDER_RE = re.compile(r"^__NV_ATOMIC_(\w+)$")
NV_ORDERS = {"CONSUME": "__ATOMIC_ACQUIRE"}
# The scopes by meaning: a thread, a block (an AMD workgroup), the device (an AMD
# agent), the system; and the same as __builtin_amdgcn_fence's scope strings.
NV_SCOPES = {"THREAD": ("__HIP_MEMORY_SCOPE_SINGLETHREAD", "singlethread"),
             "BLOCK": ("__HIP_MEMORY_SCOPE_WORKGROUP", "workgroup"),
             "DEVICE": ("__HIP_MEMORY_SCOPE_AGENT", "agent"),
             "SYSTEM": ("__HIP_MEMORY_SCOPE_SYSTEM", "")}
NV_SCOPE_REASONS = {
    "CLUSTER": "AMD GPUs have no thread block clusters, so HIP has no cluster scope; a "
               "kernel launched without clusters has one block per cluster, where "
               "__HIP_MEMORY_SCOPE_WORKGROUP is the same; __HIP_MEMORY_SCOPE_AGENT is "
               "correct for any launch (a wider scope orders more)"}
NV_DECL_RE = re.compile(r"\)\s*(\w+)\s*(__nv_atomic_\w+)\(([^)]*)\);")
NV_RMW_RE = re.compile(r"^HIPIFY_NV_ATOMIC_RMW\((\w+)\)$", re.M)


def nvcc_builtin_declarations(text):
    """{name: (return type, [parameter types], index of the defaulted scope)} of the
    stand-in's __nv_atomic_* declarations (HIPIFY_NV_ATOMIC_RMW(op) declares
    __nv_atomic_fetch_op and the void __nv_atomic_op)."""
    decls = {}
    for op in NV_RMW_RE.findall(text):
        decls["__nv_atomic_fetch_" + op] = ("T", ["T *", "U", "int", "int"])
        decls["__nv_atomic_" + op] = ("void", ["T *", "U", "int", "int"])
    for ret, name, params in NV_DECL_RE.findall(re.sub(r"\s+", " ", text)):
        decls[name] = (ret, [p.split("=")[0].strip() for p in params.split(",")])
    return decls


def nvcc_builtin_names(stand_in):
    """The functions and enumerators the stand-in declares for nvcc."""
    text = cheaders.read_header(stand_in)
    return set(nvcc_builtin_declarations(text)) | \
        {n for e in cheaders.enums(text) for n in e.enumerators}


def nvcc_builtin_forms(name, decls, scopes):
    """(HIP builtin, forms rule) of an __nv_atomic_* function, or (None, reason).
    The _n and fetch forms pass what the __hip_atomic_* builtin of that operation
    takes, less compare_exchange's weak flag (HIP names the strength instead;
    strong is always a correct weak one, which may merely fail spuriously, and
    AMD GPUs have no weak compare-and-swap: both are one instruction); the void
    forms are the fetch form cast to void; a generic form (no _n) is its _n
    form with the values passed through pointers, unless it returns through
    one; the scope, last and defaulted to the system, is added where omitted, and
    must otherwise be one of `scopes` (the __NV_THREAD_SCOPE_* enumerators)."""
    ret, params = decls[name]
    op = name[len("__nv_atomic_"):]
    if op == "thread_fence":
        forms = ["%d&1=__NV_THREAD_SCOPE_%s>__builtin_amdgcn_fence(0,=\"%s\")"
                 % (len(params), scope, string) for scope, (_, string) in NV_SCOPES.items()]
        forms.append("1>__builtin_amdgcn_fence(0,=\"\")")
        return "__builtin_amdgcn_fence", ";".join(forms)
    prefix = ""
    if ret == "void" and "__nv_atomic_fetch_" + op in decls:
        op, prefix = "fetch_" + op, "(void)"
        ret, params = decls["__nv_atomic_" + op]
    items = [str(i) for i in range(len(params))]
    if not op.endswith("_n") and "__nv_atomic_%s_n" % op in decls:
        n_ret, n_params = decls["__nv_atomic_%s_n" % op]
        if len(n_params) != len(params):
            return None, ("HIP's __hip_atomic_%s returns the value where this form stores it "
                          "through a pointer argument: write __nv_atomic_%s_n's form, "
                          "*ret = __hip_atomic_%s(...)" % (op, op, op))
        items = ["*%d" % i if p.endswith("*") and not n_params[i].endswith("*") else str(i)
                 for i, p in enumerate(params)]
    op = op[:-2] if op.endswith("_n") else op
    if op == "compare_exchange":
        op += "_strong"
        del items[params.index("bool")]
    builtin = "__hip_atomic_" + op
    full = "%s%s(%s)" % (prefix, builtin, ",".join(items))
    omitted = "%s%s(%s,=%s)" % (prefix, builtin, ",".join(items[:-1]),
                                NV_SCOPES["SYSTEM"][0])
    # A scope written as a value (3, a variable) would keep CUDA's number, which
    # means another scope in HIP (__NV_THREAD_SCOPE_DEVICE is 3, __HIP_MEMORY_SCOPE_AGENT
    # 4): only calls that name the scope are translated (CLUSTER's own row reports it).
    return builtin, "%d>%s;%d&%d=%s>%s" % (len(params) - 1, omitted, len(params),
                                           len(params) - 1, "|".join(scopes), full)


def nvcc_builtin_rows(stand_in, hip, history, ids, rows):
    """Rows of nvcc's __nv_atomic_* builtins and their order and scope constants,
    from the stand-in header: HIP's counterparts are clang's __hip_atomic_*
    builtins (--clang-builtins), __ATOMIC_* orders and __HIP_MEMORY_SCOPE_* scopes."""
    text = cheaders.read_header(stand_in)
    decls = nvcc_builtin_declarations(text)
    enumerators = [n for e in cheaders.enums(text) for n in e.enumerators]
    known = set(ids) | set(decls) | set(enumerators)
    for name in enumerators:
        m = NV_ORDER_RE.match(name)
        scope = name[len("__NV_THREAD_SCOPE_"):] if name.startswith("__NV_THREAD_SCOPE_") else None
        hip_name = NV_SCOPES[scope][0] if scope in NV_SCOPES else \
            "" if scope else NV_ORDERS.get(m.group(1), "__ATOMIC_" + m.group(1))
        if hip_name and not hip.version(hip_name):
            die("%s: '%s' (for '%s') is neither a HIP name nor a clang builtin"
                % (stand_in, hip_name, name))
        rows.add(name, "enumerator", hip_name, hip, history, known)
        if scope in NV_SCOPE_REASONS:
            rows.rows[name] += ["", "why:" + NV_SCOPE_REASONS[scope]]
    for name in sorted(decls):
        builtin, forms = nvcc_builtin_forms(
            name, decls, [n for n in enumerators if n.startswith("__NV_THREAD_SCOPE_")])
        if builtin and not hip.version(builtin):
            die("%s: '%s' (for '%s') is not a clang builtin (pass --clang-builtins)"
                % (stand_in, builtin, name))
        rows.add(name, "function", builtin or "", hip, history, known)
        rows.rows[name] += ["", ("forms:" if builtin else "why:") + forms]


# The qualifiers of crt/host_defines.h that user code spells; the rest of that
# header's __x__ macros are the headers' own plumbing. (__restrict__ is a
# compiler keyword, the same under hipcc.)
EXECUTION_SPACE_MACROS = [
    "__align__", "__cluster_dims__", "__constant__", "__device__", "__forceinline__",
    "__global__", "__grid_constant__", "__host__", "__launch_bounds__", "__managed__",
    "__maxnreg__", "__noinline__", "__shared__",
]


def derive_complex(cuda, hip, history, ids, out, Rows):
    rows = Rows("complex")
    text = cheaders.read_header(os.path.join(cuda, "cuComplex.h"))
    for name in sorted(cheaders.typedef_names(text)):
        rows.add(name, "type", first_present(hip, ["hip" + name[2:]]), hip, history, ids)
    for name in sorted(cheaders.functions(text, ["__host__", "__device__", "static"])):
        hip_name = re.sub(r"^(make_)?cu", lambda m: (m.group(1) or "") + "hip", name)
        rows.add(name, "function", first_present(hip, [hip_name]), hip, history, ids)
    rows.write(os.path.join(out, "complex.tsv"))


HALF_HEADERS = {"fp16": ("cuda_fp16.h", "cuda_fp16.hpp"),
                "bf16": ("cuda_bf16.h", "cuda_bf16.hpp")}


@functools.lru_cache(maxsize=None)
def half_names(cuda, headers):
    """The types and the functions cuda_fp16 / cuda_bf16 declare."""
    types, functions = set(), set()
    for header in headers:
        text = cheaders.read_header(os.path.join(cuda, header))
        types |= cheaders.typedef_names(text) | cheaders.struct_names(text)
        functions |= cheaders.functions(text, DEVICE_MARKERS + ["__CUDA_FP16_DECL__",
                                                                "__CUDA_BF16_DECL__",
                                                                "__CUDA_HOSTDEVICE"])
    return frozenset(types), frozenset(functions)


def derive_half(cuda, hip, history, ids, out, Rows, api, headers, transform):
    """cuda_fp16 / cuda_bf16: types and functions, HIP names by transform."""
    rows = Rows(api)
    types, functions = half_names(cuda, headers)
    def hip_name(name):
        return first_present(hip, [OVERRIDES[name]] if name in OVERRIDES else transform(name))
    for name in sorted(t for t in types if t in ids and public_half(t)):
        rows.add(name, "type", hip_name(name), hip, history, ids)
    for name in sorted(f for f in functions if f in ids and public_half(f) and f not in types):
        rows.add(name, "function", hip_name(name), hip, history, ids)
    REASONS.explain(rows)
    rows.write(os.path.join(out, api + ".tsv"))


def public_half(name):
    if name.startswith(("__internal", "__cuda", "_Float", "__nv_cvt", "__copy", "__float_")) \
            or name.endswith("_internal"):
        return False
    if name in ("operator", "if", "while", "sizeof", "defined", "return", "__attribute__",
                "__align__", "__declspec", "__builtin_align__") or re.match(r"^__[A-Z]", name):
        return False
    return not (name.startswith("_") and not name.startswith("__"))


def bf16_transform(name):
    return [name, name.replace("__nv_", "__hip_"), re.sub(r"^nv_", "__hip_", name)]


def derive_cooperative_groups(cuda, hip, history, ids, out, Rows):
    """Namespace-scope names of namespace cooperative_groups, qualified: the
    namespace stays in HIP, and the bare names (sync, size, reduce) are too
    common to look up unqualified."""
    rows = Rows("cooperative_groups")
    hip_cg = set()
    for _, names in hip.sets:
        hip_cg |= names
    names = set()
    paths = [os.path.join(cuda, "cooperative_groups.h")] + \
        cheaders.header_files(os.path.join(cuda, "cooperative_groups"), [""])
    for path in paths:
        # details/*.h declare public API too (reduce, memcpy_async, ...); only
        # names directly in namespace cooperative_groups are taken.
        text = cheaders.read_header(path)
        text = text.replace("_CG_BEGIN_NAMESPACE", "namespace cooperative_groups {")
        text = text.replace("_CG_END_NAMESPACE", "}")
        names |= namespace_scope_names(text, "cooperative_groups")
    # HIP's own namespace cooperative_groups, per HIP version: a name counts as
    # supported only if HIP declares it there, not merely somewhere (sync, size),
    # and by default (ROCm 6.4 declares binary_partition only behind
    # HIP_ENABLE_WARP_SYNC_BUILTINS).
    hip_cg = []
    for version, directory in hip_header_sets(hip):
        declared = {}
        for path in cheaders.header_files(directory):
            if "cooperative_groups" in os.path.basename(path):
                text = cheaders.read_header(path)
                macro = opt_in_macro(path, text)
                for name in namespace_scope_names(text, "cooperative_groups"):
                    declared.setdefault(name, macro)
                for name in namespace_scope_names(cheaders.without_opt_in(text), "cooperative_groups"):
                    declared[name] = ""
        hip_cg.append((version, declared))
    for name in sorted(n for n in names if not n.startswith("_")):
        qualified = "cooperative_groups::" + name
        added, rule = date_in_hip(hip, [(v, declared.get(name)) for v, declared in hip_cg])
        rows.add(qualified, "type" if name in TYPE_NAMES else "function",
                 qualified if added else "", hip, history, ids | {qualified},
                 hip_added=added)
        if rule:
            rows.rows[qualified] += ["", rule]
    derive_group_members(cuda, hip, history, ids, rows)
    REASONS.explain(rows)
    rows.write(os.path.join(out, "cooperative_groups.tsv"))


def derive_group_members(cuda, hip, history, ids, rows):
    """`member` rows, `cooperative_groups::CLASS::MEMBER`: the public member
    functions (inherited ones included) of each group type HIP has too, looked
    up by the AST engine at a member call on an object of that type. Supported
    where HIP's class of the same name has the member by default (dated by the
    first header set that does); where a header set declares it only behind an
    opt-in macro (ROCm 6.4's HIP_ENABLE_WARP_SYNC_BUILTINS: ballot, any, all,
    match_any, match_all) and --hip-opt-in-default's release by default (7.2),
    supported from that release with the rule `optin:VERSION:MACRO`; else
    unsupported, with a reason from device-reasons.tsv."""
    cuda_classes = {}
    for path in [os.path.join(cuda, "cooperative_groups.h")] + \
            cheaders.header_files(os.path.join(cuda, "cooperative_groups"), [""]):
        merge_classes(cuda_classes, class_members(cheaders.read_header(path)))
    hip_members = [(version, hip_group_members(directory))
                   for version, directory in hip_header_sets(hip)]
    for group in sorted(TYPE_NAMES & set(cuda_classes)):
        type_row = rows.rows.get("cooperative_groups::" + group)
        if not type_row or type_row[5] != "supported":
            continue  # the type itself is reported (cluster_group) or internal
        for member, _ in sorted(public_members(cuda_classes, group).items()):
            qualified = "cooperative_groups::%s::%s" % (group, member)
            added, rule = date_in_hip(hip, [(v, classes.get(group, {}).get(member))
                                            for v, classes in hip_members])
            rows.add(qualified, "member", qualified if added else "", hip, history,
                     ids | {qualified}, hip_added=added)
            if rule:
                rows.rows[qualified] += ["", rule]


def hip_header_sets(hip):
    """(version, directory) of every HIP header set read: the dated ones and
    --hip-opt-in-default's release."""
    return list(hip.dirs) + ([hip.opt_in_default_dir] if hip.opt_in_default_dir else [])


def date_in_hip(hip, declared):
    """(hip_added, rule) of a name from `declared`, [(version, macro)] per
    header set in hip_header_sets order: macro "" where the set declares the
    name by default, the HIP_ENABLE_* macro where only behind it, None where
    not at all. The first set declaring it by default dates it;
    --hip-opt-in-default's release counts only for a name an older set
    declares behind a macro, which gives the rule `optin:VERSION:MACRO`."""
    opt_in_release = hip.opt_in_default_dir[0] if hip.opt_in_default_dir else None
    opt_in = None
    for version, macro in declared:
        if macro == "" and (version != opt_in_release or opt_in):
            return version, ("optin:%s:%s" % opt_in) if opt_in else ""
        if macro and not opt_in:
            opt_in = (version, macro)
    return None, ""


def opt_in_macro(path, text):
    """The one HIP_ENABLE_* macro a header's opt-in blocks test, or ""."""
    macros = {re.search(r"HIP_ENABLE_\w+", line).group(0)
              for line in text.split("\n") if cheaders.OPT_IN_RE.match(line)}
    if len(macros) > 1:
        die("%s: opt-in blocks under several macros (%s); member rows name one"
            % (path, " ".join(sorted(macros))))
    return macros.pop() if macros else ""


def hip_group_members(directory):
    """{class: {member: opt-in macro or ""}} of the classes a HIP header set's
    cooperative-groups headers define, inherited members included."""
    classes = {}
    for path in cheaders.header_files(directory):
        if "cooperative_groups" in os.path.basename(path):
            merge_classes(classes, class_members(cheaders.read_header(path)))
    return {c: public_members(classes, c) for c in classes}


CLASS_HEAD_RE = re.compile(r"\b(class|struct)\s+(\w+)((?:(?!\b(?:class|struct|typename)\b)[^;{}()])*)\{")
MEMBER_TOKEN_RE = re.compile(
    r"\{|\}|;|\b(public|protected|private)\s*:(?!:)|\busing\s+[\w:<>, ]*::(\w+)\s*;|(~?\w+)\s*\(")
# What starts a member function's declaration in CUDA's and HIP's group types.
MEMBER_QUALIFIER_RE = re.compile(r"\b(_CG_\w*QUALIFIER|__CG_\w*QUALIFIER__|_CG_STATIC_CONST_DECL_?"
                                 r"|__device__)\b")


def class_members(text):
    """{class: (bases, {member: opt-in macro or ""})} for the classes and
    structs `text` defines, by simple name (partial specializations merged):
    the public member functions each declares itself (and `using Base::name`),
    with the HIP_ENABLE_* macro a member is declared behind, and the names of
    its bases."""
    lines = text.split("\n")
    macros = []
    for line, inside in zip(lines, cheaders.guarded_lines(lines, cheaders.OPT_IN_RE)):
        m = re.search(r"HIP_ENABLE_\w+", line) if cheaders.OPT_IN_RE.match(line) else None
        macros.append(m.group(0) if m else (macros[-1] if inside and macros else ""))
    lines = ["" if re.match(r"\s*#", line) else line for line in lines]
    text = "\n".join(lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def macro_at(offset):
        return macros[bisect.bisect_right(starts, offset) - 1]

    classes = {}
    stack = []  # ("class", name, public?) or ("block",)
    last = 0
    pos = 0
    head = CLASS_HEAD_RE.search(text)
    while True:
        if head and head.start() < pos:
            head = CLASS_HEAD_RE.search(text, pos)
        token = MEMBER_TOKEN_RE.search(text, pos)
        if not token:
            break
        if head and head.start() <= token.start():
            name = head.group(2)
            bases = base_names(head.group(3))
            entry = classes.setdefault(name, ([], {}))
            entry[0].extend(b for b in bases if b not in entry[0])
            stack.append(("class", name, head.group(1) == "struct"))
            pos = last = head.end()
            continue
        pos = token.end()
        top = stack[-1] if stack else ("block",)
        if token.group(0) == "{":
            stack.append(("block",))
            last = pos
        elif token.group(0) == "}":
            if stack:
                stack.pop()
            last = pos
        elif token.group(0) == ";":
            last = pos
        elif token.group(1):
            if top[0] == "class":
                stack[-1] = ("class", top[1], token.group(1) == "public")
            last = pos
        elif token.group(3) and re.fullmatch(r"[A-Z_][A-Z0-9_]*", token.group(3)):
            # A macro invoked without a semicolon (_CG_THREAD_SCOPE(...)).
            depth = 1
            while depth and pos < len(text):
                depth += {"(": 1, ")": -1}.get(text[pos], 0)
                pos += 1
            last = pos
        elif top[0] == "class" and top[2]:
            statement = text[last:token.start()]
            member = token.group(2) or token.group(3)
            if token.group(2):
                classes[top[1]][1].setdefault(member, macro_at(token.start()))
                last = pos
            elif "(" not in statement and "=" not in statement and \
                    "friend" not in statement and MEMBER_QUALIFIER_RE.search(statement) and \
                    member not in (top[1], "operator") and not member.startswith(("_", "~")):
                macro = macro_at(token.start())
                members = classes[top[1]][1]
                if members.get(member, macro) == macro or not macro:
                    members[member] = macro
    return classes


def base_names(head):
    """The simple names of the bases in a class head's `<args> : public A<T>, B`."""
    depth, colon = 0, None
    for i, c in enumerate(head):
        depth += c == "<"
        depth -= c == ">"
        if c == ":" and depth == 0 and head[i - 1:i] != ":" and head[i + 1:i + 2] != ":":
            colon = i
            break
    if colon is None:
        return []
    parts, depth, current = [], 0, ""
    for c in head[colon + 1:]:
        depth += c == "<"
        depth -= c == ">"
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
        elif depth == 0 and c != ">":
            current += c
    parts.append(current)
    names = []
    for part in parts:
        words = re.findall(r"[\w:]+", part)
        words = [w for w in words if w not in ("public", "protected", "private", "virtual")]
        if words:
            names.append(words[-1].split("::")[-1])
    return names


def merge_classes(into, classes):
    for name, (bases, members) in classes.items():
        entry = into.setdefault(name, ([], {}))
        entry[0].extend(b for b in bases if b not in entry[0])
        for member, macro in members.items():
            if entry[1].get(member, macro) == macro or not macro:
                entry[1][member] = macro


def public_members(classes, name, seen=None):
    """{member: opt-in macro or ""} of class `name` and its bases (by default
    where any of them declares it by default)."""
    seen = set() if seen is None else seen
    if name in seen or name not in classes:
        return {}
    seen.add(name)
    bases, own = classes[name]
    found = dict(own)
    for base in bases:
        for member, macro in public_members(classes, base, seen).items():
            if found.get(member, macro) == macro or not macro:
                found[member] = macro
    return found


TYPE_NAMES = set()


def namespace_scope_names(text, namespace):
    """Classes and functions declared directly in `namespace` (not nested)."""
    found = set()
    stack = []
    # Preprocessor lines (#if defined(...)) are not part of any declaration.
    text = re.sub(r"^[ \t]*#[^\n]*", "", text, flags=re.M)
    token_re = re.compile(r"\{|\}|;|\bnamespace\s+(\w+)\s*\{|\b(class|struct)\s+(\w+)\s*(?=[:{<;])|(\w+)\s*\(")
    pos = 0
    last_stmt = 0
    for m in token_re.finditer(text):
        in_scope = [s for s in stack] == [("ns", namespace)]
        tok = m.group(0)
        if m.group(1):
            stack.append(("ns", m.group(1)))
            last_stmt = m.end()
        elif tok == "{":
            stack.append(("block", None))
            last_stmt = m.end()
        elif tok == "}":
            if stack:
                stack.pop()
            last_stmt = m.end()
        elif tok == ";":
            last_stmt = m.end()
        elif m.group(3):
            if in_scope:
                found.add(m.group(3))
                TYPE_NAMES.add(m.group(3))
        elif m.group(4) and in_scope:
            head = text[last_stmt:m.start()]
            if re.search(r"_CG_\w*QUALIFIER|\btemplate\b|\bstatic\b|\binline\b", head) and \
                    "(" not in head and "=" not in head and m.group(4) not in ("if", "operator"):
                found.add(m.group(4))
    return found


# hiprtc returns code objects where NVRTC returns PTX or CUBIN.
NVRTC_RENAMES = {"nvrtcGetPTX": "hiprtcGetCode", "nvrtcGetPTXSize": "hiprtcGetCodeSize",
                 "nvrtcGetCUBIN": "hiprtcGetBitcode", "nvrtcGetCUBINSize": "hiprtcGetBitcodeSize"}


def derive_nvrtc(cuda, hip, history, ids, out, Rows):
    rows = Rows("nvrtc")
    text = cheaders.read_header(os.path.join(cuda, "nvrtc.h"))

    def transform(name):
        if name in NVRTC_RENAMES:
            return [NVRTC_RENAMES[name]]
        return [re.sub(r"^nvrtc", "hiprtc", name), re.sub(r"^NVRTC_", "HIPRTC_", name)]
    for e in cheaders.enums(text):
        for name in e.names():
            rows.add(name, "enum" if name == e.tag else "type",
                     first_present(hip, transform(name)), hip, history, ids)
        for name in e.enumerators:
            rows.add(name, "enumerator", first_present(hip, transform(name)), hip, history, ids)
    for name in sorted(cheaders.typedef_names(text)):
        if name.startswith("nvrtc"):
            rows.add(name, "type", first_present(hip, transform(name)), hip, history, ids)
    for name in sorted(cheaders.functions(text, ["nvrtcResult", "const char"])):
        if name.startswith("nvrtc"):
            rows.add(name, "function", first_present(hip, transform(name)), hip, history, ids)
    rows.write(os.path.join(out, "nvrtc.tsv"))


OVERRIDES = {}
REASONS = None  # Reasons, made by derive_all


def derive_fp8(cuda, hip, history, ids, out, Rows):
    """cuda_fp8.h: __nv_fp8_e4m3 -> __hip_fp8_e4m3, __nv_cvt_* -> __hip_cvt_*,
    __NV_E4M3 -> __HIP_E4M3 (HIP 6.x hip_fp8.h)."""
    rows = Rows("fp8")

    def transform(name):
        return [re.sub(r"^__nv_", "__hip_", re.sub(r"^__NV_", "__HIP_", name))]
    types, functions, enums = set(), set(), []
    for header in ("cuda_fp8.h", "cuda_fp8.hpp"):
        text = cheaders.read_header(os.path.join(cuda, header))
        types |= cheaders.typedef_names(text) | cheaders.struct_names(text)
        functions |= cheaders.functions(text, DEVICE_MARKERS + ["__CUDA_HOSTDEVICE_FP8_DECL__",
                                                                "__CUDA_HOSTDEVICE_FP8__"])
        enums += cheaders.enums(text)
    for e in enums:
        for name in e.names():
            if name.startswith("__nv_") and name in ids:
                rows.add(name, "enum" if name == e.tag else "type",
                         first_present(hip, transform(name)), hip, history, ids)
        for name in e.enumerators:
            if name.startswith("__NV_") and name in ids:
                rows.add(name, "enumerator", first_present(hip, transform(name)), hip,
                         history, ids)
    for name in sorted(t for t in types if t.startswith("__nv_fp8") and t in ids):
        rows.add(name, "type", first_present(hip, transform(name)), hip, history, ids)
    for name in sorted(f for f in functions if f.startswith("__nv_cvt") and f in ids):
        rows.add(name, "function", first_present(hip, transform(name)), hip, history, ids)
    REASONS.explain(rows)
    rows.write(os.path.join(out, "fp8.tsv"))


def derive_all(cuda, hip, history, overrides, out, Rows, ids, reasons=Reasons.DEFAULT,
               partial=False, nvcc_builtins=None):
    OVERRIDES.update(overrides)
    global REASONS
    REASONS = Reasons(hip, reasons, partial)
    derive_device(cuda, hip, history, ids, out, Rows, nvcc_builtins)
    derive_complex(cuda, hip, history, ids, out, Rows)
    derive_half(cuda, hip, history, ids, out, Rows, "fp16", HALF_HEADERS["fp16"], lambda n: [n])
    derive_half(cuda, hip, history, ids, out, Rows, "bf16", HALF_HEADERS["bf16"], bf16_transform)
    derive_fp8(cuda, hip, history, ids, out, Rows)
    derive_cooperative_groups(cuda, hip, history, ids, out, Rows)
    REASONS.finish()
    derive_nvrtc(cuda, hip, history, ids, out, Rows)
