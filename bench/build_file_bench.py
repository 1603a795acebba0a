#!/usr/bin/env python3
"""hipify-clang migrating CMake files and Makefiles of growing size (issue 27,
point 2: 40,000 statement pairs took 28.6 s, a 38 MB file did not finish in
5 minutes). The files are the shapes test/hipify/build-files/linear-time.test
uses (its Inputs/migration_time_ratio.py makes them), at 1,000 to 100,000
statement groups (5 statements each in CMake, about 25 MB at the largest);
each is migrated to /dev/null with and without --report, the fastest of three
runs counting. Linear work keeps MB/s about the same at every size; the
ratio column is the time against the smallest file's."""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time


def load_shapes(repo):
    path = os.path.join(repo, "test", "hipify", "build-files", "Inputs",
                        "migration_time_ratio.py")
    spec = importlib.util.spec_from_file_location("migration_time_ratio", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fastest(command, runs=3):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", required=True)
    parser.add_argument("--repo", required=True)
    args = parser.parse_args()
    shapes = load_shapes(args.repo)
    with tempfile.TemporaryDirectory() as folder:
        for kind, text, name in (("cmake", shapes.cmake_text, "CMakeLists.txt"),
                                 ("make", shapes.make_text, "Makefile")):
            print(f"{kind}: groups, MB, seconds (MB/s, ratio to the smallest); with --report")
            base = {}
            for groups in (1000, 10000, 100000):
                path = os.path.join(folder, f"{kind}-{groups}", name)
                os.makedirs(os.path.dirname(path))
                with open(path, "w") as f:
                    f.write(text(groups))
                mb = os.path.getsize(path) / 1e6
                row = [f"{groups:>7} {mb:6.1f}"]
                for label, extra in (("", []), ("report", ["--report=" + path + ".md"])):
                    seconds = fastest([args.hipify, path, "-o", os.devnull] + extra)
                    base.setdefault(label, seconds)
                    row.append(f"{seconds:7.2f} s ({mb / seconds:5.1f} MB/s, "
                               f"{seconds / base[label]:5.1f}x)")
                print("  ".join(row))


main()
