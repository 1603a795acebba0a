#!/usr/bin/env python3
"""Speed of hipify-perl (tokens only) against hipify-clang's AST mode, same run.

  per file   hipify-perl -no-output <file> against hipify-clang --no-output -j 1
             <file> (parse against CUDA, then the token engine), interleaved so
             machine load hits both alike; median of --runs each.
  corpus     one run over all files of each tool, hipify-clang with -j 1 and
             hipify-perl with as many threads as hipify-clang's default (all
             cores), both also single-threaded through taskset when available.
Wall and CPU time (user + sys) ratios: hipify-clang / hipify-perl, so a ratio
above 1 says how many times faster hipify-perl is. For scale: AMD's Perl
hipify-perl needs 12.8 s for NVIDIA's 175 cuda-samples .cu files here
(13.7 files/s, one process per file as its users run it).

usage: hipify_perl_bench.py --stage <stage> [--corpus DIR] [--runs N]
A benchmark, not a test: it reports numbers; the exit status is 0 unless a
tool could not run.
"""
import argparse
import glob
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time


def timed(argv):
    """(wall seconds, CPU seconds) of one run of argv."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("bench: command failed (%d): %s" % (proc.returncode, shlex.join(argv)))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True)
    parser.add_argument("--corpus", default=os.path.join(here, "..", "test", "hipify", "corpus"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    perl = os.path.join(args.stage, "bin", "hipify-perl")
    clang = os.path.join(args.stage, "bin", "hipify-clang")
    files = sorted(glob.glob(os.path.join(args.corpus, "*.cu")))
    if not files:
        sys.exit("bench: no .cu files in " + args.corpus)

    print("== per file: hipify-clang (AST) vs hipify-perl (tokens), median of %d" % args.runs)
    print("%-34s %10s %10s %8s %8s" % ("file", "clang s", "perl s", "wall x", "cpu x"))
    wall_ratios, cpu_ratios = [], []
    for source in files:
        c_wall, c_cpu, p_wall, p_cpu = [], [], [], []
        for _ in range(args.runs):
            w, c = timed([clang, "--no-output", "-j", "1", source])
            c_wall.append(w)
            c_cpu.append(c)
            w, c = timed([perl, "-no-output", source])
            p_wall.append(w)
            p_cpu.append(c)
        cw, cc = statistics.median(c_wall), statistics.median(c_cpu)
        pw, pc = statistics.median(p_wall), statistics.median(p_cpu)
        wall_ratios.append(cw / pw)
        cpu_ratios.append(cc / pc if pc else float("nan"))
        print("%-34s %10.4f %10.4f %8.1f %8.1f" % (os.path.basename(source), cw, pw,
                                                  wall_ratios[-1], cpu_ratios[-1]))
    print("median ratio hipify-clang / hipify-perl: wall %.1fx, cpu %.1fx" %
          (statistics.median(wall_ratios), statistics.median(cpu_ratios)))

    n = len(files)
    print("\n== corpus: %d files in one run of each" % n)
    one_core = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    runs = [("hipify-clang -j 1", one_core + [clang, "--no-output", "-j", "1"] + files),
            ("hipify-perl (1 core)", one_core + [perl, "-no-output"] + files),
            ("hipify-perl", [perl, "-no-output"] + files)]
    results = {}
    for name, argv in runs:
        results[name] = timed(argv)
        w, c = results[name]
        print("%-22s %8.1f files/s (%.3f s wall, %.3f s cpu)" % (name, n / w, w, c))
    cw, cc = results["hipify-clang -j 1"]
    pw, pc = results["hipify-perl (1 core)"]
    print("ratio hipify-clang -j 1 / hipify-perl, one core: wall %.1fx, cpu %.1fx" %
          (cw / pw, cc / pc if pc else float("nan")))
    # One process per file, the way AMD's script is run over a tree.
    start = time.perf_counter()
    for source in files:
        timed([perl, "-no-output", source])
    per_process = time.perf_counter() - start
    print("hipify-perl, one process per file: %.1f files/s (%.3f s); AMD's Perl script: "
          "13.7 files/s on this machine" % (n / per_process, per_process))
    return 0


if __name__ == "__main__":
    sys.exit(main())
