#!/usr/bin/env python3
"""Generate nvidia_detail/nvidia_hip_api_generated.h: the HIP API on NVIDIA.

hipify's tables map CUDA names to HIP names. Read the other way, every
supported row whose HIP name HIP (5.2, the AMD headers) declares says how to
offer that HIP name on top of CUDA:

  type / enum rows      typedef <cuda type> <hip type>;
                        or, when both names are struct, union or enum tags,
                        #define hipX cudaX, so that HIP code may write the
                        elaborated form (struct hipResourceDesc) as on AMD
  enumerator rows       HIPKIT_ENUMERATOR(hipX, cudaX): constexpr auto hipX =
                        cudaX; in C++, enum { hipX = cudaX }; in C
  macro rows            #define hipX cudaX           (a macro for a macro)
  function rows         a typed inline wrapper with HIP's own signature that
                        calls the CUDA function and converts its cudaError_t
                        or CUresult into hipError_t

The header is C as well as C++, as HIP's runtime API is on AMD: wrappers are
HIPKIT_INLINE (static inline in C), default arguments HIPKIT_DEFAULT (none in
C); a wrapper whose HIP or CUDA declaration C does not see (templates, C++
overloads: the headers are parsed as C too) is under #ifdef __cplusplus, and
one whose CUDA declaration only nvcc sees (cuda_runtime.h's templates and
overloads under __CUDACC__: the CUDA headers are parsed as a host C++
compiler's too, as g++ reads a HIP .cpp source) under
#if defined(__cplusplus) && defined(__CUDACC__); and
in C each CUDA struct or enum tag the layer names (this header and
nvidia_hip_runtime_api.h) gets a typedef, since C has only the tag.

A function is generated only when HIP's declaration and one CUDA declaration
agree parameter by parameter once CUDA's type names are mapped to HIP's
(same arity, same types, template parameters alike); everything else differs
between HIP and CUDA and is either written by hand (handwritten.tsv names it
and says why) or not available on NVIDIA (listed in the generated docs page).
Types HIP defines itself on every platform (hipError_t, hipDeviceProp_t,
hipDeviceAttribute_t, ...: the part of hip_runtime_api.h before its platform
switch) are never typedefs of CUDA's, so a signature using one is never
generated. The conversions between hipError_t and cudaError_t/CUresult, and
from hipDeviceAttribute_t to cudaDeviceAttr, are generated from the
enumerator rows of those enums.

Declarations are read from clang's JSON AST (clang++ -ast-dump=json) of the
HIP headers (AMD platform), of the same headers with the NVIDIA platform
(for the types HIP defines itself) and of CUDA's cuda_runtime.h + cuda.h.

hip/hip_bf16.h (HIP 5.7's header, which HIP 5.2 lacks) is CUDA's cuda_bf16.h
under HIP's names: --bf16-output writes nvidia_detail/nvidia_hip_bf16.h from
bf16.tsv, a typedef for each type row whose HIP name differs (__hip_bfloat16
for __nv_bfloat16); the functions keep CUDA's names in HIP.

hip/hip_fp4.h and hip/hip_fp6.h (HIP 7.2's, which HIP 5.2 lacks and hipify's
tables have no name rows for) are cuda_fp4.h and cuda_fp6.h under HIP's
names: --fp4-output and --fp6-output write nvidia_detail/nvidia_hip_fp4.h and
nvidia_hip_fp6.h from the names HIP 7.2's headers (--ocp-hip-include) and
CUDA's both declare, spelled __hip_/__nv_, __HIP_/__NV_, hipRound/cudaRound.

Usage:
  generate_nvidia_api.py --tables DIR --hip-include DIR --cuda-include DIR
      [--clang clang++] -o HEADER [--docs MARKDOWN] [--bf16-output HEADER]
      [--fp8-output HEADER] [--ocp-hip-include DIR --fp4-output HEADER
      --fp6-output HEADER]
Standard library only.
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES_USED = ["runtime.tsv", "driver.tsv", "library_types.tsv"]
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def fail(message):
    sys.stderr.write("generate_nvidia_api.py: error: " + message + "\n")
    sys.exit(1)


def table_rows(path):
    """The rows of a mapping table (dicts by its header line); its leading `#` comments
    (the derivation's provenance) are skipped, as gen_mapping_table.py skips them."""
    with open(path, newline="") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")),
                                   delimiter="\t"))


def read_rows(tables):
    rows = []
    for name in TABLES_USED:
        path = os.path.join(tables, name)
        for row in table_rows(path):
            if row["status"] == "supported" and row["hip_name"]:
                rows.append(row)
    return rows


def fp8_header(tables):
    """nvidia_hip_fp8.h: cuda_fp8.h under HIP's names, from fp8.tsv. HIP's fp8
    API is CUDA's renamed (__nv_ -> __hip_, __NV_ -> __HIP_) with the same
    parameters, so types and enums become typedefs, enumerators constants of
    CUDA's enum, and functions macros naming CUDA's (each of which has
    host and device overloads that a wrapper would have to repeat)."""
    lines = [
        "// Generated by hip-headers/nvidia/generate_nvidia_api.py from",
        "// hipify-clang/tables/fp8.tsv. Do not edit: regenerate with",
        "// `ninja hipkit-nvidia-api` (test/hip-headers/nvidia-api-up-to-date.test).",
        "#ifndef HIPKIT_NVIDIA_HIP_FP8_H",
        "#define HIPKIT_NVIDIA_HIP_FP8_H",
        "",
        "#include <cuda_fp8.h>",
        "",
    ]
    rows = [row for row in table_rows(os.path.join(tables, "fp8.tsv"))
            if row["status"] == "supported"]
    order = {"type": 0, "enum": 0, "enumerator": 1, "function": 2}
    for row in sorted(rows, key=lambda r: (order.get(r["kind"], 3), r["hip_name"])):
        cuda, hip, kind = row["cuda_name"], row["hip_name"], row["kind"]
        if kind in ("type", "enum"):
            lines.append("typedef %s %s;" % (cuda, hip))
        elif kind == "enumerator":
            lines.append("constexpr auto %s = %s;" % (hip, cuda))
        elif kind == "function":
            lines.append("#define %s %s" % (hip, cuda))
        else:
            fail("fp8.tsv: %s is a %s; only types, enums, enumerators and functions "
                 "are renamed on NVIDIA" % (cuda, kind))
    return "\n".join(lines + ["", "#endif", ""])


# HIP's OCP micro-float headers (HIP 7.2's hip_fp4.h, hip_fp6.h), which hipify's
# tables have no name rows for: the names HIP 7.2 declares, each paired with
# the CUDA name of the same spelling (__hip_ -> __nv_, __HIP_ -> __NV_,
# hipRound* -> cudaRound*) where CUDA's cuda_fpN.h declares it. HIP's
# conversions take HIP 7.2's enum hipRoundMode (amd_hip_mx_common.h), CUDA's
# cudaRoundMode: the same four modes in the same order.
OCP_RENAMES = [("__hip_", "__nv_"), ("__HIP_", "__NV_"), ("hipRound", "cudaRound")]


def ocp_names(clang, source, args, filters, prefixes, language):
    """Types, enumerators and functions the source declares whose name
    contains one of filters and starts with one of prefixes."""
    record_tags.clear()
    typedef_targets.clear()
    decls = []
    for f in filters:
        # CUDA's headers parsed by clang draw errors after what is read (as the
        # library generator's parse does): the declarations are still dumped.
        decls += ast_dump(clang, source, args, f, True, language)
    functions, types, enumerators, _ = collect(decls, "")
    def keep(names):
        return {n for n in names if n.startswith(prefixes) and any(f in n for f in filters)}
    enumerators = {n for n, enum in enumerators.items() if n.startswith(prefixes) and
                   any(f in (enum or "") for f in filters)}
    return dict(types=keep(types), enumerators=enumerators, functions=keep(functions))


def ocp_header(clang, hip_include, cuda_include, bits):
    """nvidia_hip_fp<bits>.h: cuda_fp<bits>.h under HIP 7.2's names."""
    tag = "fp%d" % bits
    hip = ocp_names(clang, "#include <hip/hip_%s.h>\n" % tag,
                    ["--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
                     "--rocm-path=" + os.path.dirname(hip_include), "-isystem", hip_include,
                     "-D__HIP_PLATFORM_AMD__"],
                    [tag, "hipRound"], ("__hip_", "__HIP_", "hipRound"), "hip")
    cuda = ocp_names(clang, "#include <cuda_runtime.h>\n#include <cuda_%s.h>\n" % tag,
                     ["--cuda-host-only", "-nocudalib", "-nocudainc",
                      "-Wno-unknown-cuda-version", "-D__CUDACC__", "-isystem", cuda_include],
                     [tag, "cudaRound"], ("__nv_", "__NV_", "cudaRound"), "cuda")
    if not hip["functions"] or not cuda["functions"]:
        fail("no %s conversions read from %s/hip/hip_%s.h or %s/cuda_%s.h: give HIP 7.2's "
             "include directory (scripts/fetch-hip-releases.sh) and CUDA 13's" % (
                 tag, hip_include, tag, cuda_include, tag))

    def to_cuda(name):
        for h, c in OCP_RENAMES:
            if name.startswith(h):
                return c + name[len(h):]
        return name
    lines = [
        "// Generated by hip-headers/nvidia/generate_nvidia_api.py from HIP 7.2's",
        "// hip/hip_%s.h and CUDA's cuda_%s.h (hipify's tables have no rows for" % (tag, tag),
        "// their names). Do not edit: regenerate with `ninja hipkit-nvidia-api`",
        "// (test/hip-headers/nvidia-api-up-to-date.test).",
        "#ifndef HIPKIT_NVIDIA_HIP_%s_H" % tag.upper(),
        "#define HIPKIT_NVIDIA_HIP_%s_H" % tag.upper(),
        "",
        "#include <cuda_%s.h>" % tag,
        "",
        "// HIP 7.2's hipRoundMode is CUDA's cudaRoundMode (same modes, same values);",
        "// macros, as hip_fp4.h and hip_fp6.h both name them (and `enum hipRoundMode`).",
    ]
    missing = []
    kinds = [("types", "typedef %s %s;"), ("enumerators", "constexpr auto %s = %s;"),
             ("functions", "#define %s %s")]
    body = []
    for kind, form in kinds:
        for name in sorted(hip[kind]):
            c = to_cuda(name)
            if c not in cuda[kind]:
                missing.append(name)
            elif name.startswith("hipRound"):
                lines.append("#define %s %s" % (name, c))
            elif kind == "functions":
                body.append(form % (name, c))
            else:
                body.append(form % (c, name) if kind == "types" else form % (name, c))
    lines += [""] + body
    if missing:
        lines += ["", "// HIP 7.2 names CUDA 13 has no counterpart of (not offered on NVIDIA):"]
        lines += ["//   " + n for n in missing]
    return "\n".join(lines + ["", "#endif", ""])


def bf16_header(tables):
    """nvidia_hip_bf16.h: cuda_bf16.h under HIP's names, from bf16.tsv."""
    lines = [
        "// Generated by hip-headers/nvidia/generate_nvidia_api.py from",
        "// hipify-clang/tables/bf16.tsv. Do not edit: regenerate with",
        "// `ninja hipkit-nvidia-api` (test/hip-headers/nvidia-api-up-to-date.test).",
        "#ifndef HIPKIT_NVIDIA_HIP_BF16_H",
        "#define HIPKIT_NVIDIA_HIP_BF16_H",
        "",
        "#include <cuda_bf16.h>",
        "",
    ]
    rows = [row for row in table_rows(os.path.join(tables, "bf16.tsv"))
            if row["status"] == "supported"]
    # A HIP name that is a CUDA name too (__float2bfloat16, for
    # __float2bfloat16_rn) is CUDA's function on NVIDIA already.
    cuda_names = {row["hip_name"] for row in rows if row["hip_name"] == row["cuda_name"]}
    for row in rows:
        if row["hip_name"] in cuda_names:
            continue
        if row["kind"] != "type":
            fail("bf16.tsv: %s becomes %s, a %s of another name; only types are "
                 "renamed on NVIDIA" % (row["cuda_name"], row["hip_name"], row["kind"]))
        lines.append("typedef %s %s;" % (row["cuda_name"], row["hip_name"]))
    # nv_bfloat16 and __nv_bfloat16 are both __hip_bfloat16: one typedef, of
    # the type itself (__nv_bfloat16; nv_bfloat16 is CUDA's alias of it).
    body = sorted(set(lines[8:]),
                  key=lambda l: (l.split()[-1], not l.split()[1].startswith("__")))
    seen, unique = set(), []
    for line in body:
        hip = line.split()[-1]
        if hip not in seen:
            seen.add(hip)
            unique.append(line)
    return "\n".join(lines[:8] + unique + ["", "#endif", ""])


def read_handwritten():
    """handwritten.tsv: names nvidia_hip_runtime*.h write by hand. Role
    "replaces": the generator leaves the name alone; "adds": the hand-written
    overload sits beside the generated ones."""
    names = {}
    with open(os.path.join(HERE, "handwritten.tsv"), newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["role"] not in ("replaces", "adds"):
                fail("handwritten.tsv: role of %s must be replaces or adds" % row["hip_name"])
            names[row["hip_name"]] = row["role"]
    return names


def standard(language):
    """C sources are C11 (what the C tests compile as); the rest C++17."""
    return ["-std=c11"] if language == "c" else ["-std=c++17"]


def ast_dump(clang, source, args, name_filter, allow_errors=False, language="c++"):
    """Top-level declarations whose name contains name_filter, as JSON.

    allow_errors: the NVIDIA-platform parse with an empty platform header
    fails after the part this script reads (code after the switch uses
    names the platform header defines); its declarations are still dumped.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        cmd = [clang, "-x", language, *standard(language), "-fsyntax-only", "-w", *args, path,
               "-Xclang", "-ast-dump=json", "-Xclang", "-ast-dump-filter=" + name_filter]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode and not allow_errors:
            fail("clang could not parse the headers (" + " ".join(cmd) + "): " +
                 run.stderr.strip().splitlines()[0] if run.stderr.strip() else "no output")
        text = run.stdout
    finally:
        os.unlink(path)
    decoder = json.JSONDecoder()
    decls, i = [], 0
    while True:
        while i < len(text) and text[i] in " \r\n\t":
            i += 1
        if i >= len(text):
            return decls
        obj, i = decoder.raw_decode(text, i)
        decls.append(obj)


def macro_names(clang, source, args, language="c++"):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        run = subprocess.run([clang, "-x", language, *standard(language), "-E", "-dM", "-w", *args,
                              path],
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    return {m.group(1) for m in re.finditer(r"^#define ([A-Za-z_]\w*)", run.stdout, re.M)}


def normalize(type_text):
    type_text = re.sub(r"\b(enum|struct|union|class)\s+", "", type_text)
    type_text = re.sub(r"\s+", " ", type_text).strip()
    type_text = re.sub(r"\b_Bool\b", "bool", type_text)  # C's spelling
    return type_text.replace(" *", "*").replace(" &", "&")


def render_expr(e):
    kind = e.get("kind")
    inner = e.get("inner", [])
    if kind == "IntegerLiteral":
        return e["value"]
    if kind == "CXXBoolLiteralExpr":
        return "true" if e["value"] else "false"
    if kind in ("CXXNullPtrLiteralExpr",):
        return "nullptr"
    if kind == "GNUNullExpr":
        return "NULL"
    if kind == "DeclRefExpr":
        return e["referencedDecl"]["name"]
    if kind in ("ImplicitCastExpr", "ParenExpr", "ConstantExpr", "ExprWithCleanups",
                "MaterializeTemporaryExpr", "CXXDefaultArgExpr"):
        return render_expr(inner[0])
    if kind in ("CStyleCastExpr", "CXXStaticCastExpr", "CXXFunctionalCastExpr"):
        return "(" + e["type"]["qualType"] + ")(" + render_expr(inner[0]) + ")"
    if kind == "UnaryOperator":
        return e["opcode"] + render_expr(inner[0])
    if kind == "BinaryOperator":
        return render_expr(inner[0]) + " " + e["opcode"] + " " + render_expr(inner[1])
    raise ValueError(kind)


class Function:
    """One declaration: name, return type, parameters, template header."""

    def __init__(self, decl, template=None):
        self.name = decl["name"]
        qual = decl["type"]["qualType"]
        self.params = []
        self.unrenderable_default = False
        for p in decl.get("inner", []):
            if p.get("kind") != "ParmVarDecl":
                continue
            default = None
            if "init" in p:
                try:
                    default = render_expr(p["inner"][0])
                except ValueError:
                    self.unrenderable_default = True
            self.params.append((p.get("name", ""), p["type"]["qualType"], default))
        # The return type is the function type up to its parameter list.
        depth, cut = 0, None
        for i in range(len(qual) - 1, -1, -1):
            if qual[i] == ")":
                depth += 1
            elif qual[i] == "(":
                depth -= 1
                if depth == 0:
                    cut = i
                    break
        self.result = qual[:cut].strip()
        self.variadic = "..." in qual[cut:]
        self.template = template  # list of (kind, name, type) or None
        self.deprecated = any(a.get("kind") == "DeprecatedAttr" for a in decl.get("inner", []))

    def template_key(self, to_hip):
        if self.template is None:
            return None
        return [(k, normalize(to_hip(t)) if t else "") for k, _, t in self.template]


# Names declared as struct, union or enum tags (not only as typedefs), by
# every collect() so far.
record_tags = set()
# CUDA typedef name -> the type it names, for comparing types canonically
# (cudaStream_t and CUstream are both struct CUstream_st *).
typedef_targets = {}


def canonical(type_text, depth=0):
    text = normalize(type_text)
    if depth > 8:
        return text
    expanded = IDENT.sub(lambda m: "(" + typedef_targets[m.group(0)] + ")"
                         if m.group(0) in typedef_targets else m.group(0), text)
    if expanded == text:
        return text
    # "(struct CUstream_st *)" read back as one type.
    expanded = re.sub(r"\(([^()]*)\)", r"\1", expanded)
    return canonical(expanded, depth + 1)


def signature(function):
    """What tells overloads apart: the parameter types, and template or not."""
    return tuple(normalize(p[1]) for p in function.params) + (function.template is None,)


def c_tags_without_typedef(decls):
    """Struct, union and enum tags of a C parse that no typedef of the same
    name makes a type name: tag name -> struct, union or enum."""
    tags, typedefs = {}, set()
    for d in decls:
        name = d.get("name")
        if not name:
            continue
        if d.get("kind") == "RecordDecl":
            tags[name] = d.get("tagUsed", "struct")
        elif d.get("kind") == "EnumDecl":
            tags[name] = "enum"
        elif d.get("kind") == "TypedefDecl":
            typedefs.add(name)
    return {name: tag for name, tag in tags.items() if name not in typedefs}


def collect(decls, prefix):
    functions, types, enumerators, enums = {}, set(), {}, {}
    global typedef_targets
    # Explicit specializations (template <> hipCreateChannelDesc<char>())
    # name their template as previousDecl: they are not overloads.
    template_ids = set()
    for d in decls:
        if d.get("kind") == "FunctionTemplateDecl":
            template_ids.add(d["id"])
            template_ids.update(i["id"] for i in d.get("inner", []) if i["kind"] == "FunctionDecl")
    for d in decls:
        if d.get("kind") == "FunctionDecl" and d["id"] in template_ids:
            continue
        if d.get("previousDecl") in template_ids:
            template_ids.add(d["id"])  # later specializations may chain to it
            continue
        kind, name = d.get("kind"), d.get("name", "")
        if d.get("isImplicit"):
            continue
        if kind == "FunctionDecl" and prefix in name:  # make_hipExtent too
            functions.setdefault(name, []).append(Function(d))
        elif kind == "FunctionTemplateDecl" and prefix in name:
            params, body = [], None
            for item in d.get("inner", []):
                if item["kind"] == "TemplateTypeParmDecl":
                    params.append(("type", item.get("name", ""), None))
                elif item["kind"] == "NonTypeTemplateParmDecl":
                    params.append(("value", item.get("name", ""), item["type"]["qualType"]))
                elif item["kind"] == "FunctionDecl" and body is None:
                    body = item  # the pattern; specializations follow it
            if body is not None:
                functions.setdefault(name, []).append(Function(body, params))
        elif kind in ("TypedefDecl", "CXXRecordDecl", "EnumDecl", "TypeAliasDecl") and name:
            types.add(name)
            if kind in ("CXXRecordDecl", "EnumDecl"):
                record_tags.add(name)
            if kind == "TypedefDecl":
                underlying = d["type"]["qualType"]
                if underlying != name and not underlying.endswith(" " + name):
                    typedef_targets[name] = underlying
        if kind == "EnumDecl":
            members = [c["name"] for c in d.get("inner", []) if c.get("kind") == "EnumConstantDecl"]
            if name:
                enums[name] = members
            for m in members:
                enumerators[m] = name
    return functions, types, enumerators, enums


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", required=True)
    ap.add_argument("--hip-include", required=True, help="directory holding hip/hip_runtime_api.h")
    ap.add_argument("--cuda-include", required=True)
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--docs")
    ap.add_argument("--bf16-output", help="nvidia_hip_bf16.h to write")
    ap.add_argument("--fp8-output", help="nvidia_hip_fp8.h to write")
    ap.add_argument("--ocp-hip-include",
                    help="HIP 7.2's include directory (hip/hip_fp4.h, hip/hip_fp6.h), for "
                         "--fp4-output and --fp6-output")
    ap.add_argument("--fp4-output", help="nvidia_hip_fp4.h to write")
    ap.add_argument("--fp6-output", help="nvidia_hip_fp6.h to write")
    opts = ap.parse_args()

    rows = read_rows(opts.tables)
    written = read_handwritten()
    handwritten = {n for n, role in written.items() if role == "replaces"}
    hip_args = ["-isystem", opts.hip_include, "-D__HIP_PLATFORM_AMD__"]
    hip_src = "#include <hip/hip_runtime_api.h>\n"
    hip_decls = ast_dump(opts.clang, hip_src, hip_args, "hip") + \
        ast_dump(opts.clang, hip_src, hip_args, "HIP")
    hip_functions, hip_types, hip_enumerators, _ = collect(hip_decls, "hip")
    hip_typedef_targets = dict(typedef_targets)
    hip_tags = set(record_tags)
    hip_macros = macro_names(opts.clang, hip_src, hip_args)

    # What HIP defines itself on NVIDIA: hip_runtime_api.h before its platform
    # switch (the platform header replaced by an empty one).
    with tempfile.TemporaryDirectory() as stub:
        os.makedirs(os.path.join(stub, "hip", "nvidia_detail"))
        open(os.path.join(stub, "hip", "nvidia_detail", "nvidia_hip_runtime_api.h"), "w").close()
        own_args = ["-I", stub, "-isystem", opts.hip_include, "-isystem", opts.cuda_include,
                    "-D__HIP_PLATFORM_NVIDIA__"]
        own_decls = ast_dump(opts.clang, hip_src, own_args, "hip", allow_errors=True) + \
            ast_dump(opts.clang, hip_src, own_args, "HIP", allow_errors=True)
        own_functions, own_types, own_enumerators, own_enums = collect(own_decls, "hip")
        own_macros = macro_names(opts.clang, hip_src, own_args)

    # CUDA's headers as CUDA host code: cuda_runtime.h declares its C++
    # overloads (cudaMemcpyToSymbol(const T &, ...)) only when __CUDACC__ is
    # defined. clang 19's own CUDA wrapper cannot include CUDA 13 (it wants
    # the removed texture_fetch_functions.h), so the headers are included
    # directly; clang then objects to a few host/device overloads of libc
    # functions (clock, memset), which declare nothing this script reads.
    cuda_src = "#include <cuda_runtime.h>\n#include <cuda.h>\n"
    cuda_args = ["--cuda-host-only", "-nocudalib", "-nocudainc", "-Wno-unknown-cuda-version",
                 "-D__CUDACC__", "-isystem", opts.cuda_include]
    # The driver API's enums are named CU...: two filters.
    cuda_decls = ast_dump(opts.clang, cuda_src, cuda_args, "cu", True, "cuda") + \
        ast_dump(opts.clang, cuda_src, cuda_args, "CU", True, "cuda")
    record_tags.clear()
    cuda_functions, cuda_types, cuda_enumerators, cuda_enums = collect(cuda_decls, "cu")
    cuda_tags = set(record_tags)
    cuda_macros = macro_names(opts.clang, cuda_src, cuda_args, language="cuda")

    # The same headers as C. The functions C sees (on AMD, HIP's C++
    # overloads and templates sit under #ifdef __cplusplus, as do CUDA's): a
    # wrapper whose HIP and CUDA signatures both are C is C too, the others
    # are C++ only. CUDA's structs and enums are tags only in C (struct
    # cudaExtent, no typedef): the ones the layer names get a typedef in C.
    saved = set(record_tags), dict(typedef_targets)

    def c_signatures(functions):
        return {name: {signature(o) for o in overloads} for name, overloads in functions.items()}
    hip_c_signatures = c_signatures(
        collect(ast_dump(opts.clang, hip_src, hip_args, "hip", language="c"), "hip")[0])
    cuda_c_args = ["-isystem", opts.cuda_include]
    cuda_c_decls = ast_dump(opts.clang, cuda_src, cuda_c_args, "cu", language="c") + \
        ast_dump(opts.clang, cuda_src, cuda_c_args, "CU", language="c")
    cuda_c_signatures = c_signatures(collect(cuda_c_decls, "cu")[0])
    cuda_c_tags = c_tags_without_typedef(cuda_c_decls)
    # And as C++ of a host compiler (g++ compiling a HIP .cpp source, as
    # torch.utils.cpp_extension does): cuda_runtime.h's templates and C++
    # overloads are nvcc's only (under __CUDACC__), so their wrappers are too.
    cuda_host_cxx_signatures = c_signatures(collect(
        ast_dump(opts.clang, cuda_src, cuda_c_args, "cu") +
        ast_dump(opts.clang, cuda_src, cuda_c_args, "CU"), "cu")[0])
    record_tags.clear()
    record_tags.update(saved[0])
    typedef_targets.clear()
    typedef_targets.update(saved[1])

    type_map = {}
    for r in rows:
        if r["kind"] in ("type", "enum") and r["cuda_name"] in cuda_types:
            type_map.setdefault(r["cuda_name"], r["hip_name"])

    def to_hip(text):
        return IDENT.sub(lambda m: type_map.get(m.group(0), m.group(0)), text)

    def to_cuda(text):
        return IDENT.sub(lambda m: typedefs.get(m.group(0), m.group(0)), text)

    out = []
    emit = out.append
    unavailable = []  # (hip name, kind, why)

    # Types. Where several CUDA types map to one HIP type (cudaPos and, spelled
    # differently, cudaOffset3D are both hipPos), the one spelled like the HIP
    # name is HIP's counterpart: it goes first.
    def same_spelling(r):
        def stem(name):
            return re.sub(r"^(cuda|CU|hip|HIP)_?", "", name).lower()
        return stem(r["cuda_name"]) == stem(r["hip_name"])

    typedefs = {}
    for r in sorted(rows, key=lambda r: not same_spelling(r)):
        cuda, hip = r["cuda_name"], r["hip_name"]
        if r["kind"] not in ("type", "enum") or hip in typedefs:
            continue
        if hip in own_types or hip in handwritten:
            continue
        if hip not in hip_types:
            continue  # HIP 5.2 does not have it
        if any(n in own_types for n in IDENT.findall(hip_typedef_targets.get(hip, ""))):
            # hipStreamCallback_t takes HIP's own hipError_t: not CUDA's type.
            unavailable.append((hip, "type", "HIP's definition uses a type HIP defines "
                                "itself: " + hip_typedef_targets[hip]))
            continue
        if cuda not in cuda_types:
            unavailable.append((hip, "type", "CUDA 13 has no " + cuda))
            continue
        typedefs[hip] = cuda
    emit("// Types: the CUDA type under its HIP name.")
    for hip in sorted(typedefs):
        if hip in hip_tags and typedefs[hip] in cuda_tags:
            emit("#define %s %s" % (hip, typedefs[hip]))
        else:
            emit("typedef %s %s;" % (typedefs[hip], hip))

    # Enumerators of enums now typedef'd to CUDA's.
    constants = {}
    for r in rows:
        cuda, hip = r["cuda_name"], r["hip_name"]
        if r["kind"] != "enumerator" or hip in constants or hip in handwritten:
            continue
        if hip in own_enumerators or hip in own_macros or hip not in hip_enumerators:
            continue
        if cuda not in cuda_enumerators:
            unavailable.append((hip, "enumerator", "CUDA 13 has no " + cuda))
            continue
        constants[hip] = cuda
    emit("")
    emit("// Enumerators: constants of the CUDA enum type (C: of an anonymous enum).")
    for hip in sorted(constants):
        emit("HIPKIT_ENUMERATOR(%s, %s)" % (hip, constants[hip]))

    # Macros HIP defines as macros (flags, limits).
    macros = {}
    for r in rows:
        cuda, hip = r["cuda_name"], r["hip_name"]
        if r["kind"] != "macro" or hip in macros or hip in handwritten:
            continue
        if hip in own_macros or hip not in hip_macros:
            continue
        if cuda not in cuda_macros:
            unavailable.append((hip, "macro", "CUDA 13 has no " + cuda))
            continue
        macros[hip] = cuda
    emit("")
    emit("// Macros: HIP's macro spelled as CUDA's.")
    for hip in sorted(macros):
        emit("#define %s %s" % (hip, macros[hip]))

    # Functions.
    by_hip = {}
    for r in rows:
        if r["kind"] == "function":
            by_hip.setdefault(r["hip_name"], []).append(r["cuda_name"])
    wrappers = []
    generated = set()
    seen_signatures = {}
    for hip in sorted(by_hip):
        if hip in handwritten or hip not in hip_functions:
            continue
        candidates = [c for name in by_hip[hip] for c in cuda_functions.get(name, [])]
        own_signatures = {signature(o) for o in own_functions.get(hip, [])}
        for h in hip_functions[hip]:
            if h.variadic or h.unrenderable_default:
                continue
            if signature(h) in own_signatures:
                generated.add(hip)  # HIP defines it on every platform
                continue
            match = None
            for c in candidates:
                if len(c.params) != len(h.params) or (c.template is None) != (h.template is None):
                    continue
                if h.template is not None and c.template_key(to_hip) != h.template_key(lambda t: t):
                    continue
                if any(canonical(to_cuda(ht)) != canonical(ct) or
                       any(n in own_types for n in IDENT.findall(normalize(ht)))
                       for (_, ct, _), (_, ht, _) in zip(c.params, h.params)):
                    continue
                results = (normalize(c.result), normalize(h.result))
                if results not in (("cudaError_t", "hipError_t"), ("CUresult", "hipError_t")) and \
                        normalize(to_hip(c.result)) != normalize(h.result):
                    continue
                match = c
                break
            if match is None:
                continue
            names = [p[0] or "arg%d" % i for i, p in enumerate(h.params)]
            params = []
            for name, (_, htype, default) in zip(names, h.params):
                decl = declare(htype, name)
                if default is not None:
                    decl += " HIPKIT_DEFAULT(%s)" % default
                params.append(decl)
            if signature(h) in seen_signatures.setdefault(hip, set()):
                continue  # a redeclaration
            seen_signatures[hip].add(signature(h))
            explicit = ""
            if match.template is not None:
                # Template parameters the parameters do not deduce
                # (cudaCreateChannelDesc<T>()) need naming; HIP's and CUDA's
                # lists agree (checked above).
                explicit = "<%s>" % ", ".join(n for _, n, _ in h.template)
            call = "%s%s(%s)" % (match.name, explicit, ", ".join(names))
            result = normalize(match.result)
            if result == "cudaError_t":
                body = "return hipCUDAErrorTohipError(%s);" % call
            elif result == "CUresult" and hip.startswith("hipModule"):
                # HIP needs no context for modules; the CUDA driver API
                # needs one current: the runtime's primary context, as the
                # first runtime call would make it.
                body = ("hipkitMakePrimaryContextCurrent();\n  "
                        "return hipCUResultTohipError(%s);" % call)
            elif result == "CUresult":
                body = "return hipCUResultTohipError(%s);" % call
            elif normalize(h.result) == "void":
                body = "%s;" % call
            else:
                body = "return %s;" % call
            head = ""
            if h.template is not None:
                head = "template <%s>\n" % ", ".join(
                    ("class " + n) if k == "type" else ("%s %s" % (t, n)) for k, n, t in h.template)
            wrapper = "%sHIPKIT_INLINE %s %s(%s) {\n  %s\n}" % (
                head, re.sub(r"\b(enum|struct|union)\s+", "", h.result), hip, ", ".join(params), body)
            if signature(match) not in cuda_host_cxx_signatures.get(match.name, set()):
                # An overload or template CUDA declares for nvcc only.
                wrapper = "#if defined(__cplusplus) && defined(__CUDACC__)\n%s\n#endif" % wrapper
            elif signature(h) not in hip_c_signatures.get(hip, set()) or \
                    signature(match) not in cuda_c_signatures.get(match.name, set()):
                # An overload or template HIP or CUDA declares for C++ only.
                wrapper = "#ifdef __cplusplus\n%s\n#endif" % wrapper
            wrappers.append(wrapper)
            generated.add(hip)
        if hip not in generated:
            unavailable.append((hip, "function", "HIP's signature differs from CUDA 13's " +
                                ", ".join(sorted(set(by_hip[hip]))) if candidates else
                                "CUDA 13 has no " + ", ".join(sorted(set(by_hip[hip])))))

    # hipError_t <-> cudaError_t / CUresult, from the enumerator rows.
    hip_errors = set(own_enums.get("hipError_t", []))
    emit("")
    emit("// Error codes: CUDA's to HIP's and back (the enumerator rows of cudaError and CUresult).")
    for cuda_enum, fn, ctype in (("cudaError", "hipCUDAErrorTohipError", "cudaError_t"),
                                 ("cudaError_enum", "hipCUResultTohipError", "CUresult")):
        emit("HIPKIT_INLINE hipError_t %s(%s error) {" % (fn, ctype))
        emit("  switch (error) {")
        seen = set()
        for r in rows:
            if r["kind"] == "enumerator" and r["cuda_name"] in cuda_enums.get(cuda_enum, []) and \
                    r["hip_name"] in hip_errors and r["cuda_name"] not in seen:
                seen.add(r["cuda_name"])
                emit("  case %s:\n    return %s;" % (r["cuda_name"], r["hip_name"]))
        emit("  default:\n    return hipErrorUnknown;\n  }\n}")
    emit("// HIP's module functions work with no context made current first; the")
    emit("// CUDA driver functions they call need one: the runtime's primary context")
    emit("// (cudaFree(0) makes it current, as any first runtime call would).")
    emit("HIPKIT_INLINE void hipkitMakePrimaryContextCurrent(void) {")
    emit("  CUcontext current = NULL;")
    emit("  if (cuCtxGetCurrent(&current) == CUDA_SUCCESS && current == NULL)")
    emit("    (void)cudaFree(NULL);")
    emit("}")
    emit("HIPKIT_INLINE cudaError_t hipErrorToCudaError(hipError_t error) {")
    emit("  switch (error) {")
    seen = set()
    for r in rows:
        if r["kind"] == "enumerator" and r["cuda_name"] in cuda_enums.get("cudaError", []) and \
                r["hip_name"] in hip_errors and r["hip_name"] not in seen:
            seen.add(r["hip_name"])
            emit("  case %s:\n    return %s;" % (r["hip_name"], r["cuda_name"]))
    emit("  default:\n    return cudaErrorUnknown;\n  }\n}")

    # hipDeviceAttribute_t -> cudaDeviceAttr.
    hip_attrs = set(own_enums.get("hipDeviceAttribute_t", []))
    emit("")
    emit("// Device attributes HIP and CUDA share (the enumerator rows of cudaDeviceAttr);")
    emit("// false for the others.")
    emit("HIPKIT_INLINE bool hipDeviceAttributeToCuda(hipDeviceAttribute_t attr, cudaDeviceAttr *out) {")
    emit("  switch (attr) {")
    seen = set()
    for r in rows:
        if r["kind"] == "enumerator" and r["cuda_name"] in cuda_enums.get("cudaDeviceAttr", []) and \
                r["hip_name"] in hip_attrs and r["hip_name"] not in seen:
            seen.add(r["hip_name"])
            emit("  case %s:\n    *out = %s;\n    return true;" % (r["hip_name"], r["cuda_name"]))
    emit("  default:\n    return false;\n  }\n}")

    emit("")
    emit("// Functions: HIP's signature, CUDA's implementation.")
    out.extend(wrappers)

    header = [
        "// Generated by hip-headers/nvidia/generate_nvidia_api.py from hipify-clang/tables",
        "// (" + ", ".join(TABLES_USED) + "), HIP 5.2's and CUDA's headers. Do not edit:",
        "// regenerate with `ninja hipkit-nvidia-api` (test/hip-headers/nvidia-api-up-to-date.test).",
        "#ifndef HIPKIT_NVIDIA_HIP_API_GENERATED_H",
        "#define HIPKIT_NVIDIA_HIP_API_GENERATED_H",
        "",
    ] + c_prelude(out, cuda_c_tags)
    with open(opts.output, "w") as f:
        f.write("\n".join(header + out + ["", "#endif", ""]))
    if opts.bf16_output:
        with open(opts.bf16_output, "w") as f:
            f.write(bf16_header(opts.tables))
    if opts.fp8_output:
        with open(opts.fp8_output, "w") as f:
            f.write(fp8_header(opts.tables))
    for bits, output in ((4, opts.fp4_output), (6, opts.fp6_output)):
        if output:
            if not opts.ocp_hip_include:
                fail("--fp%d-output needs --ocp-hip-include (HIP 7.2's include directory, "
                     "scripts/fetch-hip-releases.sh)" % bits)
            with open(output, "w") as f:
                f.write(ocp_header(opts.clang, opts.ocp_hip_include, opts.cuda_include, bits))

    if opts.docs:
        with open(opts.docs, "w") as f:
            f.write("# HIP names not available on NVIDIA (generated)\n\n")
            f.write("Generated by `hip-headers/nvidia/generate_nvidia_api.py`: the supported rows of\n")
            f.write("hipify's runtime, driver and library-type tables whose HIP name HIP 5.2 declares\n")
            f.write("but that hipkit's NVIDIA headers neither generate nor write by hand. "
                    "Generated: %d types, %d enumerators, %d macros, %d functions; written by hand: "
                    "%d (`hip-headers/nvidia/handwritten.tsv`).\n\n" % (
                        len(typedefs), len(constants), len(macros), len(generated),
                        len(written)))
            f.write("| HIP name | kind | why |\n|---|---|---|\n")
            for hip, kind, why in sorted(set(unavailable)):
                if hip in generated or hip in written:
                    continue
                f.write("| `%s` | %s | %s |\n" % (hip, kind, why))
    return 0


def c_prelude(body, cuda_c_tags):
    """What makes the header C as well as C++: the macros its declarations
    use, and in C a typedef for each CUDA tag the layer (this header and the
    hand-written nvidia_hip_runtime_api.h) names, so that cudaExtent, and
    hipExtent (a macro for it), name a type in C as in C++."""
    with open(os.path.join(HERE, "nvidia_detail", "nvidia_hip_runtime_api.h")) as f:
        named = set(IDENT.findall("\n".join(body) + f.read()))
    lines = [
        "// C and C++: HIP's runtime API is C on AMD. A wrapper is inline in C++ and",
        "// static inline in C (which has no inline definition without an external",
        "// one); default arguments and enumerator constants are C++'s, an anonymous",
        "// enum's in C.",
        "#ifdef __cplusplus",
        "#define HIPKIT_INLINE inline",
        "#define HIPKIT_DEFAULT(value) = value",
        "#define HIPKIT_ENUMERATOR(hip, cuda) constexpr auto hip = cuda;",
        "#else",
        "#include <stdbool.h>",
        "#define HIPKIT_INLINE static inline",
        "#define HIPKIT_DEFAULT(value)",
        "#define HIPKIT_ENUMERATOR(hip, cuda) enum { hip = cuda };",
        "// CUDA's structs and enums are only tags in C: the ones named here as types.",
    ]
    for name in sorted(named & set(cuda_c_tags)):
        lines.append("typedef %s %s %s;" % (cuda_c_tags[name], name, name))
    return lines + ["#endif", ""]


def declare(type_text, name):
    """A parameter declaration from a type and a name (arrays, function pointers).

    Elaborated specifiers go: HIP's "struct hipExtent" names a typedef on
    NVIDIA."""
    type_text = re.sub(r"\b(enum|struct|union)\s+", "", type_text)
    m = re.match(r"^(.*)\(\*\)(\(.*\))$", type_text)
    if m:
        return "%s(*%s)%s" % (m.group(1), name, m.group(2))
    m = re.match(r"^(.*?)\s*(\[.*\])$", type_text)
    if m:
        return "%s %s%s" % (m.group(1), name, m.group(2))
    return "%s %s" % (type_text, name)


if __name__ == "__main__":
    sys.exit(main())
