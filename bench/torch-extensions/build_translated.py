#!/usr/bin/env python3
"""Build a hipkit-translated PyTorch extension against a CUDA build of torch and load it:
torch.utils.cpp_extension.load() with hipkit's hipcc as its nvcc (docs/pytorch.md).

  build_translated.py --prefix PREFIX --tree TREE [--name NAME] [--source FILE ...]
                      [--include DIR ...] [--cflag FLAG ...] [--cuda-cflag FLAG ...]
                      [--build-dir DIR] [--call 'EXPRESSION']

PREFIX is hipkit's install prefix (PREFIX/bin/hipcc; scripts/nvidia-prefix.sh makes an
NVIDIA-only one to carry to a GPU machine), TREE the translated extension. Its sources are
the --source files (relative to TREE), else every .cu, .cpp and .hip file below it; its
include folders the --include ones, else TREE. What load() is given:

  PYTORCH_NVCC=PREFIX/bin/hipcc, HIP_PLATFORM=nvidia, CUDA_PATH=CUDA_HOME
      cpp_extension's ninja build calls $PYTORCH_NVCC for .cu files with nvcc's options,
      which hipcc hands to nvcc with hipkit's HIP headers for NVIDIA
  extra_include_paths = [PREFIX/include/hipkit-nvidia-torch] + TREE's folders
      a host C++ source (.cpp, compiled by the host compiler) finds hipkit's ATen/hip and
      c10/hip headers before the torch include folder's own ATen/hip/impl (ROCm's)
  extra_cflags = hipconfig --cpp_config (HIP_PLATFORM=nvidia) + --cflag
      the HIP headers for a host C++ source that includes <hip/hip_runtime.h>
  a .hip source
      a CUDA torch compiles only .cu (and .cuh) with nvcc: a .cu beside the build
      includes it

Prints the module's functions; --call evaluates a Python expression with `ext` (the
module) and `torch` in scope and prints its value. Importable: load_translated() does
the build for other scripts (nvidia_torch_smoke.py).
"""
import argparse
import os
import pathlib
import shlex
import subprocess
import sys

SOURCE_SUFFIXES = (".cu", ".cpp", ".hip")


def hip_host_flags(prefix, env):
    """hipconfig --cpp_config's flags for NVIDIA: the folders hipcc searches."""
    hipconfig = pathlib.Path(prefix) / "bin" / "hipconfig"
    run = subprocess.run([str(hipconfig), "--cpp_config"], capture_output=True, text=True,
                         env=env, timeout=60)
    if run.returncode:
        raise RuntimeError(f"{hipconfig} --cpp_config failed: {run.stderr.strip()}")
    return shlex.split(run.stdout)


def wrap_hip_sources(sources, build_dir):
    """A .hip source as a .cu that includes it: a CUDA torch gives nvcc only .cu files."""
    result = []
    for source in sources:
        if source.endswith(".hip"):
            wrapper = pathlib.Path(build_dir) / "hip-sources" / (pathlib.Path(source).name + ".cu")
            wrapper.parent.mkdir(parents=True, exist_ok=True)
            wrapper.write_text(f'#include "{os.path.abspath(source)}"\n')
            result.append(str(wrapper))
        else:
            result.append(source)
    return result


def load_translated(prefix, name, sources, include_dirs=(), extra_cflags=(),
                    extra_cuda_cflags=(), extra_ldflags=(), build_directory=None, verbose=False):
    """cpp_extension.load() of a translated extension with PREFIX's hipcc as nvcc."""
    import torch.utils.cpp_extension as cpp_extension

    prefix = pathlib.Path(prefix).resolve()
    hipcc = prefix / "bin" / "hipcc"
    if not os.access(hipcc, os.X_OK):
        raise RuntimeError(f"no {hipcc}: give hipkit's install prefix")
    if cpp_extension.CUDA_HOME is None:
        raise RuntimeError("this torch finds no CUDA (CUDA_HOME): it must be a CUDA build")
    os.environ["PYTORCH_NVCC"] = str(hipcc)
    os.environ["HIP_PLATFORM"] = "nvidia"
    os.environ.setdefault("CUDA_PATH", cpp_extension.CUDA_HOME)
    if build_directory is None:
        build_directory = cpp_extension._get_build_directory(name, verbose)
    os.makedirs(build_directory, exist_ok=True)
    module = cpp_extension.load(
        name=name, sources=wrap_hip_sources([str(s) for s in sources], build_directory),
        extra_cflags=hip_host_flags(prefix, os.environ) + list(extra_cflags),
        extra_cuda_cflags=list(extra_cuda_cflags), extra_ldflags=list(extra_ldflags),
        extra_include_paths=[str(prefix / "include" / "hipkit-nvidia-torch")] +
        [str(d) for d in include_dirs],
        build_directory=build_directory, with_cuda=True, verbose=verbose)
    # A torch that ignores PYTORCH_NVCC would have built with its own nvcc.
    ninja = pathlib.Path(build_directory, "build.ninja").read_text()
    if f"nvcc = {hipcc}" not in ninja:
        raise RuntimeError(f"{build_directory}/build.ninja does not use {hipcc} as nvcc: "
                           "this torch ignores PYTORCH_NVCC")
    return module


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prefix", required=True, help="hipkit's install prefix")
    ap.add_argument("--tree", required=True, help="the translated extension")
    ap.add_argument("--name", help="the module's name (default: the tree's folder name)")
    ap.add_argument("--source", action="append", default=[], metavar="FILE",
                    help="a source, relative to TREE (default: every .cu, .cpp and .hip)")
    ap.add_argument("--include", action="append", default=[], metavar="DIR",
                    help="an include folder, relative to TREE (default: TREE)")
    ap.add_argument("--cflag", action="append", default=[], metavar="FLAG",
                    help="a host compiler flag (extra_cflags)")
    ap.add_argument("--cuda-cflag", action="append", default=[], metavar="FLAG",
                    help="an nvcc flag (extra_cuda_cflags), which hipcc hands to nvcc")
    ap.add_argument("--build-dir", help="the build folder (default: torch's for NAME)")
    ap.add_argument("--call", metavar="EXPRESSION",
                    help="evaluate EXPRESSION with ext (the module) and torch, print it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    tree = pathlib.Path(args.tree).resolve()
    if not tree.is_dir():
        ap.error(f"--tree {args.tree}: no such folder")
    name = args.name or tree.name.replace("-", "_")
    if args.source:
        sources = [tree / s for s in args.source]
    else:
        sources = sorted(p for p in tree.rglob("*")
                         if p.suffix in SOURCE_SUFFIXES and p.name != "setup.py")
    missing = [str(s) for s in sources if not s.is_file()]
    if missing or not sources:
        ap.error("no source in %s" % tree if not sources else "no such source: " + ", ".join(missing))
    includes = [tree / d for d in args.include] or [tree]
    try:
        ext = load_translated(args.prefix, name, sources, includes, args.cflag, args.cuda_cflag,
                              build_directory=args.build_dir, verbose=args.verbose)
    except Exception as error:  # a failed build is one line, the log above it
        print(f"build_translated: error: {name}: {error}".splitlines()[0], file=sys.stderr)
        return 1
    functions = sorted(n for n in dir(ext) if not n.startswith("_"))
    print(f"build_translated: loaded {name} from {ext.__file__}: {', '.join(functions)}")
    if args.call:
        import torch
        print(eval(args.call, {"ext": ext, "torch": torch}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
