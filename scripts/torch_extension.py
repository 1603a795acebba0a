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

The setup.py is run, not parsed: in a child Python whose setuptools.setup and
torch.utils.cpp_extension are stand-ins that record their arguments (no torch needed; a
real torch is never imported), with the setup.py's folder as the working folder and as
__file__'s. Used by test/torch (the CUDA originals compile) and by
bench/torch-extensions/run_gpu.py (which builds them with cpp_extension.load).
"""
import argparse
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
CUDA_SUFFIXES = (".cu", ".cuh")

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
                     cuda_include, nvcc, cxx, extra_system_includes=()):
    """(source, argument vector) for each source, as cpp_extension's build would run them."""
    system = [torch_include, os.path.join(torch_include, "torch", "csrc", "api", "include")]
    system += [pybind11_include] if pybind11_include else []
    system += [cuda_include, python_include] + list(extra_system_includes)
    common = [f"-DTORCH_EXTENSION_NAME={extension['name']}", "-DTORCH_API_INCLUDE_EXTENSION_H"]
    common += [f"-I{d}" for d in extension["include_dirs"]]
    for d in system:
        common += ["-isystem", d]
    abi = ["-D_GLIBCXX_USE_CXX11_ABI=1"]
    commands = []
    for source in extension["sources"]:
        obj = os.path.join(out_dir, os.path.basename(source) + ".o")
        if is_cuda_source(source):
            flags = [nvcc] + common + COMMON_NVCC_FLAGS + ["--compiler-options", "'-fPIC'"]
            flags += extension["nvcc"]
            if not any(f.startswith("-std=") for f in flags):
                flags.append("-std=c++20")
        else:
            flags = [cxx] + common + ["-fPIC", "-std=c++20"] + extension["cxx"]
        commands.append((source, flags + abi + ["-c", source, "-o", obj]))
    return commands


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
    nvcc = args.nvcc or os.path.join(cuda_path, "bin", "nvcc")
    # The compilers run in the setup.py's folder, as a build would.
    absolute = lambda path: os.path.abspath(path) if path else path
    commands = compile_commands(extensions[0], out_dir, absolute(args.torch_include),
                                absolute(args.pybind11_include), absolute(args.python_include),
                                os.path.join(cuda_path, "include"), nvcc, args.cxx,
                                [absolute(d) for d in args.isystem])
    only = re.compile(args.only) if args.only else None
    for source, argv in commands:
        relative = os.path.relpath(source, setup_py.parent)
        if only and not only.search(relative):
            continue
        result = subprocess.run(argv, cwd=setup_py.parent, capture_output=True, text=True)
        if result.returncode != 0:
            print(f"FAILED {relative}: {' '.join(argv)}\n{result.stdout}{result.stderr}")
            sys.exit(1)
        print(f"compiled {relative}", flush=True)


if __name__ == "__main__":
    main()
