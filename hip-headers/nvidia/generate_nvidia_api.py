#!/usr/bin/env python3
"""Generate nvidia_detail/nvidia_hip_api_generated.h: the HIP API on NVIDIA.

hipify's tables map CUDA names to HIP names. Read the other way, every
supported row whose HIP name HIP (5.2, the AMD headers) declares says how to
offer that HIP name on top of CUDA:

  type / enum rows      typedef <cuda type> <hip type>;
  enumerator rows       constexpr auto hipX = cudaX;
  macro rows            #define hipX cudaX           (a macro for a macro)
  function rows         a typed inline wrapper with HIP's own signature that
                        calls the CUDA function and converts its cudaError_t
                        or CUresult into hipError_t

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

Usage:
  generate_nvidia_api.py --tables DIR --hip-include DIR --cuda-include DIR
      [--clang clang++] -o HEADER [--docs MARKDOWN]
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


def read_rows(tables):
    rows = []
    for name in TABLES_USED:
        path = os.path.join(tables, name)
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["status"] == "supported" and row["hip_name"]:
                    rows.append(row)
    return rows


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
        cmd = [clang, "-x", language, "-std=c++17", "-fsyntax-only", "-w", *args, path,
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
        run = subprocess.run([clang, "-x", language, "-std=c++17", "-E", "-dM", "-w", *args, path],
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    return {m.group(1) for m in re.finditer(r"^#define ([A-Za-z_]\w*)", run.stdout, re.M)}


def normalize(type_text):
    type_text = re.sub(r"\b(enum|struct|union|class)\s+", "", type_text)
    type_text = re.sub(r"\s+", " ", type_text).strip()
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
    cuda_functions, cuda_types, cuda_enumerators, cuda_enums = collect(cuda_decls, "cu")
    cuda_macros = macro_names(opts.clang, cuda_src, cuda_args, language="cuda")

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

    # Types.
    typedefs = {}
    for r in rows:
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
    emit("// Enumerators: constants of the CUDA enum type.")
    for hip in sorted(constants):
        emit("constexpr auto %s = %s;" % (hip, constants[hip]))

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
        own_signatures = {tuple(normalize(p[1]) for p in o.params) + (o.template is None,)
                          for o in own_functions.get(hip, [])}
        for h in hip_functions[hip]:
            if h.variadic or h.unrenderable_default:
                continue
            if tuple(normalize(p[1]) for p in h.params) + (h.template is None,) in own_signatures:
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
                    decl += " = " + default
                params.append(decl)
            signature = tuple(normalize(p[1]) for p in h.params) + (h.template is None,)
            if signature in seen_signatures.setdefault(hip, set()):
                continue  # a redeclaration
            seen_signatures[hip].add(signature)
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
            wrappers.append("%sinline %s %s(%s) {\n  %s\n}" % (
                head, re.sub(r"\b(enum|struct|union)\s+", "", h.result), hip, ", ".join(params), body))
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
        emit("inline hipError_t %s(%s error) {" % (fn, ctype))
        emit("  switch (error) {")
        seen = set()
        for r in rows:
            if r["kind"] == "enumerator" and r["cuda_name"] in cuda_enums.get(cuda_enum, []) and \
                    r["hip_name"] in hip_errors and r["cuda_name"] not in seen:
                seen.add(r["cuda_name"])
                emit("  case %s:\n    return %s;" % (r["cuda_name"], r["hip_name"]))
        emit("  default:\n    return hipErrorUnknown;\n  }\n}")
    emit("inline cudaError_t hipErrorToCudaError(hipError_t error) {")
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
    emit("inline bool hipDeviceAttributeToCuda(hipDeviceAttribute_t attr, cudaDeviceAttr *out) {")
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
    ]
    with open(opts.output, "w") as f:
        f.write("\n".join(header + out + ["", "#endif", ""]))

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
