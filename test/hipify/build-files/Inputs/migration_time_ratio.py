"""Times hipify-clang migrating a small and a 100 times larger build file, in
one invocation, and prints the ratio of the times with whether it is within
what linear work allows.

usage: migration_time_ratio.py HIPIFY KIND DIR [extra hipify args...]
(bench/build_file_bench.py imports cmake_text and make_text to measure the
same shapes at larger sizes.)

KIND is cmake, cmake-one-line (add_executable of a .cu, each followed by an
inserted line, all on one line: nothing may scan a line per statement) or
make. The files are shaped like real CMakeLists.txt and
Makefiles (FindCUDA and CUDA-language statements, nvcc variables, rules and
recipes), every statement something the migration edits or warns about. Each
file is migrated three times, small and large interleaved, and the fastest
run of each counts, so that a busy machine slows both alike. Linear work
makes the large file take at most about 100 times as long (less: the process
start is the same for both); quadratic work, about 10,000 times. The bound,
400, leaves room for noise and stays far below the quadratic.
"""
import os
import subprocess
import sys
import time

SMALL_GROUPS, LARGE_GROUPS, BOUND = 200, 20000, 400


def cmake_text(groups):
    lines = ["cmake_minimum_required(VERSION 3.21)",
             "project(big LANGUAGES CXX CUDA)",
             "find_package(CUDAToolkit REQUIRED)"]
    for i in range(groups):
        lines += [
            "set(CUDA_NVCC_FLAGS ${CUDA_NVCC_FLAGS} -arch=sm_80 -lineinfo)",
            f"cuda_add_executable(legacy{i} legacy{i}.cu)",
            f"add_executable(app{i} app{i}.cu)",
            f"target_link_libraries(app{i} CUDA::cudart CUDA::cublas)",
            'set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} -arch=sm_80 --use_fast_math")',
        ]
    return "\n".join(lines) + "\n"


def cmake_one_line_text(groups):
    return " ".join(f"add_executable(app{i} app{i}.cu)" for i in range(groups * 5)) + "\n"


def make_text(groups):
    lines = ["NVCC := /usr/local/cuda/bin/nvcc"]
    for i in range(groups):
        lines += [
            f"FLAGS{i} := -arch=sm_80 -lineinfo -Xptxas -v -I$(CUDA_PATH)/include",
            f"GENCODE{i} := $(foreach sm,80 90,-gencode arch=compute_$(sm),code=sm_$(sm))",
            f"app{i}: app{i}.cu",
            f"\t$(NVCC) $(FLAGS{i}) -o $@ $< -lcudart -lcublas",
        ]
    return "\n".join(lines) + "\n"


def main():
    hipify, kind, folder = sys.argv[1:4]
    extra = sys.argv[4:]
    text, name = {
        "cmake": (cmake_text, "CMakeLists.txt"),
        "cmake-one-line": (cmake_one_line_text, "CMakeLists.txt"),
        "make": (make_text, "Makefile"),
    }[kind]
    paths = {}
    for size, groups in (("small", SMALL_GROUPS), ("large", LARGE_GROUPS)):
        os.makedirs(os.path.join(folder, size), exist_ok=True)
        paths[size] = os.path.join(folder, size, name)
        with open(paths[size], "w") as f:
            f.write(text(groups))
    best = {"small": float("inf"), "large": float("inf")}
    for _ in range(3):
        for size in ("small", "large"):
            start = time.perf_counter()
            run = subprocess.run([hipify, paths[size], "-o", os.devnull] + extra,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            best[size] = min(best[size], time.perf_counter() - start)
            if run.returncode != 0:
                sys.exit(f"{hipify} {paths[size]} failed: {run.stderr.decode()[-500:]}")
    ratio = best["large"] / best["small"]
    print(f"{kind}: {LARGE_GROUPS // SMALL_GROUPS}x the statements took {ratio:.0f}x the time "
          f"({best['small']:.3f} s, {best['large']:.3f} s): "
          + ("linear" if ratio < BOUND else f"NOT linear (bound {BOUND}x)"))


if __name__ == "__main__":
    main()
