#!/usr/bin/env python3
"""Lists the HIP offload bundles embedded in a binary, for FileCheck.

A linked HIP program's .hip_fatbin section holds one clang offload bundle per translation unit
compiled without -fgpu-rdc (or one for the whole device link with -fgpu-rdc), each padded to its
alignment. clang-offload-bundler --list reads only the first bundle of a file, so this extracts the
section with llvm-objcopy, splits it at each bundle's magic string, lists every bundle with
clang-offload-bundler, and prints one line per distinct target set:

    <count> bundle(s): <target> <target> ...

(targets sorted), so a test can require exactly the processors it asked for in every bundle.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"


def fail(message):
    print("list-code-objects: error: " + message, file=sys.stderr)
    sys.exit(1)


def tool(name):
    path = shutil.which(name)
    if not path:
        fail("%s not found on PATH; put LLVM 19's bin directory on PATH" % name)
    return path


def main():
    if len(sys.argv) != 2:
        fail("usage: list-code-objects.py <binary>")
    binary = sys.argv[1]
    objcopy = tool("llvm-objcopy")
    bundler = tool("clang-offload-bundler")
    with tempfile.TemporaryDirectory() as scratch:
        section = os.path.join(scratch, "hip_fatbin")
        # The copy llvm-objcopy writes goes to the scratch directory, never to /dev/null:
        # llvm-objcopy replaces its output file by renaming a temporary over it, which turns
        # /dev/null into a regular file for the whole machine.
        dump = subprocess.run([objcopy, "--dump-section=.hip_fatbin=" + section, binary,
                               os.path.join(scratch, "copy")], capture_output=True, text=True)
        if dump.returncode != 0:
            fail("%s has no .hip_fatbin section: %s" % (binary, dump.stderr.strip()))
        with open(section, "rb") as f:
            data = f.read()
        starts = [m.start() for m in re.finditer(re.escape(MAGIC), data)]
        if not starts:
            fail("the .hip_fatbin section of %s holds no offload bundle" % binary)
        counts = {}
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else len(data)
            bundle = os.path.join(scratch, "bundle%d" % index)
            with open(bundle, "wb") as f:
                f.write(data[start:end])
            listing = subprocess.run([bundler, "--list", "--type=o", "--input=" + bundle],
                                     capture_output=True, text=True)
            if listing.returncode != 0:
                fail("bundle %d of %s: %s" % (index, binary, listing.stderr.strip()))
            targets = " ".join(sorted(listing.stdout.split()))
            counts[targets] = counts.get(targets, 0) + 1
    for targets in sorted(counts):
        count = counts[targets]
        print("%d %s: %s" % (count, "bundle" if count == 1 else "bundles", targets))


if __name__ == "__main__":
    main()
