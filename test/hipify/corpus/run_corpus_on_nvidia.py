"""Build every corpus program with nvcc and run it on an NVIDIA GPU.

Not part of the lit suite (CI has no GPU): a maintainer's check that the
corpus programs are not only valid CUDA but correct programs. Each program
verifies its own results and exits non-zero on a mismatch. Usage:
    run_corpus_on_nvidia.py [nvcc [arch [program.cu...]]]
(defaults: nvcc on PATH, sm_90, every corpus program; test/hipify/libraries/
programs are named by path, and link the CUDA libraries they include)
"""
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


sys.path.insert(0, str(HERE.parents[2] / "hipify-clang" / "tables" / "derive"))
import registry  # noqa: E402

# A program whose text holds one of a library's `includes` (`<cublas`) links its
# `cuda_link` libraries (the library registry, hipify-clang/tables/derive/libraries.tsv).
LIBRARIES = registry.read()


def linked_libraries(text):
    """The registry's libraries a program's text uses (a library once, in registry order)."""
    return [library for library in LIBRARIES
            if any(include in text for include in library.includes)]


def link_flags(text):
    """The -l flags of the CUDA libraries the program uses (each once)."""
    return list(dict.fromkeys("-l" + lib for library in linked_libraries(text)
                              for lib in library.cuda_link))


def split_program(program, into):
    """Write the files of a split-file program; return the .cu files."""
    text = program.read_text()
    if "\n//--- " not in text:
        return [program]
    current, units = None, []
    for line in text.splitlines(keepends=True):
        marker = re.match(r"//--- (\S+)", line)
        if marker:
            current = into / marker.group(1)
            current.parent.mkdir(parents=True, exist_ok=True)
            current.write_text("")
            if current.suffix == ".cu":
                units.append(current)
        elif current is not None:
            with current.open("a") as f:
                f.write(line)
    return units


def build_and_run(nvcc, arch, program, scratch):
    work = scratch / f"{program.parent.name}-{program.stem}"
    work.mkdir()
    units = split_program(program, work)
    text = "".join(u.read_text() for u in units)
    exe = work / program.stem
    cmd = [nvcc, "-O2", f"-arch={arch}", "-std=c++17", *map(str, units), "-o", str(exe)]
    cmd += link_flags(text)
    build = subprocess.run(cmd, capture_output=True, text=True)
    if build.returncode:
        return program.name, "BUILD FAILED", build.stdout + build.stderr
    args = []
    if "cuModuleLoad(" in text:
        cubin = work / "module.cubin"
        subprocess.run([nvcc, "-cubin", f"-arch={arch}", str(units[0]), "-o", str(cubin)],
                       check=True)
        args.append(str(cubin))
    try:
        run = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120,
                             cwd=work)
    except subprocess.TimeoutExpired:
        return program.name, "TIMEOUT", ""
    status = "PASSED" if run.returncode == 0 else f"FAILED (exit {run.returncode})"
    return program.name, status, run.stdout[-1500:] + run.stderr[-1500:]


def main():
    nvcc = sys.argv[1] if len(sys.argv) > 1 else "nvcc"
    arch = sys.argv[2] if len(sys.argv) > 2 else "sm_90"
    # Programs by path, or by name in the corpus folder.
    programs = [pathlib.Path(name) if pathlib.Path(name).exists() else HERE / name
                for name in sys.argv[3:]] or sorted(HERE.glob("*.cu"))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
            jobs = [pool.submit(build_and_run, nvcc, arch, p, pathlib.Path(tmp)) for p in programs]
            for job in jobs:
                name, status, output = job.result()
                print(f"== {name}: {status}\n{output.strip()}\n", flush=True)
                failures += status != "PASSED"
    print(f"{len(programs) - failures} of {len(programs)} programs passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
