#!/usr/bin/env python3
"""Round trip on an NVIDIA GPU: does a hipify translation compute what the original does?

For every CUDA program of the hipify corpus (test/hipify/corpus/*.cu,
test/hipify/libraries/*/*.cu and test/hip-nvidia/library-programs/*/*.cu, the
library programs linking the CUDA library and their translations the HIP
library's -lhip<name>):
  1. build the original with nvcc and run it;
  2. translate it with hipify-clang, build the HIP result with
     HIP_PLATFORM=nvidia hipcc, and run it;
  3. compare the outputs (identical, numbers within the program's tolerance,
     timing lines left out) and the run times (median wall time of --runs runs;
     goal: the HIP build within 2% of the original).
Then the native HIP programs (written for AMD, never translated:
test/hip-nvidia/programs/*.hip and *.c, test/hip-nvidia/libraries/*.hip,
examples/hello.hip) are built with
HIP_PLATFORM=nvidia hipcc and run; each checks itself (exit status 0 and a
PASS line). A .c program is C calling the HIP runtime API (hipcc has nvcc
compile it as C).

Prints a table and writes a markdown report (--output). --build-only builds
and translates everything and runs nothing (no GPU needed): what the lit test
test/hip-nvidia/roundtrip-build-only.test runs.

It needs only the build tree: pass the tools by path when the tree was copied
(--hipcc <stage>/bin/hipcc --hipify <stage>/bin/hipify-clang).

A program states a tolerance other than the default (relative 1e-6) for the
numbers it prints with a line `// ROUNDTRIP-TOLERANCE: <relative>`, and the
output lines that vary from run to run of the same build (a count of polls of
a running stream) with `// ROUNDTRIP-VARIES: <regular expression>`. A native
program names the libraries it links with `// ROUNDTRIP-LIBS: -lhiprtc ...`.
"""
import argparse
import concurrent.futures
import datetime
import importlib.util
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "test" / "hipify" / "corpus"
LIBRARIES = ROOT / "test" / "hipify" / "libraries"
NATIVE = [ROOT / "test" / "hip-nvidia" / "programs", ROOT / "test" / "hip-nvidia" / "libraries",
          ROOT / "examples"]
DEFAULT_TOLERANCE = 1e-6
# Lines that report time or speed differ from run to run and between builds.
TIMING_LINE = re.compile(r"\b(ms|msec|us|usec|seconds?|sec|time|elapsed|GB/s|GFLOP/?s|bandwidth)\b",
                         re.I)
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
POINTER = re.compile(r"0x[0-9a-fA-F]+")
# The libraries with hipkit headers over them on NVIDIA (the library registry's
# nvidia_headers: hipBLAS, hipBLASLt, hipFFT, hipRAND, hipSPARSE and hipSOLVER over the
# CUDA libraries, hip-headers/nvidia/libraries; hipCUB over CUB 3, header-only): the
# translation links -l<hip_link>, which hipcc makes the CUDA library. The other HIP
# libraries have no NVIDIA side in hipkit (MIOpen, RCCL and roctx exist only for AMD;
# rocThrust's NVIDIA backend is not hipkit's): the HIP build of a program using one is
# skipped unless their headers are given with --hip-library-include.
# More CUDA library programs for the round trip (not hipify lit tests).
LIBRARY_PROGRAMS = ROOT / "test" / "hip-nvidia" / "library-programs"


def load_corpus_runner():
    spec = importlib.util.spec_from_file_location("run_corpus_on_nvidia",
                                                  CORPUS / "run_corpus_on_nvidia.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORPUS_RUNNER = load_corpus_runner()


class Result:
    def __init__(self, name, kind):
        self.name, self.kind = name, kind
        self.status = "PASSED"
        self.detail = ""
        self.cuda_times, self.hip_times = [], []
        self.pending = None  # the runs, after every build is done

    def fail(self, status, detail=""):
        if self.status in ("PASSED", "BUILT"):
            self.status, self.detail = status, detail.strip()[-2000:]
        return self

    def ratio(self):
        if not self.cuda_times or not self.hip_times:
            return None
        return statistics.median(self.hip_times) / statistics.median(self.cuda_times)


def run(cmd, cwd=None, env=None, timeout=600):
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def run_timed(exe, args, cwd, runs):
    """Run runs times; return (last completed process, wall times)."""
    times, proc = [], None
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        proc = run([exe, *args], cwd=cwd, timeout=300)
        times.append(time.perf_counter() - start)
        if proc.returncode:
            break
    return proc, times


def tolerance_of(text):
    m = re.search(r"//\s*ROUNDTRIP-TOLERANCE:\s*(\S+)", text)
    return float(m.group(1)) if m else DEFAULT_TOLERANCE


def varying_lines_of(text):
    """The program's own ROUNDTRIP-VARIES expressions, as one, or None."""
    found = re.findall(r"//\s*ROUNDTRIP-VARIES:\s*(.+?)\s*$", text, re.M)
    return re.compile("|".join("(?:%s)" % f for f in found)) if found else None


def compare_outputs(cuda_out, hip_out, tolerance, varying=None):
    """None when equal (numbers within tolerance; timing lines, the lines the
    program says vary, and pointers left out), else the first difference."""
    def lines(text):
        return [POINTER.sub("0x?", l) for l in text.splitlines()
                if not TIMING_LINE.search(l) and not (varying and varying.search(l))]
    a, b = lines(cuda_out), lines(hip_out)
    if len(a) != len(b):
        return "%d output lines from the original, %d from the HIP build" % (len(a), len(b))
    for la, lb in zip(a, b):
        if la == lb:
            continue
        if NUMBER.sub("#", la) != NUMBER.sub("#", lb):
            return "original: %r / HIP: %r" % (la, lb)
        for na, nb in zip(NUMBER.findall(la), NUMBER.findall(lb)):
            x, y = float(na), float(nb)
            if abs(x - y) > tolerance * max(abs(x), abs(y), 1e-30):
                return "original: %r / HIP: %r (tolerance %g)" % (la, lb, tolerance)
    return None


def libraries_of(text):
    return CORPUS_RUNNER.link_flags(text)


def hip_libraries_of(text):
    """What the translation links instead: a HIP library's -l where it has one (hipcc
    makes it the CUDA libraries on NVIDIA), else the CUDA libraries'."""
    return list(dict.fromkeys(
        flag for library in CORPUS_RUNNER.linked_libraries(text)
        for flag in (["-l" + library.hip_link] if library.hip_link
                     else ["-l" + lib for lib in library.cuda_link])))


def hip_libraries_needed(text):
    return sorted({library.hip_library for library in CORPUS_RUNNER.linked_libraries(text)
                   if library.kind == "library" and not library.nvidia_headers})


def roundtrip(program, opts, scratch):
    result = Result(program.relative_to(ROOT).as_posix(), "translated")
    work = scratch / ("%s-%s" % (program.parent.name, program.stem))
    cuda_dir, hip_dir = work / "cuda", work / "hip"
    cuda_dir.mkdir(parents=True)
    hip_dir.mkdir()
    units = CORPUS_RUNNER.split_program(program, cuda_dir)
    if units == [program]:
        shutil.copy(program, cuda_dir / program.name)
        units = [cuda_dir / program.name]
    text = "".join(u.read_text() for u in units)
    libs = libraries_of(text)
    module = "cuModuleLoad(" in text

    # 1. The original.
    exe = cuda_dir / program.stem
    build = run([opts.nvcc, "-O2", "-arch=" + opts.arch, "-std=c++17", *units, "-o", exe, *libs],
                cwd=cuda_dir)
    if build.returncode:
        return result.fail("CUDA BUILD FAILED", build.stdout + build.stderr)
    cuda_args = []
    if module:
        cubin = cuda_dir / "module.cubin"
        b = run([opts.nvcc, "-cubin", "-arch=" + opts.arch, units[0], "-o", cubin], cwd=cuda_dir)
        if b.returncode:
            return result.fail("CUDA BUILD FAILED", b.stdout + b.stderr)
        cuda_args.append(cubin)

    # 2. The translation, built for NVIDIA.
    # The .cu files first: hipify-clang writes the local headers a unit includes
    # beside its translation (and records them as its own), which a header
    # translated on its own before would block (helpers.h before main.cu).
    for path in sorted(cuda_dir.rglob("*"), key=lambda p: (p.suffix != ".cu", p)):
        if path.is_dir() or path == exe or path.suffix in (".cubin", ".o"):
            continue
        target = hip_dir / path.relative_to(cuda_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in (".cu", ".cuh", ".h", ".hpp"):
            saved = None
            if opts.translations:
                saved = pathlib.Path(opts.translations) / work.name / target.relative_to(hip_dir)
            if opts.translations and not opts.save_translations:
                # A machine without hipify-clang (the GPU machine): what a run with
                # --save-translations wrote.
                if not saved.exists():
                    return result.fail("TRANSLATION MISSING", "no %s" % saved)
                shutil.copy(saved, target)
                continue
            t = run([opts.hipify, path, "-o", target, "--", "-I", cuda_dir, "-std=c++17"],
                    cwd=cuda_dir)
            if t.returncode or not target.exists():
                return result.fail("TRANSLATION FAILED", t.stdout + t.stderr)
            if opts.save_translations:
                saved.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(target, saved)
        else:
            shutil.copy(path, target)
    hip_units = [hip_dir / u.relative_to(cuda_dir) for u in units]
    needed = hip_libraries_needed(text)
    if needed and not opts.hip_library_include:
        return result.fail("SKIPPED", "the HIP build needs %s for NVIDIA (its NVIDIA-backend "
                           "headers and library; --hip-library-include)" % ", ".join(needed))
    env = dict(os.environ, HIP_PLATFORM="nvidia")
    if opts.cuda_path:
        env["CUDA_PATH"] = opts.cuda_path
    extra = []
    for inc in opts.hip_library_include:
        extra += ["-I", inc]
    hip_exe = hip_dir / program.stem
    hip_libs = hip_libraries_of(text)
    build = run([opts.hipcc, "-O2", "--offload-arch=" + opts.arch, "-std=c++17", *extra,
                 *hip_units, "-o", hip_exe, *hip_libs], cwd=hip_dir, env=env)
    if build.returncode:
        return result.fail("HIP BUILD FAILED", build.stdout + build.stderr)
    hip_args = []
    if module:
        fatbin = hip_dir / "module.fatbin"
        b = run([opts.hipcc, "--genco", "--offload-arch=" + opts.arch, hip_units[0], "-o",
                 fatbin], cwd=hip_dir, env=env)
        if b.returncode:
            return result.fail("HIP BUILD FAILED", b.stdout + b.stderr)
        hip_args.append(fatbin)
    result.status = "BUILT"
    if not opts.build_only:
        result.pending = lambda: finish_roundtrip(result, opts, text, (exe, cuda_args, cuda_dir),
                                                  (hip_exe, hip_args, hip_dir))
    return result


def finish_roundtrip(result, opts, text, cuda, hip):
    """Step 3, run one program at a time: both builds, then the comparison."""
    result.status = "PASSED"
    cuda_run, result.cuda_times = run_timed(*cuda, opts.runs)
    if cuda_run.returncode:
        return result.fail("ORIGINAL FAILED (exit %d)" % cuda_run.returncode,
                           cuda_run.stdout + cuda_run.stderr)
    hip_run, result.hip_times = run_timed(*hip, opts.runs)
    if hip_run.returncode:
        return result.fail("HIP FAILED (exit %d)" % hip_run.returncode,
                           hip_run.stdout + hip_run.stderr)
    difference = compare_outputs(cuda_run.stdout, hip_run.stdout, tolerance_of(text),
                                 varying_lines_of(text))
    if difference:
        return result.fail("OUTPUT DIFFERS", difference)
    return result


def native(program, opts, scratch):
    result = Result(program.relative_to(ROOT).as_posix(), "native HIP")
    work = scratch / ("native-" + program.stem)
    work.mkdir()
    env = dict(os.environ, HIP_PLATFORM="nvidia")
    if opts.cuda_path:
        env["CUDA_PATH"] = opts.cuda_path
    exe = work / program.stem
    # A program names the libraries it links with `// ROUNDTRIP-LIBS: -lx ...`.
    libs = re.findall(r"//\s*ROUNDTRIP-LIBS:\s*(.+?)\s*$", program.read_text(), re.M)
    std = [] if program.suffix == ".c" else ["-std=c++17"]
    build = run([opts.hipcc, "-O2", "--offload-arch=" + opts.arch, *std, program, "-o",
                 exe, *" ".join(libs).split()], cwd=work, env=env)
    if build.returncode:
        return result.fail("HIP BUILD FAILED", build.stdout + build.stderr)
    result.status = "BUILT"
    if not opts.build_only:
        result.pending = lambda: finish_native(result, opts, program, exe, work)
    return result


def finish_native(result, opts, program, exe, work):
    result.status = "PASSED"
    proc, result.hip_times = run_timed(exe, [], work, opts.runs)
    if proc.returncode:
        return result.fail("FAILED (exit %d)" % proc.returncode, proc.stdout + proc.stderr)
    if not re.search(r"^PASS", proc.stdout, re.M) and \
            program.parent.name in ("programs", "libraries"):
        return result.fail("NO PASS LINE", proc.stdout)
    return result


def discover(opts):
    translated = sorted(CORPUS.glob("*.cu")) + sorted(LIBRARIES.glob("*/*.cu")) + \
        sorted(LIBRARY_PROGRAMS.glob("*/*.cu"))
    natives = [p for d in NATIVE for p in sorted([*d.glob("*.hip"), *d.glob("*.c")])]
    if opts.filter:
        pattern = re.compile(opts.filter)
        translated = [p for p in translated if pattern.search(str(p))]
        natives = [p for p in natives if pattern.search(str(p))]
    return translated, natives


def report(results, opts):
    rows = ["| program | kind | result | CUDA median (s) | HIP median (s) | HIP/CUDA | note |",
            "|---|---|---|---|---|---|---|"]
    for r in results:
        cuda = "%.4f" % statistics.median(r.cuda_times) if r.cuda_times else ""
        hip = "%.4f" % statistics.median(r.hip_times) if r.hip_times else ""
        ratio = r.ratio()
        ratio_text = "" if ratio is None else "%.3f%s" % (ratio, "" if abs(ratio - 1) <= 0.02
                                                          else " (over 2%)")
        note = r.detail.splitlines()[0][:160].replace("|", "/") if r.detail else ""
        rows.append("| `%s` | %s | %s | %s | %s | %s | %s |" % (
            r.name, r.kind, r.status, cuda, hip, ratio_text, note))
    passed = sum(r.status in ("PASSED", "BUILT") for r in results)
    skipped = sum(r.status == "SKIPPED" for r in results)
    summary = "%d of %d programs %s, %d skipped, %d failed" % (
        passed, len(results), "built" if opts.build_only else "passed", skipped,
        len(results) - passed - skipped)
    return rows, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    stage = ROOT / "build" / "stage" / "bin"
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    ap.add_argument("--hipcc", default=str(stage / "hipcc"))
    ap.add_argument("--hipify", default=str(stage / "hipify-clang"))
    ap.add_argument("--nvcc", default=str(pathlib.Path(cuda) / "bin" / "nvcc"))
    ap.add_argument("--cuda-path", default=None, help="CUDA_PATH for hipcc")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--runs", type=int, default=5, help="runs per program (median time)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="parallel builds")
    ap.add_argument("--build-only", action="store_true", help="build, run nothing (no GPU)")
    ap.add_argument("--filter", help="only programs whose path matches this regex")
    ap.add_argument("--hip-library-include", action="append", default=[],
                    help="include directory of HIP libraries' NVIDIA backends")
    ap.add_argument("--output", help="markdown report to write")
    ap.add_argument("--translations", metavar="DIR",
                    help="read the translations from DIR instead of running hipify-clang "
                         "(a GPU machine without it); with --save-translations, write them there")
    ap.add_argument("--save-translations", action="store_true",
                    help="keep every translation in --translations DIR")
    opts = ap.parse_args()
    if opts.save_translations and not opts.translations:
        ap.error("--save-translations needs --translations DIR")
    tools = (opts.hipcc, opts.nvcc) if opts.translations and not opts.save_translations \
        else (opts.hipcc, opts.hipify, opts.nvcc)
    for tool in tools:
        if not os.access(tool, os.X_OK):
            sys.stderr.write("nvidia-roundtrip.py: error: cannot run '%s'; give its path "
                             "(--hipcc, --hipify, --nvcc)\n" % tool)
            return 1
    translated, natives = discover(opts)
    results = []
    with tempfile.TemporaryDirectory(prefix="nvidia-roundtrip-") as tmp:
        scratch = pathlib.Path(tmp)
        # Builds in parallel; runs one at a time, so timings do not compete.
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
            jobs = [pool.submit(roundtrip, p, opts, scratch) for p in translated] + \
                   [pool.submit(native, p, opts, scratch) for p in natives]
            results = [j.result() for j in jobs]
        for r in results:
            if r.pending:
                r.pending()
    rows, summary = report(results, opts)
    print("\n".join(rows))
    print(summary)
    for r in results:
        if r.status not in ("PASSED", "BUILT", "SKIPPED") and r.detail:
            print("\n== %s: %s\n%s" % (r.name, r.status, r.detail))
    if opts.output:
        with open(opts.output, "w") as f:
            f.write("# NVIDIA round trip, %s (%s, %d runs per program)\n\n" % (
                datetime.date.today().isoformat(), opts.arch, opts.runs))
            f.write("\n".join(rows) + "\n\n" + summary + "\n")
    return 0 if all(r.status in ("PASSED", "BUILT", "SKIPPED") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
