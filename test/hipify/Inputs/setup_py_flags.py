#!/usr/bin/env python3
"""Runs a (translated) setup.py against stand-ins of setuptools and
torch.utils.cpp_extension, and compiles SOURCE with hipcc and the `nvcc` flags
each CUDAExtension would give it on a ROCm PyTorch (its extra_compile_args'
`nvcc` list, or the plain list): the flags hipify-clang wrote must be flags
hipcc takes.

  setup_py_flags.py HIPCC SETUP_PY SOURCE OUTPUT_FOLDER

Prints each extension's flags ("<name>: <flags>"); exits non-zero when a
compile fails.
"""
import os
import subprocess
import sys
import types

extensions = []


def cuda_extension(name, sources, *args, **kwargs):
    extensions.append((name, kwargs.get("extra_compile_args", [])))


def install_stand_ins():
    torch = types.ModuleType("torch")
    torch.version = types.SimpleNamespace(cuda="12.1", hip=None)
    utils = types.ModuleType("torch.utils")
    cpp_extension = types.ModuleType("torch.utils.cpp_extension")
    cpp_extension.CUDAExtension = cuda_extension
    cpp_extension.BuildExtension = object
    cpp_extension.CUDA_HOME = None
    torch.utils = utils
    utils.cpp_extension = cpp_extension
    setuptools = types.ModuleType("setuptools")
    setuptools.setup = lambda **kwargs: None
    sys.modules.update({"torch": torch, "torch.utils": utils,
                        "torch.utils.cpp_extension": cpp_extension,
                        "setuptools": setuptools})


def main():
    hipcc, setup_py, source, out = sys.argv[1:5]
    install_stand_ins()
    with open(setup_py) as f:
        code = compile(f.read(), setup_py, "exec")
    exec(code, {"__name__": "__main__", "__file__": os.path.abspath(setup_py)})
    status = 0
    for name, args in extensions:
        flags = args["nvcc"] if isinstance(args, dict) else args
        print("%s: %s" % (name, " ".join(flags)))
        command = [hipcc] + list(flags) + ["-c", source, "-o", os.path.join(out, name + ".o")]
        done = subprocess.run(command, stderr=subprocess.PIPE, text=True)
        sys.stderr.write(done.stderr)
        if done.returncode:
            print("%s: hipcc failed (%d)" % (name, done.returncode))
            status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
