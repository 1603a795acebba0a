#!/usr/bin/env python3
"""A PyTorch extension's setup.py, read without torch, and compiled as cpp_extension would.

  torch_extension.py describe SETUP_PY
      prints, as JSON, each CUDAExtension/CppExtension the setup.py declares: its name,
      sources and include_dirs (absolute), and its extra_compile_args ("cxx", "nvcc").
  torch_extension.py compile SETUP_PY --out-dir DIR --torch-include DIR ... [--only REGEX]
      compiles each source of the (one) extension the way torch.utils.cpp_extension
      compiles it: .cu with nvcc, the rest with the host C++ compiler, with the flags
      cpp_extension adds (-DTORCH_EXTENSION_NAME, -DTORCH_API_INCLUDE_EXTENSION_H,
      -isystem for torch's include folders, CUDA's and Python's, nvcc's
      -D__CUDA_NO_HALF_OPERATORS__ & co., --compiler-options '-fPIC', -std=c++20 when the
      extension names no standard) and the setup.py's own. One line per source,
      "compiled <path relative to the setup.py>"; the first failure prints the compiler's
      output and exits 1.
      With --rocm-path, as a ROCm torch's cpp_extension compiles it instead: .cu with hipcc
      (--hipcc, given --rocm-path) and COMMON_HIPCC_FLAGS, the rest with the host compiler,
      both with COMMON_HIP_FLAGS, torch's THH and ROCm's include folder instead of CUDA's,
      -fno-gpu-rdc when the flags name a processor, --aten-hip (the ATen/hip tree
      scripts/make-torch-hip-headers.py makes) searched before torch's include folder.
      --torch-hipify DIR first runs that torch's own hipify (DIR: build/torch/hipify-<release>)
      over the setup.py's folder, in place, as CUDAExtension does on a ROCm torch, and
      compiles what it wrote. --depfiles writes OBJ.d beside each object (-MD -MF).

The setup.py is run, not parsed: in a child Python whose setuptools.setup and
torch.utils.cpp_extension are stand-ins that record their arguments (no torch needed; a
real torch is never imported), with the setup.py's folder as the working folder and as
__file__'s. Used by test/torch (the CUDA originals compile) and by
bench/torch-extensions/run_gpu.py (which builds them with cpp_extension.load).
"""
import argparse
import contextlib
import io
import json
import os
import pathlib
import re
import subprocess
import sys

# What torch.utils.cpp_extension gives nvcc before an extension's own flags
# (COMMON_NVCC_FLAGS in torch 2.x).
COMMON_NVCC_FLAGS = [
    "-D__CUDA_NO_HALF_OPERATORS__",
    "-D__CUDA_NO_HALF_CONVERSIONS__",
    "-D__CUDA_NO_BFLOAT16_CONVERSIONS__",
    "-D__CUDA_NO_HALF2_OPERATORS__",
    "--expt-relaxed-constexpr",
]
CUDA_SUFFIXES = (".cu", ".cuh", ".hip")  # .hip: what torch's hipify names its output
# What a ROCm torch's cpp_extension gives every compiler (COMMON_HIP_FLAGS) and hipcc
# (COMMON_HIPCC_FLAGS), torch 2.14; 2.6 lacks only HIP_ENABLE_WARP_SYNC_BUILTINS.
COMMON_HIP_FLAGS = ["-D__HIP_PLATFORM_AMD__=1", "-DUSE_ROCM=1", "-DHIPBLAS_V2", "-fPIC"]
COMMON_HIPCC_FLAGS = [
    "-DCUDA_HAS_FP16=1",
    "-D__HIP_NO_HALF_OPERATORS__=1",
    "-D__HIP_NO_HALF_CONVERSIONS__=1",
    "-DHIP_ENABLE_WARP_SYNC_BUILTINS=1",
]

# Run in the child: stand-ins for setuptools and torch.utils.cpp_extension, then the setup.py.
_DESCRIBE = r'''
import json, os, sys, types
setup_py = os.path.abspath(sys.argv[1])
declared = []
def _extension(kind):
    def make(name, sources, *args, **kwargs):
        record = dict(kwargs, kind=kind, name=name, sources=list(sources))
        declared.append(record)
        return record
    return make
class BuildExtension:
    @classmethod
    def with_options(cls, **options):
        return cls
cpp_extension = types.ModuleType("torch.utils.cpp_extension")
cpp_extension.CUDAExtension = _extension("cuda")
cpp_extension.CppExtension = _extension("cpp")
cpp_extension.BuildExtension = BuildExtension
cpp_extension.CUDA_HOME = "/usr/local/cuda"
torch = types.ModuleType("torch")
torch.__path__ = []
torch.utils = types.ModuleType("torch.utils")
torch.utils.__path__ = []
torch.utils.cpp_extension = cpp_extension
setuptools = types.ModuleType("setuptools")
setuptools.setup = lambda **kwargs: None
setuptools.find_packages = lambda *args, **kwargs: []
sys.modules.update({"torch": torch, "torch.utils": torch.utils,
                    "torch.utils.cpp_extension": cpp_extension, "setuptools": setuptools})
os.chdir(os.path.dirname(setup_py))
sys.argv = [setup_py, "build_ext"]
code = compile(open(setup_py).read(), setup_py, "exec")
exec(code, {"__name__": "__main__", "__file__": setup_py})
out = []
for record in declared:
    base = os.path.dirname(setup_py)
    args = record.get("extra_compile_args") or {}
    if isinstance(args, list):
        args = {"cxx": args}
    out.append({
        "kind": record["kind"],
        "name": record["name"],
        "sources": [os.path.normpath(os.path.join(base, s)) for s in record["sources"]],
        "include_dirs": [os.path.normpath(os.path.join(base, d))
                         for d in record.get("include_dirs") or []],
        "cxx": [str(f) for f in args.get("cxx", [])],
        "nvcc": [str(f) for f in args.get("nvcc", [])],
    })
print(json.dumps(out))
'''


def describe(setup_py, python=sys.executable):
    """The extensions a setup.py declares (a list of dicts, see the module's doc)."""
    result = subprocess.run([python, "-c", _DESCRIBE, str(setup_py)], capture_output=True,
                            text=True)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["it exited with status %d" % result.returncode])[-1]
        raise RuntimeError(f"cannot read {setup_py}: {last}")
    return json.loads(result.stdout)


def is_cuda_source(path):
    return str(path).endswith(CUDA_SUFFIXES)


def compile_commands(extension, out_dir, torch_include, pybind11_include, python_include,
                     cuda_include, nvcc, cxx, extra_system_includes=(), rocm_path="",
                     aten_hip="", default_std="c++20", depfiles=False):
    """(source, argument vector) for each source, as cpp_extension's build would run them:
    on a CUDA torch, or on a ROCm one when rocm_path is given (nvcc is then hipcc)."""
    system = [aten_hip] if aten_hip else []
    system += [torch_include, os.path.join(torch_include, "torch", "csrc", "api", "include")]
    if rocm_path:
        system += [os.path.join(torch_include, "THH"), os.path.join(rocm_path, "include")]
    system += [pybind11_include] if pybind11_include else []
    system += ([] if rocm_path else [cuda_include]) + [python_include]
    system += list(extra_system_includes)
    common = [f"-DTORCH_EXTENSION_NAME={extension['name']}", "-DTORCH_API_INCLUDE_EXTENSION_H"]
    common += [f"-I{d}" for d in extension["include_dirs"]]
    for d in system:
        common += ["-isystem", d]
    abi = ["-D_GLIBCXX_USE_CXX11_ABI=1"]
    commands = []
    # Objects are named after the extension's own sources, also when torch's hipify renamed
    # them (torch_hipify), so the two builds of an extension can be compared object by object.
    for source, named in zip(extension["sources"], extension.get("named", extension["sources"])):
        obj = os.path.join(out_dir, os.path.basename(named) + ".o")
        if rocm_path and is_cuda_source(source):
            own = extension["nvcc"]
            # cpp_extension's _get_rocm_arch_flags: a processor named by the extension is
            # built alone, without relocatable device code.
            names_arch = any("offload-arch" in f or "amdgpu-target" in f for f in own)
            arch = ["-fno-gpu-rdc"] if names_arch and not any("gpu-rdc" in f for f in own) else []
            flags = [nvcc, f"--rocm-path={rocm_path}"] + common + COMMON_HIP_FLAGS
            flags += COMMON_HIPCC_FLAGS + own + arch
        elif is_cuda_source(source):
            flags = [nvcc] + common + COMMON_NVCC_FLAGS + ["--compiler-options", "'-fPIC'"]
            flags += extension["nvcc"]
        elif rocm_path:
            flags = [cxx] + common + COMMON_HIP_FLAGS + extension["cxx"]
        else:
            flags = [cxx] + common + ["-fPIC"] + extension["cxx"]
        if not any(f.startswith("-std=") for f in flags):
            flags.append(f"-std={default_std}")
        deps = ["-MD", "-MF", obj + ".d"] if depfiles else []
        commands.append((named, flags + abi + deps + ["-c", source, "-o", obj]))
    return commands


def torch_hipify(extension, setup_dir, hipify):
    """Runs the torch hipify at HIPIFY over setup_dir in place, as CUDAExtension does on a
    ROCm torch, and returns the extension with the sources it compiles then."""
    sys.path.insert(0, os.path.abspath(hipify))
    from torch.utils.hipify import hipify_python  # noqa: E402
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        result = hipify_python.hipify(
            project_directory=setup_dir, output_directory=setup_dir,
            header_include_dirs=extension["include_dirs"],
            includes=[os.path.join(setup_dir, "*")], extra_files=extension["sources"],
            show_detailed=False, show_progress=False, is_pytorch_extension=True,
            hipify_extra_files_only=True)
    hipified = []
    for source in extension["sources"]:
        path = result[source].hipified_path if source in result else None
        hipified.append(path or source)
    return dict(extension, sources=hipified, named=extension["sources"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("describe", help="print the extensions a setup.py declares, as JSON")
    d.add_argument("setup_py")
    c = sub.add_parser("compile", help="compile an extension's sources as cpp_extension would")
    c.add_argument("setup_py")
    c.add_argument("--out-dir", required=True)
    c.add_argument("--torch-include", required=True,
                   help="torch's include folder (torch/csrc/api/include below it is added too)")
    c.add_argument("--pybind11-include", default="")
    c.add_argument("--python-include", required=True)
    c.add_argument("--cuda-path", default="/usr/local/cuda")
    c.add_argument("--nvcc", default="")
    c.add_argument("--cxx", default="c++")
    c.add_argument("--isystem", action="append", default=[],
                   help="another system include folder, after torch's, CUDA's and Python's")
    c.add_argument("--rocm-path", default="",
                   help="compile as a ROCm torch's cpp_extension does, for this ROCm")
    c.add_argument("--hipcc", default="",
                   help="the hipcc for .cu sources with --rocm-path (default: ROCM/bin/hipcc)")
    c.add_argument("--aten-hip", default="",
                   help="the ATen/hip tree of a ROCm torch, searched before torch's headers")
    c.add_argument("--torch-hipify", default="",
                   help="run this torch hipify (build/torch/hipify-<release>) in place first")
    c.add_argument("--default-std", default="c++20",
                   help="the standard cpp_extension adds when the flags name none "
                   "(c++20 from torch 2.11 on, c++17 before)")
    c.add_argument("--depfiles", action="store_true",
                   help="write each object's dependency list beside it (OBJ.d)")
    c.add_argument("--only", default="",
                   help="compile only the sources whose path below the setup.py matches")
    args = parser.parse_args()

    setup_py = pathlib.Path(args.setup_py).resolve()
    try:
        extensions = describe(setup_py)
    except RuntimeError as error:
        sys.exit(f"torch_extension.py: error: {error}")
    if args.command == "describe":
        print(json.dumps(extensions, indent=1))
        return
    if len(extensions) != 1:
        sys.exit(f"torch_extension.py: error: {setup_py} declares {len(extensions)} extensions; "
                 "compile reads one")
    out_dir = os.path.abspath(args.out_dir)
    os.makedirs(out_dir, exist_ok=True)
    cuda_path = os.path.abspath(args.cuda_path)
    absolute = lambda path: os.path.abspath(path) if path else path
    rocm_path = absolute(args.rocm_path)
    if rocm_path:
        nvcc = args.hipcc or os.path.join(rocm_path, "bin", "hipcc")
    else:
        nvcc = args.nvcc or os.path.join(cuda_path, "bin", "nvcc")
    extension = extensions[0]
    only = re.compile(args.only) if args.only else None
    if only:
        extension = dict(extension, sources=[
            s for s in extension["sources"] if only.search(os.path.relpath(s, setup_py.parent))])
    if args.torch_hipify:
        extension = torch_hipify(extension, str(setup_py.parent), args.torch_hipify)
    # The compilers run in the setup.py's folder, as a build would.
    commands = compile_commands(extension, out_dir, absolute(args.torch_include),
                                absolute(args.pybind11_include), absolute(args.python_include),
                                os.path.join(cuda_path, "include"), nvcc, args.cxx,
                                [absolute(d) for d in args.isystem], rocm_path,
                                absolute(args.aten_hip), args.default_std, args.depfiles)
    for source, argv in commands:
        relative = os.path.relpath(source, setup_py.parent)
        result = subprocess.run(argv, cwd=setup_py.parent, capture_output=True, text=True)
        if result.returncode != 0:
            print(f"FAILED {relative}: {' '.join(argv)}\n{result.stdout}{result.stderr}")
            sys.exit(1)
        print(f"compiled {relative}", flush=True)


if __name__ == "__main__":
    main()
