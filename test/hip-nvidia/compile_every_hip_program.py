#!/usr/bin/env python3
"""Compiles every HIP program under test/ (*.hip) for an NVIDIA GPU with
HIP_PLATFORM=nvidia hipcc -c, in parallel, and prints one line per program.

Programs listed in not-for-nvidia.tsv (path, reason) are AMD-specific by
design and are skipped with their reason; a listed program that is gone is an
error, so the list cannot go stale. Exit status 1 when any other program
fails to compile.

Usage: compile_every_hip_program.py --hipcc HIPCC --source-root DIR
       --cuda-path DIR --arch sm_90 --scratch DIR [--jobs N]
"""
import argparse
import concurrent.futures
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def read_exclusions(root):
    excluded = {}
    with open(HERE / "not-for-nvidia.tsv") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            path, sep, reason = line.partition("\t")
            if not sep or not reason.strip():
                sys.exit("not-for-nvidia.tsv:%d: error: expected 'path<TAB>reason'" % number)
            if not (root / path).is_file():
                sys.exit("not-for-nvidia.tsv:%d: error: '%s' does not exist; remove the line"
                         % (number, path))
            excluded[path] = reason.strip()
    return excluded


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hipcc", required=True)
    ap.add_argument("--source-root", required=True)
    ap.add_argument("--cuda-path", required=True)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--scratch", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    opts = ap.parse_args()
    root = pathlib.Path(opts.source_root).resolve()
    scratch = pathlib.Path(opts.scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    excluded = read_exclusions(root)
    programs = sorted(p.relative_to(root).as_posix() for p in (root / "test").rglob("*.hip")
                      if "Output" not in p.parts)
    env = dict(os.environ, HIP_PLATFORM="nvidia", CUDA_PATH=opts.cuda_path)

    def compile_one(index, path):
        if path in excluded:
            return path, "SKIPPED", excluded[path]
        run = subprocess.run([opts.hipcc, "-c", "--offload-arch=" + opts.arch, str(root / path),
                              "-o", str(scratch / ("%d.o" % index))],
                             env=env, capture_output=True, text=True)
        if run.returncode == 0:
            return path, "COMPILED", ""
        first = next((l for l in run.stderr.splitlines() if "error" in l), run.stderr.strip())
        return path, "FAILED", first[:300]

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        results = list(pool.map(lambda a: compile_one(*a), enumerate(programs)))
    for path, status, note in results:
        print("%s %s%s" % (status, path, ": " + note if note else ""))
    failed = sum(1 for r in results if r[1] == "FAILED")
    print("%d of %d HIP programs compiled for %s, %d skipped, %d failed" % (
        sum(1 for r in results if r[1] == "COMPILED"), len(results), opts.arch,
        sum(1 for r in results if r[1] == "SKIPPED"), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
