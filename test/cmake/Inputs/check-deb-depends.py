#!/usr/bin/env python3
"""Checks that a Debian package names, in its Depends, the package of every shared library its
ELF files link directly (DT_NEEDED).

usage: check-deb-depends.py <package.deb> <unpacked-root>

Each ELF file of the unpacked tree is resolved with ldd; each directly needed library is mapped
to its real file and from there to its Debian package with dpkg -S (following links, because
e.g. /usr/lib/llvm-19/lib/libLLVM.so.19.1 is a link owned by llvm-19-dev to libllvm19's file).
Prints one line per uncovered library and exits 1, or prints a summary line and exits 0.
"""
import os
import re
import subprocess
import sys


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def fail(message):
    print("check-deb-depends: error: " + message, file=sys.stderr)
    sys.exit(1)


def is_elf(path):
    if os.path.islink(path) or not os.path.isfile(path):
        return False
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def needed_libraries(path):
    dynamic = run(["llvm-readelf", "--dynamic", path])
    if dynamic.returncode != 0:
        fail("llvm-readelf failed on %s: %s" % (path, dynamic.stderr.strip()))
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic.stdout)


def resolved_paths(path):
    ldd = run(["ldd", path])
    paths = {}
    for line in ldd.stdout.splitlines():
        match = re.match(r"\s*(\S+) => (\S+)", line)
        if match:
            paths[match.group(1)] = match.group(2)
        else:
            match = re.match(r"\s*(/\S+) \(", line)
            if match:
                paths[os.path.basename(match.group(1))] = match.group(1)
    return paths


def owning_package(path):
    # The file as the loader finds it, then every link on the way to the real file: the
    # package of the last one is the one that must be installed.
    candidates = [path, os.path.realpath(path)]
    for candidate in reversed(candidates):
        owner = run(["dpkg", "-S", candidate])
        if owner.returncode == 0:
            return owner.stdout.split(":")[0].strip()
    return None


def main():
    if len(sys.argv) != 3:
        fail("usage: check-deb-depends.py <package.deb> <unpacked-root>")
    deb, root = sys.argv[1:]
    field = run(["dpkg-deb", "--field", deb, "Depends"])
    if field.returncode != 0:
        fail(field.stderr.strip())
    depends = {re.split(r"[\s(]", item.strip())[0] for item in field.stdout.split(",")}
    checked = 0
    uncovered = []
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(directory, name)
            if not is_elf(path):
                continue
            checked += 1
            resolved = resolved_paths(path)
            for library in needed_libraries(path):
                location = resolved.get(library)
                if not location or location == "not":
                    uncovered.append("%s: %s not found" % (os.path.relpath(path, root), library))
                    continue
                package = owning_package(location)
                if package is None:
                    uncovered.append("%s: %s (%s) belongs to no package"
                                     % (os.path.relpath(path, root), library, location))
                elif package.split(":")[0] not in depends:
                    uncovered.append("%s: %s from %s, which Depends does not name"
                                     % (os.path.relpath(path, root), library, package))
    for line in uncovered:
        print(line)
    if uncovered:
        sys.exit(1)
    print("%d ELF files, every needed library's package in Depends" % checked)


if __name__ == "__main__":
    main()
