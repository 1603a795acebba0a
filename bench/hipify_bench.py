#!/usr/bin/env python3
"""Speed of hipify-clang, measured against clang in the same run.

  per file   hipify-clang <file> --no-output against `clang++ -fsyntax-only` with
             the very parse command hipify-clang uses (taken from its -v output),
             runs interleaved so machine load hits both alike. The parse is the
             floor: the ratio says what translating adds on top of parsing.
  corpus     files per second of one `hipify-clang -j N --no-output <all files>`
             run (precompiled CUDA headers, parallel parses) against clang
             -fsyntax-only of the same files one after another.
Both as wall time and CPU time (user + sys, children included) ratios.

usage: hipify_bench.py --hipify <stage>/bin/hipify-clang [--corpus DIR] [--runs N] [--jobs N]
A benchmark, not a test: it reports numbers; the exit status is 0 unless
hipify-clang itself could not run.
"""
import argparse
import glob
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time


def timed(argv, check=True):
    """(wall seconds, CPU seconds) of one run of argv."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if check and proc.returncode != 0:
        sys.exit("bench: command failed (%d): %s" % (proc.returncode, shlex.join(argv)))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def parse_command(hipify, source):
    """The clang command hipify-clang parses `source` with (from -v)."""
    proc = subprocess.run([hipify, "-v", "--no-output", source], capture_output=True, text=True)
    for line in proc.stderr.splitlines():
        if "note: parse: " in line:
            argv = shlex.split(line.split("note: parse: ", 1)[1])
            argv[0] = os.path.join("/usr/lib/llvm-19/bin", argv[0])
            return argv
    sys.exit("bench: hipify-clang -v printed no parse command for " + source)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", required=True)
    parser.add_argument("--corpus", default=os.path.join(here, "..", "test", "hipify", "corpus"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()

    files = sorted(glob.glob(os.path.join(args.corpus, "*.cu")))
    if not files:
        sys.exit("bench: no .cu files in " + args.corpus)

    print("== per file: hipify-clang --no-output vs clang++ -fsyntax-only (median of %d)" % args.runs)
    print("%-34s %9s %9s %7s %7s" % ("file", "hipify s", "clang s", "wall x", "cpu x"))
    wall_ratios, cpu_ratios = [], []
    for source in files:
        clang = parse_command(args.hipify, source)
        hipify = [args.hipify, "--no-output", "-j", "1", source]
        h_wall, h_cpu, c_wall, c_cpu = [], [], [], []
        for _ in range(args.runs):
            w, c = timed(hipify)
            h_wall.append(w)
            h_cpu.append(c)
            w, c = timed(clang, check=False)  # a file may not compile; its time still counts
            c_wall.append(w)
            c_cpu.append(c)
        hw, hc = statistics.median(h_wall), statistics.median(h_cpu)
        cw, cc = statistics.median(c_wall), statistics.median(c_cpu)
        wall_ratios.append(hw / cw)
        cpu_ratios.append(hc / cc if cc else float("nan"))
        print("%-34s %9.3f %9.3f %7.2f %7.2f" % (os.path.basename(source), hw, cw,
                                                wall_ratios[-1], cpu_ratios[-1]))
    print("median ratio to the parse alone: wall %.2f, cpu %.2f" %
          (statistics.median(wall_ratios), statistics.median(cpu_ratios)))

    print("\n== corpus: %d files" % len(files))
    run_wall, run_cpu = timed([args.hipify, "--no-output", "-j", str(args.jobs)] + files)
    seq_wall, seq_cpu = timed([args.hipify, "--no-output", "-j", "1"] + files)
    clang_wall = clang_cpu = 0.0
    for source in files:
        w, c = timed(parse_command(args.hipify, source), check=False)
        clang_wall += w
        clang_cpu += c
    n = len(files)
    print("hipify-clang -j %-3d %7.2f files/s (%.2f s wall, %.2f s cpu)" %
          (args.jobs, n / run_wall, run_wall, run_cpu))
    print("hipify-clang -j 1   %7.2f files/s (%.2f s wall, %.2f s cpu)" %
          (n / seq_wall, seq_wall, seq_cpu))
    print("clang -fsyntax-only %7.2f files/s (%.2f s wall, %.2f s cpu), one after another" %
          (n / clang_wall, clang_wall, clang_cpu))
    print("ratio hipify-clang -j %d / clang: %.2fx the files per second (cpu: %.2fx less)" %
          (args.jobs, clang_wall / run_wall, clang_cpu / run_cpu if run_cpu else float("nan")))
    print("ratio hipify-clang -j 1 / clang: %.2fx the files per second (precompiled CUDA headers)" %
          (clang_wall / seq_wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
