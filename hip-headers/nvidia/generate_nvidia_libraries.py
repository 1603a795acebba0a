#!/usr/bin/env python3
"""Generate the HIP libraries' NVIDIA side: hipblas/hipblas.h, hipfft/hipfft.h,
hiprand/hiprand.h, hiprand/hiprand_kernel.h, hipsparse/hipsparse.h,
hipsolver/hipsolver.h and hipblaslt/hipblaslt.h over cuBLAS, cuFFT, cuRAND,
cuSPARSE, cuSOLVER (cusolverDn.h and cusolverSp.h) and cuBLASLt, and hipcub/
over CUB 3 (generate_nvidia_hipcub.py, which says how).

The same reading of hipify's tables as the runtime layer
(generate_nvidia_api.py, whose AST reading this module shares): every
supported row of a library's table (cublas.tsv, ...) whose HIP name ROCm 6.4's
library header declares (read for AMD, with HIPBLAS_V2 and
HIPBLAS_USE_HIP_HALF, the API hipify-clang writes for) and whose CUDA name
CUDA's header declares becomes

  type / enum rows      typedef <cuda type> <hip type>;  (handles, status
                        codes and enums are CUDA's: status codes and enums
                        are converted by value, being the same values)
  enumerator rows       #define HIPX CUDAX  (in C the CUDA enumerator keeps
                        its enum's type, so comparing a status with it draws
                        no -Wenum-compare; by name, not by number: ROCm
                        numbers hipBLASLt's attributes otherwise than
                        cuBLASLt, which reads its own number for the name;
                        left out where the CUDA enumerator belongs to
                        another enum than the HIP enum's counterpart)
  macro rows            #define HIPX CUDAX
  function rows         a HIPKIT_INLINE wrapper (static inline in C) with
                        ROCm's signature calling the CUDA function
                        (__device__ inline where CUDA's is, as
                        curand_kernel.h's), generated only where both
                        declarations agree parameter by parameter once the
                        HIP type names are mapped to CUDA's; a pointer
                        parameter ROCm declares more const than CUDA
                        (hipsparseSpMatSetAttribute's const void *) is passed
                        with HIPKIT_CONST_CAST, each such wrapper commented
                        and listed in the docs page.

HIP type names map to CUDA's through the type rows of the library's table and
of the runtime's (runtime.tsv, library_types.tsv, complex.tsv, fp16.tsv); a
HIP type no row names but that ROCm defines as a typedef of a type both sides
share (hipblasHalf is __half under HIPBLAS_USE_HIP_HALF), of a mapped HIP
type (hipsolverOperation_t of hipblasOperation_t), or that a mapped HIP type
is ROCm's typedef of (hipsolverHandle_t for hipsolverDnHandle_t) is compared
as that type and gets its typedef. A ROCm parameter that converts implicitly
to CUDA's (a 64-bit integer by value, a pointer CUDA only makes more const)
agrees too. ROCm's own macros spelling a generated name otherwise (#define
hipblasCgemm hipblasCgemm_v2) are repeated. Everything else (ROCm signatures that differ: hipblasBfloat16,
hipblasComplex arrays, AMD-only enumerators, ...) is left out and listed in
the generated docs page with the reason.

Usage:
  generate_nvidia_libraries.py --tables DIR --rocm-include DIR
      --cuda-include DIR [--clang clang++] -o OUTDIR [--docs MARKDOWN]
      [--only HEADER ...]
Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                                "hipify-clang", "tables", "derive"))
import generate_nvidia_api as api  # noqa: E402
import generate_nvidia_hipcub as hipcub  # noqa: E402
import registry  # noqa: E402

# The library registry: which libraries have hipkit headers on NVIDIA (nvidia_headers)
# and the API of each (its first: cuBLAS's, not the legacy one's).
REGISTRY = registry.read()


class Library:
    """One header over a CUDA library: output, the ROCm header of the same path whose API
    it offers (under the registry's nvidia_headers folder of library)."""

    def __init__(self, output, title, library, cuda_headers, filters=(), after=()):
        found = [lib for lib in REGISTRY if lib.library == library]
        if not found or found[0].nvidia_headers != output.split("/")[0]:
            api.fail("%s: the library registry (libraries.tsv) gives '%s' no nvidia_headers "
                     "'%s'" % (output, library, output.split("/")[0]))
        self.output, self.title = output, title
        self.tables = [found[0].apis[0] + ".tsv"]
        self.hip_header, self.cuda_headers, self.filters = output, cuda_headers, filters
        # hipkit's library headers this one includes and leaves their names
        # to (hipSOLVER takes hipBLAS's hipblasOperation_t).
        self.after = after


LIBRARIES = [
    Library("hipblas/hipblas.h", "hipBLAS over cuBLAS", "cublas", ["cublas_v2.h"]),
    Library("hipfft/hipfft.h", "hipFFT over cuFFT", "cufft", ["cufft.h"]),
    Library("hiprand/hiprand.h", "hipRAND's host API over cuRAND", "curand", ["curand.h"],
            ("mtgp32",)),
    Library("hiprand/hiprand_kernel.h", "hipRAND's device API over curand_kernel.h", "curand",
            ["curand_kernel.h"], ("mtgp32",), after=["hiprand/hiprand.h"]),
    Library("hipsparse/hipsparse.h", "hipSPARSE over cuSPARSE", "cusparse", ["cusparse.h"],
            ("Info",)),
    Library("hipsolver/hipsolver.h", "hipSOLVER's dense API over cuSOLVER", "cusolver",
            ["cusolverDn.h", "cusolverSp.h"], ("Info",),
            # ROCm's hipsolver.h names hipSPARSE's matrix descriptor too: the same
            # type as hipsparse.h's, so a program may include both.
            after=["hipblas/hipblas.h", "hipsparse/hipsparse.h"]),
    # hipBLASLt's C API over cuBLASLt. Its status, operation and compute types
    # are hipblas-common's, which hipblas.h already names (cuBLAS's on NVIDIA).
    Library("hipblaslt/hipblaslt.h", "hipBLASLt over cuBLASLt", "cublaslt", ["cublasLt.h"],
            after=["hipblas/hipblas.h"]),
]
# Every library the registry gives NVIDIA headers has them here (hipCUB: generate_nvidia_hipcub).
UNMADE = ({lib.nvidia_headers for lib in REGISTRY if lib.nvidia_headers} -
          {lib.output.split("/")[0] for lib in LIBRARIES} - {"hipcub"})
if UNMADE:
    api.fail("the library registry (libraries.tsv) gives %s NVIDIA headers that "
             "generate_nvidia_libraries.py does not make" % ", ".join(sorted(UNMADE)))
# The runtime's tables: the HIP types library signatures use besides their own.
SHARED_TABLES = ["runtime.tsv", "library_types.tsv", "complex.tsv", "fp16.tsv"]
COMMON_HEADER = "hipkit_nvidia_library_types.h"
# Spellings of a signed 64-bit integer, all passed by value alike.
INT64 = {t: "int64_t" for t in ("long", "long int", "long long", "long long int")}


def qualification_conversion(hip, cuda):
    """True when ROCm's pointer parameter converts implicitly to CUDA's,
    which only adds const (void * to const void *, const void ** to
    const void *const *): C++'s qualification conversion, const added at a
    level needing const at every level between it and the top."""
    def levels(t):
        parts = t.split("*")
        return [(("const" in p.split()) or p.strip().startswith("const")) for p in parts], \
            [re.sub(r"\bconst\b", "", p).strip() for p in parts]
    (hc, hb), (cc, cb) = levels(hip), levels(cuda)
    if hb != cb or len(hc) < 2:
        return False
    added = False
    for i in range(len(hc) - 1, -1, -1):  # from the top level inwards
        if hc[i] and not cc[i]:
            return False
        if cc[i] and not hc[i]:
            # Const added below the top: every level above it (but the top)
            # must be const on CUDA's side.
            if any(not cc[k] for k in range(i + 1, len(cc) - 1)):
                return False
            added = True
    return added


def read(tables, names):
    rows = []
    for name in names:
        rows += [r for r in api.table_rows(os.path.join(tables, name))
                 if r["status"] == "supported" and r["hip_name"]]
    return rows


def hip_args(rocm_include):
    # ROCm's library headers need HIP's device headers: a HIP device parse.
    return ["--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
            "--rocm-path=" + os.path.dirname(rocm_include), "-isystem", rocm_include,
            "-D__HIP_PLATFORM_AMD__", "-DHIPBLAS_V2", "-DHIPBLAS_USE_HIP_HALF"]


def cuda_args(cuda_include):
    return ["--cuda-host-only", "-nocudalib", "-nocudainc", "-Wno-unknown-cuda-version",
            "-D__CUDACC__", "-isystem", cuda_include]


def declarations(clang, source, args, filters, language):
    """Functions, types, enumerators, tags, typedef targets, macros and
    device functions the source declares, through generate_nvidia_api's
    reading."""
    api.record_tags.clear()
    api.typedef_targets.clear()
    decls = []
    for f in filters:
        decls += api.ast_dump(clang, source, args, f, True, language)
    functions, types, enumerators, _ = api.collect(decls, filters[0])
    for f in filters[1:]:
        more, _, _, _ = api.collect(decls, f)
        for name, overloads in more.items():
            functions.setdefault(name, overloads)
    device = {d["name"] for d in decls if d.get("kind") == "FunctionDecl" and
              any(a.get("kind") == "CUDADeviceAttr" for a in d.get("inner", [])) and
              not any(a.get("kind") == "CUDAHostAttr" for a in d.get("inner", []))}
    macros = api.macro_names(clang, source, args, language)
    # Each enumerator's enum, by the name a program writes (a typedef's for
    # `typedef enum {...} hipblasLtOrder_t;`).
    enum_of = {c["name"]: api.normalize(c["type"]["qualType"]) for d in decls
               if d.get("kind") == "EnumDecl" for c in d.get("inner", [])
               if c.get("kind") == "EnumConstantDecl" and "type" in c}
    return dict(functions=functions, types=types, enumerators=enumerators,
                tags=set(api.record_tags), targets=dict(api.typedef_targets),
                macros=macros, device=device, enum_of=enum_of)


class Generator:
    def __init__(self, opts):
        self.opts = opts
        self.shared_rows = read(opts.tables, SHARED_TABLES)
        self.common_names = set()  # what the common header defines

    def hip(self, lib):
        src = "#include <%s>\n" % lib.hip_header
        return declarations(self.opts.clang, src, hip_args(self.opts.rocm_include),
                            ("hip", "HIP"), "hip")

    def cuda(self, headers, filters=()):
        """CUDA's declarations: those named cu*/CU* and the library's others
        (cuSOLVER's syevjInfo_t)."""
        src = "".join("#include <%s>\n" % h for h in ["cuda_runtime.h"] + headers)
        return declarations(self.opts.clang, src, cuda_args(self.opts.cuda_include),
                            ("cu", "CU") + tuple(filters), "cuda")

    def library(self, lib, rows, previous, previous_rows):
        """The header's text and (hip name, kind, why) for what is left out."""
        hip = self.hip(lib)
        cuda = self.cuda(lib.cuda_headers, lib.filters)
        own = previous
        emitted = dict(types=set(), enumerators=set(), macros=set(), functions=set())
        left_out = []
        cast = []  # (hip name, which parameters): wrappers casting const away

        # HIP type -> CUDA type, the library's rows first, then the runtime's.
        hip_to_cuda = {}
        for r in rows + previous_rows + self.shared_rows:
            if r["kind"] in ("type", "enum") and r["cuda_name"] in cuda["types"]:
                hip_to_cuda.setdefault(r["hip_name"], r["cuda_name"])

        # ROCm's aliases: hipsolverDnHandle_t is a typedef of hipsolverHandle_t,
        # which ROCm's functions name: both are cusolverDnHandle_t.
        aliases = {}
        for alias, target in sorted(hip["targets"].items()):
            if alias in hip_to_cuda and api.IDENT.fullmatch(target) and \
                    target not in hip_to_cuda and target.startswith(("hip", "HIP")):
                aliases[target] = hip_to_cuda[alias]
        derived = {}  # HIP names the wrappers use that no row names: their typedefs

        def to_cuda(text, depth=0):
            def one(m):
                name = m.group(0)
                if name in hip_to_cuda:
                    return hip_to_cuda[name]
                if name in aliases:
                    derived[name] = aliases[name]
                    return aliases[name]
                target = hip["targets"].get(name)
                # hipsolverOperation_t: ROCm's typedef of a mapped HIP type
                # (hipblasOperation_t).
                if target in hip_to_cuda and name.startswith(("hip", "HIP")):
                    derived[name] = hip_to_cuda[target]
                    return derived[name]
                # hipblasHalf: ROCm's typedef of a type CUDA shares (__half).
                if target and depth < 4 and name.startswith(("hip", "HIP")) and \
                        not re.search(r"\b(hip|HIP)", target):
                    derived[name] = to_cuda(target, depth + 1)
                    return derived[name]
                return name
            return api.IDENT.sub(one, text)

        def canonical(text):
            saved = dict(api.typedef_targets)
            api.typedef_targets.clear()
            api.typedef_targets.update(cuda["targets"])
            try:
                return api.canonical(text)
            finally:
                api.typedef_targets.clear()
                api.typedef_targets.update(saved)

        cuda_to_hip = {}
        for r in rows + previous_rows + self.shared_rows:
            if r["kind"] in ("type", "enum") and r["hip_name"] in hip_to_cuda:
                cuda_to_hip.setdefault(r["cuda_name"], r["hip_name"])

        def to_hip(text):
            return re.sub(r"\b(enum|struct|union)\s+", "", api.IDENT.sub(
                lambda m: cuda_to_hip.get(m.group(0), m.group(0)), text))

        def unqualified(text):
            """A parameter's top-level const does not change the signature."""
            text = api.normalize(text)
            if not re.search(r"[*&\[]", text):
                return re.sub(r"\bconst\s+|\s+const\b", "", text)
            return re.sub(r"\*\s*const$", "*", text)

        def both(h_type, c_type):
            """ROCm's type in CUDA's names and CUDA's, canonical; None for a HIP
            type with no CUDA counterpart."""
            mapped = to_cuda(unqualified(h_type))
            if re.search(r"\b(hip|HIP)\w*", mapped):
                return None
            h, c = canonical(mapped), canonical(unqualified(c_type))
            # hipblasStride (int64_t) for long long: a 64-bit integer by value.
            return INT64.get(h, h), INT64.get(c, c)

        def agree(h_type, c_type):
            types = both(h_type, c_type)
            return types is not None and (types[0] == types[1] or
                                          qualification_conversion(*types))

        def const_only(h_type, c_type):
            """ROCm's pointer parameter differs from CUDA's in const alone
            (hipsparseSpMatSetAttribute's const void *, cuSPARSE's void *):
            the same object, which the wrapper passes with the const cast
            away, as CUDA's signature only fails to promise not to write it."""
            types = both(h_type, c_type)
            return types is not None and "*" in types[0] and \
                len(set(re.sub(r"\s+", "", re.sub(r"\bconst\b", "", t))
                        for t in types)) == 1

        out = []
        # Types.
        typedefs = {}
        for r in rows:
            h, c = r["hip_name"], r["cuda_name"]
            if r["kind"] not in ("type", "enum") or h in typedefs or h in own["types"]:
                continue
            if h not in hip["types"]:
                continue
            if c not in cuda["types"]:
                left_out.append((h, "type", "CUDA 13 has no " + c))
                continue
            typedefs[h] = c
        out.append("// Types: the CUDA type under its HIP name.")
        for h in sorted(typedefs):
            if h in hip["tags"] and typedefs[h] in cuda["tags"]:
                out.append("#define %s %s" % (h, typedefs[h]))
            else:
                out.append("typedef %s %s;" % (typedefs[h], h))
        emitted["types"] = set(typedefs)

        # Enumerators and macros.
        constants = {}
        for r in rows:
            h, c = r["hip_name"], r["cuda_name"]
            if r["kind"] not in ("enumerator", "macro") or h in constants or \
                    h in own["enumerators"] or h in own["macros"]:
                continue
            if h not in hip["enumerators"] and h not in hip["macros"]:
                continue
            if c not in cuda["enumerators"] and c not in cuda["macros"]:
                left_out.append((h, r["kind"], "CUDA 13 has no " + c))
                continue
            # The name is CUDA's value for the same meaning; an enumerator of
            # another enum than the HIP one's counterpart would not be.
            h_enum, c_enum = hip["enum_of"].get(h), cuda["enum_of"].get(c)
            if h_enum in hip_to_cuda and c_enum and \
                    canonical(hip_to_cuda[h_enum]) != canonical(c_enum):
                left_out.append((h, r["kind"], "ROCm's %s is a %s, CUDA's %s a %s" % (
                    h, h_enum, c, c_enum)))
                continue
            constants[h] = c
        out.append("")
        out.append("// Enumerators and macros: the CUDA value under its HIP name.")
        for h in sorted(constants):
            c = constants[h]
            # A macro in C and C++ alike: C compares it with the CUDA enum's
            # values without -Wenum-compare (an enum constant of its own would
            # be another enum), and the library names are upper case.
            out.append("#define %s %s" % (h, c))
        emitted["enumerators"] = set(constants)

        # Functions.
        by_hip = {}
        for r in rows:
            if r["kind"] == "function":
                by_hip.setdefault(r["hip_name"], []).append(r["cuda_name"])
        wrappers = []
        for h_name in sorted(by_hip):
            if h_name in own["functions"] or h_name not in hip["functions"]:
                continue
            candidates = [(name, c) for name in by_hip[h_name]
                          for c in cuda["functions"].get(name, [])]
            made = False
            seen = set()
            difference = ""
            for h in hip["functions"][h_name]:
                if h.variadic or h.unrenderable_default or h.template is not None:
                    continue
                signature = tuple(canonical(to_cuda(unqualified(p[1]))) for p in h.params)
                if signature in seen:
                    continue
                for c_name, c in candidates:
                    if c.template is not None or len(c.params) != len(h.params):
                        continue
                    differing = [(i, hp[1], cp[1]) for i, (hp, cp) in
                                 enumerate(zip(h.params, c.params)) if not agree(hp[1], cp[1])]
                    casts = {}
                    if differing and all(const_only(ht, ct) for _, ht, ct in differing):
                        casts = {i: api.normalize(ct) for i, _, ct in differing}
                        differing = []
                    if differing:
                        i, ht, ct = differing[0]
                        difference = difference or " (parameter %d: `%s` against `%s`)" % (
                            i + 1, api.normalize(ht), api.normalize(ct))
                        continue
                    if not agree(h.result, c.result):
                        continue
                    seen.add(signature)
                    names = [p[0] or "arg%d" % i for i, p in enumerate(h.params)]
                    params = []
                    for name, (_, htype, default) in zip(names, h.params):
                        decl = api.declare(htype, name)
                        if default is not None:
                            decl += " HIPKIT_DEFAULT(%s)" % default
                        params.append(decl)
                    args = [("HIPKIT_CONST_CAST(%s, %s)" % (casts[i], name)) if i in casts
                            else name for i, name in enumerate(names)]
                    call = "%s(%s)" % (c_name, ", ".join(args))
                    result = re.sub(r"\b(enum|struct|union)\s+", "", h.result)
                    body = "%s;" % call if api.normalize(h.result) == "void" else \
                        "return %s;" % call
                    # HIPKIT_INLINE (the runtime layer's): static inline in C.
                    qualifiers = "__device__ inline" if c_name in cuda["device"] \
                        else "HIPKIT_INLINE"
                    note = ""
                    if casts:
                        why = "; ".join("parameter %d: ROCm's `%s`, CUDA's `%s`" % (
                            i + 1, api.normalize(h.params[i][1]), casts[i]) for i in sorted(casts))
                        cast.append((h_name, why))
                        note = "// Const cast away (%s).\n" % why.replace("`", "")
                    wrappers.append("%s%s %s %s(%s) {\n  %s\n}" % (
                        note, qualifiers, result, h_name, ", ".join(params), body))
                    made = True
                    break
            templates = [h for h in hip["functions"][h_name] if h.template is not None]
            if len(templates) == 1 and len(templates[0].template) == 1:
                # template <class StateType> hiprand_uniform(StateType *): ROCm's
                # template stands for CUDA's overloads, one per state type.
                for c_name, c in candidates:
                    if c.template is not None or len(c.params) != len(templates[0].params):
                        continue
                    names = [p[0] or "arg%d" % i for i, p in enumerate(c.params)]
                    params = [api.declare(to_hip(t), n) for n, (_, t, _) in zip(names, c.params)]
                    if any(re.search(r"\bcu|\bCU", p) for p in params):
                        continue
                    signature = tuple(canonical(unqualified(t)) for _, t, _ in c.params)
                    if signature in seen:
                        continue  # a non-template overload of ROCm's has it
                    seen.add(signature)
                    call = "%s(%s)" % (c_name, ", ".join(names))
                    body = "%s;" % call if api.normalize(c.result) == "void" else \
                        "return %s;" % call
                    qualifiers = "__device__ " if c_name in cuda["device"] else ""
                    wrappers.append("%sinline %s %s(%s) {\n  %s\n}" % (
                        qualifiers, to_hip(c.result), h_name, ", ".join(params), body))
                    made = True
            if made:
                emitted["functions"].add(h_name)
            else:
                names = ", ".join(sorted(set(by_hip[h_name])))
                left_out.append((h_name, "function",
                                 "ROCm 6.4's signature differs from CUDA 13's " + names +
                                 difference if candidates else "CUDA 13 has no " + names))
        extra = sorted(h for h in derived if h not in typedefs and h not in own["types"])
        if extra:
            out.append("")
            out.append("// ROCm's own names for the types above (hipsolverHandle_t), or for a")
            out.append("// type both share (hipblasHalf is __half with HIPBLAS_USE_HIP_HALF).")
            out += cxx_only(["typedef %s %s;" % (derived[h], h) for h in extra])
            emitted["types"] |= set(extra)
        out.append("")
        out.append("// Functions: ROCm's signature, CUDA's implementation.")
        out += cxx_only(wrappers)

        # ROCm's own spellings of names above (#define hipblasCgemm
        # hipblasCgemm_v2 under HIPBLAS_V2, #define HIPBLAS_R_32F HIP_R_32F).
        known = set(self.common_names)
        for key in emitted:
            known |= emitted[key] | own[key]
        prefix = lib.hip_header.split("/")[0].lower()
        spellings = {name: body for name, body in self.macro_bodies(lib).items()
                     if name.lower().startswith(prefix) and body in known and
                     name not in known}
        if spellings:
            out.append("")
            out.append("// ROCm's other spellings of these names.")
            out += ["#define %s %s" % (n, spellings[n]) for n in sorted(spellings)]
            emitted["macros"] |= set(spellings)
        return out, left_out, emitted, cast

    def macro_bodies(self, lib):
        """ROCm's object-like macros whose body is one identifier."""
        path = os.path.join(self.opts.output, ".macros.hip")
        with open(path, "w") as f:
            f.write("#include <%s>\n" % lib.hip_header)
        try:
            run = subprocess.run([self.opts.clang, "-x", "hip", "-std=c++17", "-E", "-dM", "-w",
                                  *hip_args(self.opts.rocm_include), path],
                                 capture_output=True, text=True)
        finally:
            os.unlink(path)
        if run.returncode:
            api.fail("clang could not read %s's macros: %s" % (
                lib.hip_header, (run.stderr.strip().splitlines() or ["no output"])[0]))
        return dict(re.findall(r"^#define ([A-Za-z_]\w*) ([A-Za-z_]\w*)$", run.stdout, re.M))

    def header(self, lib, body):
        guard = "HIPKIT_NVIDIA_" + re.sub(r"\W", "_", lib.output).upper()
        lines = [
            "// Generated by hip-headers/nvidia/generate_nvidia_libraries.py from",
            "// hipify-clang/tables/%s, ROCm 6.4's %s and CUDA's %s." % (
                ", ".join(lib.tables), lib.hip_header, ", ".join(lib.cuda_headers)),
            "// Do not edit: regenerate with `ninja hipkit-nvidia-api`",
            "// (test/hip-headers/nvidia-libraries-up-to-date.test).",
            "// %s for HIP_PLATFORM=nvidia: the HIP names are CUDA's types, values and" % lib.title,
            "// functions (hipcc maps the library's -l option to the CUDA library's).",
            "#ifndef " + guard,
            "#define " + guard,
            "",
            "#include <hip/hip_runtime_api.h>",
            "#include <hip/hip_complex.h>",
            "#include <%s>" % COMMON_HEADER,
        ]
        lines += ["#include <%s>" % h for h in lib.after]
        lines += ["#include <%s>" % h for h in lib.cuda_headers]
        # C has only the tag of a CUDA struct no typedef names
        # (curandDiscreteDistribution_st): a typedef for each this header names.
        src = "".join("#include <%s>\n" % h for h in lib.cuda_headers)
        c_args = ["-isystem", self.opts.cuda_include]
        c_decls = api.ast_dump(self.opts.clang, src, c_args, "cu", allow_errors=True,
                               language="c") + \
            api.ast_dump(self.opts.clang, src, c_args, "CU", allow_errors=True, language="c")
        tags = api.c_tags_without_typedef(c_decls)
        named = sorted(set(api.IDENT.findall("\n".join(body))) & set(tags))
        if named:
            lines += ["#ifndef __cplusplus"]
            lines += ["typedef %s %s %s;" % (tags[n], n, n) for n in named]
            lines += ["#endif"]
        return "\n".join(lines + [""] + body + ["", "#endif", ""])

    def common(self):
        """hipDataType and friends: library_types.tsv, which HIP 5.2's
        hip/library_types.h leaves undefined on NVIDIA."""
        rows = read(self.opts.tables, ["library_types.tsv"])
        src = "#include <hip/library_types.h>\n"
        hip = declarations(self.opts.clang, src, hip_args(self.opts.rocm_include),
                           ("hip", "HIP"), "hip")
        cuda = self.cuda(["library_types.h"])
        lines = [
            "// Generated by hip-headers/nvidia/generate_nvidia_libraries.py from",
            "// hipify-clang/tables/library_types.tsv. Do not edit: regenerate with",
            "// `ninja hipkit-nvidia-api` (test/hip-headers/nvidia-libraries-up-to-date.test).",
            "// The data types HIP's libraries share (hipDataType), CUDA's on NVIDIA.",
            "#ifndef HIPKIT_NVIDIA_LIBRARY_TYPES_H",
            "#define HIPKIT_NVIDIA_LIBRARY_TYPES_H",
            "",
            "#include <hip/hip_runtime_api.h>",
            "#include <library_types.h>",
            "",
            "// A wrapper whose ROCm parameter is more const than CUDA's (ROCm's",
            "// hipsparseSpMatSetAttribute takes const void *, cuSPARSE's void *) passes",
            "// it with the const cast away: C has no const_cast.",
            "#ifdef __cplusplus",
            "#define HIPKIT_CONST_CAST(type, value) const_cast<type>(value)",
            "#else",
            "#define HIPKIT_CONST_CAST(type, value) ((type)(value))",
            "#endif",
            "",
        ]
        types, values = {}, {}
        for r in rows:
            h, c = r["hip_name"], r["cuda_name"]
            if r["kind"] in ("type", "enum") and h in hip["types"] and c in cuda["types"]:
                types.setdefault(h, c)
            elif r["kind"] == "enumerator" and h in hip["enumerators"] and \
                    c in cuda["enumerators"]:
                values.setdefault(h, c)
        self.common_names = set(types) | set(values)
        lines += ["typedef %s %s;" % (types[h], h) for h in sorted(types)]
        lines += ["#define %s %s" % (h, values[h]) for h in sorted(values)]
        return "\n".join(lines + ["", "#endif", ""])


# CUDA's half and bfloat16 types exist for C++ only (cuda_fp16.h declares the
# struct, cublas_api.h its half functions, under __cplusplus): what names them
# is C++ only here too, the rest of each library header is C as well.
CXX_ONLY_TYPES = re.compile(r"\b(__half2?|__nv_bfloat162?|hipblasHalf|hip_bfloat16|"
                            r"hipblasBfloat16|__hip_bfloat16)\b")


def cxx_only(lines):
    """\p lines, those naming a C++-only type under #ifdef __cplusplus."""
    out, pending = [], []
    for line in lines:
        if CXX_ONLY_TYPES.search(line):
            pending.append(line)
            continue
        out.append(line)
    if pending:
        out += ["#ifdef __cplusplus"] + pending + ["#endif"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", required=True)
    ap.add_argument("--rocm-include", required=True,
                    help="ROCm 6.4's include directory (hipblas/, hipfft/, ...)")
    ap.add_argument("--cuda-include", required=True)
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("-o", "--output", required=True, help="directory to write the headers in")
    ap.add_argument("--docs", help="markdown page of what is generated and left out")
    ap.add_argument("--only", action="append", metavar="HEADER",
                    help="generate only this header (hipblaslt/hipblaslt.h) and those it "
                         "comes after (a test's quicker run); repeatable")
    opts = ap.parse_args()
    libraries = LIBRARIES
    if opts.only:
        known = {lib.output for lib in LIBRARIES} | {"hipcub/hipcub.hpp"}
        for name in opts.only:
            if name not in known:
                api.fail("--only %s: no such header; give one of %s" % (
                    name, ", ".join(sorted(known))))
        wanted = set(opts.only)
        for lib in reversed(LIBRARIES):
            if lib.output in wanted:
                wanted |= set(lib.after)
        libraries = [lib for lib in LIBRARIES if lib.output in wanted]
    for lib in libraries:
        if not os.path.exists(os.path.join(opts.rocm_include, lib.hip_header)):
            api.fail("no %s under --rocm-include %s; give ROCm 6.4's include directory" % (
                lib.hip_header, opts.rocm_include))
    os.makedirs(opts.output, exist_ok=True)
    gen = Generator(opts)
    files = {COMMON_HEADER: gen.common()}
    summary, left, casts = [], [], []
    done = {}
    for lib in libraries:
        rows = read(opts.tables, lib.tables)
        previous = dict(types=set(), enumerators=set(), macros=set(), functions=set())
        previous_rows = []
        for name in lib.after:
            for key in previous:
                previous[key] |= done[name][key]
            previous_rows += read(opts.tables, next(l for l in LIBRARIES
                                                    if l.output == name).tables)
        body, left_out, emitted, cast = gen.library(lib, rows, previous, previous_rows)
        casts += [(lib.output, h, why) for h, why in cast]
        # The header's own names; those of the headers it includes are theirs.
        summary.append((lib.output, {key: set(names) for key, names in emitted.items()}))
        for key in emitted:
            emitted[key] |= previous[key]
        done[lib.output] = emitted
        files[lib.output] = gen.header(lib, body)
        mine = {e for key in emitted for e in emitted[key]}
        earlier = {h for header, h, _, _ in left if header in lib.after}
        left += [(lib.output, h, k, why) for h, k, why in left_out
                 if h not in mine and h not in earlier]
    hipcub_missing = []
    if not opts.only or "hipcub/hipcub.hpp" in opts.only:
        hipcub_files, hipcub_missing = hipcub.generate(opts.clang, opts.tables,
                                                       opts.rocm_include, opts.cuda_include)
        files.update(hipcub_files)
        summary.append(("hipcub/hipcub.hpp", None))
    for name, text in files.items():
        path = os.path.join(opts.output, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    if opts.docs:
        with open(opts.docs, "w") as f:
            f.write("# HIP libraries on NVIDIA (generated)\n\n")
            f.write("Generated by `hip-headers/nvidia/generate_nvidia_libraries.py` from hipify's\n"
                    "library tables, ROCm 6.4's library headers and CUDA's "
                    "([hip-on-nvidia.md](hip-on-nvidia.md#hip-libraries)).\n\n")
            f.write("What each header defines itself; what it takes from a header it includes\n"
                    "(hipblas.h's types in hipsolver.h and hipblaslt.h) counts there.\n\n")
            f.write("| header | types | enumerators and macros | functions |\n|---|---|---|---|\n")
            for name, emitted in summary:
                if emitted is None:
                    continue
                f.write("| `%s` | %d | %d | %d |\n" % (name, len(emitted["types"]),
                                                       len(emitted["enumerators"]),
                                                       len(emitted["functions"])))
            if hipcub_missing:
                f.write("\n## hipCUB\n\n`hipcub/hipcub.hpp` and the per-algorithm headers "
                        "hipify-clang writes are CUB 3's names under\n`hipcub` (the "
                        "device-wide algorithms return `hipError_t`). hipCUB's names CUB 3 "
                        "lacks stop the build\nwhere a program uses them, with this "
                        "reason, but for the operators CCCL 3 names a replacement\nof:"
                        "\n\n| HIP name | kind | why |\n|---|---|---|\n")
                for h, kind, why in sorted(hipcub_missing):
                    f.write("| `%s` | %s | %s |\n" % (h, kind, why))
            f.write("\n## Generated with a cast\n\nFunctions whose ROCm signature differs "
                    "from CUDA's only in const on a pointer parameter: the wrapper passes the\n"
                    "argument with the const cast away (`HIPKIT_CONST_CAST`), the same object "
                    "CUDA's signature only fails to promise not to write.\n\n")
            f.write("| header | HIP name | parameters |\n|---|---|---|\n")
            for header, h, why in sorted(casts):
                f.write("| `%s` | `%s` | %s |\n" % (header, h, why))
            f.write("\n## Left out\n\nSupported rows whose HIP name ROCm 6.4 declares but that "
                    "the NVIDIA headers do not offer.\n\n")
            f.write("| header | HIP name | kind | why |\n|---|---|---|---|\n")
            for header, h, kind, why in sorted(set(left)):
                f.write("| `%s` | `%s` | %s | %s |\n" % (header, h, kind, why))
    return 0


if __name__ == "__main__":
    sys.exit(main())
