"""Compile every corpus program with nvcc, proving each is valid CUDA.

Used by nvcc-accepts-corpus.test: the corpus tests check the HIP translation,
this checks the input. Multi-file programs (split-file markers) are split
first and their .cu parts compiled. Usage:
    nvcc_compile_corpus.py <nvcc> <corpus dir> <scratch dir> <split-file>
"""
import concurrent.futures
import pathlib
import shutil
import subprocess
import sys


def sources(program, scratch):
    """The .cu files to compile for one corpus program."""
    text = program.read_text()
    if "\n//--- " not in text:
        return [program]
    out = scratch / program.stem
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([SPLIT_FILE, str(program), str(out)], check=True)
    return sorted(out.rglob("*.cu"))


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
    units = [s for p in programs for s in sources(p, scratch)]
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(compile_one, nvcc, u, scratch) for u in units]
        for job in jobs:
            source, code, output = job.result()
            if code != 0:
                failures += 1
                print(f"FAIL {source.name}\n{output}")
            else:
                print(f"ok   {source.name}")
    print(f"{len(units) - failures} of {len(units)} compiled")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
