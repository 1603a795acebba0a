"""Lists what under the given trees another user could not use.

usage: private-paths.py <root>...
A directory must be readable and searchable by others (o+rx), a file readable
(o+r); links are followed (the prefix's include/hip is one). Prints one
"private: <mode> <path>" line per offender, then "<N> paths checked".
"""
import os
import stat
import sys

checked = 0


def check(path):
    global checked
    mode = os.stat(path).st_mode
    needed = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
    if mode & needed != needed:
        print("private: %o %s" % (stat.S_IMODE(mode), path))
    checked += 1


for root in sys.argv[1:]:
    check(root)
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        for name in dirnames + filenames:
            check(os.path.join(dirpath, name))
print("%d paths checked" % checked)
