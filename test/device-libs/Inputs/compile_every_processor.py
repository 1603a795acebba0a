#!/usr/bin/env python3
"""Compiles one HIP kernel for every AMDGCN processor LLVM lists and checks
each code object: its ELF e_flags name the processor, its metadata notes name
the target and the kernel, and printf went through the hostcall buffer.

usage: compile_every_processor.py --generator=GEN --kernel=FILE --kernel-name=SYM
                                  --work-dir=DIR [--unbundle] -- COMPILER [ARGS...]

The processor list comes from `GEN --list-processors` (name and lowest code
object version). Processors that need a code object version above the lowest
any processor accepts (the generic targets) are compiled with
-mcode-object-version set to it; all others with clang's default.
With --unbundle the compiler writes an offload bundle (hipcc --genco does, as
AMD's hipcc), and the processor's code object is extracted from it first.

Prints one line per processor with what the code object holds, a MISMATCH line
for each disagreement, and a summary; exits non-zero on any failure.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

# ELFABIVERSION_AMDGPU_HSA_V<n> is n - 2 (llvm/BinaryFormat/ELF.h).
ELF_ABI_VERSION_TO_CODE_OBJECT_VERSION_OFFSET = 2


def list_processors(generator):
    out = subprocess.run([generator, "--list-processors"], check=True,
                         capture_output=True, text=True).stdout
    processors = []
    for line in out.splitlines():
        name, min_cov = line.split()
        processors.append((name, int(min_cov)))
    return processors


def read_code_object(path):
    out = subprocess.run(["llvm-readelf", "--file-headers", "--notes", path],
                         check=True, capture_output=True, text=True).stdout
    facts = {}
    flags = re.search(r"^\s*Flags:\s+0x[0-9A-Fa-f]+, ([^,\s]+)", out, re.M)
    facts["mach"] = flags.group(1) if flags else None
    abi = re.search(r"^\s*ABI Version:\s+(\d+)", out, re.M)
    facts["code_object_version"] = (
        int(abi.group(1)) + ELF_ABI_VERSION_TO_CODE_OBJECT_VERSION_OFFSET
        if abi else None)
    target = re.search(r"^amdhsa\.target:\s+(\S+)", out, re.M)
    facts["target"] = target.group(1) if target else None
    facts["kernels"] = re.findall(r"^\s+\.name:\s+(\S+)", out, re.M)
    facts["hostcall"] = "hidden_hostcall_buffer" in out
    return facts


def compile_and_check(processor, min_cov, lowest_cov, args):
    output = os.path.join(args.work_dir, processor + ".o")
    command = args.compiler + ["--offload-arch=" + processor]
    if min_cov > lowest_cov:
        command.append("-mcode-object-version=%d" % min_cov)
    compiled = output + ".bundle" if args.unbundle else output
    command += [args.kernel, "-o", compiled]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        errors = [l for l in result.stderr.splitlines() if "error" in l]
        return processor, None, ["compile failed: " + (errors[0] if errors
                                                       else result.stderr.strip())]
    if args.unbundle:
        result = subprocess.run(
            ["clang-offload-bundler", "--unbundle", "--type=o",
             "--targets=hipv4-amdgcn-amd-amdhsa--" + processor,
             "--input=" + compiled, "--output=" + output],
            capture_output=True, text=True)
        if result.returncode != 0:
            return processor, None, ["unbundling failed: " + result.stderr.strip()]
    facts = read_code_object(output)
    problems = []
    if facts["mach"] != processor:
        problems.append("e_flags name %s" % facts["mach"])
    if facts["target"] != "amdgcn-amd-amdhsa--" + processor:
        problems.append("amdhsa.target %s" % facts["target"])
    if facts["kernels"] != [args.kernel_name]:
        problems.append("kernels %s" % facts["kernels"])
    if facts["code_object_version"] is None or facts["code_object_version"] < min_cov:
        problems.append("code object v%s" % facts["code_object_version"])
    if not facts["hostcall"]:
        problems.append("no hidden_hostcall_buffer argument for printf")
    return processor, facts, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--generator", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--kernel-name", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--unbundle", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("compiler", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.compiler[:1] == ["--"]:
        args.compiler = args.compiler[1:]

    processors = list_processors(args.generator)
    lowest_cov = min(cov for _, cov in processors)
    print("%d processors from LLVM" % len(processors))

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(lambda p: compile_and_check(p[0], p[1], lowest_cov, args),
                           processors)
        for processor, facts, problems in results:
            if facts:
                print("%s: e_flags %s, code object v%s, amdhsa.target %s, "
                      "kernel %s, printf %s" % (
                          processor, facts["mach"], facts["code_object_version"],
                          facts["target"], ",".join(facts["kernels"]),
                          "hostcall" if facts["hostcall"] else "missing"))
            for problem in problems:
                print("MISMATCH %s: %s" % (processor, problem))
            failed += bool(problems)
    print("%d of %d processors compiled and checked, %d failed" % (
        len(processors) - failed, len(processors), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
