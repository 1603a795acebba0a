#!/usr/bin/env python3
"""Compares two folders byte for byte: the same paths, the same kinds (file,
folder, link), the same link targets, the same bytes and permission bits.

Used to check that a sharded translation (hipify-clang --shard, --merge)
equals one run over the whole project (test/hipify/project/project-sharded.test,
bench/hipify_shard_bench.py). `--ignore NAME` (repeatable) leaves out an entry
of that name at the top of both folders, such as the precompiled-header cache
a run keeps in its --out-root. Prints each difference, one a line; exits 1 when
there is any.
"""
import argparse
import os
import stat
import sys


def entries(root, ignored):
    found = {}
    for folder, dirs, files in os.walk(root):
        rel_folder = os.path.relpath(folder, root)
        if rel_folder == ".":
            dirs[:] = [d for d in dirs if d not in ignored]
            files = [f for f in files if f not in ignored]
        for name in dirs + files:
            path = os.path.join(folder, name)
            rel = os.path.normpath(os.path.join(rel_folder, name))
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                found[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(st.st_mode):
                found[rel] = ("folder", stat.S_IMODE(st.st_mode))
            else:
                found[rel] = ("file", stat.S_IMODE(st.st_mode))
        # Links to folders are listed, never followed.
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
    return found


def same_bytes(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x, y = fa.read(1 << 20), fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--ignore", action="append", default=[])
    args = parser.parse_args()
    for root in (args.first, args.second):
        if not os.path.isdir(root):
            print("compare-trees: '%s' is not a folder" % root, file=sys.stderr)
            return 2
    a = entries(args.first, set(args.ignore))
    b = entries(args.second, set(args.ignore))
    differences = 0
    for rel in sorted(set(a) | set(b)):
        if rel not in b:
            print("only in %s: %s" % (args.first, rel))
        elif rel not in a:
            print("only in %s: %s" % (args.second, rel))
        elif a[rel] != b[rel]:
            print("differs: %s (%s %s, %s %s)" % (rel, *a[rel], *b[rel]))
        elif a[rel][0] == "file" and not same_bytes(os.path.join(args.first, rel),
                                                      os.path.join(args.second, rel)):
            print("differs: %s (contents)" % rel)
        else:
            continue
        differences += 1
    if differences:
        print("compare-trees: %d difference%s" % (differences, "" if differences == 1 else "s"))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
