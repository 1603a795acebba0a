#!/usr/bin/env bash
# Builds the icecream compiler environment that carries hipcc's device compiles
# (HIPCC_LAUNCHER=icecc, docs/distributed.md#icecream) and prints its path.
#
#   scripts/icecc-hip-env.sh [--cache DIR] ROCM_ROOT [CLANG] [OUT_DIR]
#
# ROCM_ROOT: the root whose amdgcn/bitcode hipcc links (hipconfig --rocmpath);
# CLANG: the clang hipcc runs (default /usr/lib/llvm-19/bin/clang); OUT_DIR:
# where the tarball goes (default: the current folder). Then, on the client:
#   ICECC_VERSION=<the printed path> HIPCC_LAUNCHER=icecc hipcc ...
#
# --cache DIR (instead of OUT_DIR): keep the tarball in DIR/<key>/, the key
# the hash of what the environment is made of (this script, icecc-create-env,
# clang, its programs and their shared libraries, the device libraries), and
# print the kept one while the key is the same: the lit tests of one build
# share one environment (test/hipcc/launcher-icecc*.test). One run builds at
# a time (a lock in DIR; the others wait, then reuse it), and an entry appears
# whole or not at all (renamed into place), so racing runs never read half a
# tarball; storing a new key removes the other keys' (90 MB each).
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

usage="usage: $0 [--cache DIR] ROCM_ROOT [CLANG] [OUT_DIR]"
cache=
if [ "${1:-}" = --cache ]; then
  [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
  cache=$2
  shift 2
  [ $# -le 2 ] ||
    { echo "icecc-hip-env.sh: error: OUT_DIR '$3' given with --cache '$cache': the tarball goes in the cache; give one of the two" >&2; exit 2; }
fi
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

# The files whose contents make the environment: what a device compile runs
# and reads (the gcc and as icecc-create-env adds beside them are never run).
inputs() {
  readlink -f "$0"
  command -v icecc-create-env
  for program in "$clang" "${tools[@]/#/$bin/}"; do
    readlink -f "$program"
    # A static clang has no libraries (ldd fails on it).
    { ldd "$program" 2>/dev/null || true; } | awk '/=> \//{print $3}' | xargs -r readlink -f
  done
  printf '%s\n' "$bitcode"/*.bc
}

# The kept tarball of an entry, if the entry is whole.
kept() {
  local tarballs=("$1"/hip-*.tar.zst)
  [ -f "${tarballs[0]}" ] && echo "${tarballs[0]}"
}

if [ -n "$cache" ]; then
  mkdir -p "$cache"
  cache=$(cd "$cache" && pwd)
  key=$(inputs | sort -u | xargs -d '\n' md5sum | md5sum | cut -c1-32)
  entry=$cache/$key
  exec 9> "$cache/.lock"
  flock 9
  if kept "$entry"; then exit 0; fi
fi
# In the cache, so that the finished entry is renamed into place (one file
# system), not copied.
work=$(mktemp -d "${cache:-${TMPDIR:-/tmp}}/.work.XXXXXX")
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
if [ -n "$cache" ]; then
  mkdir "$work/entry"
  mv "$work/env.tar.zst" "$work/entry/hip-$sum.tar.zst"
  # Other keys' entries first: a changed clang or device library makes them
  # stale (removed by a rename away, so none is seen half removed).
  for old in "$cache"/*; do
    [ -d "$old" ] && [ "$old" != "$entry" ] || continue
    mv -T "$old" "$work/old-${old##*/}" && rm -rf "$work/old-${old##*/}"
  done
  mv -T "$work/entry" "$entry"
  kept "$entry" ||
    { echo "icecc-hip-env.sh: error: no tarball in '$entry' after storing it there" >&2; exit 1; }
  exit 0
fi
mkdir -p "$out"
mv "$work/env.tar.zst" "$out/hip-$sum.tar.zst"
echo "$(cd "$out" && pwd)/hip-$sum.tar.zst"
