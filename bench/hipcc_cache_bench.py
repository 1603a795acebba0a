#!/usr/bin/env python3
"""A HIP project built through ccache: cold, warm, and warm after adding one
architecture (issue 31, point 3).

  The project of bench/distcc_farm_bench.py (N sources of a few kernels over
  hip_runtime.h, and a main), built with GNU make and hipcc in one folder:
    - uncached, for two architectures (the reference);
    - HIPCC_LAUNCHER=ccache (each device compile, one per architecture, is a
      cache entry of its own): cold (empty cache), warm, and warm with a third
      architecture added;
    - ccache around the whole hipcc in depend mode (CCACHE_DEPEND=1, -MD):
      cold, warm, and with the third architecture: one entry per object, so
      adding an architecture misses every source.
  Reported from one run of each: wall and CPU time, and ccache's counters.
  The benchmark fails when a counter is not what correct caching gives: no
  miss when warm, and with a third architecture exactly one miss per source
  (its device compile) through the launcher. Every object of each cached
  build must be byte-identical to the same build uncached.

usage: hipcc_cache_bench.py --stage <build>/stage [--sources N] [--jobs J]
A benchmark, not a test: it reports numbers; the exit status is 0 unless
something could not run, a counter is wrong or the builds differ.
"""
import argparse
import filecmp
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from distcc_farm_bench import timed, write_project  # noqa: E402

TWO = ["gfx90a", "gfx942"]
THREE = TWO + ["gfx1100"]


def stats(env):
    out = subprocess.run(["ccache", "--print-stats"], env=env, capture_output=True,
                         text=True, check=True).stdout
    counters = dict(line.split("\t") for line in out.splitlines() if "\t" in line)
    subprocess.run(["ccache", "--zero-stats"], env=env, capture_output=True, check=True)
    hits = int(counters["direct_cache_hit"]) + int(counters["preprocessed_cache_hit"])
    return int(counters["cache_miss"]), hits


def build(project, hipcc, archs, env, jobs):
    # -MD in every build, as CMake compiles: depend mode needs it, and the
    # objects of the builds compared must come from the same command lines.
    flags = " ".join("--offload-arch=" + a for a in archs) + " -MD"
    wall, cpu, _ = timed(["make", "-B", "-j%d" % jobs, "HIPCC=" + hipcc, "ARCHS=" + flags,
                          "app"], env, project)
    return wall, cpu


def objects(project):
    return sorted(glob.glob(os.path.join(project, "*.o")))


def same_objects(project, reference, what):
    for obj in objects(project):
        if not filecmp.cmp(obj, os.path.join(reference, os.path.basename(obj)), shallow=False):
            sys.exit("bench: %s: %s differs from the uncached build's" % (what, obj))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True)
    parser.add_argument("--sources", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    if not shutil.which("ccache"):
        sys.exit("bench: ccache is not installed; run scripts/bootstrap.sh")
    hipcc = os.path.join(os.path.abspath(args.stage), "bin", "hipcc")
    work = tempfile.mkdtemp(prefix="hipcc-cache-bench-")
    try:
        project = os.path.join(work, "project")
        write_project(project, args.sources)
        base = dict(os.environ, CCACHE_CONFIGPATH=os.path.join(work, "ccache.conf"))
        open(base["CCACHE_CONFIGPATH"], "w").close()
        for var in ("HIPCC_LAUNCHER", "CMAKE_HIP_COMPILER_LAUNCHER", "CCACHE_DEPEND",
                    "CCACHE_DIR", "MAKEFLAGS"):
            base.pop(var, None)
        rows = []
        references = {}
        for archs in (TWO, THREE):
            wall, cpu = build(project, hipcc, archs, base, args.jobs)
            references[len(archs)] = os.path.join(work, "uncached-%d" % len(archs))
            os.makedirs(references[len(archs)])
            for obj in objects(project):
                shutil.copy(obj, references[len(archs)])
            if archs is TWO:
                rows.append(("uncached", "2 archs", wall, cpu, "-", "-"))
        units = len(objects(project))  # one hipcc compile per object

        launcher = dict(base, CCACHE_DIR=os.path.join(work, "cache-launcher"),
                        HIPCC_LAUNCHER="ccache")
        whole = dict(base, CCACHE_DIR=os.path.join(work, "cache-whole"), CCACHE_DEPEND="1")
        for name, env, compiler in (
                ("HIPCC_LAUNCHER=ccache", launcher, hipcc),
                ("ccache hipcc, depend mode", whole, "ccache " + hipcc)):
            for phase, archs in (("cold", TWO), ("warm", TWO), ("warm, +gfx1100", THREE)):
                wall, cpu = build(project, compiler, archs, env, args.jobs)
                misses, hits = stats(env)
                same_objects(project, references[len(archs)], name + ", " + phase)
                rows.append((name, phase, wall, cpu, misses, hits))
                if phase == "warm" and misses:
                    sys.exit("bench: %s: %d misses in a warm build" % (name, misses))
                if phase == "warm, +gfx1100" and env is launcher and (
                        misses != units or hits != 2 * units):
                    sys.exit("bench: %s: adding gfx1100 gave %d misses and %d hits; "
                             "expected %d and %d (only its device compiles miss)"
                             % (name, misses, hits, units, 2 * units))

        print("%d sources + main, make -j%d, hipcc %s" % (args.sources, args.jobs, hipcc))
        print("%-28s %-16s %8s %8s %7s %6s" % ("configuration", "build", "wall s", "cpu s",
                                               "misses", "hits"))
        for name, phase, wall, cpu, misses, hits in rows:
            print("%-28s %-16s %8.1f %8.1f %7s %6s" % (name, phase, wall, cpu, misses, hits))
        print("(launcher: one entry per device compile, the host compile is not cached; "
              "whole hipcc: one entry per object)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
