#!/usr/bin/env python3
"""hipify-clang over a project the size of NVIDIA's cuda-samples, against clang.

Builds, in a temporary folder, a tree shaped like cuda-samples from hipkit's own
corpus (cuda_samples_tree.py: 175 `.cu` files of 100 to 1,500 lines, one per
program folder, all including `Common/helper_cuda.h`, some a header of their
own), then in the same invocation:

  hipify-clang   one run over the tree, -j N: with `--in-root/--out-root` when
                 hipify-clang has them, else every source named with `--o-dir`;
                 wall, CPU and peak memory (the process's maximum resident set);
                 where the parses' time goes (which precompiled header each
                 source loaded); a rerun with nothing changed;
  baseline       the same run with `--no-precompiled-headers` (every source
                 parses all it includes): its output tree must be byte for
                 byte the one above, or the benchmark fails;
  clang          `clang++ -fsyntax-only` with the very parse command hipify-clang
                 printed for each source (`-v`), N at a time: without a
                 precompiled header (what a user compares against) and with one
                 of the CUDA headers built the way hipify-clang builds its own;
  hipify-perl    hipkit's token-only translator over the same files, one run;
  per file       a sample of single sources, each translated alone
                 (`hipify-clang --no-output -j 1 <file>`) and parsed alone by
                 clang, interleaved; median ratio.

usage: hipify_project_bench.py --hipify <stage>/bin/hipify-clang
           [--perl <stage>/bin/hipify-perl] [--jobs 2] [--count 175]
           [--sample 12] [--keep DIR]
A benchmark, not a test: it reports numbers; the exit status is 0 unless a
tool could not run or the outputs with and without precompiled headers differ.
"""
import argparse
import concurrent.futures
import datetime
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cuda_samples_tree  # noqa: E402
import filecmp  # noqa: E402

CLANG_BIN = "/usr/lib/llvm-19/bin"


def run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
    """(exit code, wall s, CPU s, peak RSS MiB) of argv; the rusage is the
    child's own (wait4), so runs in parallel threads do not mix."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=stdout, stderr=stderr)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return (proc.returncode, wall, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024.0)


def run_all(commands, jobs):
    """Runs every command, `jobs` at a time; (wall, CPU sum, max peak RSS,
    failures, per-command wall list)."""
    lock = threading.Lock()
    walls, cpu, peak, failed = [0.0] * len(commands), [0.0], [0.0], [0]

    def one(i):
        code, wall, c, rss = run(commands[i])
        with lock:
            walls[i] = wall
            cpu[0] += c
            peak[0] = max(peak[0], rss)
            failed[0] += code != 0

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, range(len(commands))))
    return time.perf_counter() - start, cpu[0], peak[0], failed[0], walls


def strip_pch(argv):
    out, i = [], 0
    while i < len(argv):
        if argv[i:i + 2] == ["-Xclang", "-include-pch"]:
            i += 4
            continue
        out.append(argv[i])
        i += 1
    return out


def parse_commands(log):
    """{source: clang argv without a precompiled header}, and how many of the
    parses loaded one, from hipify-clang -v's notes."""
    commands, with_pch = {}, 0
    for line in open(log, errors="replace"):
        if "note: parse: " not in line:
            continue
        argv = shlex.split(line.split("note: parse: ", 1)[1])
        with_pch += "-include-pch" in argv
        argv = strip_pch(argv)
        argv[0] = os.path.join(CLANG_BIN, argv[0])
        commands[os.path.realpath(argv[-1])] = argv
    return commands, with_pch


def differing_outputs(a, b):
    """Relative paths whose files differ between the output trees a and b, or
    exist in one only; the manifest (it records the options) and the cache
    of precompiled headers are left out."""
    skip = {".hipify-cache", ".hipify-manifest.json", ".hipify-manifest.journal"}
    found = []

    def walk(rel):
        left = set(os.listdir(os.path.join(a, rel))) - skip
        right = set(os.listdir(os.path.join(b, rel))) - skip
        found.extend(os.path.join(rel, n) for n in sorted(left ^ right))
        for name in sorted(left & right):
            pa, pb = os.path.join(a, rel, name), os.path.join(b, rel, name)
            if os.path.isdir(pa) and os.path.isdir(pb):
                walk(os.path.join(rel, name))
            elif not filecmp.cmp(pa, pb, shallow=False):
                found.append(os.path.join(rel, name))
    walk("")
    return found


def prelude_loads(log):
    """{prelude's #include lines (one line, "" for the CUDA headers alone, None
    for no PCH): number of parses that loaded it}, from hipify-clang -v."""
    loads = {}
    for line in open(log, errors="replace"):
        if "note: parse: " not in line:
            continue
        argv = shlex.split(line.split("note: parse: ", 1)[1])
        name = None
        if "-include-pch" in argv:
            pch = argv[argv.index("-include-pch") + 2]
            main = pch[:-len(".pch")] + ".cu"
            name = (" ".join(l.strip()[len("#include "):] for l in open(main))
                    if os.path.exists(main) else "?")
        loads[name] = loads.get(name, 0) + 1
    return loads


def build_pch(key, folder):
    """A precompiled header of the CUDA headers for the parse command `key`
    (the command without its source), built as hipify-clang builds its own:
    an empty CUDA file. Returns (path, seconds)."""
    empty = os.path.join(folder, "empty.cu")
    open(empty, "w").close()
    pch = os.path.join(folder, "cuda.pch")
    argv = [a if a != "-fsyntax-only" else "-c" for a in key]
    argv += ["-Xclang", "-emit-pch", "-o", pch, empty]
    code, wall, _, _ = run(argv)
    return (pch if code == 0 else None), wall


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", required=True)
    parser.add_argument("--perl", help="hipify-perl (default: beside --hipify)")
    parser.add_argument("--repo", default=os.path.join(here, ".."))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--count", type=int, default=175)
    parser.add_argument("--sample", type=int, default=12,
                        help="sources translated and parsed one at a time")
    parser.add_argument("--keep", help="build the tree in DIR and keep it")
    parser.add_argument("--skip-clang-pch", action="store_true")
    parser.add_argument("--skip-clang", action="store_true",
                        help="no clang -fsyntax-only passes")
    args = parser.parse_args()
    perl = args.perl or os.path.join(os.path.dirname(args.hipify), "hipify-perl")

    work = args.keep or tempfile.mkdtemp(prefix="hipify-project-bench-")
    try:
        tree = os.path.join(work, "tree")
        shutil.rmtree(tree, ignore_errors=True)
        sources, headers, lines = cuda_samples_tree.build_tree(args.repo, tree, args.count)
        common = os.path.join(tree, "Common")
        n = len(sources)
        sizes = sorted(open(s).read().count("\n") for s in sources)
        common_headers = [h for h in headers if os.path.dirname(h) == common]
        print("== tree: %d sources (%d .cu, %d .cpp; %d lines; %d-%d, median %d), Common/ "
              "(%s), %d per-sample headers, under %s" %
              (n, sum(s.endswith(".cu") for s in sources), sum(s.endswith(".cpp") for s in sources),
               lines, sizes[0], sizes[-1], statistics.median(sizes),
               ", ".join("%s %d" % (os.path.basename(h), open(h).read().count("\n"))
                         for h in common_headers),
               len(headers) - len(common_headers), tree))
        print("   machine: %d cores, load average %.2f %.2f %.2f; %s UTC" %
              ((os.cpu_count(),) + os.getloadavg() +
               (datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),)))

        # hipify-clang, one run over the tree.
        help_text = subprocess.run([args.hipify, "--help"], capture_output=True,
                                   text=True).stdout
        out = os.path.join(work, "out")
        shutil.rmtree(out, ignore_errors=True)
        if "--in-root" in help_text:
            mode = "--in-root/--out-root"
            argv = [args.hipify, "-v", "-j", str(args.jobs), "--in-root=" + tree,
                    "--out-root=" + out]
        else:
            mode = "--o-dir, sources named"
            argv = [args.hipify, "-v", "-j", str(args.jobs), "--o-dir=" + out] + sources
        argv += ["--", "-I", common]
        log = os.path.join(work, "hipify.log")
        with open(log, "w") as err:
            code, h_wall, h_cpu, h_rss = run(argv, stderr=err)
        if code != 0:
            print(open(log).read()[-4000:])
            sys.exit("bench: hipify-clang failed (%d): %s" % (code, shlex.join(argv[:8])))
        commands, with_pch = parse_commands(log)
        # A rerun with nothing changed: the manifest's hashes, no parse.
        code, r_wall, r_cpu, r_rss = run(argv[:1] + argv[2:])
        # The baseline: no precompiled header; the outputs must not differ.
        base = os.path.join(work, "baseline")
        shutil.rmtree(base, ignore_errors=True)
        b_argv = [a if a != "--out-root=" + out else "--out-root=" + base for a in argv]
        b_argv.insert(1, "--no-precompiled-headers")
        b_argv.remove("-v")
        code, b_wall, b_cpu, b_rss = run(b_argv)
        if code != 0:
            sys.exit("bench: hipify-clang --no-precompiled-headers failed (%d)" % code)
        differ = differing_outputs(out, base)
        # Host files without CUDA (a sample's reference code) are copied, not parsed.
        missing = [s for s in sources if s.endswith(".cu") and
                   os.path.realpath(s) not in commands]
        if missing:
            sys.exit("bench: hipify-clang -v printed no parse command for %d sources, e.g. %s" %
                     (len(missing), missing[0]))
        keys = {tuple(c[:-1]) for c in commands.values()}
        errors = sum(1 for l in open(log, errors="replace") if " error: " in l)
        print("\n== hipify-clang -j %d (%s): %.2f s wall, %.2f s CPU, peak RSS %.0f MiB" %
              (args.jobs, mode, h_wall, h_cpu, h_rss))
        print("   %d parses, %d with a precompiled header; %d distinct parse "
              "commands; %d error lines" % (len(commands), with_pch, len(keys), errors))
        print("   precompiled header each parse loaded (parses: its headers):")
        for name, count in sorted(prelude_loads(log).items(), key=lambda i: -i[1]):
            print("     %4d: %s" % (count, "(none)" if name is None else name or
                                    "(the CUDA headers alone)"))
        print("   rerun, nothing changed: %.2f s wall, %.2f s CPU, peak RSS %.0f MiB" %
              (r_wall, r_cpu, r_rss))
        print("== hipify-clang -j %d --no-precompiled-headers (the baseline): %.2f s wall, "
              "%.2f s CPU, peak RSS %.0f MiB; ratio precompiled / baseline: wall %.2f, CPU %.2f" %
              (args.jobs, b_wall, b_cpu, b_rss, h_wall / b_wall, h_cpu / b_cpu))
        if differ:
            print("   OUTPUTS DIFFER from the baseline's (%d files), e.g. %s" %
                  (len(differ), ", ".join(differ[:5])))
            sys.exit("bench: precompiled headers changed %d translations" % len(differ))
        print("   outputs byte-identical to the baseline's (every file of the output tree "
              "but the manifest)")
        if args.skip_clang:
            return 0

        # clang -fsyntax-only, the same commands, the same parallelism.
        ordered = [commands[os.path.realpath(s)] for s in sources
                   if os.path.realpath(s) in commands]
        c_wall, c_cpu, c_rss, c_failed, c_walls = run_all(ordered, args.jobs)
        print("\n== clang++ -fsyntax-only -j %d, no precompiled header: %.2f s wall, %.2f s CPU, "
              "peak RSS %.0f MiB per process%s" %
              (args.jobs, c_wall, c_cpu, c_rss,
               "; %d sources had errors" % c_failed if c_failed else ""))
        p_wall = p_cpu = pch_time = None
        if not args.skip_clang_pch and len(keys) == 1:
            pch, pch_time = build_pch(list(next(iter(keys))), work)
            if pch:
                with_header = [c[:-1] + ["-Xclang", "-include-pch", "-Xclang", pch, c[-1]]
                               for c in ordered]
                p_wall, p_cpu, p_rss, p_failed, _ = run_all(with_header, args.jobs)
                p_wall += pch_time
                print("== clang++ -fsyntax-only -j %d, precompiled CUDA headers: %.2f s wall "
                      "(%.2f s of it building the header), %.2f s CPU" %
                      (args.jobs, p_wall, pch_time, p_cpu))

        # hipify-perl, tokens only, over the same files.
        code, perl_wall, perl_cpu, perl_rss = run([perl, "-no-output"] + sources)
        print("== hipify-perl -no-output (one run): %.2f s wall, %.2f s CPU, peak RSS %.0f MiB%s" %
              (perl_wall, perl_cpu, perl_rss, "" if code == 0 else " (exit %d)" % code))

        print("\n== ratios hipify-clang / clang -fsyntax-only (no precompiled header)")
        print("   total wall %.2f, CPU %.2f; per file %.3f s against %.3f s (wall x jobs / files)" %
              (h_wall / c_wall, h_cpu / c_cpu, h_wall * args.jobs / n, c_wall * args.jobs / n))
        if p_wall:
            print("   against clang with precompiled CUDA headers: wall %.2f, CPU %.2f" %
                  (h_wall / p_wall, h_cpu / p_cpu))
        print("   hipify-clang / hipify-perl: wall %.1f, CPU %.1f" %
              (h_wall / perl_wall, h_cpu / perl_cpu))

        if args.sample:
            picked = sorted((s for s in sources if os.path.realpath(s) in commands),
                            key=lambda s: open(s).read().count("\n"))
            step = max(1, len(picked) // args.sample)
            picked = picked[step // 2::step][:args.sample]
            print("\n== per file, alone (hipify-clang --no-output -j 1 <file> against its clang "
                  "parse; no precompiled header on either side)")
            print("%-44s %6s %9s %9s %7s" % ("file", "lines", "hipify s", "clang s", "ratio"))
            ratios = []
            for source in picked:
                _, hw, _, _ = run([args.hipify, "--no-output", "-j", "1", source, "--", "-I",
                                   common])
                _, cw, _, _ = run(commands[os.path.realpath(source)])
                ratios.append(hw / cw)
                print("%-44s %6d %9.3f %9.3f %7.2f" % (os.path.relpath(source, tree)[-44:],
                                                      open(source).read().count("\n"), hw, cw,
                                                      ratios[-1]))
            print("median ratio %.2f (range %.2f-%.2f)" %
                  (statistics.median(ratios), min(ratios), max(ratios)))

        print("\n== goals: tree <= 30 s: %s (%.1f s); peak RSS <= 1 GiB: %s (%.0f MiB); "
              "ratio to clang -fsyntax-only <= 1.0: %s (%.2f)" %
              ("met" if h_wall <= 30 else "NOT met", h_wall,
               "met" if h_rss <= 1024 else "NOT met", h_rss,
               "met" if h_wall <= c_wall else "NOT met", h_wall / c_wall))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
