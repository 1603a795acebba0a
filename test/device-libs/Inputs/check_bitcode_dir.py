#!/usr/bin/env python3
"""Checks the staged amdgcn/bitcode directory.

  check_bitcode_dir.py coverage GENERATOR BITCODE_DIR
      Every processor `GENERATOR --list-processors` names, and every gfx
      processor `llc -mtriple=amdgcn-amd-amdhsa -mcpu=help` names (a second,
      independent reading of LLVM's tables), has the ISA-version control library
      clang 19 looks up: oclc_isa_version_<name without "gfx">.bc.

  check_bitcode_dir.py compare ROCM_DIR BITCODE_DIR
      Every ISA- and ABI-version control library ROCm ships in ROCM_DIR has a
      generated counterpart defining the same variable with the same value.

Prints one line per finding and a summary; exits non-zero on any problem.
"""
import os
import re
import subprocess
import sys

CONTROL_VARIABLE = re.compile(
    r"^(@__oclc_\w+) = (.*) constant i32 (-?\d+), align 4$", re.M)


def disassemble(path):
    return subprocess.run(["llvm-dis", path, "-o", "-"], check=True,
                          capture_output=True, text=True).stdout


def control_variable(path):
    match = CONTROL_VARIABLE.search(disassemble(path))
    return (match.group(1), match.group(3)) if match else None


def library_for(processor):
    return "oclc_isa_version_%s.bc" % processor[len("gfx"):]


def coverage(generator, bitcode_dir):
    listed = subprocess.run([generator, "--list-processors"], check=True,
                            capture_output=True, text=True).stdout
    from_generator = [line.split()[0] for line in listed.splitlines()]
    help_text = subprocess.run(
        ["llc", "-mtriple=amdgcn-amd-amdhsa", "-mcpu=help"],
        capture_output=True, text=True)
    help_text = help_text.stdout + help_text.stderr
    cpus = help_text.split("Available CPUs for this target:")[1].split(
        "Available features for this target:")[0]
    from_llc = re.findall(r"^\s+(gfx[0-9a-z-]+)\s+-", cpus, re.M)

    problems = 0
    for name in sorted(set(from_llc) - set(from_generator)):
        print("MISSING from generator list: %s" % name)
        problems += 1
    for name in sorted(set(from_generator) - set(from_llc)):
        print("NOT an llc processor: %s" % name)
        problems += 1
    for name in from_generator:
        if not os.path.exists(os.path.join(bitcode_dir, library_for(name))):
            print("NO control library for %s: %s" % (name, library_for(name)))
            problems += 1
    print("%d processors listed by the generator, %d gfx processors listed "
          "by llc, %d problems" % (len(from_generator), len(set(from_llc)),
                                   problems))
    return problems


def compare(rocm_dir, bitcode_dir):
    problems = 0
    compared = 0
    for name in sorted(os.listdir(rocm_dir)):
        if not re.match(r"oclc_(isa|abi)_version_.*\.bc$", name):
            continue
        theirs = control_variable(os.path.join(rocm_dir, name))
        ours_path = os.path.join(bitcode_dir, name)
        ours = control_variable(ours_path) if os.path.exists(ours_path) else None
        compared += 1
        if theirs != ours:
            print("DIFFERENT %s: ROCm %s, hipkit %s" % (name, theirs, ours))
            problems += 1
    print("%d ROCm control libraries compared, %d different" % (compared,
                                                                 problems))
    return problems


def main():
    mode, first, bitcode_dir = sys.argv[1:4]
    if mode == "coverage":
        return 1 if coverage(first, bitcode_dir) else 0
    if mode == "compare":
        return 1 if compare(first, bitcode_dir) else 0
    print("unknown mode %s" % mode)
    return 2


if __name__ == "__main__":
    sys.exit(main())
