#!/usr/bin/env python3
"""Writes a minimal ROCm root for the search tests: device libraries
(amdgcn/bitcode/ocml.bc), HIP headers, libamdhip64.so and share/hip/version.

    fake_rocm.py ROOT VERSION [--debian]

--debian lays it out as Debian's /usr does: the device libraries and the
runtime under lib/<multiarch>."""
import argparse
import os

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("root")
parser.add_argument("version", help="major.minor.patch")
parser.add_argument("--debian", action="store_true")
args = parser.parse_args()
lib = os.path.join(args.root, "lib", "x86_64-linux-gnu") if args.debian \
    else os.path.join(args.root, "lib")
bitcode = os.path.join(lib if args.debian else args.root, "amdgcn", "bitcode")
for d in (bitcode, os.path.join(args.root, "include", "hip"),
          os.path.join(args.root, "share", "hip"), lib):
    os.makedirs(d, exist_ok=True)
for f in (os.path.join(bitcode, "ocml.bc"),
          os.path.join(args.root, "include", "hip", "hip_runtime.h"),
          os.path.join(lib, "libamdhip64.so")):
    open(f, "w").close()
major, minor, patch = args.version.split(".")
with open(os.path.join(args.root, "share", "hip", "version"), "w") as f:
    f.write("HIP_VERSION_MAJOR=%s\nHIP_VERSION_MINOR=%s\nHIP_VERSION_PATCH=%s\n"
            % (major, minor, patch))
