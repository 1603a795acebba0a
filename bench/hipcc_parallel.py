#!/usr/bin/env python3
"""hipcc's parallel offload compile against clang's single invocation.

  hipcc -c for four offload architectures (gfx90a, gfx942, gfx1100, gfx1030)
  of one kernel file, against the identical clang++ command hipcc would run
  (taken from HIPCC_VERBOSE=1), runs interleaved so machine load hits both
  alike; target on 2 cores: median wall ratio <= 0.6. Also reported: the
  fastest run of each, and CPU time (user+sys of the whole process tree: what
  running jobs as separate processes costs on top).

usage: hipcc_parallel.py --stage <build>/stage [--source F] [--runs N] [--jobs N]
A benchmark, not a test: it reports numbers and says whether the target was
met; the exit status is 0 unless something could not run.
"""
import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ARCHS = ["gfx90a", "gfx942", "gfx1100", "gfx1030"]


def timed(argv, env, cpu):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("bench: command failed (%d): %s\n%s" % (proc.returncode, shlex.join(argv),
                                                          proc.stderr.decode(errors="replace")))
    cpu.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return elapsed


def clang_command_of(hipcc_argv, env):
    """The single clang++ command hipcc stands for (printed with HIPCC_VERBOSE=1;
    -### makes hipcc leave it to clang, which then only prints)."""
    proc = subprocess.run(hipcc_argv + ["-###"], capture_output=True, text=True,
                          env=dict(env, HIPCC_VERBOSE="1"))
    for line in proc.stderr.splitlines():
        if line.startswith("hipcc-cmd: "):
            command = shlex.split(line[len("hipcc-cmd: "):])
            assert command[-1] == "-###"
            return command[:-1]
    sys.exit("bench: hipcc printed no hipcc-cmd line:\n" + proc.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True, help="the staged install tree (<build>/stage)")
    parser.add_argument("--source", default=os.path.join(os.path.dirname(__file__), "..", "test",
                                                         "hipcc", "Inputs", "saxpy.hip"))
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command")
    parser.add_argument("--jobs", help="hipcc -j (default: hipcc's own, the number of cores)")
    args = parser.parse_args()

    hipcc = os.path.join(args.stage, "bin", "hipcc")
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIP") or k.startswith("ROCM") or k == "MAKEFLAGS"
                   or k in ("DEVICE_LIB_PATH", "HCC_AMDGPU_TARGET"))}
    with tempfile.TemporaryDirectory(prefix="hipkit-bench-") as tmp:
        # The same -o for both: clang hashes it into the -cuid.
        out = os.path.join(tmp, "out.o")
        hipcc_c = [hipcc, "-c", os.path.abspath(args.source), "-o", out]
        hipcc_c += ["--offload-arch=" + a for a in ARCHS]
        if args.jobs:
            hipcc_c[1:1] = ["-j", args.jobs]
        clang_c = clang_command_of(hipcc_c, env)
        print("hipcc   : " + shlex.join(hipcc_c))
        print("clang++ : " + shlex.join(clang_c))
        cpu_h, cpu_c, wall_h, wall_c = [], [], [], []
        timed(hipcc_c, env, [])  # warm-up: caches, page cache
        timed(clang_c, env, [])
        for _ in range(args.runs):
            wall_h.append(timed(hipcc_c, env, cpu_h))
            wall_c.append(timed(clang_c, env, cpu_c))
            ratio = wall_h[-1] / wall_c[-1]
            print("  run %d: hipcc %.2fs  clang++ %.2fs  ratio %.3f" % (len(wall_h), wall_h[-1],
                                                                       wall_c[-1], ratio))
    ratios = [h / c for h, c in zip(wall_h, wall_c)]
    median_ratio = statistics.median(ratios)
    print()
    print("load average: %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
    print("%-40s %9s %9s %8s  %s" % ("4 architectures, -c", "hipcc", "clang++", "ratio", "target"))
    print("%-40s %8.2fs %8.2fs %8.3fx  %s" % (
        "wall, median of %d pairs" % args.runs, statistics.median(wall_h),
        statistics.median(wall_c), median_ratio,
        "<= 0.6x on 2 cores: " + ("met" if median_ratio <= 0.6 else "MISSED")))
    print("%-40s %8.2fs %8.2fs %8.3fx" % ("wall, fastest run of each", min(wall_h), min(wall_c),
                                          min(wall_h) / min(wall_c)))
    print("%-40s %8.2fs %8.2fs %8.3fx" % ("CPU user+sys, median", statistics.median(cpu_h),
                                          statistics.median(cpu_c),
                                          statistics.median(cpu_h) / statistics.median(cpu_c)))


if __name__ == "__main__":
    main()
