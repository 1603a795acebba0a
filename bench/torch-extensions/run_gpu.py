#!/usr/bin/env python3
"""PyTorch extensions on an NVIDIA GPU: does hipkit's translation compute what the CUDA
original does?

For each extension of test/torch/Inputs (tutorial, kernels, selective_scan; see README.md):
  1. build the CUDA original with torch.utils.cpp_extension.load(), with the sources,
     include_dirs and extra_compile_args its setup.py declares;
  2. build the translated tree (hipkit's translation of that extension, given with
     --translated-root) the same way, with hipkit's hipcc as cpp_extension's nvcc
     (PYTORCH_NVCC=<hipcc>, HIP_PLATFORM=nvidia);
  3. run both on the same inputs (made on the CPU from --seed, several dtypes and shapes;
     cases.py), each case twice, and compare every output: bitwise, or for the outputs
     cases.py names as reductions, within a tolerance relative to the largest magnitude;
  4. check the original against a float64 reference in plain PyTorch (cases.py), so that
     the harness and the extensions themselves are checked too.
Writes results.json (every output of every case) and results.md (a table: one row per
case) to --output-dir, and the build and run logs to logs.txt there.

--originals-only builds and runs only the originals (and the reference): the harness on
the GPU before any translation exists.

Each build and run is a child process of its own (this script with --worker), with a
time limit, so a failing build or a crashing extension is one line of the results, not the
end of the run; the children run in parallel (--parallel) and share the CPU cores for ninja
(MAX_JOBS). Exit status: 0 when every comparison passed, 1 when one did not, 2 on a usage
or environment error.
"""
import argparse
import concurrent.futures
import datetime
import importlib.util
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
INPUTS = ROOT / "test" / "torch" / "Inputs"
VARIANTS = ("reference", "original", "translated")


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


torch_extension = load_module("torch_extension", ROOT / "scripts" / "torch_extension.py")


# --- the worker: one build and the runs of one variant of one extension ------------------
def wrap_non_cuda_sources(sources, build_dir):
    """cpp_extension compiles only .cu/.cuh with nvcc on a CUDA torch: a translated source
    named .hip gets a .cu beside the build that includes it."""
    result = []
    for source in sources:
        if source.endswith(".hip"):
            wrapper = os.path.join(build_dir, "wrapped", os.path.basename(source) + ".cu")
            os.makedirs(os.path.dirname(wrapper), exist_ok=True)
            with open(wrapper, "w") as f:
                f.write(f'#include "{source}"\n')
            result.append(wrapper)
        else:
            result.append(source)
    return result


def worker(job_path):
    with open(job_path) as f:
        job = json.load(f)
    sys.path.insert(0, str(HERE))
    import torch
    import cases as cases_module

    extension = cases_module.EXTENSIONS[job["extension"]]
    variant = job["variant"]
    module = None
    if variant != "reference":
        from torch.utils.cpp_extension import load
        spec = job["spec"]
        build_dir = job["build_dir"]
        shutil.rmtree(build_dir, ignore_errors=True)
        os.makedirs(build_dir)
        sources = wrap_non_cuda_sources(spec["sources"], build_dir)
        print(f"building {spec['name']}: {len(sources)} sources", flush=True)
        start = time.time()
        module = load(name=job["module_name"], sources=sources,
                      extra_cflags=spec["cxx"] + job.get("extra_cflags", []),
                      extra_cuda_cflags=spec["nvcc"],
                      extra_include_paths=spec["include_dirs"] + job.get("extra_include_paths", []),
                      extra_ldflags=job.get("extra_ldflags", []),
                      build_directory=build_dir, with_cuda=True, verbose=True)
        print(f"built in {time.time() - start:.1f} s", flush=True)
        expected_nvcc = job.get("expected_nvcc")
        if expected_nvcc:
            with open(os.path.join(build_dir, "build.ninja")) as f:
                ninja = f.read()
            if expected_nvcc not in ninja:
                raise RuntimeError(f"the build did not use {expected_nvcc} as nvcc "
                                   "(this torch ignores PYTORCH_NVCC?)")
    results = {}
    for case in extension.cases(job["quick"]):
        gen = torch.Generator().manual_seed(job["seed"] + stable_hash(case.id))
        inputs = extension.inputs(case, gen)
        entry = {"outputs": {}, "repeat_equal": {}, "error": None}
        try:
            if variant == "reference":
                outputs = extension.reference(case, inputs)
                entry["outputs"] = {k: v.detach().cpu() for k, v in outputs.items()}
            else:
                first = {k: v.cpu() for k, v in extension.run(module, case, inputs).items()}
                torch.cuda.synchronize()
                second = {k: v.cpu() for k, v in extension.run(module, case, inputs).items()}
                entry["outputs"] = first
                entry["repeat_equal"] = {k: bitwise_equal(first[k], second[k]) for k in first}
        except Exception as error:  # one case's failure is a result, not the end of the run
            entry["error"] = f"{type(error).__name__}: {error}".splitlines()[0][:300]
            print(f"{case.id}: {entry['error']}", flush=True)
        results[case.id] = entry
        # After every case: a crash later (a kernel's fault kills the process) keeps these.
        torch.save(results, job["output"] + ".part")
        os.replace(job["output"] + ".part", job["output"])
    print(f"{len(results)} cases run", flush=True)


def stable_hash(text):
    value = 0
    for byte in text.encode():
        value = (value * 131 + byte) % 1000003
    return value


def bitwise_equal(a, b):
    import torch
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_complex():
        a, b = torch.view_as_real(a), torch.view_as_real(b)
    return bool(torch.equal(a.reshape(-1).view(torch.uint8), b.reshape(-1).view(torch.uint8)))


def max_abs_diff(a, b):
    import torch
    a = a.to(torch.complex128) if a.is_complex() else a.to(torch.float64)
    b = b.to(torch.complex128) if b.is_complex() else b.to(torch.float64)
    if a.numel() == 0:
        return 0.0
    return float((a - b).abs().max())


def relative_error(value, reference):
    """max |value - reference| / max |reference| (the reference's largest magnitude)."""
    import torch
    diff = max_abs_diff(value, reference)
    scale = float(reference.abs().max()) if reference.numel() else 0.0
    return diff / max(scale, 1e-30)


# --- the parent: jobs, comparison, report -------------------------------------------------
def run_command(argv, env=None):
    try:
        result = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
        return (result.stdout + result.stderr).strip()
    except (OSError, subprocess.SubprocessError) as error:
        return f"({error})"


def translated_spec(original, extension, translated_root, flags_from):
    """The translated tree's extension: its setup.py's when it has one (hipkit keeps file
    names), else the original's sources and include_dirs at the same places below the
    translated root; a source missing there is looked for as <name>.hip and <stem>.hip."""
    tree = pathlib.Path(translated_root) / extension
    base = INPUTS / extension
    spec = None
    if (tree / "setup.py").exists():
        try:
            declared = torch_extension.describe(tree / "setup.py")
            spec = next((d for d in declared if d["name"] == original["name"]), None)
        except RuntimeError as error:
            print(f"run_gpu: warning: {error}; using the original's layout", file=sys.stderr)
    if spec is None:
        spec = dict(original)
        spec["sources"] = [str(tree / pathlib.Path(s).relative_to(base)) for s in original["sources"]]
        spec["include_dirs"] = [str(tree / pathlib.Path(d).relative_to(base))
                                for d in original["include_dirs"]]
    sources = []
    for source in spec["sources"]:
        candidates = [source, source + ".hip", str(pathlib.Path(source).with_suffix(".hip"))]
        sources.append(next((c for c in candidates if os.path.exists(c)), source))
    spec = dict(spec, sources=sources)
    if flags_from == "original":
        spec["cxx"], spec["nvcc"] = original["cxx"], original["nvcc"]
    return spec


def hip_host_flags(hipcc, env):
    """The preprocessor flags hipkit's HIP headers need in the sources cpp_extension gives
    the host compiler (hipconfig --cpp_config beside hipcc, HIP_PLATFORM=nvidia), and
    hipkit's NVIDIA library headers."""
    prefix = pathlib.Path(hipcc).resolve().parent.parent
    flags = []
    hipconfig = pathlib.Path(hipcc).resolve().parent / "hipconfig"
    if hipconfig.exists():
        flags += shlex.split(run_command([str(hipconfig), "--cpp_config"], env=env))
    includes = [str(prefix / "include" / "hipkit-nvidia")]
    return flags, [d for d in includes if os.path.isdir(d)]


def make_jobs(args, work):
    jobs = []
    for extension in args.extensions:
        setup_py = INPUTS / extension / "setup.py"
        declared = torch_extension.describe(setup_py)
        if len(declared) != 1:
            raise SystemExit(f"run_gpu: error: {setup_py} declares {len(declared)} extensions")
        original = declared[0]
        common = {"extension": extension, "seed": args.seed, "quick": args.quick}
        jobs.append(dict(common, variant="reference", env={}))
        jobs.append(dict(common, variant="original", spec=original,
                         module_name=f"{original['name']}_original", env={}))
        if args.originals_only:
            continue
        env = {"PYTORCH_NVCC": args.hipcc, "HIP_PLATFORM": "nvidia"}
        cuda_home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
        if cuda_home:
            env["CUDA_PATH"] = cuda_home
        host_flags, host_includes = hip_host_flags(args.hipcc, dict(os.environ, **env))
        spec = translated_spec(original, extension, args.translated_root, args.translated_flags)
        jobs.append(dict(common, variant="translated", spec=spec,
                         module_name=f"{original['name']}_translated", env=env,
                         expected_nvcc=args.hipcc,
                         extra_cflags=host_flags + args.translated_cflag,
                         extra_include_paths=host_includes + args.hip_include,
                         extra_ldflags=args.translated_ldflag))
    for job in jobs:
        name = f"{job['extension']}-{job['variant']}"
        job.update(name=name, build_dir=str(work / name / "build"),
                   output=str(work / name / "outputs.pt"), log=str(work / name / "log.txt"),
                   job_file=str(work / name / "job.json"))
        os.makedirs(work / name, exist_ok=True)
    return jobs


def run_job(job, timeout, max_jobs):
    with open(job["job_file"], "w") as f:
        json.dump(job, f, indent=1)
    env = dict(os.environ, **job["env"], MAX_JOBS=str(max_jobs), PYTHONUNBUFFERED="1")
    env["TORCH_EXTENSIONS_DIR"] = os.path.dirname(job["build_dir"])
    start = time.time()
    with open(job["log"], "w") as log:
        try:
            result = subprocess.run([sys.executable, __file__, "--worker", job["job_file"]],
                                    stdout=log, stderr=subprocess.STDOUT, env=env,
                                    timeout=timeout)
            if result.returncode == 0:
                status = "ok"
            elif result.returncode < 0:
                status = f"killed by {signal.Signals(-result.returncode).name}"
            else:
                status = f"exit status {result.returncode}"
        except subprocess.TimeoutExpired:
            status = f"timed out after {timeout} s"
    return status, time.time() - start


def log_summary(path, errors=12, tail=3):
    """The first lines of a log that report errors (compilers, ninja, Python), and its end."""
    try:
        with open(path, errors="replace") as f:
            lines = f.readlines()
    except OSError:
        return ""
    flagged = [l for l in lines if re.search(r"\berror\b|Error|FAILED", l) and "Werror" not in l]
    picked = flagged[:errors] + (["...\n"] if flagged else []) + lines[-tail:]
    return "".join(picked)


def compare(extension_name, variants, variants_out, statuses):
    import torch
    sys.path.insert(0, str(HERE))
    import cases as cases_module
    extension = cases_module.EXTENSIONS[extension_name]
    rows = []
    for case in extension.cases(variants_out["quick"]):
        tol_translated, tol_reference = cases_module.tolerance(case)
        row = {"case": case.id, "extension": extension_name, "op": case.op,
               "dtype": case.dtype, "shape": list(case.shape), "options": dict(case.options),
               "outputs": {}, "errors": {}}
        entries = {}
        for variant in variants:
            results = variants_out.get(variant)
            if results is None:
                row["errors"][variant] = statuses.get(variant, "not run")
                continue
            entry = results.get(case.id)
            if entry is None or entry["error"]:
                row["errors"][variant] = (entry["error"] if entry else
                                          f"not run: {statuses.get(variant, 'case missing')}")
                continue
            entries[variant] = entry
        original = entries.get("original")
        names = sorted(original["outputs"]) if original else []
        for name in names:
            value = original["outputs"][name]
            reduction = (case.op, name) in extension.reductions
            out = {"reduction": reduction,
                   "original_repeat_bitwise": original["repeat_equal"].get(name)}
            reference = entries.get("reference", {}).get("outputs", {}).get(name)
            if reference is not None:
                err = relative_error(value, reference.to(value.device))
                out["reference_relative_error"] = err
                out["reference_ok"] = err <= tol_reference
            translated = entries.get("translated", {}).get("outputs", {}).get(name)
            if translated is not None:
                out["translated_repeat_bitwise"] = entries["translated"]["repeat_equal"].get(name)
                same_shape = translated.shape == value.shape and translated.dtype == value.dtype
                out["bitwise"] = same_shape and bitwise_equal(translated, value)
                out["max_abs_diff"] = max_abs_diff(translated, value) if same_shape else None
                out["relative_error"] = relative_error(translated, value) if same_shape else None
                out["translated_ok"] = out["bitwise"] or (
                    reduction and same_shape and out["relative_error"] <= tol_translated)
            elif "translated" in entries:
                out["translated_ok"] = False
                out["missing_in_translation"] = True
            row["outputs"][name] = out
        rows.append(row)
    return rows


def verdicts(row, originals_only):
    outputs = row["outputs"]
    reference_ok = bool(outputs) and all(o.get("reference_ok", True) for o in outputs.values())
    if "original" in row["errors"] or "reference" in row["errors"]:
        reference_ok = False
    if originals_only:
        return reference_ok, None
    if row["errors"].get("translated") or "original" in row["errors"]:
        return reference_ok, False
    return reference_ok, bool(outputs) and all(o.get("translated_ok") for o in outputs.values())


def markdown(rows, header, originals_only):
    lines = header + [""]
    if originals_only:
        lines += ["| extension | op | dtype | shape | options | original vs reference (largest relative error) | original repeatable | result |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    else:
        lines += ["| extension | op | dtype | shape | options | max abs diff (output) | translated vs original | original vs reference (largest relative error) | result |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        outputs = row["outputs"]
        shape = "x".join(str(s) for s in row["shape"])
        options = ", ".join(f"{k}={v}" for k, v in row["options"].items()) or "-"
        ref_errors = [(o.get("reference_relative_error"), n) for n, o in outputs.items()
                      if o.get("reference_relative_error") is not None]
        worst_ref = max(ref_errors, default=None)
        ref_text = f"{worst_ref[0]:.2e} ({worst_ref[1]})" if worst_ref else "-"
        reference_ok, translated_ok = verdicts(row, originals_only)
        errors = "; ".join(f"{v}: {e}" for v, e in row["errors"].items())
        if originals_only:
            repeat = all(o.get("original_repeat_bitwise") for o in outputs.values()) if outputs else None
            repeat_text = "-" if repeat is None else ("bitwise" if repeat else "varies (" + ", ".join(
                n for n, o in outputs.items() if not o.get("original_repeat_bitwise")) + ")")
            result = "PASS" if reference_ok else "FAIL"
            lines.append(f"| {row['extension']} | {row['op']} | {row['dtype']} | {shape} | {options} | "
                         f"{ref_text} | {repeat_text} | {result}{' — ' + errors if errors else ''} |")
            continue
        diffs = [(o.get("max_abs_diff"), n) for n, o in outputs.items() if o.get("max_abs_diff") is not None]
        worst = max(diffs, default=None)
        diff_text = f"{worst[0]:.3g} ({worst[1]})" if worst else "-"
        if outputs and all(o.get("bitwise") for o in outputs.values()):
            same = "bitwise equal"
        elif translated_ok:
            same = "tolerance-equal: " + ", ".join(
                n for n, o in outputs.items() if not o.get("bitwise")) + " (reductions); the rest bitwise equal"
        elif "translated" in row["errors"] or "original" in row["errors"]:
            same = "not compared"
        else:
            bad = [n for n, o in outputs.items() if not o.get("translated_ok")]
            same = "DIFFERENT: " + ", ".join(bad) if bad else "not compared"
        result = "PASS" if translated_ok and reference_ok else "FAIL"
        lines.append(f"| {row['extension']} | {row['op']} | {row['dtype']} | {shape} | {options} | "
                     f"{diff_text} | {same} | {ref_text} | {result}{' — ' + errors if errors else ''} |")
    return "\n".join(lines) + "\n"


def environment(args):
    import torch
    facts = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
             "torch": torch.__version__, "torch_cuda": torch.version.cuda,
             "python": sys.version.split()[0]}
    if torch.cuda.is_available():
        facts["device"] = torch.cuda.get_device_name(0)
    from torch.utils.cpp_extension import CUDA_HOME
    facts["cuda_home"] = CUDA_HOME
    if CUDA_HOME:
        facts["nvcc"] = [line for line in run_command(
            [os.path.join(CUDA_HOME, "bin", "nvcc"), "--version"]).splitlines() if "release" in line]
    if not args.originals_only:
        env = dict(os.environ, HIP_PLATFORM="nvidia")
        facts["hipcc"] = args.hipcc
        facts["hipcc_version"] = run_command([args.hipcc, "--version"], env=env).splitlines()[:2]
    return facts


def main():
    parser = argparse.ArgumentParser(
        description="Build each test/torch extension's CUDA original and hipkit's translation "
                    "with torch.utils.cpp_extension on an NVIDIA GPU, run both, compare.")
    parser.add_argument("--worker", metavar="JOB", help=argparse.SUPPRESS)
    parser.add_argument("--originals-only", action="store_true",
                        help="build and run only the CUDA originals (and the float64 reference)")
    parser.add_argument("--translated-root", metavar="DIR",
                        help="folder holding the translated trees: DIR/tutorial, DIR/kernels, "
                             "DIR/selective_scan (hipify-clang --out-root of each)")
    parser.add_argument("--hipcc", metavar="PATH",
                        help="hipkit's hipcc (its install tree's bin/hipcc), used as nvcc")
    parser.add_argument("--hip-include", metavar="DIR", action="append", default=[],
                        help="another include folder for the translated build (all sources)")
    parser.add_argument("--translated-cflag", metavar="FLAG", action="append", default=[],
                        help="another host compiler flag for the translated build's C++ sources")
    parser.add_argument("--translated-ldflag", metavar="FLAG", action="append", default=[],
                        help="another linker flag for the translated build")
    parser.add_argument("--translated-flags", choices=("original", "translated"),
                        default="original",
                        help="whose extra_compile_args the translated build uses: the "
                             "original's (default: nvcc's flags, which hipcc passes on with "
                             "HIP_PLATFORM=nvidia) or the translated setup.py's")
    parser.add_argument("--extensions", default="tutorial,kernels,selective_scan",
                        help="comma-separated list (default: all three)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="fewer shapes per operation")
    parser.add_argument("--work-dir", default="/tmp/torch-extensions-bench",
                        help="builds, outputs and logs (emptied first)")
    parser.add_argument("--output-dir", default=os.environ.get("OUT") or str(HERE / "results"),
                        help="where results.json, results.md and logs.txt go "
                             "(default: $OUT, else bench/torch-extensions/results)")
    parser.add_argument("--parallel", type=int, default=0,
                        help="jobs (builds and runs) at a time (default: all)")
    parser.add_argument("--timeout", type=int, default=540,
                        help="seconds for one job, its build and its runs (default 540)")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return 0

    args.extensions = [e for e in args.extensions.split(",") if e]
    unknown = [e for e in args.extensions if not (INPUTS / e / "setup.py").exists()]
    if unknown:
        print(f"run_gpu: error: no extension {', '.join(unknown)} under {INPUTS}", file=sys.stderr)
        return 2
    if not args.originals_only:
        if not args.translated_root or not args.hipcc:
            print("run_gpu: error: give --translated-root and --hipcc, or --originals-only",
                  file=sys.stderr)
            return 2
        args.hipcc = os.path.abspath(args.hipcc)
        args.translated_root = os.path.abspath(args.translated_root)
        missing = [e for e in args.extensions
                   if not (pathlib.Path(args.translated_root) / e).is_dir()]
        if not os.access(args.hipcc, os.X_OK) or missing:
            print(f"run_gpu: error: {'no executable ' + args.hipcc if not os.access(args.hipcc, os.X_OK) else ''}"
                  f"{' no translated tree for ' + ', '.join(missing) + ' under ' + args.translated_root if missing else ''}",
                  file=sys.stderr)
            return 2
    try:
        import torch
    except ImportError:
        print("run_gpu: error: this python has no torch", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("run_gpu: error: torch sees no CUDA device", file=sys.stderr)
        return 2

    work = pathlib.Path(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    output_dir = pathlib.Path(args.output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    facts = environment(args)
    print(json.dumps(facts), flush=True)

    jobs = make_jobs(args, work)
    parallel = args.parallel or len(jobs)
    builders = sum(1 for j in jobs if j["variant"] != "reference")
    max_jobs = max(2, (os.cpu_count() or 4) // max(1, min(parallel, builders)))
    statuses = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=parallel) as pool:
        futures = {pool.submit(run_job, job, args.timeout, max_jobs): job for job in jobs}
        for future in concurrent.futures.as_completed(futures):
            job = futures[future]
            status, seconds = future.result()
            statuses[job["name"]] = (status, seconds)
            print(f"{job['name']}: {status} ({seconds:.0f} s)", flush=True)

    rows, failures = [], []
    for extension in args.extensions:
        variants_out = {"quick": args.quick}
        variant_status = {}
        for job in jobs:
            if job["extension"] != extension:
                continue
            status, _ = statuses[job["name"]]
            if os.path.exists(job["output"]):  # all cases, or those run before it stopped
                variants_out[job["variant"]] = torch.load(job["output"])
            if status != "ok":
                variant_status[job["variant"]] = f"{status}, see logs.txt ({job['name']})"
                failures.append(f"- {job['name']}: {status}; from its log:\n\n```\n"
                                f"{log_summary(job['log']).strip()[-4000:]}\n```")
        variants = VARIANTS[:2] if args.originals_only else VARIANTS
        rows += compare(extension, variants, variants_out, variant_status)

    passed = [verdicts(r, args.originals_only) for r in rows]
    ok = all(ref and (args.originals_only or tr) for ref, tr in passed)
    mode = "originals only" if args.originals_only else f"translated trees from {args.translated_root}"
    header = [f"# PyTorch extensions on {facts.get('device', '?')}: {mode}", "",
              f"torch {facts['torch']} (CUDA {facts['torch_cuda']}), {facts.get('nvcc', [''])[-1] if facts.get('nvcc') else ''}, "
              f"seed {args.seed}, {facts['date']}." +
              (f" hipcc: {args.hipcc} ({' '.join(facts.get('hipcc_version', []))})." if not args.originals_only else ""),
              "",
              "Builds: " + ", ".join(f"{n} {s} ({t:.0f} s)" for n, (s, t) in statuses.items()) + ".",
              "",
              *(["Failed jobs:", ""] + failures + [""] if failures else []),
              f"{sum(1 for p in passed if p[0] and (args.originals_only or p[1]))} of {len(rows)} cases pass."]
    (output_dir / "results.md").write_text(markdown(rows, header, args.originals_only))
    (output_dir / "results.json").write_text(json.dumps(
        {"environment": facts, "mode": mode, "seed": args.seed,
         "builds": {n: {"status": s, "seconds": t} for n, (s, t) in statuses.items()},
         "cases": rows}, indent=1))
    with open(output_dir / "logs.txt", "w") as logs:
        for job in jobs:
            logs.write(f"===== {job['name']}: {statuses[job['name']][0]}\n")
            try:
                logs.write(pathlib.Path(job["log"]).read_text(errors="replace")[-200000:])
            except OSError:
                pass
    print(f"{header[-1]} Results: {output_dir / 'results.md'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
