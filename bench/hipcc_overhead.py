#!/usr/bin/env python3
"""Driver overhead of hipkit's hipcc and hipconfig, measured in one run.

  hipcc -c       against the identical clang++ command hipcc runs (taken from
                 HIPCC_VERBOSE=1), runs interleaved so machine load hits both
                 alike; target: median ratio <= 1.03.
  hipconfig      --version wall time per process; target: median < 20 ms.
Also reported: hipcc -### against clang++ -### (the overhead alone, in ms).

usage: hipcc_overhead.py --stage <build>/stage [--source F] [--runs N]
A benchmark, not a test: it reports numbers and says whether each target was
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


CPU_TIMES = {}  # id of a command -> CPU seconds (user + sys) of each run, children included


def timed(argv, env=None):
    """Wall time of one run; its CPU time (the whole process tree) goes to CPU_TIMES."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("bench: command failed (%d): %s" % (proc.returncode, shlex.join(argv)))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    CPU_TIMES.setdefault(tuple(argv), []).append(cpu)
    return elapsed


def cpu_median(argv):
    return statistics.median(CPU_TIMES[tuple(argv)])


def clang_command_of(hipcc_argv, env):
    """The clang++ command hipcc runs for hipcc_argv, as hipcc prints it."""
    verbose_env = dict(env, HIPCC_VERBOSE="1")
    proc = subprocess.run(hipcc_argv, capture_output=True, text=True, env=verbose_env)
    for line in proc.stderr.splitlines():
        if line.startswith("hipcc-cmd: "):
            return shlex.split(line[len("hipcc-cmd: "):])
    sys.exit("bench: hipcc printed no hipcc-cmd line:\n" + proc.stderr)


FASTEST = {}  # id of a command -> its fastest wall time


def interleaved(a, b, runs, env):
    """Median times of a and b, run ABAB... after one warm-up each."""
    timed(a, env)
    timed(b, env)
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(timed(a, env))
        times_b.append(timed(b, env))
    FASTEST[tuple(a)], FASTEST[tuple(b)] = min(times_a), min(times_b)
    return statistics.median(times_a), statistics.median(times_b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True, help="the staged install tree (<build>/stage)")
    parser.add_argument("--source", default=os.path.join(os.path.dirname(__file__), "..", "examples", "hello.hip"))
    parser.add_argument("--arch", default="gfx942")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each compile command")
    parser.add_argument("--config-runs", type=int, default=50, help="timed runs of hipconfig --version")
    args = parser.parse_args()

    hipcc = os.path.join(args.stage, "bin", "hipcc")
    hipconfig = os.path.join(args.stage, "bin", "hipconfig")
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIP") or k.startswith("ROCM") or k in ("DEVICE_LIB_PATH", "HCC_AMDGPU_TARGET"))}

    with tempfile.TemporaryDirectory(prefix="hipkit-bench-") as tmp:
        out = os.path.join(tmp, "out.o")
        hipcc_c = [hipcc, "-c", os.path.abspath(args.source), "-o", out, "--offload-arch=" + args.arch]
        clang_c = clang_command_of(hipcc_c, env)
        print("hipcc -c   : " + shlex.join(hipcc_c))
        print("clang++ -c : " + shlex.join(clang_c))
        t_hipcc, t_clang = interleaved(hipcc_c, clang_c, args.runs, env)
        compile_ratio = t_hipcc / t_clang

        hipcc_hash = hipcc_c + ["-###"]
        clang_hash = clang_command_of(hipcc_hash, env)
        h_hipcc, h_clang = interleaved(hipcc_hash, clang_hash, args.runs * 3, env)

    config = [hipconfig, "--version"]
    baseline = ["/bin/true"]
    timed(config, env)
    config_times, true_times = [], []
    for _ in range(args.config_runs):
        config_times.append(timed(config, env))
        true_times.append(timed(baseline, env))
    t_config = statistics.median(config_times)
    t_true = statistics.median(true_times)

    print()
    print("load average: %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
    print("%-34s %10s %10s %8s  %s" % ("wall time (medians)", "hipcc", "clang++", "ratio", "target"))
    print("%-34s %8.1fms %8.1fms %8.3fx  %s" % (
        "compile -c (%d runs each)" % args.runs, t_hipcc * 1e3, t_clang * 1e3, compile_ratio,
        "<= 1.03x: " + ("met" if compile_ratio <= 1.03 else "MISSED")))
    fa, fb = FASTEST[tuple(hipcc_c)], FASTEST[tuple(clang_c)]
    print("%-34s %8.1fms %8.1fms %8.3fx  %s" % (
        "compile -c, fastest run of each", fa * 1e3, fb * 1e3, fa / fb, "(less sensitive to load)"))
    print("%-34s %8.1fms %8.1fms %8.3fx  %s" % (
        "-### only (%d runs each)" % (args.runs * 3), h_hipcc * 1e3, h_clang * 1e3, h_hipcc / h_clang,
        "overhead %.1f ms" % ((h_hipcc - h_clang) * 1e3)))
    print("%-34s %8.1fms %10s %8s  %s" % (
        "hipconfig --version (%d runs)" % args.config_runs, t_config * 1e3, "", "",
        "< 20 ms: " + ("met" if t_config < 0.020 else "MISSED")))
    print("%-34s %8.1fms %10s %8s  %s" % ("/bin/true (process start alone)", t_true * 1e3, "", "",
                                           "hipconfig above it: %.1f ms" % ((t_config - t_true) * 1e3)))
    print()
    print("%-34s %10s %10s %8s" % ("CPU time, user+sys (medians)", "hipcc", "clang++", "ratio"))
    for label, a, b in (("compile -c", hipcc_c, clang_c), ("-### only", hipcc_hash, clang_hash)):
        print("%-34s %8.1fms %8.1fms %8.3fx" % (label, cpu_median(a) * 1e3, cpu_median(b) * 1e3,
                                               cpu_median(a) / cpu_median(b)))
    print("%-34s %8.1fms %10s %8s" % ("hipconfig --version", cpu_median(config) * 1e3, "", ""))
    print("%-34s %8.1fms %10s %8s" % ("/bin/true", cpu_median(baseline) * 1e3, "", ""))


if __name__ == "__main__":
    main()
