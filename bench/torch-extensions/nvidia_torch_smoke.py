#!/usr/bin/env python3
"""hipkit's PyTorch layer for NVIDIA on a GPU: a small extension, its CUDA original and its
hipify-clang translations in both PyTorch namings, built through torch.utils.cpp_extension
against the machine's CUDA torch, loaded and compared (docs/pytorch.md).

The extension is test/hip-nvidia/torch/Inputs (the lit tests' torch-extension-*.test
compile it here): a kernel under AT_DISPATCH_FLOATING_TYPES_AND2 (float, double, half,
bf16) with OptionalCUDAGuard, getCurrentCUDAStream and C10_CUDA_KERNEL_LAUNCH_CHECK;
a stream pool and C10_CUDA_CHECK in a host .cpp; a failing call under C10_CUDA_CHECK; a
kernel whose c10 math header includes <c10/hip/HIPMathCompat.h>; a pybind11 module.

  translate --out DIR        (here: hipify-clang and the torch headers)
      writes DIR/current and DIR/masquerading, each the translated sources under their
      own names (.cu, .cpp, as a project translation keeps them)
  run --prefix PREFIX --translations DIR [--output-dir OUT]      (on the GPU machine)
      builds the original with the CUDA toolkit's nvcc and each translation with
      PREFIX/bin/hipcc (build_translated.py), runs every case on each, compares the
      translations with the original bitwise and the original with a reference in plain
      PyTorch; writes OUT/nvidia-torch-smoke.md and .json. Exit status 0 when all passed.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
INPUTS = ROOT / "test" / "hip-nvidia" / "torch" / "Inputs"
TRANSLATED = ["scale_kernel.cu", "guard.cpp", "math.cu"]  # binding.cpp has no CUDA API
SOURCES = TRANSLATED + ["binding.cpp"]
NAMINGS = ["current", "masquerading"]
DTYPES = ["float32", "float64", "float16", "bfloat16"]
SHAPES = [(1,), (1000,), (4097,), (3, 257)]
FACTORS = [1.5, -0.3]

sys.path.insert(0, str(HERE))


def translate(args):
    out = pathlib.Path(args.out)
    with tempfile.TemporaryDirectory() as tmp:
        # A HIP 6.4 root, so that hip_bf16.h is not reported as newer than the target.
        version = pathlib.Path(tmp, "rocm", "share", "hip", "version")
        version.parent.mkdir(parents=True)
        version.write_text("HIP_VERSION_MAJOR=6\nHIP_VERSION_MINOR=4\nHIP_VERSION_PATCH=0\n")
        for naming in NAMINGS:
            raw = pathlib.Path(tmp, naming)
            cmd = [args.hipify, *[str(INPUTS / s) for s in TRANSLATED], "--o-dir", str(raw),
                   "--rocm-path=" + str(version.parent.parent.parent),
                   "--torch-naming=" + naming, "--", "-std=c++20", "-isystem", args.torch_include]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode:
                sys.exit(f"nvidia_torch_smoke: error: {' '.join(cmd)} failed:\n{run.stderr}")
            target = out / naming
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            for source in TRANSLATED:
                shutil.copy(raw / (source + ".hip"), target / source)
            shutil.copy(INPUTS / "binding.cpp", target / "binding.cpp")
            print(f"nvidia_torch_smoke: {target}: {', '.join(SOURCES)}")
    return 0


def reference(torch, x, factor):
    """What the kernel computes: in float, rounded to x's type."""
    return (x.float() * float(factor)).to(x.dtype)


def bitwise_equal(torch, a, b):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    return bool(torch.equal(a.contiguous().view(torch.uint8), b.contiguous().view(torch.uint8)))


def max_abs_diff(a, b):
    return float((a.double() - b.double()).abs().max()) if a.numel() else 0.0


def build(variant, args, work):
    """Builds one variant; returns (module, seconds, error)."""
    import torch.utils.cpp_extension as cpp_extension
    import build_translated
    name = f"hipkit_smoke_{variant}"
    build_dir = work / variant
    shutil.rmtree(build_dir, ignore_errors=True)
    build_dir.mkdir(parents=True)
    start = time.time()
    try:
        if variant == "original":
            saved = os.environ.pop("PYTORCH_NVCC", None)
            try:
                module = cpp_extension.load(name=name, sources=[str(INPUTS / s) for s in SOURCES],
                                            build_directory=str(build_dir), with_cuda=True,
                                            verbose=args.verbose)
            finally:
                if saved is not None:
                    os.environ["PYTORCH_NVCC"] = saved
        else:
            tree = pathlib.Path(args.translations) / variant
            module = build_translated.load_translated(
                args.prefix, name, [tree / s for s in SOURCES], [tree],
                build_directory=str(build_dir), verbose=args.verbose)
        return module, time.time() - start, None
    except Exception as error:
        traceback.print_exc()
        return None, time.time() - start, f"{type(error).__name__}: {error}".splitlines()[0][:400]


def run(args):
    import torch
    if not torch.cuda.is_available():
        sys.exit("nvidia_torch_smoke: error: torch sees no CUDA device")
    out = pathlib.Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(args.work_dir)
    variants = ["original"] + NAMINGS
    modules, builds = {}, {}
    for variant in variants:
        module, seconds, error = build(variant, args, work)
        modules[variant] = module
        builds[variant] = {"seconds": round(seconds, 1), "error": error}
        print(f"built {variant}: {error or 'ok'} ({seconds:.0f} s)", flush=True)

    rows = []
    gen = torch.Generator().manual_seed(args.seed)
    for dtype_name in DTYPES:
        dtype = getattr(torch, dtype_name)
        for shape in SHAPES:
            for factor in FACTORS:
                x = (torch.randn(shape, generator=gen, dtype=torch.float64) * 10).to(dtype).cuda()
                expected = reference(torch, x, factor)
                row = {"op": "scale", "dtype": dtype_name, "shape": list(shape), "factor": factor}
                outputs = {}
                for variant in variants:
                    if modules[variant] is None:
                        continue
                    try:
                        outputs[variant] = modules[variant].scale(x, factor)
                        torch.cuda.synchronize()
                    except Exception as error:
                        row[f"{variant}_error"] = f"{type(error).__name__}: {error}".splitlines()[0]
                if "original" in outputs:
                    row["original_vs_reference_bitwise"] = bitwise_equal(
                        torch, outputs["original"], expected)
                    row["original_vs_reference_max_abs_diff"] = max_abs_diff(
                        outputs["original"], expected)
                for naming in NAMINGS:
                    if naming in outputs and "original" in outputs:
                        row[f"{naming}_bitwise"] = bitwise_equal(
                            torch, outputs[naming], outputs["original"])
                rows.append(row)

    # The host side: the stream pool, a synchronize, and a failing CUDA call.
    host = {}
    for variant in variants:
        module = modules[variant]
        if module is None:
            continue
        entry = {}
        try:
            module.sync_current()
            entry["sync_current"] = "ok"
            entry["stream_priority_on"] = module.stream_priority_on(0)
        except Exception as error:
            entry["error"] = f"{type(error).__name__}: {error}".splitlines()[0]
        try:
            module.set_invalid_device()
            entry["set_invalid_device"] = "returned (expected an error)"
        except RuntimeError as error:
            entry["set_invalid_device"] = str(error).splitlines()[0]
        host[variant] = entry

    def passed():
        if any(builds[v]["error"] for v in variants):
            return False
        for row in rows:
            if not row.get("original_vs_reference_bitwise"):
                return False
            if not all(row.get(f"{n}_bitwise") for n in NAMINGS):
                return False
        original = host.get("original", {})
        if "error" in original or "invalid device ordinal" not in original.get(
                "set_invalid_device", ""):
            return False
        for naming in NAMINGS:
            entry = host.get(naming, {})
            if "error" in entry:
                return False
            for key in ("stream_priority_on", "set_invalid_device"):
                if entry.get(key) != original.get(key):
                    return False
        return True

    ok = passed()
    facts = {"torch": torch.__version__, "torch_cuda": torch.version.cuda,
             "device": torch.cuda.get_device_name(0), "prefix": str(args.prefix),
             "builds": builds, "host": host, "cases": rows, "passed": ok}
    (out / "nvidia-torch-smoke.json").write_text(json.dumps(facts, indent=1) + "\n")
    lines = [f"# hipkit's PyTorch layer on NVIDIA: {'PASS' if ok else 'FAIL'}", "",
             f"torch {facts['torch']} (CUDA {facts['torch_cuda']}) on {facts['device']}; "
             f"hipcc from {args.prefix}.", "",
             "| build | result | seconds |", "| --- | --- | --- |"]
    lines += [f"| {v} | {builds[v]['error'] or 'built and loaded'} | {builds[v]['seconds']} |"
              for v in variants]
    lines += ["", "| build | sync_current | stream_priority_on(0) | set_invalid_device() |",
              "| --- | --- | --- | --- |"]
    for v, entry in host.items():
        lines.append(f"| {v} | {entry.get('sync_current', entry.get('error', '-'))} | "
                     f"{entry.get('stream_priority_on', '-')} | {entry.get('set_invalid_device', '-')} |")
    lines += ["", "| dtype | shape | factor | original vs reference | current vs original | "
              "masquerading vs original |", "| --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        ref = "bitwise" if row.get("original_vs_reference_bitwise") else \
            f"differs (max {row.get('original_vs_reference_max_abs_diff', '-')})"
        cells = [("bitwise" if row.get(f"{n}_bitwise") else
                  row.get(f"{n}_error", "DIFFERENT" if f"{n}_bitwise" in row else "not run"))
                 for n in NAMINGS]
        lines.append(f"| {row['dtype']} | {'x'.join(map(str, row['shape']))} | {row['factor']} | "
                     f"{ref} | {cells[0]} | {cells[1]} |")
    (out / "nvidia-torch-smoke.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if ok else 1


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("translate", help="translate the extension (here)")
    t.add_argument("--out", required=True)
    t.add_argument("--hipify", default=str(ROOT / "build" / "stage" / "bin" / "hipify-clang"))
    t.add_argument("--torch-include", default=str(ROOT / "build" / "torch" / "2.14" / "include"),
                   help="a torch include folder (scripts/fetch-torch.sh)")
    r = sub.add_parser("run", help="build, load and compare (on the GPU machine)")
    r.add_argument("--prefix", required=True, help="hipkit's prefix (scripts/nvidia-prefix.sh)")
    r.add_argument("--translations", required=True, help="what translate wrote")
    r.add_argument("--output-dir", default=os.environ.get("OUT") or ".")
    r.add_argument("--work-dir", default="/tmp/hipkit-nvidia-torch-smoke")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    return translate(args) if args.command == "translate" else run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
