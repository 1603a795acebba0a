#!/usr/bin/env bash
# Builds the icecream compiler environment that carries hipcc's device compiles
# (HIPCC_LAUNCHER=icecc, docs/distributed.md#icecream) and prints its path.
#
#   scripts/icecc-hip-env.sh ROCM_ROOT [CLANG] [OUT_DIR]
#
# ROCM_ROOT: the root whose amdgcn/bitcode hipcc links (hipconfig --rocmpath);
# CLANG: the clang hipcc runs (default /usr/lib/llvm-19/bin/clang); OUT_DIR:
# where the tarball goes (default: the current folder). Then, on the client:
#   ICECC_VERSION=<the printed path> HIPCC_LAUNCHER=icecc hipcc ...
#
# icecc-create-env --clang packs clang as /usr/bin/clang, and the daemons run
# it with -no-canonical-prefixes, so that clang looks for the programs its
# device compile runs (clang-offload-bundler to unbundle the preprocessed
# source, which needs llvm-objcopy beside it; lld to link the code object) in
# /usr/bin of the environment, where icecc-create-env puts none of them
# (--addfile keeps a file's own path, /usr/lib/llvm-19/bin/...). This script
# adds them there, and the device libraries at their own paths (the compile
# names each), then names the tarball by its contents: the daemons cache an
# environment by name.
set -euo pipefail

usage="usage: $0 ROCM_ROOT [CLANG] [OUT_DIR]"
[ $# -ge 1 ] && [ $# -le 3 ] || { echo "$usage" >&2; exit 2; }
rocm=$1
clang=${2:-/usr/lib/llvm-19/bin/clang}
out=${3:-.}
bitcode=$rocm/amdgcn/bitcode
bin=$(dirname "$(readlink -f "$clang")")

command -v icecc-create-env > /dev/null ||
  { echo "icecc-hip-env.sh: error: icecc-create-env not found; install Debian's icecc package" >&2; exit 1; }
command -v zstd > /dev/null ||
  { echo "icecc-hip-env.sh: error: zstd not found; install Debian's zstd package" >&2; exit 1; }
ls "$bitcode"/*.bc > /dev/null 2>&1 ||
  { echo "icecc-hip-env.sh: error: no device libraries in '$bitcode'; give the ROCm root hipcc uses (hipconfig --rocmpath)" >&2; exit 1; }
tools=(clang-offload-bundler llvm-objcopy lld)
for tool in "${tools[@]}"; do
  [ -x "$bin/$tool" ] ||
    { echo "icecc-hip-env.sh: error: '$bin/$tool' not found; install the LLVM packages of '$clang' (clang, lld, llvm)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
addfiles=()
for tool in "${tools[@]}"; do addfiles+=(--addfile "$bin/$tool"); done
for library in "$bitcode"/*.bc; do addfiles+=(--addfile "$(readlink -f "$library")"); done
(cd "$work" && icecc-create-env --clang "$clang" --compression zstd "${addfiles[@]}" > create-env.log 2>&1) ||
  { cat "$work/create-env.log" >&2; echo "icecc-hip-env.sh: error: icecc-create-env failed (above)" >&2; exit 1; }
created=$(sed -n 's/^creating //p' "$work/create-env.log")

mkdir "$work/tree"
zstd -q -dc "$work/$created" | tar -x -C "$work/tree" -f -
for tool in "${tools[@]}"; do
  ln -f "$work/tree$bin/$tool" "$work/tree/usr/bin/$tool"
done
# A device library given as a link (the ROCm tree's own layout) is packed at
# its target's path: link its own path to it, as the compile names it.
for library in "$bitcode"/*.bc; do
  real=$(readlink -f "$library")
  abs=$(cd "$(dirname "$library")" && pwd)/$(basename "$library")
  if [ "$abs" != "$real" ]; then
    mkdir -p "$work/tree$(dirname "$abs")"
    ln -f "$work/tree$real" "$work/tree$abs"
  fi
done
(cd "$work/tree" && tar -c --sort=name --owner=0 --group=0 --numeric-owner -f - .) |
  zstd -q -T0 > "$work/env.tar.zst"
sum=$(md5sum < "$work/env.tar.zst" | cut -c1-32)
mkdir -p "$out"
mv "$work/env.tar.zst" "$out/hip-$sum.tar.zst"
echo "$(cd "$out" && pwd)/hip-$sum.tar.zst"
