#!/usr/bin/env python3
"""hipify-clang on a farm: a project the size of NVIDIA's cuda-samples translated
in N shares (--shard=K/N) and joined (--merge), against one run.

Builds, in a temporary folder, the cuda-samples-shaped tree of
cuda_samples_tree.py (175 `.cu` programs with their headers, host files and
Common/), then:

  single   one run over the tree, -j J, with --report: wall and CPU time;
  shards   the N runs of --shard=K/N, one after the other, each -j J as it
           would run on its own machine: each one's wall and CPU time, and the
           farm's wall time (the slowest shard) plus the merge's;
  merge    --merge of the N folders into the single run's --out-root path,
           with --report.

The merged tree must equal the single run's byte for byte (files, links,
modes, the manifest; scripts/compare-trees.py, leaving out the precompiled-
header cache each run keeps in its --out-root) and so must the report; the
exit status is 1 when they differ, 2 when a run fails.

usage: hipify_shard_bench.py --hipify <stage>/bin/hipify-clang [--shards 4]
           [--jobs 2] [--count 175] [--keep DIR]
"""
import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cuda_samples_tree  # noqa: E402


def run(argv, log):
    """(wall s, CPU s) of argv, its messages in the file \p log; exits when it
    fails. (A pipe read after the wait would fill and block the run.)"""
    start = time.perf_counter()
    with open(log, "w") as err:
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        print(open(log, errors="replace").read()[-4000:])
        sys.exit(2)
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", required=True)
    parser.add_argument("--repo", default=os.path.join(HERE, ".."))
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--count", type=int, default=175)
    parser.add_argument("--keep", help="work in DIR and keep it")
    args = parser.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="hipify-shard-bench-")
    try:
        tree = os.path.join(work, "tree")
        shutil.rmtree(tree, ignore_errors=True)
        sources, headers, lines = cuda_samples_tree.build_tree(args.repo, tree, args.count)
        files = sum(len(f) for _, _, f in os.walk(tree))
        print("== tree: %d files, %d sources, %d headers, %d lines; %d cores, load average "
              "%.2f %.2f %.2f; %s UTC" %
              ((files, len(sources), len(headers), lines, os.cpu_count()) + os.getloadavg() +
               (datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),)))
        common = ["--", "-I", os.path.join(tree, "Common")]
        out = os.path.join(work, "out")
        single = os.path.join(work, "single")
        for path in (out, single):
            shutil.rmtree(path, ignore_errors=True)
        jobs = ["-j", str(args.jobs), "--quiet"]
        wall, cpu = run([args.hipify, "--in-root=" + tree, "--out-root=" + out,
                         "--report=" + os.path.join(work, "single.json")] + jobs + common,
                         os.path.join(work, "single.log"))
        os.rename(out, single)
        print("== one run, -j %d: %.1f s wall, %.1f s CPU" % (args.jobs, wall, cpu))

        shard_dirs, walls, cpus = [], [], []
        for k in range(1, args.shards + 1):
            shard = os.path.join(work, "shard-%d" % k)
            shutil.rmtree(shard, ignore_errors=True)
            w, c = run([args.hipify, "--in-root=" + tree, "--out-root=" + shard,
                        "--shard=%d/%d" % (k, args.shards)] + jobs + common,
                       shard + ".log")
            shard_dirs.append(shard)
            walls.append(w)
            cpus.append(c)
            print("   shard %d/%d, -j %d: %.1f s wall, %.1f s CPU" %
                  (k, args.shards, args.jobs, w, c))
        m_wall, m_cpu = run([args.hipify, "--merge=" + ",".join(shard_dirs),
                             "--out-root=" + out,
                             "--report=" + os.path.join(work, "merged.json")],
                             os.path.join(work, "merge.log"))
        print("== %d shards: slowest %.1f s wall, all %.1f s CPU; merge %.1f s wall, %.1f s CPU; "
              "on a farm of %d machines %.1f s wall (%.2f of one run's)" %
              (args.shards, max(walls), sum(cpus), m_wall, m_cpu, args.shards,
               max(walls) + m_wall, (max(walls) + m_wall) / wall))

        compare = subprocess.run(
            [sys.executable, os.path.join(args.repo, "scripts", "compare-trees.py"),
             "--ignore", ".hipify-cache", single, out], capture_output=True, text=True)
        same_report = open(os.path.join(work, "single.json"), "rb").read() == \
            open(os.path.join(work, "merged.json"), "rb").read()
        outputs = sum(len(f) for _, _, f in os.walk(out))
        if compare.returncode == 0 and same_report:
            print("== merged tree (%d files) and report byte-identical to the single run's" %
                  outputs)
            return 0
        print(compare.stdout[-4000:])
        print("== MERGED RESULT DIFFERS: tree %s, report %s" %
              ("differs" if compare.returncode else "same",
               "same" if same_report else "differs"))
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
