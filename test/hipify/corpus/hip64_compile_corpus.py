"""Translate every corpus program for a ROCm root and compile it against that root's HIP.

Used by hip-6.4-corpus.test: the corpus tests translate for the bootstrap's HIP 5.2
and compile against it; this translates with --rocm-path=<root> (so rows added after
5.2 are written without their fallback) and compiles with hipcc --rocm-path=<root>,
forcing a header that stops the compilation unless <root>'s HIP headers are the ones
read. Each program is compiled for the target its own %hipcc line names (texture_object:
gfx90a), gfx942 otherwise. Multi-file programs (split-file markers) are split first and
each .cu part translated. Usage:
    hip64_compile_corpus.py <hipify-clang> <hipcc> <rocm root> <MAJOR.MINOR> <corpus dir>
        <scratch dir> <split-file>
"""
import pathlib
import re
import subprocess
import sys

import corpus_units


def build_one(program, source, scratch):
    arch = re.search(r"%hipcc .*--offload-arch=(\w+)", program.read_text())
    out = scratch / "out" / program.stem
    out.mkdir(parents=True, exist_ok=True)
    hip = out / (source.stem + ".hip")
    translate = subprocess.run([HIPIFY, str(source), "--rocm-path=" + ROOT, "-o", str(hip), "--"],
                               capture_output=True, text=True)
    if translate.returncode != 0:
        return source, 1, translate.stdout + translate.stderr
    compile_ = subprocess.run([HIPCC, "-c", str(hip), "-o", str(out / (source.stem + ".o")),
                               "--rocm-path=" + ROOT, "-include", str(GUARD),
                               "--offload-arch=" + (arch.group(1) if arch else "gfx942")],
                              capture_output=True, text=True)
    return source, compile_.returncode, compile_.stdout + compile_.stderr


def main():
    global HIPIFY, HIPCC, ROOT, SPLIT_FILE, GUARD
    HIPIFY, HIPCC, ROOT, version, corpus, scratch, SPLIT_FILE = sys.argv[1:8]
    corpus, scratch = pathlib.Path(corpus), pathlib.Path(scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    major, minor = version.split(".")
    GUARD = scratch / "hip-version-guard.h"
    GUARD.write_text("#include <hip/hip_version.h>\n"
                     "#if HIP_VERSION_MAJOR != %s || HIP_VERSION_MINOR != %s\n"
                     "#error these are not the HIP %s headers of the ROCm root given\n"
                     "#endif\n" % (major, minor, version))
    programs = sorted(corpus.glob("*.cu"))
    if not programs:
        print(f"no .cu programs in {corpus}", file=sys.stderr)
        return 1
    units = [(p, s, scratch) for p in programs
             for s in corpus_units.sources(p, scratch / "split", SPLIT_FILE)]
    return corpus_units.build_all(units, build_one)


if __name__ == "__main__":
    sys.exit(main())
