#!/usr/bin/env bash
# Makes an NVIDIA-only hipkit prefix to carry to a machine with an NVIDIA GPU
# (the device tool's: no ROCm, no network, a copy of the working tree):
#
#   scripts/nvidia-prefix.sh [OUT]      (OUT defaults to build/nvidia-prefix)
#
# OUT gets what HIP_PLATFORM=nvidia hipcc and hipconfig read (docs/hip-on-nvidia.md:
# they need no AMD part), copied from the staged tree build/stage with every link
# resolved (the staged include/ folders are links into this checkout and the build
# tree, which the other machine lacks):
#   bin/hipcc, bin/hipconfig       statically linked but for libc, libm, libz and
#                                  libzstd (the machine needs glibc 2.36 or later)
#   include/hip                    hipkit's HIP headers, those for NVIDIA among them
#   include/hipkit-nvidia          the HIP libraries' NVIDIA headers
#   include/hipkit-nvidia-torch    PyTorch's ATen/hip, c10/hip headers for NVIDIA
#   share/hip/version              the HIP version
# About 22 MB, within what the device tool carries (name OUT in its carry list;
# build/ is ignored by git). The prefix can move: the tools find it from their own
# location.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
stage=$top/build/stage
out=${1:-$top/build/nvidia-prefix}
for f in bin/hipcc bin/hipconfig include/hip/hip_runtime.h include/hipkit-nvidia \
    include/hipkit-nvidia-torch share/hip/version; do
  if [ ! -e "$stage/$f" ]; then
    echo "nvidia-prefix: error: no $stage/$f; build first (ninja -C build)" >&2
    exit 1
  fi
done
rm -rf "$out.new"
mkdir -p "$out.new/bin" "$out.new/include" "$out.new/share/hip"
cp "$stage/bin/hipcc" "$stage/bin/hipconfig" "$out.new/bin/"
for d in hip hipkit-nvidia hipkit-nvidia-torch; do
  cp -RL "$stage/include/$d" "$out.new/include/$d"
done
cp "$stage/share/hip/version" "$out.new/share/hip/version"
rm -rf "$out"
mv "$out.new" "$out"
echo "nvidia-prefix: $out ($(du -sh "$out" | cut -f1))"
