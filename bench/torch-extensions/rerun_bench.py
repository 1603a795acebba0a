#!/usr/bin/env python3
"""Re-translating a PyTorch extension after an edit to one source (issue 28, point 7).

For each extension of test/torch/Inputs (tutorial, kernels, selective_scan), against the
PyTorch headers scripts/fetch-torch.sh fetches (2.14 at C++20, as cpp_extension compiles
it), in one invocation:
  baseline  hipify-clang --in-root/--out-root --no-cache over the whole extension, then one
            source edited and the rerun timed (it parses that source alone, with the torch
            headers it includes);
  cached    the same two runs with the default cache (<out-root>/.hipify-cache): the first
            run builds the precompiled headers, the rerun loads them.
Each edit is timed for every source that includes PyTorch's headers first (the heaviest)
and for one other. Reports wall and CPU seconds and the ratio cached/baseline of each rerun
(target: every rerun <= 5 s), and the cache's size. Not a test: nothing here fails on time.

  rerun_bench.py --hipify build/stage/bin/hipify-clang --torch build/torch [--repeat 3]
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "..", "..", "test", "torch", "Inputs")
# The edited sources: the binding (torch/extension.h) and one kernel file.
EDITS = {
    "tutorial": ["csrc/lltm_cuda.cpp", "csrc/lltm_cuda_kernel.cu"],
    "kernels": ["csrc/bindings.cpp", "csrc/scan/block_scan.cu"],
    "selective_scan": ["csrc/selective_scan/selective_scan.cpp",
                       "csrc/selective_scan/selective_scan_fwd_fp32_real.cu"],
}
EXTRA_INCLUDES = {
    "tutorial": ["include"],
    "kernels": ["csrc/include"],
    "selective_scan": ["csrc/common"],
}


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"rerun_bench.py: {' '.join(command)} failed:\n{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def folder_size(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path)
               for f in files)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", required=True)
    parser.add_argument("--torch", required=True, help="build/torch (fetch-torch.sh's tree)")
    parser.add_argument("--release", default="2.14")
    parser.add_argument("--std", default="c++20")
    parser.add_argument("--repeat", type=int, default=3,
                        help="reruns per edit (the median is reported)")
    parser.add_argument("--python-include", default="")
    args = parser.parse_args()
    torch_include = os.path.join(os.path.abspath(args.torch), args.release, "include")
    python_include = args.python_include or subprocess.run(
        [sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
        capture_output=True, text=True).stdout.strip()
    flags = [f"-std={args.std}", f"-I{torch_include}",
             f"-I{torch_include}/torch/csrc/api/include",
             f"-I{os.path.abspath(args.torch)}/pybind11/include", f"-I{python_include}"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="hipkit-rerun-bench-") as work:
        for name, edits in EDITS.items():
            for mode in ("baseline", "cached"):
                tree = os.path.join(work, f"{name}-{mode}")
                shutil.copytree(os.path.join(INPUTS, name), tree)
                out = os.path.join(work, f"{name}-{mode}-hip")
                command = [args.hipify, "--quiet", "--parse-timeout=0", f"--in-root={tree}",
                           f"--out-root={out}"]
                if mode == "baseline":
                    command.append("--no-cache")
                command += ["--"] + flags + [f"-I{tree}/{d}" for d in EXTRA_INCLUDES[name]]
                wall, cpu = timed(command)
                rows.append((name, mode, "first run (every source)", wall, cpu))
                for edit in edits:
                    samples = []
                    for i in range(args.repeat):
                        with open(os.path.join(tree, edit), "a") as f:
                            f.write(f"// edit {i}\n")
                        samples.append(timed(command))
                    samples.sort()
                    wall, cpu = samples[len(samples) // 2]
                    rows.append((name, mode, f"rerun after editing {edit}", wall, cpu))
                if mode == "cached":
                    rows.append((name, mode, "cache size (MB)",
                                 folder_size(os.path.join(out, ".hipify-cache")) / 1e6, 0))
    print(f"PyTorch {args.release} headers, -std={args.std}, hipify-clang {args.hipify}")
    print("| extension | run | baseline wall s (CPU s) | cached wall s (CPU s) | ratio |")
    print("|---|---|---|---|---|")
    by_key = {(n, m, w): (wall, cpu) for n, m, w, wall, cpu in rows}
    for name in EDITS:
        for what in [w for n, m, w, *_ in rows if n == name and m == "baseline"]:
            base = by_key[(name, "baseline", what)]
            cached = by_key[(name, "cached", what)]
            print(f"| {name} | {what} | {base[0]:.1f} ({base[1]:.1f}) | "
                  f"{cached[0]:.1f} ({cached[1]:.1f}) | {cached[0] / base[0]:.2f}x |")
        size = by_key[(name, "cached", "cache size (MB)")][0]
        print(f"| {name} | cache size | | {size:.0f} MB | |")


if __name__ == "__main__":
    main()
