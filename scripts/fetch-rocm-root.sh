#!/usr/bin/env bash
# Completes the ROCm 6.4 tree of scripts/fetch-rocm-libraries.sh into a ROCm root that hipcc,
# hipconfig and hipify-clang accept as --rocm-path (docs/hipcc.md, "Newer ROCm installations"):
#
#   scripts/fetch-rocm-root.sh [TREE]      (TREE defaults to build/rocm-6.4; run
#                                           fetch-rocm-libraries.sh on it first)
#
#   TREE/amdgcn/bitcode/*.bc   device libraries: Debian 13 (trixie)'s rocm-device-libs-17, ROCm
#                              6.0's bitcode, which LLVM 19 reads (sid's ROCm 6.4 ones are
#                              built by a newer LLVM)
#   TREE/share/hip/version     HIP 6.4's version file      (sid's libamdhip64-dev)
#   TREE/lib/libamdhip64.so*   HIP 6.4's runtime library   (sid's libamdhip64-6); Debian 12
#                              cannot load it (it needs a newer libc and ROCm's runtime), so
#                              the tree compiles and links but does not run programs
#
# Same method as fetch-rocm-libraries.sh: apt-get download under an apt state folder private to
# TREE, dpkg -x, never installed. TREE/root-versions.tsv records package, suite and version.
# Idempotent: nothing is downloaded when root-versions.tsv lists every package (--refresh, or
# deleting it, fetches again).
set -euo pipefail

# package<TAB>suite
packages=(
  "rocm-device-libs-17	trixie"
  "libamdhip64-dev	sid"
  "libamdhip64-6	sid"
)

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/private-apt.sh"
fetch_arguments fetch-rocm-root "$top/build/rocm-6.4" "$@"
versions=$tree/root-versions.tsv

if [ ! -f "$tree/versions.tsv" ]; then
  echo "fetch-rocm-root: error: no ROCm library tree at '$tree' (no versions.tsv);" \
       "run scripts/fetch-rocm-libraries.sh '$tree' first" >&2
  exit 1
fi
if [ "$refresh" = 0 ] && [ -f "$versions" ]; then
  have_all=1
  for entry in "${packages[@]}"; do
    grep -q "^${entry%%	*}	" "$versions" || { have_all=0; break; }
  done
  if [ "$have_all" = 1 ] && [ -f "$tree/amdgcn/bitcode/ocml.bc" ]; then
    echo "fetch-rocm-root: $tree is a complete ROCm root ($(wc -l < "$versions") packages)"
    exit 0
  fi
fi

state=$tree.root-apt
rm -rf "$state"
mkdir -p "$state/debs" "$state/unpacked"
: > "$state/versions.tsv"
for suite in trixie sid; do
  s=$state/$suite
  private_apt "$s" "deb http://deb.debian.org/debian $suite main"
  wanted=()
  for entry in "${packages[@]}"; do
    [ "${entry#*	}" = "$suite" ] && wanted+=("${entry%%	*}")
  done
  echo "fetch-rocm-root: reading Debian $suite's package lists"
  apt-get "${apt_options[@]}" -qq update
  (cd "$state/debs" && apt-get "${apt_options[@]}" -qq download "${wanted[@]}")
  for p in "${wanted[@]}"; do
    deb=$(ls "$state/debs/${p}_"*.deb)
    dpkg -x "$deb" "$state/unpacked"
    printf '%s\t%s\t%s\n' "$p" "$suite" "$(dpkg-deb -f "$deb" Version)" >> "$state/versions.tsv"
  done
done

unpacked=$state/unpacked/usr
# Debian keeps the bitcode in clang's resource directory; ROCm in <root>/amdgcn/bitcode.
bitcode=$(ls -d "$unpacked"/lib/llvm-*/lib/clang/*/amdgcn/bitcode)
rm -rf "$tree/amdgcn"
mkdir -p "$tree/amdgcn" "$tree/lib" "$tree/share/hip"
cp -a "$bitcode" "$tree/amdgcn/bitcode"
cp "$unpacked/share/hip/version" "$tree/share/hip/version"
# The runtime and its development link (libamdhip64.so -> .so.6 -> .so.6.4.N), relative links.
cp -a "$unpacked"/lib/x86_64-linux-gnu/libamdhip64.so* "$tree/lib/"
for doc in rocm-device-libs-17 libamdhip64-6; do
  mkdir -p "$tree/share/doc/$doc"
  cp "$unpacked/share/doc/$doc/copyright" "$tree/share/doc/$doc/"
done
mv "$state/versions.tsv" "$versions"
rm -rf "$state"
echo "fetch-rocm-root: completed $tree into a ROCm root ($(wc -l < "$versions") packages)"
