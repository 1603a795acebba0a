"""hipCUB's NVIDIA side over CUB 3 (CCCL 3), for generate_nvidia_libraries.py.

hipCUB's API is CUB's under the namespace hipcub (hipify-clang's cub.tsv maps
cub::X to hipcub::X, name for name). hipCUB's own NVIDIA backend wraps the CUB
it was written for, whose names CCCL 3 dropped (cub::Sum, cub::CountingInputIterator,
...), so it does not build with CUDA 13. hipkit's headers are read from the table
and both libraries' headers instead:

  hipcub/hipkit_nvidia_hipcub.hpp   every public CUB header the table maps; in
        namespace hipcub a using-declaration for each name both declare (CUB's
        own entity: block, warp, iterator and utility templates; not a
        using-directive, which would make a program's `using namespace hipcub;`
        see cub::DeviceScan beside hipcub::DeviceScan), then
        - each Device* class hipCUB declares (DeviceReduce, DeviceRadixSort,
          ...) as a struct whose static member functions forward to CUB's and
          return hipError_t, as hipCUB's do (CUB's return cudaError_t, which a
          HIP program compares with hipSuccess or assigns to hipError_t);
        - hipCUB's operator functors CCCL 3 removed (hipcub::Sum, Max, Min, ...)
          as the replacements CCCL 3 names (::cuda::std::plus<>, ::cuda::maximum<>);
        - each other name hipCUB declares in namespace hipcub that CUB 3 lacks, and
          each Device* member CUB 3 lacks, as a stand-in that stops the build
          with a static_assert naming it, only where a program uses it;
        - the table's macro rows: #define HIPCUB_X CUB_X.
  hipcub/<each header the table names>.hpp   that header.

Names are read with clang's -ast-dump-lookups (each namespace's and class's
lookup table: the names and the kind of entity each is), hipCUB's for AMD
(ROCm 6.4, the rocPRIM backend hipify-clang writes for), CUB's for CUDA.
"""
import os
import re
import subprocess
import tempfile

import generate_nvidia_api as api

HERE = os.path.dirname(os.path.abspath(__file__))
# CUDA 13 lacks texture_fetch_functions.h, which clang's CUDA wrapper includes:
# hipify-clang's stand-in (the same parse as derive/derive_cub.py's).
STAND_INS = os.path.join(HERE, "..", "..", "hipify-clang", "tools", "hipify-clang",
                         "cuda-stand-ins")
COMMON = "hipcub/hipkit_nvidia_hipcub.hpp"
# CUB's internals the table leaves unsupported: never included.
INTERNAL = ("agent/", "detail/", "device/dispatch/", "specializations/")


def lookups(clang, source, args, name_filter, language):
    """{context: {name: set of entity kinds}} from clang's lookup tables of
    the declaration contexts whose qualified name contains name_filter."""
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        cmd = [clang, "-x", language, "-std=c++17", "-fsyntax-only", "-w", *args, path,
               "-Xclang", "-ast-dump-lookups", "-Xclang", "-ast-dump-filter=" + name_filter]
        run = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        os.unlink(path)
    if run.returncode:
        api.fail("clang could not parse %s (%s): %s" % (
            source.strip().replace("\n", " "), " ".join(cmd),
            (run.stderr.strip().splitlines() or ["no output"])[0]))
    contexts, context, name = {}, None, None
    for line in run.stdout.splitlines():
        if line.startswith("Dumping "):
            context, name = line[len("Dumping "):].rstrip(":"), None
            continue
        m = re.match(r"^[|`]-DeclarationName '([^']*)'", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"^[| ] [|`]-(\w+) ", line)
        if m and context and name:
            contexts.setdefault(context, {}).setdefault(name, set()).add(m.group(1))
    return contexts


# hipCUB's operator functors CCCL 3 removed from CUB, with the replacement its
# migration guide names: the same operation, so offered as that (by hand: no
# header says which replaces which).
REPLACEMENTS = {
    "Sum": "::cuda::std::plus<>",
    "Difference": "::cuda::std::minus<>",
    "Division": "::cuda::std::divides<>",
    "Equality": "::cuda::std::equal_to<>",
    "Inequality": "::cuda::std::not_equal_to<>",
    "Max": "::cuda::maximum<>",
    "Min": "::cuda::minimum<>",
}


def stand_in(name, kind, why):
    """A declaration of \\p name that stops the build with \\p why where used."""
    message = '"%s"' % why.replace('"', "'")
    if kind in ("CXXRecord", "Enum"):
        # A template's default specialization: completed (a member named, an
        # object made) only where used, so the assertion fires there alone.
        return ["template <int N = 0> struct hipkit_missing_%s {" % name,
                "  static_assert(hipkit_cub_false<hipkit_missing_%s<N>>::value, %s);"
                % (name, message),
                "};",
                "using %s = hipkit_missing_%s<>;" % (name, name)]
    if kind in ("ClassTemplate", "TypeAliasTemplate"):
        return ["template <class... Args> struct %s {" % name,
                "  static_assert(hipkit_cub_false<Args...>::value, %s);" % message,
                "};"]
    if kind in ("Function", "FunctionTemplate"):
        return ["template <class... Args> __host__ __device__ void %s(Args &&...) {" % name,
                "  static_assert(hipkit_cub_false<Args...>::value, %s);" % message,
                "}"]
    api.fail("hipcub::%s is a %s CUB 3 lacks; generate_nvidia_hipcub.py makes stand-ins "
             "for classes, templates and functions only: extend stand_in()" % (name, kind))


def generate(clang, tables, rocm_include, cuda_include):
    """{path: text} of hipcub/ and (name, kind, why) for each hipCUB name the
    NVIDIA side stands in for."""
    rows = [r for r in api.table_rows(os.path.join(tables, "cub.tsv"))
            if r["status"] == "supported" and r["hip_name"]]
    headers = {}
    for r in rows:
        if r["kind"] == "header" and not any(d in r["cuda_name"] for d in INTERNAL):
            headers.setdefault(r["hip_name"], []).append(r["cuda_name"])
    cub_headers = sorted({h for hs in headers.values() for h in hs})
    cccl = os.path.join(cuda_include, "cccl")
    cuda_args = ["--cuda-host-only", "--cuda-path=" + os.path.dirname(cuda_include),
                 "-nocudalib", "--no-cuda-version-check", "-Wno-unknown-cuda-version",
                 "-idirafter", cccl, "-idirafter", STAND_INS]
    cuda_source = "".join("#include <%s>\n" % h for h in cub_headers)
    hip_args = ["--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
                "--rocm-path=" + os.path.dirname(rocm_include), "-isystem", rocm_include,
                "-D__HIP_PLATFORM_AMD__"]
    hip_source = "#include <hipcub/hipcub.hpp>\n"
    cub = lookups(clang, cuda_source, cuda_args, "cub", "cuda").get("cub", {})
    hipcub = lookups(clang, hip_source, hip_args, "hipcub", "hip").get("hipcub", {})
    if "DeviceReduce" not in cub or "DeviceReduce" not in hipcub:
        api.fail("no DeviceReduce read from CUB (%s) or hipCUB (%s): give CUDA 13's and "
                 "ROCm 6.4's include directories" % (cccl, rocm_include))
    cub_devices = lookups(clang, cuda_source, cuda_args, "cub::Device", "cuda")
    hip_devices = lookups(clang, hip_source, hip_args, "hipcub::Device", "hip")

    missing = []  # (hip name, kind, why)
    for r in rows:
        if r["kind"] in ("header", "macro"):
            continue
        name = r["cuda_name"].split("::", 1)[-1]
        if r["hip_name"] != "hipcub" and r["hip_name"] != "hipcub::" + name:
            api.fail("cub.tsv: %s becomes %s; hipkit's hipCUB for NVIDIA is CUB's names "
                     "under hipcub" % (r["cuda_name"], r["hip_name"]))

    body = []
    devices = sorted(n for n in hipcub if n.startswith("Device") and
                     "CXXRecord" in hipcub[n] and "cub::" + n in cub_devices)
    for device in devices:
        members = hip_devices.get("hipcub::" + device, {})
        theirs = cub_devices["cub::" + device]
        body.append("struct %s {" % device)
        for member in sorted(m for m in members if m != device and not m.startswith(("_", "~"))):
            if member in theirs:
                body += [
                    "  template <class... Args>",
                    "  static auto %s(Args &&...args)" % member,
                    "      -> decltype(hipkit_cub_status(::cub::%s::%s(static_cast<Args &&>(args)...))) {"
                    % (device, member),
                    "    return hipkit_cub_status(::cub::%s::%s(static_cast<Args &&>(args)...));"
                    % (device, member),
                    "  }"]
            else:
                why = ("hipcub::%s::%s is hipCUB's (ROCm 6.4); CUB 3 (CCCL 3) has no "
                       "cub::%s::%s, so HIP_PLATFORM=nvidia does not offer it" % (
                           device, member, device, member))
                missing.append(("hipcub::%s::%s" % (device, member), "function", why))
                body += ["  template <class... Args> static hipError_t %s(Args &&...) {" % member,
                         "    static_assert(hipkit_cub_false<Args...>::value, \"%s\");" % why,
                         "    return hipErrorNotSupported;",
                         "  }"]
        body.append("};")
    # Using-declarations, not a using-directive: a program's own `using namespace
    # hipcub;` must not see CUB's DeviceScan beside hipcub's (ambiguous).
    shared = ["using ::cub::%s;" % n for n in sorted(hipcub) if n in cub and
              n not in devices and not n.startswith("_") and
              hipcub[n] - {"Namespace"} and cub[n] - {"Namespace"}]
    stand_ins, replaced = [], []
    for name in sorted(hipcub):
        kinds = hipcub[name] - {"Namespace"}
        if name in cub or name.startswith("_") or not kinds or name in devices:
            continue
        if name in REPLACEMENTS and kinds == {"CXXRecord"}:
            replaced.append("using %s = %s;" % (name, REPLACEMENTS[name]))
            missing.append(("hipcub::" + name, "CXXRecord",
                            "CUB 3 (CCCL 3) removed cub::%s: offered as `%s`, the replacement "
                            "CCCL 3 names" % (name, REPLACEMENTS[name])))
            continue
        kind = sorted(kinds)[0]
        why = ("hipcub::%s is hipCUB's (ROCm 6.4); CUB 3 (CCCL 3) dropped or never had "
               "cub::%s, so HIP_PLATFORM=nvidia does not offer it" % (name, name))
        missing.append(("hipcub::" + name, kind, why))
        stand_ins += stand_in(name, kind, why)

    macros = api.macro_names(clang, cuda_source, cuda_args, "cuda")
    defines = []
    for r in rows:
        if r["kind"] == "macro":
            if r["cuda_name"] in macros:
                defines.append("#define %s %s" % (r["hip_name"], r["cuda_name"]))
                continue
            # CUB_DEFINE_VECTOR_TYPE: CUB 3 #undefs it after its own use.
            why = ("%s is hipCUB's; CUB 3 (CCCL 3) leaves no %s defined, so "
                   "HIP_PLATFORM=nvidia does not offer it" % (r["hip_name"], r["cuda_name"]))
            missing.append((r["hip_name"], "macro", why))
            defines.append('#define %s(...) static_assert(false, "%s")' % (r["hip_name"], why))

    text = [
        "// Generated by hip-headers/nvidia/generate_nvidia_libraries.py (generate_nvidia_hipcub.py)",
        "// from hipify-clang/tables/cub.tsv, ROCm 6.4's hipcub/hipcub.hpp and CUDA's CUB.",
        "// Do not edit: regenerate with `ninja hipkit-nvidia-api`",
        "// (test/hip-headers/nvidia-libraries-up-to-date.test).",
        "// hipCUB over CUB 3 (CCCL 3) for HIP_PLATFORM=nvidia: hipCUB's names are CUB's.",
        "#ifndef HIPKIT_NVIDIA_HIPCUB_HPP",
        "#define HIPKIT_NVIDIA_HIPCUB_HPP",
        "",
        "#include <hip/hip_runtime.h>",
    ] + ["#include <%s>" % h for h in cub_headers] + [
        "",
        "namespace hipcub {",
        "// The names hipCUB and CUB 3 share: CUB's entities.",
    ] + shared + [
        "",
        "// False, but only once instantiated: a stand-in's assertion fires where it is used.",
        "template <class...> struct hipkit_cub_false { static constexpr bool value = false; };",
        "",
        "// CUB's device algorithms return cudaError_t; hipCUB's hipError_t.",
        "inline hipError_t hipkit_cub_status(cudaError_t error) { return hipCUDAErrorTohipError(error); }",
        "",
        "// hipCUB's device-wide algorithms: CUB's, returning hipError_t.",
    ] + body + [
        "",
        "// hipCUB's operators CCCL 3 removed from CUB: the replacements it names.",
    ] + replaced + [
        "",
        "// hipCUB's names CUB 3 lacks: a stand-in each, stopping the build where used.",
    ] + stand_ins + [
        "}  // namespace hipcub",
        "",
        "// hipCUB's macros: CUB's.",
    ] + defines + ["", "#endif", ""]
    files = {COMMON: "\n".join(text)}
    for hip_header in sorted(headers):
        guard = "HIPKIT_NVIDIA_" + re.sub(r"\W", "_", hip_header).upper()
        files[hip_header] = "\n".join([
            "// Generated by hip-headers/nvidia/generate_nvidia_libraries.py from",
            "// hipify-clang/tables/cub.tsv. Do not edit: regenerate with `ninja hipkit-nvidia-api`.",
            "// hipCUB's %s for HIP_PLATFORM=nvidia: CUB's %s." % (
                hip_header, ", ".join(sorted(headers[hip_header]))),
            "#ifndef " + guard,
            "#define " + guard,
            "#include <%s>" % COMMON,
            "#endif", ""])
    return files, missing
