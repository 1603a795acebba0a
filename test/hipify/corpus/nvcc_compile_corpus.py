"""Compile every corpus program with nvcc, proving each is valid CUDA.

Used by nvcc-accepts-corpus.test: the corpus tests check the HIP translation,
this checks the input. Multi-file programs (split-file markers) are split
first and their .cu parts compiled. Usage:
    nvcc_compile_corpus.py <nvcc> <corpus dir> <scratch dir> <split-file>
"""
import pathlib
import subprocess
import sys

import corpus_units


def compile_one(nvcc, source, scratch):
    obj = scratch / (source.stem + ".o")
    cmd = [nvcc, "-c", "-arch=sm_90", "-std=c++17", "-I", str(source.parent),
           str(source), "-o", str(obj)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    return source, result.returncode, result.stdout + result.stderr


def main():
    global SPLIT_FILE
    nvcc, corpus, scratch, SPLIT_FILE = sys.argv[1:5]
    corpus, scratch = pathlib.Path(corpus), pathlib.Path(scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    programs = sorted(corpus.glob("*.cu"))
    if not programs:
        print(f"no .cu programs in {corpus}", file=sys.stderr)
        return 1
    units = [(nvcc, s, scratch) for p in programs
             for s in corpus_units.sources(p, scratch, SPLIT_FILE)]
    return corpus_units.build_all(units, compile_one)

if __name__ == "__main__":
    sys.exit(main())
